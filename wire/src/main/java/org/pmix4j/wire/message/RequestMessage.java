package org.pmix4j.wire.message;

import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The payload of one client or tool request, declared once: the client writes it, the server reads it with
 * the same record ({@link RequestMessages#read}). Every implementation is a record named after its command
 * ({@code FenceRequest}) with a static {@code read(Unpacker)} that reads what {@link #writeBody} writes.
 * The byte layouts are libpmix 4.2.2's (the protocol reference, section 6); each record's javadoc gives its
 * layout after the command and the reply that answers it.
 */
public interface RequestMessage {
    PmixCommand command();

    /** Writes everything after the command pack. */
    void writeBody(Packer p);

    /** The whole payload: the command, then the body. */
    default byte[] payload(BufferKind kind) {
        Packer p = new Packer(kind).command(command().code());
        writeBody(p);
        return p.toByteArray();
    }
}
