package org.pmix4j.runtime.iof;

/**
 * What a process's output stream is handed to, chunk by chunk, by whoever reads it: its own thread, or one
 * reader shared by every process of the launcher ({@link WatchedOutput}). Calls come one at a time, in the
 * stream's order, and {@link #end} once.
 */
public interface OutputChunks {
    /** How often a reader looks again whether a {@link #paused} stream may be read, in milliseconds. */
    int PAUSE_CHECK_MS = 20;

    /** {@code n > 0} bytes of the stream in {@code buf}, which the callee must not keep. */
    void chunk(byte[] buf, int n);

    /** The stream ended (or broke): nothing more comes. */
    void end();

    /**
     * Whether the reader should read no more of the stream for now: where its output goes does not take it
     * (a tool that stopped reading). The reader asks again shortly; the process meanwhile waits in its write.
     */
    default boolean paused() {
        return false;
    }
}
