package org.pmix4j.runtime;

import java.util.concurrent.TimeUnit;

/**
 * The operating-system side of a launched process, wherever it runs: a child of this JVM
 * ({@link LocalBody}) or a child of a daemon on another node ({@link RemoteBody}). Signals are named as
 * kill(1) names them ("TERM", "KILL", "CONT", or a number).
 */
interface ProcessBody {
    long pid();

    /** The node it runs on. */
    String node();

    boolean isAlive();

    /** Waits for the exit and for its output to be fully forwarded; its status as a shell reports it. */
    int waitFor() throws InterruptedException;

    /** Waits at most this long for the exit; whether it has exited. */
    boolean waitForExit(long timeout, TimeUnit unit) throws InterruptedException;

    /** When it was seen to exit (System.nanoTime, on this JVM's clock), or Long.MAX_VALUE while unknown. */
    long exitNanos();

    /** Sends {@code signal} to the process and everything it started. */
    void signalTree(String signal);

    /**
     * SIGKILL to what is left of its process group (it was started as a group leader): the children it
     * left behind, no longer its descendants once re-parented.
     */
    void killGroup();

    /** The kernel's word on its state ("running", "sleeping" …), for reports. */
    String kernelState();
}
