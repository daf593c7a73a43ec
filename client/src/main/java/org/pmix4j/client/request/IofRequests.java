package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/** The IO-forwarding requests: pull output, stop pulling, push input. */
public final class IofRequests {
    private IofRequests() {
    }

    /**
     * IOF_PULL: SIZE n, PROC[n] (sources), SIZE m, INFO[m], IOF_CHANNEL, SIZE our id; reply STATUS and the
     * server's id of the request. Output then arrives on tag 2 carrying our id.
     */
    public record Pull(List<Proc> sources, List<Info> directives, int channels, long localId)
            implements Request<Long> {
        public PmixCommand command() {
            return PmixCommand.IOF_PULL;
        }

        public void writeBody(Packer p) {
            // libpmix packs the source list even when it is empty
            p.size(sources.size()).procs(sources).sizedInfos(directives).pack(new IofChannel(channels)).size(localId);
        }

        public Long readReply(Unpacker u) {
            Replies.status(u, "IOF pull from " + sources);
            return u.hasRemaining() ? u.size() : -1L;
        }
    }

    /** IOF_DEREG: SIZE n, INFO[n], SIZE the server's id; reply STATUS. */
    public record Deregister(List<Info> directives, long serverId) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.IOF_DEREGISTER;
        }

        public void writeBody(Packer p) {
            p.sizedInfos(directives).size(serverId);
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "IOF deregistration");
            return null;
        }
    }

    /** IOF_PUSH: SIZE n, PROC[n], SIZE m, INFO[m], BYTE_OBJECT data (absent: end of input); reply STATUS. */
    public record Push(List<Proc> targets, List<Info> directives, byte[] data) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.IOF_PUSH;
        }

        public void writeBody(Packer p) {
            p.size(targets.size());
            if (!targets.isEmpty()) {
                p.procs(targets);
            }
            p.sizedInfos(directives);
            if (data != null) {
                p.byteObject(data);
            }
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "IOF push to " + targets);
            return null;
        }
    }
}
