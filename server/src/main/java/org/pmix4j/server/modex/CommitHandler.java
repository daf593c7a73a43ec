package org.pmix4j.server.modex;

import org.pmix4j.wire.message.UndeclaredRequest;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

/**
 * COMMIT: up to two (SCOPE, BUFFER) pairs, LOCAL then REMOTE, each buffer a run of KVAL packs (GLOBAL puts
 * appear in both). Stored for the committing process; GETs waiting for it are woken.
 */
public final class CommitHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        ModexStore store = req.server().service(ModexStore.class);
        Unpacker in = req.body();
        while (in.hasRemaining()) {
            Scope scope = (Scope) in.unpackOne(DataType.SCOPE);
            Value.Buffer buf = in.buffer();
            store.commit(req.peer().proc(), scope, buf.bytes(), BufferKind.forCode(buf.kind()));
        }
        store.committed(req.peer().proc());
        req.replyStatus(PmixStatus.PMIX_SUCCESS);
    }
}
