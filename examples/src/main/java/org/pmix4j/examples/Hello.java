package org.pmix4j.examples;

import java.util.List;
import org.pmix4j.api.Proc;
import org.pmix4j.client.PmixClient;

/**
 * hello: each process says who it is. Run it under any PMIx launcher:
 *
 * <pre>
 *   bin/pmix4j run -n 4 bin/pmix4j example hello
 *   mpirun -np 4 bin/pmix4j example hello
 * </pre>
 *
 * prints one line per process, {@code hello from rank R of N}; with {@code --peers} the line also names the
 * processes of the job that share this node.
 */
public final class Hello {
    public static void main(String[] args) {
        boolean peers = List.of(args).contains("--peers");
        try (PmixClient pmix = PmixClient.init()) {
            String line = "hello from rank " + pmix.rank() + " of " + pmix.jobSize();
            if (peers) {
                line += " (local peers " + pmix.localPeers().stream().map(Proc::rank).toList() + ")";
            }
            System.out.println(line);
        }
    }
}
