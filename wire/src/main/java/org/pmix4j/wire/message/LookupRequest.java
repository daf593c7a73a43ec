package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * LOOKUP: UINT32 effective uid, SIZE n, each key a STRING pack of its own, SIZE m, INFO[m] (directives such
 * as PMIX_WAIT, PMIX_RANGE). Answered with a {@link LookupReply}. UNPUBLISH has the same layout
 * ({@link UnpublishRequest}).
 */
public record LookupRequest(int uid, List<String> keys, List<Info> directives) implements RequestMessage {
    public LookupRequest {
        keys = MessageFields.copyKeepingNulls(keys);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.LOOKUP;
    }

    @Override
    public void writeBody(Packer p) {
        p.uint32(uid);
        MessageFields.writeKeys(p, keys);
        p.sizedInfos(directives);
    }

    public static LookupRequest read(Unpacker u) {
        int uid = u.uint32();
        List<String> keys = MessageFields.readKeys(u, "lookup keys");
        return new LookupRequest(uid, keys, u.sizedInfos("lookup directives"));
    }
}
