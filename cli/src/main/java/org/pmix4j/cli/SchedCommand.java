package org.pmix4j.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.sched.Scheduler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pmix4j sched}: the node's scheduler, which grants sessions (allocations) to users and tools. */
@Command(name = "sched", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start the node's scheduler: a PMIx server (PMIX_SERVER_SCHEDULER, pmix.sched.<host>, one per "
                + "node) that owns the node pool and grants sessions out of it to PMIx_Allocation_request (pmix4j "
                + "alloc, libpmix clients and tools), first come first served with EASY backfill. Granted sessions are "
                + "created in the node's DVM (pmix4j dvm --system-server), which it attaches to whichever starts first.",
            "",
            "It runs until SIGTERM, SIGINT or SIGHUP; the sessions run on in the DVM, and a scheduler started again "
                + "takes them over."},
        footer = {"", "Examples:",
            "  pmix4j sched --daemonize --report-pid -",
            "  pmix4j sched --host node1:8 --default-time 3600"})
final class SchedCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--daemonize", description = "Detach and run in the background; return once it is ready.")
    boolean daemonize;

    @Option(names = "--report-uri", paramLabel = "FILE|-|+",
            description = "Write the scheduler's PMIx URI to FILE, stdout (-) or stderr (+).")
    String reportUri;

    @Option(names = "--report-pid", paramLabel = "FILE|-|+",
            description = "Write the scheduler's process id to FILE, stdout (-) or stderr (+).")
    String reportPid;

    @Option(names = "--tmpdir", paramLabel = "DIR",
            description = "The system tmpdir (its rendezvous file, and where it looks for the DVM's), instead of TMPDIR.")
    String tmpdir;

    @Option(names = {"-H", "--host"}, paramLabel = "HOST[:SLOTS],...", split = ",",
            description = "The node pool (default: this node, a slot per core).")
    List<String> hosts = new ArrayList<>();

    @Option(names = {"--hostfile", "--machinefile"}, paramLabel = "FILE", description = "The node pool, as a hosts file.")
    String hostfile;

    @Option(names = "--default-time", paramLabel = "SECONDS", defaultValue = "3600",
            description = "How long backfill assumes a session asked for without a time limit runs (default 3600).")
    long defaultTime;

    @Override
    public Integer call() {
        Daemon daemon = new Daemon("pmix4j sched");
        try {
            if (daemonize) {
                return daemon.daemonize(reportPid, reportUri);
            }
            if (defaultTime < 1) {
                throw new IllegalArgumentException("--default-time must be at least 1 second, not " + defaultTime);
            }
            Scheduler.Options o = new Scheduler.Options(reportUri, reportPid, tmpdir, hosts, hostfile,
                    Duration.ofSeconds(defaultTime));
            return new Scheduler(System.getenv()).run(o, ready -> Daemon.ready(ready.pid(), ready.uri()));
        } catch (LaunchException e) {
            return daemon.fail(e.getMessage(), e.exitStatus());
        } catch (IllegalArgumentException e) {
            return daemon.fail(e.getMessage(), 2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }
}
