package org.pmix4j.client.request;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.IofHandler;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.iof.IofRegistry;
import org.pmix4j.client.iof.OutputFormat;
import org.pmix4j.wire.message.IofDeregisterRequest;
import org.pmix4j.wire.message.IofPullReply;
import org.pmix4j.wire.message.IofPullRequest;
import org.pmix4j.wire.message.IofPushRequest;

/**
 * IO forwarding: pulling other processes' output (the {@link IofRegistry} hands it to the handlers) and
 * pushing to their stdin.
 */
public final class IoForwarding {
    private final IofRegistry iof;
    private final RequestSender sender;

    public IoForwarding(IofRegistry iof, RequestSender sender) {
        this.iof = iof;
        this.sender = sender;
    }

    /**
     * PMIx_IOF_pull: answers our id for the pull, which the server knows by its own. A null {@code handler}
     * has the output written to our stdout/stderr, formatted as the directives ask ({@link OutputFormat}).
     */
    public CompletableFuture<Long> pull(List<Proc> sources, int channels, List<Info> directives, IofHandler handler) {
        long id = iof.nextId();
        OutputFormat format = OutputFormat.of(directives);
        // registered first: output may follow the reply at once
        iof.add(id, handler, -1, format);
        return sender.send(new IofPullRequest(sources, directives, channels, id), u -> {
            IofPullReply r = IofPullReply.read(u);
            r.check("IOF pull from " + sources);
            return r.serverId();
        }).handle((serverId, e) -> {
            if (e != null) {
                iof.remove(id);
                Throwable c = Futures.unwrap(e);
                throw c instanceof RuntimeException r ? r : new PmixException(PmixStatus.PMIX_ERROR, c.toString(), c);
            }
            iof.add(id, handler, serverId, format);
            return id;
        });
    }

    /** PMIx_IOF_deregister. */
    public CompletableFuture<Void> deregister(long id, List<Info> directives) {
        IofRegistry.Pull p = iof.remove(id);
        if (p == null) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "no IOF request with id " + id);
        }
        return sender.sendForStatus(new IofDeregisterRequest(directives, p.serverId()), "IOF deregistration");
    }

    /** PMIx_IOF_push: {@code null} data signals end of input. */
    public CompletableFuture<Void> push(List<Proc> targets, byte[] data, List<Info> directives) {
        return sender.sendForStatus(new IofPushRequest(targets, directives, data == null ? null : new ByteObject(data)),
                "IOF push to " + targets);
    }
}
