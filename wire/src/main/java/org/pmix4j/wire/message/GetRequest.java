package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GET: STRING nspace, PROC_RANK rank, SIZE n, INFO[n] (no pack when n is 0), and STRING key only when
 * there is one (none: all the target's data). Answered with a {@link GetReply}.
 *
 * @param key the key asked for, or {@code null}
 */
public record GetRequest(Proc target, List<Info> directives, String key) implements RequestMessage {
    public GetRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.GET;
    }

    @Override
    public void writeBody(Packer p) {
        p.string(target.nspace()).rank(target.rank()).sizedInfos(directives);
        if (key != null) {
            p.string(key);
        }
    }

    /** The namespace may come as NULL from a faulty peer: the target then names none, for the server to refuse. */
    public static GetRequest read(Unpacker u) {
        String nspace = u.string();
        int rank = u.rank();
        List<Info> directives = u.sizedInfos("get directives");
        String key = u.hasRemaining() ? u.string() : null;
        return new GetRequest(new Proc(nspace == null ? "" : nspace, rank), directives, key);
    }
}
