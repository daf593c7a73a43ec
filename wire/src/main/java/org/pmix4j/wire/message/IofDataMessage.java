package org.pmix4j.wire.message;

import java.util.List;
import java.util.Objects;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * One piece of forwarded IO, the untagged message on tag 2 (no command): what a server sends a process that
 * pulled output (libpmix's {@code pmix_iof_process_iof}), and what a process sends its server
 * ({@code server_iof_handler}). PROC source, IOF_CHANNEL channel (one {@link IofChannel} bit), SIZE the id
 * the receiver gave the request it answers (0 for a server's own output and spawn forwarding), SIZE n,
 * INFO[n] (e.g. PMIX_IOF_COMPLETE), BYTE_OBJECT data. libpmix always packs the data; a message that ends
 * before it is read as carrying none.
 */
public record IofDataMessage(Proc source, int channel, long requestId, List<Info> info, ByteObject data) {
    public IofDataMessage {
        Objects.requireNonNull(source, "source");
        info = List.copyOf(info);
        Objects.requireNonNull(data, "data");
    }

    public void write(Packer p) {
        p.proc(source).pack(new IofChannel(channel)).size(requestId).sizedInfos(info).byteObject(data);
    }

    public byte[] payload(BufferKind kind) {
        Packer p = new Packer(kind);
        write(p);
        return p.toByteArray();
    }

    public static IofDataMessage read(Unpacker u) {
        Proc source = u.proc();
        int channel = ((IofChannel) u.unpackOne(DataType.IOF_CHANNEL)).bits();
        long requestId = u.size();
        List<Info> info = u.sizedInfos("IOF infos");
        ByteObject data = u.hasRemaining() ? new ByteObject(u.byteObject()) : ByteObject.EMPTY;
        return new IofDataMessage(source, channel, requestId, info, data);
    }
}
