package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.LookupReply;
import org.pmix4j.wire.message.LookupRequest;

/**
 * LOOKUP: the directives (PMIX_RANGE, PMIX_WAIT, PMIX_TIMEOUT ...) pass through to the host, which does the
 * waiting, with the requester's ids appended ({@link PublishedKeys}). Reply ({@code lookup_cbfunc}): a
 * {@link LookupReply}, the data only on success.
 */
public final class LookupHandler implements CommandHandler<LookupRequest> {
    private final HostModule host;
    private final Executor loop;

    public LookupHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, LookupRequest lookup) {
        PublishedKeys r = PublishedKeys.of(lookup.keys(), lookup.directives(), req.peer().uid(), req.peer().gid(),
                "lookup");
        HostReplies.whenDone(loop, host.lookup(req.peer().proc(), r.keys(), r.directives()),
                (found, status) -> req.reply(new LookupReply(status, found == null ? List.of() : found)));
    }
}
