package org.pmix4j.server.handler;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;

/**
 * The common shapes of "ask the host, then answer the client": a bare status, or a status followed by
 * the host's infos (SIZE count, INFO pack when there are any). The answer is always written on the
 * server's loop, whichever thread the host completes on.
 */
final class HostReplies {
    private HostReplies() {
    }

    /** Replies with the stage's outcome as one STATUS, written on {@code loop}. */
    static void status(Executor loop, Request req, CompletionStage<?> stage) {
        stage.whenCompleteAsync((ok, err) -> req.replyStatus(err == null ? PmixStatus.PMIX_SUCCESS
                : ServerCore.statusOf(err)), loop);
    }

    /** Runs {@code then} on {@code loop} with the result (null on failure) and the status. */
    static <T> void whenDone(Executor loop, CompletionStage<T> stage, BiConsumer<T, Integer> then) {
        stage.whenCompleteAsync((v, err) -> then.accept(err == null ? v : null,
                err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err)), loop);
    }
}
