package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Value;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * LOG: TIME timestamp (0 when the requester took none), SIZE n, INFO[n] (the data, e.g. PMIX_LOG_STDERR),
 * SIZE m, INFO[m] (directives). Answered with a {@link StatusReply}.
 *
 * @param timestamp seconds since the epoch
 */
public record LogRequest(long timestamp, List<Info> data, List<Info> directives) implements RequestMessage {
    public LogRequest {
        data = List.copyOf(data);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.LOG;
    }

    @Override
    public void writeBody(Packer p) {
        p.pack(new Value.Time(timestamp)).sizedInfos(data).sizedInfos(directives);
    }

    public static LogRequest read(Unpacker u) {
        long timestamp = ((Value.Time) u.unpackOne(DataType.TIME)).seconds();
        List<Info> data = u.sizedInfos("log data");
        return new LogRequest(timestamp, data, u.sizedInfos("log directives"));
    }
}
