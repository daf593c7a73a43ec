package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Query;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * QUERY: SIZE n, QUERY[n] (no pack when n is 0, which no client sends). Answered with a
 * {@link StatusInfosReply} (libpmix's {@code query_cbfunc}), the infos keyed by the query keys.
 */
public record QueryRequest(List<Query> queries) implements RequestMessage {
    public QueryRequest {
        queries = List.copyOf(queries);
    }

    @Override
    public PmixCommand command() {
        return PmixCommand.QUERY;
    }

    @Override
    public void writeBody(Packer p) {
        MessageFields.writeSized(p, DataType.QUERY, queries);
    }

    public static QueryRequest read(Unpacker u) {
        return new QueryRequest(MessageFields.readSized(u, DataType.QUERY, Query.class, "queries"));
    }
}
