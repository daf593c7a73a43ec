package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.event.EventService;
import org.pmix4j.wire.Unpacker;

/**
 * NOTIFY from a client or tool (PMIx_Notify_event): STATUS code, DATA_RANGE range, SIZE ninfo,
 * INFO[ninfo]; the source is the sender. As libpmix does, the server marks the event as relayed
 * ({@value EventService#INTERNAL_NOTIFY_KEY}; an event that already carries the mark came back and is
 * dropped), delivers it to the matching local peers, and then, unless the range is LOCAL (or PROC_LOCAL),
 * hands it to the host's {@code notifyEvent} to carry it beyond this node. The STATUS answer follows the
 * host's.
 *
 * <p>A host without {@code notifyEvent} makes libpmix answer NOT_SUPPORTED even though the local delivery
 * succeeded; pmix4j answers success then (the Standard: success does not tell whether anyone received
 * it), except for range RM, which is meant for the host alone and so went nowhere.
 */
public final class NotifyHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        int code = in.status();
        DataRange range = (DataRange) in.unpackOne(DataType.DATA_RANGE);
        List<Info> info = in.sizedInfos("event info");
        if (EventService.alreadyRelayed(info)) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        List<Info> marked = EventService.markRelayed(info);
        Proc source = req.peer().proc();
        req.server().service(EventService.class).raise(code, source, range, marked, req.peer());
        if (range.code() == DataRange.LOCAL.code() || range.code() == DataRange.PROC_LOCAL.code()) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        req.server().host().notifyEvent(code, source, range, marked).whenCompleteAsync((ok, err) -> {
            int st = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
            if (st == PmixStatus.PMIX_ERR_NOT_SUPPORTED && range.code() != DataRange.RM.code()) {
                st = PmixStatus.PMIX_SUCCESS;
            }
            req.replyStatus(st);
        }, req.server().loop());
    }
}
