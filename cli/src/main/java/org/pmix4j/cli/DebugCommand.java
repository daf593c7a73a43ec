package org.pmix4j.cli;

import java.util.concurrent.Callable;
import org.pmix4j.runtime.JobPause;
import org.pmix4j.runtime.Launcher;
import org.pmix4j.runtime.frontend.DebugAttach;
import org.pmix4j.runtime.frontend.DebugRelease;
import org.pmix4j.runtime.frontend.Prun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pmix4j debug}: launch a job paused for a debugger, attach one, release the job. */
@Command(name = "debug", mixinStandardHelpOptions = true,
        description = {"Debug a parallel job: launch it paused in a running DVM, see its process table, attach a "
                + "debugger to one rank, release it (PMIX_DEBUGGER_RELEASE) and follow it to its end.",
            "",
            "A job started paused by pmix4j run or prun (--stop-on-exec, --stop-in-init, --stop-in-app) is released "
                + "with 'pmix4j debug release NSPACE'."},
        subcommands = {DebugCommand.Launch.class, DebugCommand.Release.class},
        footer = {"", "Examples:",
            "  pmix4j dvm --daemonize",
            "  pmix4j debug launch --attach 1 -n 4 ./my_mpi_program     (gdb on rank 1; quit gdb to release)",
            "  pmix4j run --stop-in-init -n 4 ./my_mpi_program &         (prints the pids and how to release)",
            "  gdb -p PID ...; pmix4j debug release --pid LAUNCHER_PID NSPACE"})
final class DebugCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Override
    public Integer call() {
        System.err.println("pmix4j debug: say launch or release (pmix4j debug --help)");
        return 2;
    }

    /** {@code pmix4j debug launch}: prun with a pause, the process table and a debugger on one rank. */
    @Command(name = "launch", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Run a job in a running DVM, paused for a debugger (in PMIx_Init unless --stop-on-exec or "
                    + "--stop-in-app says otherwise). When every process is paused, the process table is printed; "
                    + "with --attach RANK the debugger runs on that rank here and the job is released when it exits; "
                    + "without it the job waits for 'pmix4j debug release NSPACE'. Then the job's output and exit "
                    + "status are those of prun. Stdin is not forwarded (the debugger has the terminal) unless "
                    + "--stdin says so."})
    static final class Launch extends JobCommand implements Callable<Integer> {
        @Mixin
        DvmChoice dvm = new DvmChoice();

        @Option(names = "--attach", paramLabel = "RANK", description = "Run the debugger on this rank, then release.")
        Integer attach;

        @Option(names = "--debugger", paramLabel = "COMMAND",
                description = "The debugger's command line, run by /bin/sh, {pid} standing for the process (default:"
                        + " gdb -p {pid}).")
        String debugger = DebugAttach.GDB;

        @Override
        public Integer call() {
            return CommandErrors.run("debug", () -> {
                Launcher.Options.Builder b = optionsBuilder();
                if (!stopOnExec && !stopInInit && !stopInApp) {
                    b.pause(new JobPause(false, true, false));
                }
                if (stdin == null) {
                    b.stdin("none");
                }
                return new Prun(System.out, System.err, System.in, System.getenv()).run(dvm.locator(),
                        applications(System.getenv()), b.build(), org.pmix4j.runtime.frontend.SessionTarget.NONE,
                        new DebugAttach(attach, debugger, System.err));
            });
        }
    }

    /** {@code pmix4j debug release NSPACE}. */
    @Command(name = "release", mixinStandardHelpOptions = true,
            description = {"Release a job paused for a debugger (PMIX_DEBUGGER_RELEASE to its processes). The runtime "
                    + "is the DVM named by --dvm-uri, --pid, --namespace or --system-server (a pmix4j run by its "
                    + "--pid), else the only one of this user running on this node."})
    static final class Release implements Callable<Integer> {
        @Mixin
        DvmChoice dvm = new DvmChoice();

        @Parameters(index = "0", paramLabel = "NSPACE", description = "The job's namespace.")
        String nspace;

        @Override
        public Integer call() {
            return CommandErrors.run("debug", () -> DebugRelease.run(dvm.locator(), nspace, System.getenv()));
        }
    }
}
