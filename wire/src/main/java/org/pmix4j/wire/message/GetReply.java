package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The answer to {@link GetRequest}: STATUS, then (on success) BYTE_OBJECTs up to the end, each a PROC
 * followed by that process's KVAL packs — the job-level object first (rank WILDCARD) when the target is
 * the whole job or another job, then the target's own. The receiver files them and looks the key up.
 */
public record GetReply(int status, List<ByteObject> objects) implements StatusFirstReply {
    public GetReply {
        objects = List.copyOf(objects);
    }

    @Override
    public void write(Packer p) {
        p.status(status);
        MessageFields.writeByteObjects(p, objects);
    }

    public static GetReply read(Unpacker u) {
        int status = u.status();
        return new GetReply(status, MessageFields.readByteObjects(u));
    }
}
