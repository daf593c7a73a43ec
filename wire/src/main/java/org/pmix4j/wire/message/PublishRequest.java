package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * PUBLISH: UINT32 effective uid, SIZE n, INFO[n] (the data and its directives: PMIX_RANGE, PMIX_PERSISTENCE,
 * PMIX_TIMEOUT ...). Answered with a {@link StatusReply}.
 */
public record PublishRequest(int uid, List<Info> data) implements RequestMessage {
    public PublishRequest {
        data = List.copyOf(data);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.PUBLISH;
    }

    @Override
    public void writeBody(Packer p) {
        p.uint32(uid).sizedInfos(data);
    }

    public static PublishRequest read(Unpacker u) {
        int uid = u.uint32();
        return new PublishRequest(uid, u.sizedInfos("publish data"));
    }
}
