package org.pmix4j.client.request;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.client.store.GetQuery;
import org.pmix4j.client.store.KeyLevels;
import org.pmix4j.wire.message.GetRequest;
import org.pmix4j.wire.message.JobInfoRequest;

/**
 * Getting values: from the store when it has them, else from the server, whose answer is filed so that the
 * store then has them (and the next Get needs no round trip); and the job information a connection starts
 * with.
 */
public final class KeyValueExchange {
    private final DataStore store;
    private final RequestSender sender;
    private final DataReplies replies;

    public KeyValueExchange(DataStore store, RequestSender sender, DataReplies replies) {
        this.store = store;
        this.sender = sender;
        this.replies = replies;
    }

    /**
     * REQ_JOB_INFO, the first request on a connection: files the job data the server answers and answers the
     * namespace it names.
     *
     * @param expected the namespace the reply must name, or {@code null} to take what it says (a tool that
     *                 has just been given one)
     */
    public CompletableFuture<String> requestJobInfo(ServerConnection c, String expected) {
        return sender.send(c, new JobInfoRequest(), u -> replies.jobInfo(u, expected));
    }

    /**
     * PMIx_Get: the value of {@code key} for {@code proc} ({@code null} or an empty namespace means ours),
     * failing with PMIX_ERR_NOT_FOUND when there is none.
     */
    public CompletableFuture<Value> get(Proc proc, String key, List<Info> directives) {
        Proc self = store.self();
        Proc target = proc == null ? self
                : proc.nspace().isEmpty() ? new Proc(self.nspace(), proc.rank()) : proc;
        GetQuery q = GetQuery.of(directives);
        if (!q.refresh()) {
            Optional<Value> v = store.find(target, key, q);
            if (v.isPresent()) {
                return CompletableFuture.completedFuture(v.get());
            }
            if (q.optional()) {
                return notFound(target, key, " (PMIX_OPTIONAL: the server was not asked)");
            }
        }
        if (!sender.isConnected()) {
            return notFound(target, key, " and no server to ask");
        }
        boolean reserved = key == null || KeyLevels.isReserved(key);
        Proc ask = target;
        List<Info> dirs = directives;
        if (reserved && !q.refresh()) {
            if (!target.nspace().equals(self.nspace()) && !store.knows(target.nspace())) {
                // we know nothing of that job yet: its job-level data comes first
                ask = Proc.wildcard(target.nspace());
            } else if (!q.immediate()) {
                // reserved keys come with the job information; if it lacks one, do not let the server wait
                dirs = with(directives, Attributes.IMMEDIATE.info(true));
            }
        }
        Proc asked = ask;
        List<Info> askedDirs = dirs;
        return fetch(ask, key, dirs).thenCompose(x -> {
            Optional<Value> v = store.find(target, key, q);
            if (v.isPresent()) {
                return CompletableFuture.completedFuture(v.get());
            }
            if (!asked.equals(target) && Rank.isValid(target.rank())) {
                return fetch(target, key, with(askedDirs, Attributes.IMMEDIATE.info(true)))
                        .thenCompose(y -> store.find(target, key, q).map(CompletableFuture::completedFuture)
                                .orElseGet(() -> notFound(target, key, "")));
            }
            return notFound(target, key, "");
        });
    }

    /** Asks the server for the target's data (the key, or all of it) and files everything it answers. */
    private CompletableFuture<Void> fetch(Proc target, String key, List<Info> directives) {
        return sender.send(new GetRequest(target, directives, key), u -> replies.get(u, target, key));
    }

    private static <T> CompletableFuture<T> notFound(Proc target, String key, String why) {
        return Futures.failed(PmixStatus.PMIX_ERR_NOT_FOUND, (key == null ? "no data" : "no value for '" + key + "'")
                + " of " + target + why);
    }

    private static List<Info> with(List<Info> infos, Info extra) {
        List<Info> out = new ArrayList<>(infos);
        out.add(extra);
        return out;
    }
}
