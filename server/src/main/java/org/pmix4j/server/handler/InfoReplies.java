package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.Request;

/**
 * The reply shape of libpmix's {@code alloc_cbfunc}, {@code jctrl_cbfunc}, {@code monitor_cbfunc},
 * {@code validate_cbfunc}, {@code fabric_cbfunc} and {@code query_cbfunc}: once the host has answered,
 * STATUS, SIZE n and (n > 0) INFO[n] — the SIZE is there whatever the status. A host that lacks the
 * upcall gets the answer libpmix's switchyard gives before any upcall: one bare STATUS
 * PMIX_ERR_NOT_SUPPORTED.
 */
final class InfoReplies {
    private InfoReplies() {
    }

    static void statusSizeInfos(Request req, CompletionStage<List<Info>> stage) {
        HostReplies.whenDone(req, stage, (infos, status) -> {
            if (status == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                req.replyStatus(status);
                return;
            }
            req.reply(req.packer().status(status).sizedInfos(infos == null ? List.of() : infos));
        });
    }
}
