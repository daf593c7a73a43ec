package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.wire.message.IofPullReply;
import org.pmix4j.wire.message.IofPullRequest;

/**
 * IOF_PULL: the request is registered with the {@link IofRouter} and the host told through its
 * {@code iofPull} upcall; reply ({@code _iofreg}): an {@link IofPullReply} with this server's id of the
 * request (IOF_DEREGISTER names it), or a bare STATUS on failure. Output cached before the request is sent
 * right after the reply, bounded by the pull's PMIX_IOF_CACHE_SIZE; PMIX_IOF_BUFFERING_SIZE / TIME gather
 * what the request gets. A pull of a channel that the source's job was started without forwarding
 * (PMIX_FWD_*) is refused with PMIX_ERR_NOT_AVAILABLE before the host hears of it.
 *
 * <p>Unlike libpmix, which refuses (-47) when its host has no {@code iof_pull}, a host without the upcall
 * is no obstacle: the output the host delivers with {@code PmixServer.iofDeliver} reaches the requester
 * either way.
 *
 * <p>Only output of jobs the requester may act on can be pulled ({@link Authorisation}): a pull naming another
 * user's job is refused with PMIX_ERR_NO_PERMISSIONS before it is registered or the host hears of it.
 *
 * <p>The host hears of the pull's end too ({@link HostIofPulls}): at its deregistration or its requester's loss.
 */
public final class IofPullHandler implements CommandHandler<IofPullRequest> {
    private static final Log LOG = Log.of(IofPullHandler.class);

    private final IofRouter router;
    private final HostModule host;
    private final HostIofPulls told;
    private final Executor loop;
    private final Authorisation authorisation;

    IofPullHandler(IofRouter router, HostModule host, HostIofPulls told, Executor loop, Authorisation authorisation) {
        this.authorisation = authorisation;
        this.router = router;
        this.host = host;
        this.told = told;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, IofPullRequest pull) {
        authorisation.requireProcs(req.peer(), "IO forwarding pull", pull.sources());
        router.checkPull(pull.sources(), pull.channels(), pull.directives());
        int id = router.register(req.peer(), pull.sources(), pull.channels(), pull.requesterId(), pull.directives());
        host.iofPull(pull.sources(), pull.directives(), pull.channels()).whenCompleteAsync((ok, err) -> {
            int status = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
            if (status == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                LOG.debug("host has no iof_pull upcall; serving {}'s request {} from delivered output", req.peer(), id);
                status = PmixStatus.PMIX_SUCCESS;
            }
            if (status != PmixStatus.PMIX_SUCCESS) {
                router.remove(id);
                req.replyStatus(status);
                return;
            }
            told.told(req.peer(), id, pull.sources(), pull.channels(), pull.directives());
            req.reply(new IofPullReply(PmixStatus.PMIX_SUCCESS, id));
            router.replayCache(id, pull.directives());
        }, loop);
    }
}
