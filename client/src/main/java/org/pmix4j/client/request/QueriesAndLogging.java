package org.pmix4j.client.request;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Query;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.wire.message.LogRequest;
import org.pmix4j.wire.message.QueryRequest;

/** Questions to the host (PMIx_Query_info) and data for its logging channels (PMIx_Log). */
public final class QueriesAndLogging {
    private final RequestSender sender;

    public QueriesAndLogging(RequestSender sender) {
        this.sender = sender;
    }

    /**
     * PMIx_Query_info: the results, each keyed by the query key. What the library itself answers (its own
     * attribute support, {@link LibraryAttributes}) is not sent.
     */
    public CompletableFuture<List<Info>> query(List<Query> queries) {
        if (queries.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "query needs at least one query");
        }
        LibraryAttributes.Split split = LibraryAttributes.split(queries);
        if (split.toServer().isEmpty()) {
            return CompletableFuture.completedFuture(split.answeredHere());
        }
        return sender.send(new QueryRequest(split.toServer()), DataReplies::query).thenApply(answers -> {
            List<Info> all = new java.util.ArrayList<>(answers);
            all.addAll(split.answeredHere());
            return all;
        });
    }

    /** PMIx_Log; PMIX_LOG_TIMESTAMP among the directives dates the entry. */
    public CompletableFuture<Void> log(List<Info> data, List<Info> directives) {
        long ts = Attributes.LOG_TIMESTAMP.find(directives).orElse(0L);
        return sender.sendForStatus(new LogRequest(ts, data, directives), "log");
    }
}
