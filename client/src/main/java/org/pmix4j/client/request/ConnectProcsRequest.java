package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * CONNECTNB and DISCONNECTNB: SIZE n, PROC[n], SIZE m, INFO[m], like a fence. A connect reply carries, after
 * its STATUS, one byte object per namespace involved (its name, then its job-level KVALs), which is filed.
 *
 * @param disconnect true for DISCONNECTNB
 */
public record ConnectProcsRequest(List<Proc> procs, List<Info> directives, boolean disconnect, DataStore store)
        implements Request<Void> {
    public PmixCommand command() {
        return disconnect ? PmixCommand.DISCONNECT : PmixCommand.CONNECT;
    }

    public void writeBody(Packer p) {
        p.size(procs.size());
        if (!procs.isEmpty()) {
            p.procs(procs);
        }
        p.sizedInfos(directives);
    }

    public Void readReply(Unpacker u) {
        Replies.status(u, (disconnect ? "disconnect from " : "connect to ") + procs);
        while (u.hasRemaining()) {
            byte[] o = u.byteObject();
            if (o.length == 0) {
                continue;
            }
            Unpacker inner = new Unpacker(o, u.kind());
            try {
                String nspace = inner.string();
                store.fileJobInfo(nspace, inner);
            } catch (WireFormatException e) {
                // some servers send only what they have; the data is a help, not a requirement
            }
        }
        return null;
    }
}
