package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * REGISTER_EVENTS: SIZE n, STATUS[n] (one pack; none when n is 0: a default handler), SIZE m, INFO[m] (the
 * directives). Answered with a {@link StatusReply}; a count that disagrees with the pack is an unpack
 * failure.
 */
public record RegisterEventsRequest(List<Integer> codes, List<Info> directives) implements RequestMessage {
    public RegisterEventsRequest {
        codes = List.copyOf(codes);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.REGISTER_EVENTS;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeSized(p, DataType.STATUS, codes.stream().map(Value.Status::new).toList());
        p.sizedInfos(directives);
    }

    public static RegisterEventsRequest read(Unpacker u) {
        int n = u.sizeCount("event codes");
        List<Integer> codes = List.of();
        if (n > 0) {
            List<Value> packed = u.unpack(DataType.STATUS);
            if (packed.size() != n) {
                throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE, "event registration announced " + n
                        + " codes, the pack holds " + packed.size());
            }
            codes = packed.stream().map(v -> ((Value.Status) v).code()).toList();
        }
        return new RegisterEventsRequest(codes, u.sizedInfos("event registration directives"));
    }
}
