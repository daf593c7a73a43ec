package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * NOTIFY from a client or tool (PMIx_Notify_event): STATUS event code, DATA_RANGE range, SIZE n, INFO[n];
 * the source is the sender. Answered with a {@link StatusReply}. What the server pushes to its peers is an
 * {@link EventNotification}.
 */
public record NotifyRequest(int code, DataRange range, List<Info> info) implements RequestMessage {
    public NotifyRequest {
        info = List.copyOf(info);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.NOTIFY;
    }

    @Override
    public void writeBody(Packer p) {
        p.status(code).pack(range).sizedInfos(info);
    }

    public static NotifyRequest read(Unpacker u) {
        int code = u.status();
        DataRange range = (DataRange) u.unpackOne(DataType.DATA_RANGE);
        return new NotifyRequest(code, range, u.sizedInfos("event info"));
    }
}
