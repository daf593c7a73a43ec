package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.wire.Unpacker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * IOF_PULL: {@code SIZE n, PROC[n]} (sources), {@code SIZE n, INFO[n]} (directives), {@code IOF_CHANNEL}
 * mask, {@code SIZE} the requester's own id of the request. The request is registered with the
 * {@link IofRouter} and the host told through its {@code iofPull} upcall; reply ({@code _iofreg}):
 * STATUS, and on success {@code SIZE} this server's id of the request (IOF_DEREG names it). Output
 * cached before the request is sent right after the reply.
 *
 * <p>Unlike libpmix, which refuses (-47) when its host has no {@code iof_pull}, a host without the upcall
 * is no obstacle: the output the host delivers with {@code PmixServer.iofDeliver} reaches the requester
 * either way.
 */
public final class IofPullHandler implements CommandHandler<UndeclaredRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(IofPullHandler.class);

    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        int n = in.sizeCount("IOF sources");
        List<Proc> sources = n == 0 ? List.of() : in.procs();
        List<Info> directives = in.sizedInfos("IOF directives");
        int channels = ((IofChannel) in.unpackOne(DataType.IOF_CHANNEL)).bits();
        long remoteId = in.size();
        IofRouter router = req.server().service(IofRouter.class);
        int id = router.register(req.peer(), sources, channels, remoteId);
        req.server().host().iofPull(sources, directives, channels).whenCompleteAsync((ok, err) -> {
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
            req.reply(req.packer().status(PmixStatus.PMIX_SUCCESS).size(id));
            router.replayCache(id);
        }, req.server().loop());
    }
}
