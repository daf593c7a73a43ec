package org.pmix4j.wire.message;

import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;

/**
 * The payload of one reply, declared once: the server writes it, the client reads it with the same record's
 * static {@code read(Unpacker)}. Replies carry no command: the tag says which request they answer.
 */
public interface ReplyMessage {
    void write(Packer p);

    default byte[] payload(BufferKind kind) {
        Packer p = new Packer(kind);
        write(p);
        return p.toByteArray();
    }
}
