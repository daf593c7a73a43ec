package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.runtime.frontend.SchedulerQueue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pmix4j cancel}: end a session (or withdraw a pending request), as Slurm's scancel. */
@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = "End a session: its jobs are stopped and its slots go back to the pool. Only its owner and root"
                + " may. ID is the session number, its alloc.N id, or the --request-id given to pmix4j alloc (which also"
                + " withdraws a request still pending).")
final class CancelCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Parameters(paramLabel = "ID", description = "The session.")
    String id;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "The scheduler's tmpdir, if not TMPDIR.")
    String tmpdir;

    @Override
    public Integer call() {
        return CommandErrors.run("cancel", () -> {
            new SchedulerQueue(System.getenv()).cancel(id, tmpdir);
            return 0;
        });
    }
}
