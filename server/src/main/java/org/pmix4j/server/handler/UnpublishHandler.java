package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;

/**
 * UNPUBLISH: the request of {@link PublishedKeys}; the host removes the data (no keys: all the requester
 * published, as PMIx_Unpublish with NULL keys means). Reply: STATUS.
 */
public final class UnpublishHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        PublishedKeys r = PublishedKeys.read(req, "unpublish");
        HostReplies.status(req, req.server().host().unpublish(req.peer().proc(), r.keys(), r.directives()));
    }
}
