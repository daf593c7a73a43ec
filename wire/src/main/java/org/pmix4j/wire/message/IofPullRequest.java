package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * IOF_PULL ({@code PMIx_IOF_pull}): SIZE n, PROC[n] (the sources), SIZE m, INFO[m] (directives),
 * IOF_CHANNEL channels (a mask of {@link IofChannel} bits), SIZE the requester's own id of the request
 * (which every {@link IofDataMessage} it then receives carries). Answered with an {@link IofPullReply}.
 *
 * <p>libpmix 4.2.2's client packs the PROC pack even when there are no sources, but its server reads one
 * only when n &gt; 0, so a pull from no sources is never understood; this record writes as the client and
 * reads as the server, and only a pull with sources reads back as written.
 */
public record IofPullRequest(List<Proc> sources, List<Info> directives, int channels, long requesterId)
        implements RequestMessage {
    public IofPullRequest {
        sources = List.copyOf(sources);
        directives = List.copyOf(directives);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.IOF_PULL;
    }

    @Override
    public void writeBody(Packer p) {
        // not MessageFields.writeProcs: libpmix's client packs the PROC pack even when it is empty
        p.size(sources.size()).procs(sources).sizedInfos(directives).pack(new IofChannel(channels)).size(requesterId);
    }

    public static IofPullRequest read(Unpacker u) {
        List<Proc> sources = MessageFields.readProcs(u, "IOF sources");
        List<Info> directives = u.sizedInfos("IOF directives");
        int channels = ((IofChannel) u.unpackOne(DataType.IOF_CHANNEL)).bits();
        return new IofPullRequest(sources, directives, channels, u.size());
    }
}
