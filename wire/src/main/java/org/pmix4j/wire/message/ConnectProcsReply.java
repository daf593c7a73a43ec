package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The answer to {@link ConnectProcsRequest}: STATUS, then (on success) one BYTE_OBJECT per other namespace
 * involved, up to the end, each holding STRING nspace followed by that job's job-level KVAL packs
 * ({@link #jobObject}). The objects stay packed: the receiver files what it can read of them.
 */
public record ConnectProcsReply(int status, List<ByteObject> jobs) implements StatusFirstReply {
    public ConnectProcsReply {
        jobs = List.copyOf(jobs);
    }

    /** One namespace's object: its name, then its job-level KVAL packs as they are. */
    public static ByteObject jobObject(String nspace, byte[] kvals, BufferKind kind) {
        return new ByteObject(new Packer(kind).string(nspace).raw(kvals).toByteArray());
    }

    @Override
    public void write(Packer p) {
        p.status(status);
        MessageFields.writeByteObjects(p, jobs);
    }

    public static ConnectProcsReply read(Unpacker u) {
        int status = u.status();
        return new ConnectProcsReply(status, MessageFields.readByteObjects(u));
    }
}
