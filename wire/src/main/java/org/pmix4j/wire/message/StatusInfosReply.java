package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply of the requests a host answers with a list of infos: {@link AllocRequest}, {@link JobControlRequest},
 * {@link MonitorRequest}, {@link ValidateCredentialRequest}, {@link FabricRegisterRequest},
 * {@link FabricUpdateRequest} and {@link QueryRequest} (libpmix's {@code alloc_cbfunc}, {@code jctrl_cbfunc},
 * {@code monitor_cbfunc}, {@code validate_cbfunc}, {@code fabric_cbfunc}, {@code query_cbfunc}): STATUS, SIZE n,
 * INFO[n] (no pack when n is 0) — the SIZE is there whatever the status. A server that refuses before asking
 * its host sends a bare {@link StatusReply} instead, which this record reads as a status with no infos.
 */
public record StatusInfosReply(int status, List<Info> infos) implements StatusFirstReply {
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
}
