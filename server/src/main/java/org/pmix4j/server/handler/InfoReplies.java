package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.StatusInfosReply;

/**
 * The reply shape of libpmix's {@code alloc_cbfunc}, {@code jctrl_cbfunc}, {@code monitor_cbfunc},
 * {@code validate_cbfunc}, {@code fabric_cbfunc} and {@code query_cbfunc}: once the host has answered, a
 * {@link StatusInfosReply} (the SIZE is there whatever the status). A host that lacks the upcall gets the
 * answer libpmix's switchyard gives before any upcall: one bare STATUS PMIX_ERR_NOT_SUPPORTED.
 */
final class InfoReplies {
    private InfoReplies() {
    }

    /** Answers once the host has: the reply written on {@code loop}. */
    static void statusSizeInfos(Executor loop, Request req, CompletionStage<List<Info>> stage) {
        HostReplies.whenDone(loop, stage, (infos, status) -> {
            if (status == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                req.replyStatus(status);
                return;
            }
            req.reply(new StatusInfosReply(status, infos == null ? List.of() : infos));
        });
    }
}
