package org.pmix4j.client.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The threads a client or tool runs user code on, never the connections' I/O threads: one for event
 * handlers and one for IOF handlers (each in order of arrival), and virtual threads that complete the
 * asynchronous calls' stages.
 */
public final class ClientExecutors {
    private final ExecutorService events = Executors.newSingleThreadExecutor(daemon("pmix4j-events"));
    private static final String IOF_THREAD = "pmix4j-iof";

    private final ExecutorService iof = Executors.newSingleThreadExecutor(daemon(IOF_THREAD));
    private final ExecutorService async = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("pmix4j-async-", 0).factory());
    private final AtomicBoolean shutdown = new AtomicBoolean();

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    public Executor events() {
        return events;
    }

    public Executor iof() {
        return iof;
    }

    /** Whether the caller runs on the IO-forwarding thread (an output handler). */
    public boolean onIofThread() {
        return Thread.currentThread().getName().equals(IOF_THREAD);
    }

    /** A stage that completes like {@code f}, on an async thread. */
    public <T> CompletionStage<T> handOver(CompletableFuture<T> f) {
        return Futures.handOver(f, async);
    }

    /** Stops the three; only the first call does anything. */
    public void shutdown() {
        if (shutdown.compareAndSet(false, true)) {
            events.shutdown();
            iof.shutdown();
            async.shutdown();
        }
    }

    public boolean isShutdown() {
        return shutdown.get();
    }
}
