package org.pmix4j.runtime.iof;

/**
 * An output stream of a child process that one reader shared by all the launcher's processes can watch, so
 * that a process's output costs no thread of its own (a platform thread touches some 75 KB of memory: two
 * per process were most of a 1,024-process launcher's). Once watched, the stream is not to be read or closed
 * by anyone else.
 */
public interface WatchedOutput {

    /**
     * Hands every chunk of the stream to {@code to}, then its end; returns at once.
     *
     * @return false when the shared reader cannot be had: nothing was handed, and the caller reads the stream
     */
    boolean watch(OutputChunks to);
}
