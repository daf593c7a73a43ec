package org.pmix4j.server.modex;

import java.util.List;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Scope;
import org.pmix4j.server.sharedstore.SharedJobData;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.message.CommitRequest;

/**
 * COMMIT: the committing process's KVALs per scope (GLOBAL puts appear in both LOCAL and REMOTE). Stored
 * for it; GETs waiting for it are woken. A client that reads the shared-memory store has its LOCAL and GLOBAL
 * keys written there too, before the commit is acknowledged, so its local peers read them after any fence.
 */
public final class CommitHandler implements CommandHandler<CommitRequest> {
    private final ModexStore store;
    private final SharedJobData shared;

    public CommitHandler(ModexStore store, SharedJobData shared) {
        this.store = store;
        this.shared = shared;
    }

    @Override
    public void handle(Request req, CommitRequest commit) {
        for (CommitRequest.ScopedData s : commit.scopes()) {
            BufferKind kind = BufferKind.forCode(s.kvals().kind());
            List<KeyValue> changed = store.commit(req.peer().proc(), s.scope(), s.kvals().bytes(), kind);
            // the LOCAL buffer holds the LOCAL and GLOBAL keys: what local peers may read
            if (req.peer().readsSharedStore() && s.scope().kind() == Scope.Kind.LOCAL) {
                shared.committed(req.peer().proc(), changed, req.peer().kind());
            }
        }
        store.committed(req.peer().proc());
        req.replyStatus(PmixStatus.PMIX_SUCCESS);
    }
}
