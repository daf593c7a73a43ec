package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * PUBLISH: {@code UINT32 euid, SIZE n, INFO[n]} (the data and its directives: PMIX_RANGE,
 * PMIX_PERSISTENCE, PMIX_TIMEOUT ...). The host stores it; the infos reach it unchanged, followed by the
 * publisher's PMIX_USERID (the effective uid the client sent, as libpmix adds) and PMIX_GRPID (its
 * effective gid from the connection's credential, which the Standard also requires). Reply: STATUS.
 */
public final class PublishHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        int uid = in.uint32();
        List<Info> data = new ArrayList<>(in.sizedInfos("publish data"));
        data.add(Attributes.USERID.info(uid));
        data.add(Attributes.GRPID.info(req.peer().gid()));
        HostReplies.status(req, req.server().host().publish(req.peer().proc(), data));
    }
}
