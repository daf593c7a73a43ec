package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.App;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * SPAWN: SIZE n, INFO[n] (job directives), SIZE m, APP[m] (no pack when m is 0). Answered with a
 * {@link SpawnReply}.
 */
public record SpawnRequest(List<Info> jobInfo, List<App> apps) implements RequestMessage {
    public SpawnRequest {
        jobInfo = List.copyOf(jobInfo);
        apps = List.copyOf(apps);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.SPAWN;
    }

    @Override
    public void writeBody(Packer p) {
        p.sizedInfos(jobInfo);
        MessageFields.writeSized(p, DataType.APP, apps);
    }

    public static SpawnRequest read(Unpacker u) {
        List<Info> jobInfo = u.sizedInfos("spawn directives");
        return new SpawnRequest(jobInfo, MessageFields.readSized(u, DataType.APP, App.class, "applications"));
    }
}
