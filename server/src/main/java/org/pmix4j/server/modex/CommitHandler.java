package org.pmix4j.server.modex;

import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.message.CommitRequest;

/**
 * COMMIT: the committing process's KVALs per scope (GLOBAL puts appear in both LOCAL and REMOTE). Stored
 * for it; GETs waiting for it are woken.
 */
public final class CommitHandler implements CommandHandler<CommitRequest> {
    private final ModexStore store;

    public CommitHandler(ModexStore store) {
        this.store = store;
    }

    @Override
    public void handle(Request req, CommitRequest commit) {
        for (CommitRequest.ScopedData s : commit.scopes()) {
            store.commit(req.peer().proc(), s.scope(), s.kvals().bytes(), BufferKind.forCode(s.kvals().kind()));
        }
        store.committed(req.peer().proc());
        req.replyStatus(PmixStatus.PMIX_SUCCESS);
    }
}
