package org.pmix4j.client.request;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.store.DataStore;

/** Which processes run on a node and which nodes a job runs on, read from the job data by Gets. */
public final class PeerResolution {
    private final DataStore store;
    private final KeyValueExchange values;

    public PeerResolution(DataStore store, KeyValueExchange values) {
        this.store = store;
        this.values = values;
    }

    /**
     * PMIx_Resolve_peers: the processes of {@code nspace} ({@code null}: every namespace we know) on the node
     * {@code nodename} ({@code null}: this node).
     */
    public CompletableFuture<List<Proc>> peers(String nodename, String nspace) {
        List<String> namespaces = nspace == null || nspace.isEmpty() ? store.namespaces() : List.of(nspace);
        List<Info> qual = nodename == null ? List.of() : List.of(Attributes.HOSTNAME.info(nodename));
        List<CompletableFuture<List<Proc>>> parts = new ArrayList<>();
        for (String ns : namespaces) {
            // one job's failure is an empty part when there are several, so the others still count
            parts.add(values.get(Proc.wildcard(ns), Attributes.LOCAL_PEERS.key(), qual)
                    .thenApply(v -> ranks(ns, Attributes.LOCAL_PEERS.get(v)))
                    .exceptionally(e -> namespaces.size() > 1 ? List.of() : null));
        }
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).thenCompose(x -> {
            List<Proc> out = new ArrayList<>();
            for (CompletableFuture<List<Proc>> p : parts) {
                List<Proc> l = p.join();
                if (l != null) {
                    out.addAll(l);
                }
            }
            if (out.isEmpty() && parts.stream().anyMatch(p -> p.join() == null)) {
                return Futures.failed(PmixStatus.PMIX_ERR_NOT_FOUND, "no processes of " + namespaces + " known on "
                        + (nodename == null ? "this node" : "node " + nodename));
            }
            return CompletableFuture.completedFuture(out);
        });
    }

    /** PMIx_Resolve_nodes: the nodes a namespace ({@code null}: ours) runs on. */
    public CompletableFuture<List<String>> nodes(String nspace) {
        String ns = nspace == null || nspace.isEmpty() ? store.self().nspace() : nspace;
        return values.get(Proc.wildcard(ns), Attributes.NODE_LIST.key(), List.of())
                .thenApply(v -> Arrays.stream(Attributes.NODE_LIST.get(v).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList());
    }

    /** "0,1,3" (ranges such as "4-6" too) as processes of {@code nspace}. */
    public static List<Proc> ranks(String nspace, String list) {
        List<Proc> out = new ArrayList<>();
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String part : list.split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            if (dash > 0) {
                int lo = Integer.parseInt(p.substring(0, dash));
                int hi = Integer.parseInt(p.substring(dash + 1));
                for (int r = lo; r <= hi; r++) {
                    out.add(new Proc(nspace, r));
                }
            } else if (!p.isEmpty()) {
                out.add(new Proc(nspace, Integer.parseUnsignedInt(p)));
            }
        }
        return out;
    }
}
