package org.pmix4j.server.it.modex;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/**
 * Two pmix4j servers in one JVM standing for two nodes ("nodeA", "nodeB"), each with its own name, host
 * name and session directories, and each with a {@link NodeHost}: the miniature multi-node resource
 * manager of these tests. Its fence upcall gathers the blob of every server that hosts participants and
 * hands each the concatenation, and its direct-modex upcall asks the other server's
 * {@link PmixServer#dmodexRequest}: it moves the bytes the servers give it and nothing else, so whatever the
 * clients read across nodes came through exactly those blobs.
 */
final class TwoNodes implements AutoCloseable {
    static final String[] NODES = {"nodeA", "nodeB"};
    private static final com.sun.security.auth.module.UnixSystem ME = new com.sun.security.auth.module.UnixSystem();

    final PmixServer[] servers = new PmixServer[2];
    final NodeHost[] hosts = {new NodeHost(0), new NodeHost(1)};
    /** For every registered namespace, the node of each rank. */
    private final Map<String, int[]> layout = new HashMap<>();
    private final Map<List<Proc>, List<Exchange>> exchanges = new HashMap<>();

    /** One upcall as a host saw it. */
    record Call(int node, String upcall, List<Proc> procs, List<Info> directives, int bytes) {
        String requiredKey() {
            return Attributes.REQUIRED_KEY.find(directives).orElse(null);
        }

        boolean collect() {
            return Attributes.COLLECT_DATA.find(directives).orElse(false);
        }
    }

    TwoNodes(Path tmp) throws Exception {
        for (int n = 0; n < 2; n++) {
            Path dir = Files.createDirectories(tmp.resolve(NODES[n]));
            servers[n] = PmixServer.start(hosts[n], List.of(Attributes.SERVER_TMPDIR.info(dir.toString()),
                    Attributes.SYSTEM_TMPDIR.info(dir.toString()), Attributes.HOSTNAME.info(NODES[n]),
                    Attributes.SERVER_NSPACE.info("server-" + NODES[n]), Attributes.SERVER_RANK.info(0)));
        }
    }

    /** Registers job {@code ns} on both servers: rank r runs on node {@code nodeOf[r]}. */
    void job(String ns, int... nodeOf) {
        layout.put(ns, nodeOf.clone());
        StringJoiner[] ranks = {new StringJoiner(","), new StringJoiner(",")};
        int[] count = new int[2];
        for (int r = 0; r < nodeOf.length; r++) {
            ranks[nodeOf[r]].add(Integer.toString(r));
            count[nodeOf[r]]++;
        }
        for (int n = 0; n < 2; n++) {
            servers[n].registerNspace(ns, count[n], List.of(Attributes.JOB_SIZE.info(nodeOf.length),
                    Attributes.NODE_MAP.info(NODES[0] + "," + NODES[1]),
                    Attributes.PROC_MAP.info(ranks[0] + ";" + ranks[1]))).join();
            for (int r = 0; r < nodeOf.length; r++) {
                if (nodeOf[r] == n) {
                    servers[n].registerClient(new Proc(ns, r), (int) ME.getUid(), (int) ME.getGid()).join();
                }
            }
        }
    }

    int nodeOf(Proc p) {
        int[] nodes = layout.get(p.nspace());
        if (nodes == null || p.rank() == Rank.WILDCARD || p.rank() < 0 || p.rank() >= nodes.length) {
            return -1;
        }
        return nodes[p.rank()];
    }

    /** The nodes that host some of {@code procs}. */
    private List<Integer> nodesOf(List<Proc> procs) {
        TreeSet<Integer> out = new TreeSet<>();
        for (Proc p : procs) {
            int[] nodes = layout.get(p.nspace());
            if (nodes == null) {
                continue;
            }
            if (p.rank() == Rank.WILDCARD) {
                Arrays.stream(nodes).forEach(out::add);
            } else {
                out.add(nodes[p.rank()]);
            }
        }
        return List.copyOf(out);
    }

    /** Starts every rank of {@code ns} with {@code args} at the same time; returns their results by rank. */
    List<Run.Result> run(String ns, Path exe, String... args) {
        int size = layout.get(ns).length;
        List<CompletableFuture<Run.Result>> all = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            Proc p = new Proc(ns, r);
            List<String> cmd = new ArrayList<>(List.of(exe.toString()));
            cmd.addAll(List.of(args));
            Map<String, String> env = servers[nodeOf(p)].setupFork(p);
            CompletableFuture<Run.Result> f = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    f.complete(Run.command(cmd).env(env).go());
                } catch (RuntimeException | Error e) {
                    f.completeExceptionally(e);
                }
            }, "client " + p);
            t.setDaemon(true);
            t.start();
            all.add(f);
        }
        return all.stream().map(CompletableFuture::join).toList();
    }

    List<Call> calls(String upcall) {
        List<Call> out = new ArrayList<>();
        for (NodeHost h : hosts) {
            for (Call c : h.calls) {
                if (c.upcall().equals(upcall)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        for (PmixServer s : servers) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** A fence in progress between the servers: each server's blob, handed back concatenated in node order. */
    private static final class Exchange {
        final List<Integer> nodes;
        final byte[][] blobs = new byte[2][];
        final CompletableFuture<byte[]> all = new CompletableFuture<>();

        Exchange(List<Integer> nodes) {
            this.nodes = nodes;
        }

        boolean complete() {
            return nodes.stream().allMatch(n -> blobs[n] != null);
        }

        byte[] concatenation() {
            int len = 0;
            for (int n : nodes) {
                len += blobs[n].length;
            }
            byte[] out = new byte[len];
            int at = 0;
            for (int n : nodes) {
                System.arraycopy(blobs[n], 0, out, at, blobs[n].length);
                at += blobs[n].length;
            }
            return out;
        }
    }

    /** The host module of one node. */
    final class NodeHost implements HostModule {
        final int node;
        final List<Call> calls = new CopyOnWriteArrayList<>();

        NodeHost(int node) {
            this.node = node;
        }

        @Override
        public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
            calls.add(new Call(node, "fence", List.copyOf(participants), List.copyOf(directives), localData.length));
            synchronized (TwoNodes.this) {
                // the n-th fence this server calls over a set of processes meets the n-th of the other servers
                List<Exchange> open = exchanges.computeIfAbsent(List.copyOf(participants), k -> new ArrayList<>());
                Exchange x = null;
                for (Exchange e : open) {
                    if (e.blobs[node] == null) {
                        x = e;
                        break;
                    }
                }
                if (x == null) {
                    x = new Exchange(nodesOf(participants));
                    open.add(x);
                }
                if (!x.nodes.contains(node)) {
                    return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERROR,
                            NODES[node] + " hosts none of " + participants));
                }
                x.blobs[node] = localData.clone();
                if (x.complete()) {
                    open.remove(x);
                    x.all.complete(x.concatenation());
                }
                return x.all;
            }
        }

        @Override
        public CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
            calls.add(new Call(node, "dmodex", List.of(target), List.copyOf(directives), 0));
            int owner = nodeOf(target);
            if (owner < 0 || owner == node) {
                return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND,
                        target + " does not run on another node"));
            }
            return servers[owner].dmodexRequest(target);
        }
    }
}
