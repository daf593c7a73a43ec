package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * MONITOR ({@code PMIx_Process_monitor_nb}): INFO monitor (a pack of one, no SIZE before it: what to watch,
 * e.g. PMIX_MONITOR_HEARTBEAT), STATUS error (the event to raise when it fails), SIZE n, INFO[n]
 * (directives). Answered with a {@link StatusInfosReply}.
 */
public record MonitorRequest(Info monitor, int error, List<Info> directives) implements RequestMessage {
    public MonitorRequest {
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.MONITOR;
    }

    @Override
    public void writeBody(Packer p) {
        p.infos(List.of(monitor)).status(error).sizedInfos(directives);
    }

    public static MonitorRequest read(Unpacker u) {
        Info monitor = (Info) u.unpackOne(DataType.INFO);
        int error = u.status();
        return new MonitorRequest(monitor, error, u.sizedInfos("monitor directives"));
    }
}
