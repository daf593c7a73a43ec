package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The answer to {@link QueryRequest}: STATUS, SIZE n, INFO[n] (no pack when n is 0), each info keyed by the
 * query key; the count is there whatever the status (a 4.2.2 client reads the infos only after success). A
 * reader accepts a bare STATUS, which is how a server refuses a malformed request.
 */
public record QueryReply(int status, List<Info> results) implements ReplyMessage {
    public QueryReply {
        results = List.copyOf(results);
    }

    @Override
    public void write(Packer p) {
        p.status(status).sizedInfos(results);
    }

    public static QueryReply read(Unpacker u) {
        int status = u.status();
        return new QueryReply(status, u.hasRemaining() ? u.sizedInfos("query results") : List.of());
    }

    public void check(String what) {
        StatusReply.check(status, what);
    }
}
