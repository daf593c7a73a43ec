package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.PublishRequest;

/**
 * PUBLISH: the host stores the data; the infos reach it followed by the publisher's PMIX_USERID and PMIX_GRPID
 * (as libpmix adds, and the Standard requires), both those its connection was accepted with: a publisher
 * acts only as who it is, so the uid the client writes into its request and any PMIX_USERID / PMIX_GRPID
 * among its infos are ignored (libpmix passes the client's own word on). Reply: STATUS.
 */
public final class PublishHandler implements CommandHandler<PublishRequest> {
    private final HostModule host;
    private final Executor loop;

    public PublishHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, PublishRequest publish) {
        List<Info> data = PublishedKeys.withoutIdentity(publish.data());
        data.add(Attributes.USERID.info(req.peer().uid()));
        data.add(Attributes.GRPID.info(req.peer().gid()));
        HostReplies.status(loop, req, host.publish(req.peer().proc(), data));
    }
}
