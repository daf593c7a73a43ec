package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.message.FinalizeRequest;

/**
 * FINALIZE: the peer says goodbye. A client is marked finalized (so its exit is a clean one), the host
 * is told, and the reply goes out when the host is done; the client closes the socket after it.
 */
public final class FinalizeHandler implements CommandHandler<FinalizeRequest> {
    private final Consumer<Peer> markFinalized;
    private final HostModule host;
    private final Executor loop;

    /** @param markFinalized records that the peer finalized (the server's bookkeeping of its clients) */
    public FinalizeHandler(Consumer<Peer> markFinalized, HostModule host, Executor loop) {
        this.markFinalized = markFinalized;
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, FinalizeRequest request) {
        markFinalized.accept(req.peer());
        if (!req.peer().isClient()) {
            req.replyStatus(PmixStatus.PMIX_SUCCESS);
            return;
        }
        // the ack goes out at once when the host answered at once: queued behind the rest of the loop's work,
        // it waits out a burst of finalizes and the burst of exits their acks set off (1,024 processes on 2
        // cores), and libpmix stops waiting for it after 2 s
        Thread handling = Thread.currentThread();
        host.clientFinalized(req.peer().proc()).whenComplete((ok, err) -> {
            if (Thread.currentThread() == handling) {
                answer(req, err);
            } else {
                loop.execute(() -> answer(req, err));
            }
        });
    }

    private static void answer(Request req, Throwable err) {
        int st = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
        // a host without the upcall has nothing to object to
        req.replyStatus(st == PmixStatus.PMIX_ERR_NOT_SUPPORTED ? PmixStatus.PMIX_SUCCESS : st);
    }
}
