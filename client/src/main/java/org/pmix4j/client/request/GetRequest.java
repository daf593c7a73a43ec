package org.pmix4j.client.request;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * GETNB: STRING nspace, PROC_RANK rank, SIZE n, INFO[n], and the key only when there is one. The reply is
 * a STATUS and byte objects, each a PROC followed by KVALs: the whole data of the process (and, for another
 * namespace or the WILDCARD rank, that job's level first). Everything is filed in the store; the caller then
 * looks the key up again.
 */
public record GetRequest(Proc target, String key, List<Info> directives, DataStore store) implements Request<Void> {
    public PmixCommand command() {
        return PmixCommand.GET;
    }

    public void writeBody(Packer p) {
        p.string(target.nspace()).rank(target.rank()).sizedInfos(directives);
        if (key != null) {
            p.string(key);
        }
    }

    public Void readReply(Unpacker u) {
        Replies.status(u, "get " + (key == null ? "all data" : "'" + key + "'") + " of " + target.nspace() + ":"
                + Rank.label(target.rank()));
        List<byte[]> objects = new ArrayList<>();
        while (u.hasRemaining()) {
            objects.add(u.byteObject());
        }
        for (byte[] o : objects) {
            if (o.length > 0) {
                store.fileProcObject(o);
            }
        }
        return null;
    }
}
