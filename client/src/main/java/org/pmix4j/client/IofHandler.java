package org.pmix4j.client;

/** Receives forwarded output, on the library's IO-forwarding thread (one chunk at a time, in order). */
@FunctionalInterface
public interface IofHandler {
    void output(IofOutput output);
}
