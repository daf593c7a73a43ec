package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply of the requests a host answers with a list of infos (libpmix's {@code alloc_cbfunc},
 * {@code jctrl_cbfunc}, {@code monitor_cbfunc}, {@code validate_cbfunc}, {@code fabric_cbfunc}): STATUS, SIZE n,
 * INFO[n] (no pack when n is 0) — the SIZE is there whatever the status. A server that refuses before asking
 * its host sends a bare {@link StatusReply} instead, which this record reads as a status with no infos.
 */
public record StatusInfosReply(int status, List<Info> infos) implements ReplyMessage {
    public StatusInfosReply {
        infos = List.copyOf(infos);
    }

    @Override
    public void write(Packer p) {
        p.status(status).sizedInfos(infos);
    }

    public static StatusInfosReply read(Unpacker u) {
        int status = u.status();
        return new StatusInfosReply(status, u.hasRemaining() ? u.sizedInfos("reply infos") : List.of());
    }

    /** Throws a PmixException with the server's status, naming {@code what}, unless it is success. */
    public void check(String what) {
        StatusReply.check(status, what);
    }
}
