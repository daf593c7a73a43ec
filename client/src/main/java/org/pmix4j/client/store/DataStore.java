package org.pmix4j.client.store;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * Everything this process knows without asking: the job information of each namespace the server told us
 * about, the data of other processes that Get replies brought, and our own Puts. Thread-safe; every call
 * is short, so Gets of cached data are answered on the caller's thread without a round trip.
 *
 * <p>Where a Get looks (libpmix 4.2's rules, a little more forgiving): session-, node- and
 * application-level keys (by their name, or by the PMIX_SESSION_INFO / PMIX_NODE_INFO / PMIX_APP_INFO
 * directives) are answered from the session, the node named by PMIX_HOSTNAME or PMIX_NODEID (else ours)
 * and the application named by PMIX_APPNUM (else ours) when the rank is not a real one; a real rank is
 * looked up in that process's data, then in its node's and application's (a node-level key of a process
 * on another node in its node's first), and a reserved key finally in the job level; PMIX_RANK_UNDEF
 * searches every process.
 */
public final class DataStore {
    private Proc self;
    private final BufferKind kind;
    private String hostname;
    private final Map<String, NamespaceData> namespaces = new HashMap<>();
    private final EnumMap<PutScope, LinkedHashMap<String, Value>> puts = new EnumMap<>(PutScope.class);

    /** The scopes a Put files data under; GLOBAL data goes to both buffers of a Commit. */
    private enum PutScope {
        LOCAL, REMOTE, GLOBAL, INTERNAL
    }

    public DataStore(Proc self, BufferKind kind, String hostname) {
        this.self = self;
        this.kind = kind;
        this.hostname = hostname;
        for (PutScope s : PutScope.values()) {
            puts.put(s, new LinkedHashMap<>());
        }
    }

    public synchronized String hostname() {
        return hostname;
    }

    /** Our own identity; a tool learns it only when a server names it. */
    public synchronized void self(Proc p) {
        self = p;
    }

    public synchronized Proc self() {
        return self;
    }

    /** Files one value of a process as if the server had sent it (the library's own bookkeeping). */
    public synchronized void fileProcValue(Proc p, String key, Value v) {
        ns(p.nspace()).proc(p.rank()).put(key, v);
    }

    private NamespaceData ns(String nspace) {
        return namespaces.computeIfAbsent(nspace, NamespaceData::new);
    }

    /** True when we hold job information of this namespace. */
    public synchronized boolean knows(String nspace) {
        return namespaces.containsKey(nspace);
    }

    /** The namespaces we hold data of. */
    public synchronized List<String> namespaces() {
        return List.copyOf(namespaces.keySet());
    }

    // ---- filing -----------------------------------------------------------------------------------

    /** Files the KVALs from {@code u}'s position to its end as job information of {@code nspace}. */
    public synchronized void fileJobInfo(String nspace, Unpacker u) {
        new JobInfoFiler(ns(nspace), kind, hostname).fileAll(u);
        if (nspace.equals(self.nspace())) {
            // our own blob may name our host when the environment did not
            Value h = ns(nspace).proc(self.rank()).get(Attributes.HOSTNAME.key());
            if (hostname == null && h instanceof Value.Str s) {
                hostname = s.value();
            }
        }
    }

    /** Files KVALs given one by one as job information of {@code nspace}. */
    public synchronized void fileJobInfo(String nspace, List<KeyValue> kvs) {
        JobInfoFiler f = new JobInfoFiler(ns(nspace), kind, hostname);
        for (KeyValue kv : kvs) {
            f.file(kv);
        }
    }

    /**
     * Files one byte object of a Get reply: a PROC, then the KVALs of that process (or of the job, when
     * the rank is WILDCARD).
     */
    public synchronized void fileProcObject(byte[] object) {
        Unpacker u = new Unpacker(object, kind);
        Proc p = u.proc();
        if (p.rank() == Rank.WILDCARD) {
            new JobInfoFiler(ns(p.nspace()), kind, hostname).fileAll(u);
            return;
        }
        Map<String, Value> data = ns(p.nspace()).proc(p.rank());
        while (u.hasRemaining()) {
            KeyValue kv = u.kval();
            data.put(kv.key(), kv.value());
        }
    }

    /** Forgets what Get replies brought about a process, so that the next Get asks again. */
    public synchronized void forget(Proc p) {
        NamespaceData nd = namespaces.get(p.nspace());
        if (nd != null && !p.equals(self)) {
            nd.procs.remove(p.rank());
        }
    }

    // ---- our own data -----------------------------------------------------------------------------

    /** Stores a Put; the same key put again replaces the value. */
    public synchronized void put(Scope scope, String key, Value value) {
        PutScope s = switch (scope.kind()) {
            case LOCAL -> PutScope.LOCAL;
            case REMOTE -> PutScope.REMOTE;
            case INTERNAL -> PutScope.INTERNAL;
            default -> PutScope.GLOBAL;
        };
        for (LinkedHashMap<String, Value> m : puts.values()) {
            m.remove(key);
        }
        puts.get(s).put(key, value);
    }

    /**
     * The two buffers of a Commit: the packed KVALs for local peers (LOCAL and GLOBAL Puts) and for
     * remote ones (REMOTE and GLOBAL); reserved keys and INTERNAL data stay here.
     */
    public synchronized byte[][] commitBuffers() {
        Packer local = new Packer(kind);
        Packer remote = new Packer(kind);
        pack(local, puts.get(PutScope.LOCAL));
        pack(local, puts.get(PutScope.GLOBAL));
        pack(remote, puts.get(PutScope.REMOTE));
        pack(remote, puts.get(PutScope.GLOBAL));
        return new byte[][] {local.toByteArray(), remote.toByteArray()};
    }

    private static void pack(Packer p, Map<String, Value> m) {
        m.forEach((k, v) -> {
            if (!KeyLevels.isReserved(k)) {
                p.kval(k, v);
            }
        });
    }

    private Value ownPut(String key, Scope scope) {
        for (Map.Entry<PutScope, LinkedHashMap<String, Value>> e : puts.entrySet()) {
            Value v = e.getValue().get(key);
            if (v != null && scopeMatches(scope, e.getKey())) {
                return v;
            }
        }
        return null;
    }

    private static boolean scopeMatches(Scope asked, PutScope stored) {
        if (asked == null || asked.code() == 0 || asked.code() == 3 || stored == PutScope.GLOBAL) {
            return true;
        }
        return (asked.code() == 1 && stored == PutScope.LOCAL) || (asked.code() == 2 && stored == PutScope.REMOTE)
                || (asked.code() == 4 && stored == PutScope.INTERNAL);
    }

    // ---- lookup -----------------------------------------------------------------------------------

    /** The value, when this process knows it (see the class comment for where it looks). */
    public synchronized Optional<Value> find(Proc target, String key, GetQuery q) {
        if (key == null) {
            return all(target);
        }
        if (target.equals(self)) {
            Value v = ownPut(key, q.scope());
            if (v != null) {
                return Optional.of(v);
            }
        }
        NamespaceData nd = namespaces.get(target.nspace());
        if (nd == null) {
            return Optional.empty();
        }
        boolean session = q.session() || (!q.levelGiven() && KeyLevels.isSession(key));
        boolean node = q.node() || (!q.levelGiven() && KeyLevels.isNode(key));
        boolean app = q.app() || (!q.levelGiven() && KeyLevels.isApp(key));
        if (session) {
            return first(nd.session.get(key), nd.job.get(key));
        }
        int rank = target.rank();
        if (!Rank.isValid(rank)) {
            if (node) {
                Map<String, Value> n = selectNode(nd, q, null);
                Value v = n == null ? null : n.get(key);
                boolean named = q.hostname() != null || q.nodeId() != null;
                return first(v, rank == Rank.WILDCARD && !named ? nd.job.get(key) : null);
            }
            if (app) {
                Map<String, Value> a = nd.app(q.appnum() != null ? q.appnum() : ownAppnum(nd));
                return first(a == null ? null : a.get(key), q.appnum() == null ? nd.job.get(key) : null);
            }
            if (rank == Rank.UNDEF) {
                for (Map<String, Value> p : nd.procs.values()) {
                    if (p.containsKey(key)) {
                        return Optional.of(p.get(key));
                    }
                }
            }
            return Optional.ofNullable(nd.job.get(key));
        }
        Map<String, Value> p = nd.procs.get(rank);
        Value v = null;
        if (node && onAnotherNode(p)) {
            // as libpmix does, a node-level key of a process elsewhere is its node's value, not what the
            // process's own data says: Slurm 22.05 files its own node's PMIX_NODEID under every rank
            Map<String, Value> n = selectNode(nd, q, p);
            v = n == null ? null : n.get(key);
        }
        if (v == null && p != null) {
            v = p.get(key);
        }
        if (v == null && node) {
            Map<String, Value> n = selectNode(nd, q, p);
            v = n == null ? null : n.get(key);
        }
        if (v == null && app && p != null) {
            Integer appnum = Attributes.APPNUM.read(p.get(Attributes.APPNUM.key())).orElse(null);
            Map<String, Value> a = nd.app(appnum == null ? 0 : appnum);
            v = a == null ? null : a.get(key);
        }
        if (v == null && KeyLevels.isReserved(key)) {
            v = nd.job.get(key);
            if (v == null) {
                v = nd.session.get(key);
            }
        }
        return Optional.ofNullable(v);
    }

    /** True when the process's data names a host, and not ours. */
    private boolean onAnotherNode(Map<String, Value> proc) {
        String h = proc == null ? null : NamespaceData.text(proc.get(Attributes.HOSTNAME.key()));
        return h != null && hostname != null && !h.equals(hostname);
    }

    /** The node a query names, else the node of {@code proc} (its data), else ours. */
    private Map<String, Value> selectNode(NamespaceData nd, GetQuery q, Map<String, Value> proc) {
        if (q.hostname() != null || q.nodeId() != null) {
            return nd.named(q.hostname(), q.nodeId());
        }
        if (proc != null) {
            String h = NamespaceData.text(proc.get(Attributes.HOSTNAME.key()));
            Integer id = Attributes.NODEID.read(proc.get(Attributes.NODEID.key())).orElse(null);
            if (h != null || id != null) {
                // by its host name when known: the id a process's data carries may be wrong (Slurm's)
                return h != null ? nd.node(h, null) : nd.node(null, id);
            }
        }
        Map<String, Value> n = nd.node(hostname, null);
        if (n == null && nd.nodes.size() == 1) {
            n = nd.nodes.get(0);
        }
        return n;
    }

    private int ownAppnum(NamespaceData nd) {
        if (nd.nspace.equals(self.nspace())) {
            Map<String, Value> me = nd.procs.get(self.rank());
            Integer n = me == null ? null : Attributes.APPNUM.read(me.get(Attributes.APPNUM.key())).orElse(null);
            if (n != null) {
                return n;
            }
        }
        return 0;
    }

    private Optional<Value> all(Proc target) {
        NamespaceData nd = namespaces.get(target.nspace());
        List<Info> out = new ArrayList<>();
        if (target.equals(self)) {
            puts.values().forEach(m -> m.forEach((k, v) -> out.add(Info.of(k, v))));
        }
        if (nd == null) {
            return out.isEmpty() ? Optional.empty() : Optional.of(DataArray.ofInfos(out));
        }
        if (Rank.isValid(target.rank())) {
            Map<String, Value> p = nd.procs.get(target.rank());
            if (p != null) {
                p.forEach((k, v) -> out.add(Info.of(k, v)));
            }
        } else {
            nd.job.forEach((k, v) -> out.add(Info.of(k, v)));
            nd.session.forEach((k, v) -> out.add(Info.of(k, v)));
            Map<String, Value> n = selectNode(nd, GetQuery.NONE, null);
            if (n != null) {
                n.forEach((k, v) -> out.add(Info.of(k, v)));
            }
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(DataArray.ofInfos(out));
    }

    private static Optional<Value> first(Value a, Value b) {
        return Optional.ofNullable(a != null ? a : b);
    }
}
