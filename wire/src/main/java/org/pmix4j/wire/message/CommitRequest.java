package org.pmix4j.wire.message;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * COMMIT: for each scope the process put data in, SCOPE then a BUFFER holding that scope's KVAL packs
 * (libpmix sends LOCAL then REMOTE, each only when it has data; GLOBAL puts appear in both), up to the end.
 * Answered with a {@link StatusReply}.
 */
public record CommitRequest(List<ScopedData> scopes) implements RequestMessage {
    /** One scope's committed KVALs, as a PMIX_BUFFER (which carries the kind it was packed in). */
    public record ScopedData(Scope scope, Value.Buffer kvals) {
    }

    public CommitRequest {
        scopes = List.copyOf(scopes);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.COMMIT;
    }

    @Override
    public void writeBody(Packer p) {
        for (ScopedData s : scopes) {
            p.pack(s.scope()).buffer(BufferKind.forCode(s.kvals().kind()), s.kvals().bytes());
        }
    }

    public static CommitRequest read(Unpacker u) {
        List<ScopedData> scopes = new ArrayList<>();
        while (u.hasRemaining()) {
            Scope scope = (Scope) u.unpackOne(DataType.SCOPE);
            scopes.add(new ScopedData(scope, u.buffer()));
        }
        return new CommitRequest(scopes);
    }
}
