package org.pmix4j.runtime;

/**
 * How a run of the launcher is going: how many of its jobs are still running (spawned ones included), and
 * the exit status it will leave with: the first failed job's, or 128+N / 124 when the launcher itself was
 * stopped by signal N or its time limit, else 0.
 */
final class RunOutcome {
    private int running;
    private int exitStatus;
    private boolean stopped;

    /** A job is being started; it counts as running until {@link #jobEnded} or {@link #jobNeverStarted}. */
    synchronized void jobStarting() {
        running++;
    }

    /** A job none of whose processes could be started. */
    synchronized void jobNeverStarted() {
        running--;
        notifyAll();
    }

    /** A job ended with this status (0, or its first failure's). */
    synchronized void jobEnded(int status) {
        if (exitStatus == 0 && status != 0) {
            exitStatus = status;
        }
        running--;
        notifyAll();
    }

    /** The launcher is stopping every job; the first stop gives the status, unless a job failed before. */
    synchronized void stop(int status) {
        if (!stopped) {
            stopped = true;
            if (exitStatus == 0) {
                exitStatus = status;
            }
        }
    }

    /** Jobs are running and nobody stopped them yet. */
    synchronized boolean running() {
        return running > 0 && !stopped;
    }

    /** Waits until no job is running any more. */
    synchronized void awaitNoJobRunning() throws InterruptedException {
        while (running > 0) {
            wait();
        }
    }

    synchronized int exitStatus() {
        return exitStatus;
    }
}
