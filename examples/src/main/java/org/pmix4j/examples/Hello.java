package org.pmix4j.examples;

import java.time.Instant;
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
 * processes of the job that share this node. With {@code --time} it prints, after the hello line, when its
 * main method began and when PMIx_Init returned, as wall-clock microseconds since the epoch
 * ({@code hello-time rank=R main_us=M init_us=I}): a start-up benchmark subtracts the time it started the process
 * (bench/jvm-init.sh), which the JVM cannot know itself to better than the kernel's 10 ms ticks.
 */
public final class Hello {
    public static void main(String[] args) {
        long mainUs = epochMicros();
        boolean peers = List.of(args).contains("--peers");
        boolean time = List.of(args).contains("--time");
        try (PmixClient pmix = PmixClient.init()) {
            long initUs = epochMicros();
            String line = "hello from rank " + pmix.rank() + " of " + pmix.jobSize();
            if (peers) {
                line += " (local peers " + pmix.localPeers().stream().map(Proc::rank).toList() + ")";
            }
            System.out.println(line);
            if (time) {
                System.out.println("hello-time rank=" + pmix.rank() + " main_us=" + mainUs + " init_us=" + initUs);
            }
        }
    }

    private static long epochMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }
}
