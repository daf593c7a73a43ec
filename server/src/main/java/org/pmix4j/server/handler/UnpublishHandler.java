package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.UnpublishRequest;

/**
 * UNPUBLISH: the host removes the data (no keys: all the requester published, as PMIx_Unpublish with NULL
 * keys means), given the directives with the requester's ids appended ({@link PublishedKeys}). Reply: STATUS.
 */
public final class UnpublishHandler implements CommandHandler<UnpublishRequest> {
    private final HostModule host;
    private final Executor loop;

    public UnpublishHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, UnpublishRequest unpublish) {
        PublishedKeys r = PublishedKeys.of(unpublish.keys(), unpublish.directives(), req.peer().uid(),
                req.peer().gid(), "unpublish");
        HostReplies.status(loop, req, host.unpublish(req.peer().proc(), r.keys(), r.directives()));
    }
}
