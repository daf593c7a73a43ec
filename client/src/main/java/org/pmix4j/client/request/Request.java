package org.pmix4j.client.request;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * One kind of client request of the wire protocol: the payload after the command, and how to read the
 * reply. One class per command keeps each message layout in one readable place.
 *
 * @param <R> what the reply carries, once read
 */
public interface Request<R> {
    PmixCommand command();

    /** Writes everything after the command pack. */
    void writeBody(Packer p);

    /**
     * Reads the reply; throws {@link org.pmix4j.api.PmixException} with the server's status when it reports
     * a failure. Runs on the connection's I/O thread: keep it short.
     */
    R readReply(Unpacker u);

    /** The full payload: the command, then the body. */
    default byte[] payload(org.pmix4j.wire.BufferKind kind) {
        Packer p = new Packer(kind).command(command().code());
        writeBody(p);
        return p.toByteArray();
    }
}
