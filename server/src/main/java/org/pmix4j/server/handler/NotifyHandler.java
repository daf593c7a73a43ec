package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.wire.message.NotifyRequest;

/**
 * NOTIFY from a client or tool (PMIx_Notify_event); the source is the sender. As libpmix does, the server
 * marks the event as relayed
 * ({@value EventService#INTERNAL_NOTIFY_KEY}; an event that already carries the mark came back and is
 * dropped), delivers it to the matching local peers, and then, unless the range is LOCAL (or PROC_LOCAL),
 * hands it to the host's {@code notifyEvent} to carry it beyond this node. The STATUS answer follows the
 * host's.
 *
 * <p>A host without {@code notifyEvent} makes libpmix answer NOT_SUPPORTED even though the local delivery
 * succeeded; pmix4j answers success then (the Standard: success does not tell whether anyone received
 * it), except for range RM, which is meant for the host alone and so went nowhere.
 *
 * <p>An event may name the processes it is for (PMIX_EVENT_CUSTOM_RANGE) or that it concerns
 * (PMIX_EVENT_AFFECTED_PROC / _PROCS): a sender may name only processes of jobs it may act on
 * ({@link Authorisation}), else PMIX_ERR_NO_PERMISSIONS and nobody hears of it — another user's job would
 * otherwise learn that its processes aborted from a stranger. For the same reason an event of a wide range
 * reaches only the processes and tools of jobs the sender may act on ({@link Authorisation#eventReach}):
 * another user's broadcast of PMIX_ERR_PROC_ABORTED would make Open MPI abort a job it does not own.
 */
public final class NotifyHandler implements CommandHandler<NotifyRequest> {
    private final EventService events;
    private final HostModule host;
    private final Executor loop;
    private final Authorisation authorisation;

    public NotifyHandler(EventService events, HostModule host, Executor loop, Authorisation authorisation) {
        this.authorisation = authorisation;
        this.events = events;
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, NotifyRequest notify) {
        int code = notify.code();
        DataRange range = notify.range();
        List<Info> info = notify.info();
        if (EventService.alreadyRelayed(info)) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        authorisation.requireProcs(req.peer(), "event notification", EventService.procsNamedBy(code, range, info));
        List<Info> marked = EventService.markRelayed(info);
        Proc source = req.peer().proc();
        events.raise(code, source, range, marked, req.peer(), authorisation.eventReach(req.peer()));
        if (range.code() == DataRange.LOCAL.code() || range.code() == DataRange.PROC_LOCAL.code()) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        host.notifyEvent(code, source, range, marked).whenCompleteAsync((ok, err) -> {
            int st = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
            if (st == PmixStatus.PMIX_ERR_NOT_SUPPORTED && range.code() != DataRange.RM.code()) {
                st = PmixStatus.PMIX_SUCCESS;
            }
            req.replyStatus(st);
        }, loop);
    }
}
