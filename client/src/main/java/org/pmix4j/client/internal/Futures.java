package org.pmix4j.client.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/** Waiting for and handing over the futures of requests, with failures as {@link PmixException}s. */
public final class Futures {
    private Futures() {
    }

    /**
     * Waits for the future; a failure is rethrown as a PmixException with the same status, whose cause is
     * the original (so the stack shows both the caller and where it failed).
     */
    public static <T> T await(CompletableFuture<T> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(PmixStatus.PMIX_ERROR, "interrupted while waiting for the server", e);
        }
    }

    /** Like {@link #await} but gives up after {@code millis}, failing with PMIX_ERR_TIMEOUT. */
    public static <T> T await(CompletableFuture<T> f, long millis, String what) {
        try {
            return f.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (TimeoutException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_TIMEOUT, what + ": no answer within " + millis + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(PmixStatus.PMIX_ERROR, "interrupted while waiting for the server", e);
        }
    }

    private static PmixException rethrow(Throwable t) {
        Throwable c = unwrap(t);
        if (c instanceof PmixException p) {
            return new PmixException(p.status(), p.detail(), p);
        }
        return new PmixException(PmixStatus.PMIX_ERROR, String.valueOf(c), c);
    }

    /** The cause a CompletionException wraps. */
    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** A stage that completes like {@code f}, but on {@code executor}: user continuations never run on I/O. */
    public static <T> CompletionStage<T> handOver(CompletableFuture<T> f, Executor executor) {
        CompletableFuture<T> out = new CompletableFuture<>();
        f.whenComplete((v, e) -> executor.execute(() -> {
            if (e != null) {
                out.completeExceptionally(unwrap(e));
            } else {
                out.complete(v);
            }
        }));
        return out;
    }

    public static <T> CompletableFuture<T> failed(int status, String message) {
        return CompletableFuture.failedFuture(new PmixException(status, message));
    }
}
