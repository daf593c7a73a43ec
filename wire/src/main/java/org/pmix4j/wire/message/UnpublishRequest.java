package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * UNPUBLISH: the layout of {@link LookupRequest} (UINT32 uid, SIZE n, n STRING packs, SIZE m, INFO[m]); no
 * keys means everything the requester published. Answered with a {@link StatusReply}.
 */
public record UnpublishRequest(int uid, List<String> keys, List<Info> directives) implements RequestMessage {
    public UnpublishRequest {
        keys = MessageFields.copyKeepingNulls(keys);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.UNPUBLISH;
    }

    @Override
    public void writeBody(Packer p) {
        p.uint32(uid);
        MessageFields.writeKeys(p, keys);
        p.sizedInfos(directives);
    }

    public static UnpublishRequest read(Unpacker u) {
        int uid = u.uint32();
        List<String> keys = MessageFields.readKeys(u, "unpublish keys");
        return new UnpublishRequest(uid, keys, u.sizedInfos("unpublish directives"));
    }
}
