package org.pmix4j.runtime.session;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What session control needs of the runtime's jobs: the runtime's job table answers it (sessions know
 * their jobs by namespace only).
 */
public interface SessionJobs {
    /** How a job ended: its namespace, exit status and PMIX_JOB_TERM_STATUS. */
    record JobEnd(String nspace, int exitStatus, int termStatus) {
    }

    /**
     * Runs {@code action} while no job is being placed, so that the processes it counts stay those that
     * hold slots.
     */
    <T> T whileNoJobIsPlaced(Supplier<T> action);

    /** The running processes of a session's jobs (call within {@link #whileNoJobIsPlaced}). */
    int runningProcesses(int sessionId);

    /**
     * Stops the jobs (through the runtime's stop path: SIGTERM, SIGKILL after the grace period); completes
     * once every one has ended, with how each ended (those that had already ended too).
     */
    CompletableFuture<List<JobEnd>> stop(List<String> nspaces, String why);

    /** Sends a signal (a name, "STOP", or a number) to every live process of the jobs and what they started. */
    void signal(List<String> nspaces, String signal);
}
