package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.App;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * SPAWNNB: SIZE n, INFO[n] (job directives), SIZE m, APP[m]. The reply is a STATUS, the new namespace and,
 * when the server hosts the new job, its job-level KVALs, which are filed so that Gets about the child job
 * need no round trip.
 */
public record SpawnRequest(List<Info> jobInfo, List<App> apps, DataStore store) implements Request<String> {
    public PmixCommand command() {
        return PmixCommand.SPAWN;
    }

    public void writeBody(Packer p) {
        p.sizedInfos(jobInfo).size(apps.size());
        if (!apps.isEmpty()) {
            p.pack(DataType.APP, apps);
        }
    }

    public String readReply(Unpacker u) {
        Replies.status(u, "spawn of " + apps.stream().map(a -> a.cmd()).toList());
        String nspace = u.string();
        if (nspace != null && u.hasRemaining()) {
            store.fileJobInfo(nspace, u);
        }
        return nspace;
    }
}
