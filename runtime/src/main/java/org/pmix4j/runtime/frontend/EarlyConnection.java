package org.pmix4j.runtime.frontend;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.pmix4j.api.Info;
import org.pmix4j.client.tool.PmixTool;

/**
 * A front end's connection to the only DVM running, begun on a thread of its own while the main thread parses
 * the command line: in a fresh JVM the two take ~50 and ~100 ms, and on two cores they need not take turns.
 * Begun only for a command line that names no DVM, and taken only if the parse agrees
 * ({@link DvmLocator#isAny}); otherwise closed unused.
 */
public final class EarlyConnection {
    private final CompletableFuture<PmixTool> tool = new CompletableFuture<>();
    private boolean taken;

    private EarlyConnection() {
    }

    /** Starts connecting as {@code DvmLocator.any().connect(env, what, extra)} would. */
    static EarlyConnection start(Map<String, String> env, String what, Info... extra) {
        EarlyConnection c = new EarlyConnection();
        Thread.ofPlatform().name("dvm-connect").daemon(true).start(() -> {
            try {
                c.tool.complete(DvmLocator.any().connect(env, what, extra));
            } catch (RuntimeException | Error e) {
                c.tool.completeExceptionally(e);
            }
        });
        return c;
    }

    /** The connection, or the exception the connection threw (no DVM found, refused ...), as it was thrown. */
    synchronized PmixTool take() {
        taken = true;
        try {
            return tool.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw e;
        }
    }

    /** Not wanted (the command named another DVM, or failed before its submit): closed when it is made. */
    public synchronized void discard() {
        if (!taken) {
            taken = true;
            tool.thenAccept(PmixTool::close);
        }
    }
}
