package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The event a server pushes to a client or tool on the notification tag (not a reply to anything):
 * COMMAND NOTIFY, STATUS code, PROC source, SIZE n, INFO[n] (no pack when n is 0), DATA_RANGE range. A
 * libpmix client stops reading after the info; a tool reads the range, taking its absence as LOCAL, so it
 * is always written and read only when present.
 */
public record EventNotification(int code, Proc source, List<Info> info, DataRange range) {
    public EventNotification {
        info = List.copyOf(info);
    }

    public void write(Packer p) {
        p.command(PmixCommand.NOTIFY.code()).status(code).proc(source).sizedInfos(info).pack(range);
    }

    public byte[] payload(BufferKind kind) {
        Packer p = new Packer(kind);
        write(p);
        return p.toByteArray();
    }

    /** Reads the whole message, its command pack included. */
    public static EventNotification read(Unpacker u) {
        u.command();
        int code = u.status();
        Proc source = u.proc();
        List<Info> info = u.sizedInfos("event info");
        DataRange range = u.hasRemaining() ? (DataRange) u.unpackOne(DataType.DATA_RANGE) : DataRange.LOCAL;
        return new EventNotification(code, source, info, range);
    }
}
