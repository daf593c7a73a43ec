package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Packer;

/**
 * LOOKUP: see {@link PublishedKeys} for the request (directives such as PMIX_RANGE, PMIX_WAIT and
 * PMIX_TIMEOUT pass through to the host, which does the waiting). Reply ({@code lookup_cbfunc}): STATUS,
 * and on success {@code SIZE n} then one PDATA pack of n items (an empty pack when n is 0, as libpmix
 * packs it).
 */
public final class LookupHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        PublishedKeys r = PublishedKeys.read(req, "lookup");
        HostReplies.whenDone(req, req.server().host().lookup(req.peer().proc(), r.keys(), r.directives()),
                (found, status) -> {
                    Packer p = req.packer().status(status);
                    if (status == PmixStatus.PMIX_SUCCESS) {
                        List<PublishedData> data = found == null ? List.of() : found;
                        p.size(data.size()).pack(DataType.PDATA, data);
                    }
                    req.reply(p);
                });
    }
}
