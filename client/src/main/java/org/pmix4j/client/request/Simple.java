package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The requests whose layout fits in a few lines, one record each. Layouts are those of libpmix 4.2.2's
 * client (see the protocol reference, section 6); each record's comment gives request and reply.
 */
public final class Simple {
    private Simple() {
    }

    /** FINALIZE: nothing; reply STATUS. */
    public record Finalize() implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.FINALIZE;
        }

        public void writeBody(Packer p) {
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "finalize");
            return null;
        }
    }

    /** ABORT: STATUS, STRING message, SIZE n, PROC[n]; reply STATUS (which libpmix ignores). */
    public record Abort(int status, String message, List<Proc> procs) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.ABORT;
        }

        public void writeBody(Packer p) {
            p.status(status).string(message).size(procs.size());
            if (!procs.isEmpty()) {
                p.procs(procs);
            }
        }

        public Void readReply(Unpacker u) {
            return null;
        }
    }

    /** COMMIT: per scope with data, SCOPE and a BUFFER of KVALs (LOCAL then REMOTE); reply STATUS. */
    public record Commit(byte[] local, byte[] remote) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.COMMIT;
        }

        public void writeBody(Packer p) {
            if (local.length > 0) {
                p.pack(org.pmix4j.api.Scope.LOCAL).buffer(p.kind(), local);
            }
            if (remote.length > 0) {
                p.pack(org.pmix4j.api.Scope.REMOTE).buffer(p.kind(), remote);
            }
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "commit");
            return null;
        }
    }

    /** PUBLISHNB: UINT32 uid, SIZE n, INFO[n]; reply STATUS. */
    public record Publish(int uid, List<Info> data) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.PUBLISH;
        }

        public void writeBody(Packer p) {
            p.uint32(uid).sizedInfos(data);
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "publish");
            return null;
        }
    }

    /** LOOKUPNB: UINT32 uid, SIZE n, each key a STRING pack, SIZE m, INFO[m]; reply STATUS, SIZE, PDATA[]. */
    public record Lookup(int uid, List<String> keys, List<Info> directives) implements Request<List<PublishedData>> {
        public PmixCommand command() {
            return PmixCommand.LOOKUP;
        }

        public void writeBody(Packer p) {
            writeKeys(p, uid, keys, directives);
        }

        public List<PublishedData> readReply(Unpacker u) {
            Replies.status(u, "lookup of " + keys);
            if (!u.hasRemaining()) {
                return List.of();
            }
            int n = u.sizeCount("number of published data");
            if (n == 0) {
                return List.of();
            }
            // a server answers one entry per key asked; keys it did not find come back empty
            return u.unpack(DataType.PDATA).stream().map(PublishedData.class::cast)
                    .filter(d -> !d.key().isEmpty() && d.value().type() != DataType.UNDEF).toList();
        }
    }

    /** UNPUBLISHNB: the layout of LOOKUPNB; reply STATUS. */
    public record Unpublish(int uid, List<String> keys, List<Info> directives) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.UNPUBLISH;
        }

        public void writeBody(Packer p) {
            writeKeys(p, uid, keys, directives);
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "unpublish of " + keys);
            return null;
        }
    }

    private static void writeKeys(Packer p, int uid, List<String> keys, List<Info> directives) {
        p.uint32(uid).size(keys.size());
        for (String k : keys) {
            p.string(k);
        }
        p.sizedInfos(directives);
    }

    /** NOTIFY: STATUS code, DATA_RANGE, SIZE n, INFO[n] (the source is the sender); reply STATUS. */
    public record Notify(int code, DataRange range, List<Info> info) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.NOTIFY;
        }

        public void writeBody(Packer p) {
            p.status(code).pack(range).sizedInfos(info);
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "notify event " + code);
            return null;
        }
    }

    /** REGEVENTS: SIZE n, STATUS[n], SIZE m, INFO[m]; reply STATUS. */
    public record RegisterEvents(List<Integer> codes, List<Info> directives) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.REGISTER_EVENTS;
        }

        public void writeBody(Packer p) {
            p.size(codes.size());
            if (!codes.isEmpty()) {
                p.pack(DataType.STATUS, codes.stream().map(c -> (Value) new Value.Status(c)).toList());
            }
            p.sizedInfos(directives);
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "register event handler for " + codes);
            return null;
        }
    }

    /** DEREGEVENTS: the codes, each a STATUS pack (INT32_MIN for a default handler); never answered. */
    public record DeregisterEvents(List<Integer> codes) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.DEREGISTER_EVENTS;
        }

        public void writeBody(Packer p) {
            for (int c : codes) {
                p.status(c);
            }
        }

        public Void readReply(Unpacker u) {
            return null;
        }
    }

    /** QUERY: SIZE n, QUERY[n]; reply STATUS, SIZE, INFO[]. */
    public record QueryInfo(List<Query> queries) implements Request<List<Info>> {
        public PmixCommand command() {
            return PmixCommand.QUERY;
        }

        public void writeBody(Packer p) {
            p.size(queries.size()).pack(DataType.QUERY, queries);
        }

        public List<Info> readReply(Unpacker u) {
            return Replies.statusAndInfos(u, "query");
        }
    }

    /** LOG: TIME timestamp, SIZE n, INFO[n] (data), SIZE m, INFO[m] (directives); reply STATUS. */
    public record Log(long timestamp, List<Info> data, List<Info> directives) implements Request<Void> {
        public PmixCommand command() {
            return PmixCommand.LOG;
        }

        public void writeBody(Packer p) {
            p.pack(new Value.Time(timestamp)).sizedInfos(data).sizedInfos(directives);
        }

        public Void readReply(Unpacker u) {
            Replies.status(u, "log");
            return null;
        }
    }
}
