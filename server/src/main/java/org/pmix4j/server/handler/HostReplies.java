package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.wire.Packer;

/**
 * The common shapes of "ask the host, then answer the client": a bare status, or a status followed by
 * the host's infos (SIZE count, INFO pack when there are any). The answer is always written on the
 * server's loop, whichever thread the host completes on.
 */
final class HostReplies {
    private HostReplies() {
    }

    /** Replies with the stage's outcome as one STATUS. */
    static void status(Request req, CompletionStage<?> stage) {
        status(req.server().loop(), req, stage);
    }

    /** Replies with the stage's outcome as one STATUS, written on {@code loop}. */
    static void status(Executor loop, Request req, CompletionStage<?> stage) {
        stage.whenCompleteAsync((ok, err) -> req.replyStatus(err == null ? PmixStatus.PMIX_SUCCESS
                : ServerCore.statusOf(err)), loop);
    }

    /** Replies STATUS, then (on success) the infos. */
    static void statusAndInfos(Request req, CompletionStage<List<Info>> stage) {
        whenDone(req, stage, (infos, status) -> {
            Packer p = req.packer().status(status);
            if (status == PmixStatus.PMIX_SUCCESS) {
                p.sizedInfos(infos == null ? List.of() : infos);
            }
            req.reply(p);
        });
    }

    /** Runs {@code then} on the loop with the result (null on failure) and the status. */
    static <T> void whenDone(Request req, CompletionStage<T> stage, BiConsumer<T, Integer> then) {
        whenDone(req.server().loop(), stage, then);
    }

    /** Runs {@code then} on {@code loop} with the result (null on failure) and the status. */
    static <T> void whenDone(Executor loop, CompletionStage<T> stage, BiConsumer<T, Integer> then) {
        stage.whenCompleteAsync((v, err) -> then.accept(err == null ? v : null,
                err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err)), loop);
    }
}
