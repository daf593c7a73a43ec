package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.PublishRequest;

/**
 * PUBLISH: the host stores the data; the infos reach it unchanged, followed by the publisher's PMIX_USERID
 * (the effective uid the client sent, as libpmix adds) and PMIX_GRPID (its effective gid from the
 * connection's credential, which the Standard also requires). Reply: STATUS.
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
        List<Info> data = new ArrayList<>(publish.data());
        data.add(Attributes.USERID.info(publish.uid()));
        data.add(Attributes.GRPID.info(req.peer().gid()));
        HostReplies.status(loop, req, host.publish(req.peer().proc(), data));
    }
}
