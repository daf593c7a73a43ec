package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.frontend.Alloc;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pmix4j alloc}: a session from the scheduler, and a command run inside it, as Slurm's salloc. */
@Command(name = "alloc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Ask the node's scheduler (pmix4j sched) for a session of SLOTS slots or NODES whole nodes, wait "
                + "in its queue until it is granted, then run CMD inside it (your shell if none) and release the session "
                + "when CMD ends. Inside, PMIX4J_SESSION_ID names the session: pmix4j prun launches into it."},
        footer = {"", "Examples:",
            "  pmix4j alloc -n 4 --time 600 -- pmix4j prun -n 4 ./a.out",
            "  pmix4j alloc -N 1"})
final class AllocCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "-n", paramLabel = "SLOTS", description = "Slots, anywhere in the pool.")
    Integer slots;

    @Option(names = "-N", paramLabel = "NODES", description = "Whole nodes.")
    Integer nodes;

    @Option(names = {"-t", "--time"}, paramLabel = "SECONDS|[[H:]M:]S",
            description = "The session's time limit; it is ended when the limit is reached.")
    String time;

    @Option(names = "--wait", paramLabel = "SECONDS", description = "Give up after waiting this long in the queue.")
    Integer wait;

    @Option(names = "--request-id", paramLabel = "ID", description = "Your name for the request (PMIX_ALLOC_REQ_ID).")
    String requestId;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "The scheduler's tmpdir, if not TMPDIR.")
    String tmpdir;

    @Parameters(paramLabel = "CMD", arity = "0..*", description = "What to run in the session.")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() {
        return CommandErrors.run("alloc", () -> {
            try {
                Alloc.Request r = new Alloc.Request(slots, nodes, time == null ? null : Alloc.seconds(time), wait,
                        requestId, command);
                return new Alloc(System.getenv(), System.err).run(r, tmpdir);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 130;
            }
        });
    }
}
