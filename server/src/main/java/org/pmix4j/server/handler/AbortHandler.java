package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.wire.message.AbortRequest;

/**
 * ABORT (no processes named: the requester's whole job). Terminating the processes is the host's business;
 * the reply goes out when the host has acted. A client may abort only processes of jobs it may act on
 * ({@link Authorisation}): naming another user's is refused with PMIX_ERR_NO_PERMISSIONS, the host never
 * hears of it.
 */
public final class AbortHandler implements CommandHandler<AbortRequest> {
    private final HostModule host;
    private final Executor loop;
    private final Authorisation authorisation;

    public AbortHandler(HostModule host, Executor loop, Authorisation authorisation) {
        this.authorisation = authorisation;
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, AbortRequest abort) {
        authorisation.requireProcs(req.peer(), "abort", abort.procs());
        HostReplies.status(loop, req, host.abort(req.peer().proc(), abort.status(), abort.message(), abort.procs()));
    }
}
