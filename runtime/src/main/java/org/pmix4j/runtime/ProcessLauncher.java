package org.pmix4j.runtime;

import java.util.List;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.StdinRouter;
import org.pmix4j.runtime.iof.StdinTarget;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * Starts processes of a job where they were placed and reports how each ended. The runtime's jobs are
 * named, placed and registered before it is asked; it only forks, forwards IO and watches. Today there is
 * one, {@link LocalProcessLauncher}, forking on this node; on several nodes a daemon's stands behind the
 * same interface.
 */
interface ProcessLauncher {
    /**
     * Starts the processes; each is added to the job as it starts and its end is reported to the launcher's
     * {@link ExitListener}. Blocks until they are started; throws a LaunchException when one cannot be, and
     * those started before it run on (and are reported) as usual.
     */
    void launch(Request request);

    /**
     * What to start.
     *
     * @param procs      the processes of the job to start here, in rank order
     * @param wdirs      each application's working directory, by app number
     * @param output     how their output is presented
     * @param printed    the output channels ({@link org.pmix4j.api.IofChannel} bits) the runtime writes to its
     *                   own stdout/stderr: not those the spawn forwards to a tool
     * @param stdin      the launcher's stdin, or {@code null} when the job reads /dev/null
     * @param stdinRanks which ranks read {@code stdin}
     * @param pushedStdin which ranks read what tools push ({@link org.pmix4j.runtime.iof.ToolStdin}: a spawn's
     *                   PMIX_FWD_STDIN; on a daemon's node, what the launcher relays)
     * @param registration the job's data as the server registered it (what other nodes' servers register)
     */
    record Request(Job job, List<ProcPlacement> procs, List<String> wdirs, OutputOptions output, int printed,
            StdinRouter stdin, StdinTarget stdinRanks, java.util.function.IntPredicate pushedStdin,
            List<org.pmix4j.api.Info> registration) {
        public Request {
            procs = List.copyOf(procs);
            wdirs = List.copyOf(wdirs);
            registration = List.copyOf(registration);
        }
    }

    /** Hears of every end of a process a launcher started, on a thread of the launcher's. */
    interface ExitListener {
        /** {@code p} of {@code job} ended with {@code status}, as a shell reports it; its output is forwarded. */
        void exited(Job job, LaunchedProcess p, int status);
    }
}
