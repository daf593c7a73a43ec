package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.runtime.frontend.SchedulerQueue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j queue}: the scheduler's sessions and pending requests, as Slurm's squeue. */
@Command(name = "queue", mixinStandardHelpOptions = true,
        description = "List the scheduler's running sessions (with their jobs) and its pending requests in queue order,"
                + " with the start backfill estimates for them.")
final class QueueCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "The scheduler's tmpdir, if not TMPDIR.")
    String tmpdir;

    @Option(names = "--json", description = "One JSON document instead of the table (schema: docs/json.md).")
    boolean json;

    @Override
    public Integer call() {
        return CommandErrors.run("queue", () -> {
            SchedulerQueue queue = new SchedulerQueue(System.getenv());
            if (json) {
                System.out.println(queue.listJson(tmpdir));
            } else {
                System.out.print(queue.list(tmpdir));
            }
            System.out.flush();
            return 0;
        });
    }
}
