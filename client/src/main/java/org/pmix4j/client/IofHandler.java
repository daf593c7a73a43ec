package org.pmix4j.client;

/** Receives forwarded output, on the library's IO-forwarding thread (one chunk at a time, in order). */
@FunctionalInterface
public interface IofHandler {
    /**
     * Takes one chunk of output; it must not block for long, the next chunk waits for it.
     *
     * @param output the chunk
     */
    void output(IofOutput output);
}
