package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.frontend.DvmLocator;
import org.pmix4j.runtime.frontend.Term;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j term}: stop a DVM, as PRRTE's pterm does. */
@Command(name = "term", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Stop a running DVM (pmix4j dvm): its jobs are stopped first, then it ends and removes its "
                + "session directory and rendezvous files. term returns when the DVM has ended.",
            "",
            "The DVM is the one named by --dvm-uri, --pid, --namespace or --system-server, else the only one of "
                + "this user running on this node."})
final class TermCommand implements Callable<Integer> {
    @Option(names = "--dvm-uri", paramLabel = "URI|file:PATH", description = "The DVM at this PMIx URI (or in this file).")
    String dvmUri;

    @Option(names = "--pid", paramLabel = "PID", description = "The DVM with this process id.")
    String pid;

    @Option(names = "--namespace", paramLabel = "NSPACE", description = "The DVM whose server has this namespace.")
    String namespace;

    @Option(names = "--system-server", description = "The node's system server.")
    boolean systemServer;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where the DVM keeps its session directory, if "
            + "it was started with --tmpdir.")
    String tmpdir;

    @Override
    public Integer call() {
        try {
            DvmLocator where = new DvmLocator(dvmUri, pid == null ? null : DvmLocator.pid(pid, "--pid "), namespace,
                    systemServer, tmpdir);
            return new Term(System.getenv()).run(where);
        } catch (LaunchException e) {
            System.err.println("pmix4j term: " + e.getMessage());
            return e.exitStatus();
        } catch (IllegalArgumentException e) {
            System.err.println("pmix4j term: " + e.getMessage());
            return 2;
        }
    }
}
