package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;

/**
 * The job data of one registered namespace: what the host passed to {@code PMIx_server_register_nspace},
 * filed by level (session, job, application, node, process) and completed with what can be derived, in
 * the forms the server sends to libpmix 4.2.2 clients. The server-side equivalent of libpmix's gds "hash"
 * job data.
 *
 * <p><b>Registration</b> ({@link #register}): every level may come as loose infos or in the container
 * arrays {@code pmix.ssn.arr}, {@code pmix.job.arr}, {@code pmix.app.arr}, {@code pmix.node.arr} and
 * {@code pmix.pdata} (process arrays, rank first), nested as the Standard allows (node arrays in session,
 * job or application arrays; application and process arrays in job arrays; process arrays in application
 * arrays; job arrays in a session array, where one naming another nspace is skipped). Loose keys go to the
 * level a 4.2.2 client looks at for them (its session / node / application key lists), anything else to
 * the job; loose node-level keys describe the server's own node. {@code PMIX_NODE_MAP} and
 * {@code PMIX_PROC_MAP} (native {@code pmix[...]}, {@code raw:} or plain lists, STRING or REGEX) are
 * expanded. Bad input fails with {@link PmixStatus#PMIX_ERR_BAD_PARAM} and a message naming the key, the
 * place and the problem.
 *
 * <p><b>Derivation</b> (only where the host gave nothing): processes are placed on nodes by the maps, else
 * by the nodes' {@code pmix.lpeers}, else by each process's {@code pmix.hname} / {@code pmix.nodeid}, and
 * when nothing places anybody and every process is local, on the server's node. From that: job size,
 * {@code pmix.max.size}, {@code pmix.num.nodes}, {@code pmix.nlist}, {@code pmix.jobid} (= nspace),
 * {@code pmix.job.napps}; per node its id, {@code pmix.lpeers}, {@code pmix.lldr}, {@code pmix.local.size},
 * {@code pmix.node.size} (this job's processes only: other jobs are unknown here); per application its size
 * and leader; per process local rank and node rank (position among this job's processes on its node, by
 * rank), global rank (rank + {@code pmix.offset}), application number and rank, node id and host name;
 * session id 0xffffffff and {@code pmix.univ.size} = the session's {@code PMIX_MAX_PROCS}, else the job
 * size; and the {@link SessionDirs} values.
 *
 * <p><b>Serving</b>: {@link #jobInfoReply} is the reply to a client's REQ, {@link #jobLevelObject} and
 * {@link #procObject} the byte objects of GET replies, {@link #find} a typed lookup honouring the
 * Standard's qualifiers. Payloads are built once per buffer kind and cached until {@link #addJobInfo}
 * changes the job level or {@link #releaseCaches} is called.
 *
 * <p>Not thread-safe: the server touches it only from its event loop.
 */
public final class JobData {
    private final String nspace;
    private final int nlocalprocs;
    private final String serverHost;
    private final boolean hasData;
    private final int jobSize;
    private final long sessionId;
    private final LinkedHashMap<String, Value> jobLevel;
    private final LinkedHashMap<String, Value> sessionLevel;
    private final NodeEntry[] nodes;
    private final int[] jobNodes;
    private final int ownNode;
    private final AppEntry[] apps;
    private final int[] nodeOf;
    private final int[] lrank;
    private final int[] nrank;
    private final int[] grank;
    private final int offset;
    private final int[] appOf;
    private final int[] apprank;
    private final List<KeyValue>[] extras;
    private final Map<Integer, String> procDirs;
    private final int[] localRanks;
    private final HashMap<String, Integer> nodeByName = new HashMap<>();
    private final HashMap<Long, Integer> nodeById = new HashMap<>();

    private final EnumMap<BufferKind, byte[]> replyCache = new EnumMap<>(BufferKind.class);
    private final EnumMap<BufferKind, byte[]> jobObjectCache = new EnumMap<>(BufferKind.class);

    JobData(String nspace, int nlocalprocs, String serverHost, int jobSize, long sessionId,
            LinkedHashMap<String, Value> jobLevel, LinkedHashMap<String, Value> sessionLevel, NodeEntry[] nodes,
            int[] jobNodes, int ownNode, AppEntry[] apps, int[] nodeOf, int[] lrank, int[] nrank,
            int[] grank, int offset, int[] appOf, int[] apprank, List<KeyValue>[] extras,
            Map<Integer, String> procDirs, int[] localRanks) {
        this(nspace, nlocalprocs, serverHost, true, jobSize, sessionId, jobLevel, sessionLevel, nodes, jobNodes,
                ownNode, apps, nodeOf, lrank, nrank, grank, offset, appOf, apprank, extras, procDirs, localRanks);
    }

    private JobData(String nspace, int nlocalprocs, String serverHost, boolean hasData, int jobSize,
            long sessionId, LinkedHashMap<String, Value> jobLevel, LinkedHashMap<String, Value> sessionLevel,
            NodeEntry[] nodes, int[] jobNodes, int ownNode, AppEntry[] apps, int[] nodeOf, int[] lrank,
            int[] nrank, int[] grank, int offset, int[] appOf, int[] apprank, List<KeyValue>[] extras,
            Map<Integer, String> procDirs, int[] localRanks) {
        this.nspace = nspace;
        this.nlocalprocs = nlocalprocs;
        this.serverHost = serverHost;
        this.hasData = hasData;
        this.jobSize = jobSize;
        this.sessionId = sessionId;
        this.jobLevel = jobLevel;
        this.sessionLevel = sessionLevel;
        this.nodes = nodes;
        this.jobNodes = jobNodes;
        this.ownNode = ownNode;
        this.apps = apps;
        this.nodeOf = nodeOf;
        this.lrank = lrank;
        this.nrank = nrank;
        this.grank = grank;
        this.offset = offset;
        this.appOf = appOf;
        this.apprank = apprank;
        this.extras = extras;
        this.procDirs = procDirs;
        this.localRanks = localRanks;
        for (int n = 0; n < nodes.length; n++) {
            NodeEntry e = nodes[n];
            if (e.name != null) {
                nodeByName.putIfAbsent(e.name, n);
            }
            if (e.aliases != null) {
                for (String a : e.aliases) {
                    nodeByName.putIfAbsent(a, n);
                }
            }
            if (e.id >= 0) {
                nodeById.putIfAbsent(e.id, n);
            }
        }
    }

    /** A registration with {@code PMIX_REGISTER_NODATA}: the namespace exists, no job data is kept. */
    static JobData noData(String nspace, int nlocalprocs, String serverHost) {
        return new JobData(nspace, nlocalprocs, serverHost, false, 0, 0xffff_ffffL, new LinkedHashMap<>(),
                new LinkedHashMap<>(), new NodeEntry[0], new int[0], -1, new AppEntry[0], new int[0], new int[0],
                null, null, 0, new int[0], new int[0], null, Map.of(), new int[0]);
    }

    // ---- registration ---------------------------------------------------------------------------------

    /**
     * The job data of {@code PMIx_server_register_nspace(nspace, nlocalprocs, info)} on a server running on
     * {@code serverHostname} (which decides the "local" node). See the class comment for what is accepted
     * and derived.
     *
     * @throws PmixException with {@link PmixStatus#PMIX_ERR_BAD_PARAM} for bad input
     */
    public static JobData register(String nspace, int nlocalprocs, List<Info> info, String serverHostname) {
        return register(nspace, nlocalprocs, info, serverHostname, SessionDirs.NONE);
    }

    /** As {@link #register(String, int, List, String)}, also serving the given session directories. */
    public static JobData register(String nspace, int nlocalprocs, List<Info> info, String serverHostname,
            SessionDirs dirs) {
        return new JobDataBuilder(nspace, nlocalprocs, serverHostname, dirs).build(info);
    }

    // ---- facts ----------------------------------------------------------------------------------------

    public String nspace() {
        return nspace;
    }

    /** The number of local processes the host announced at registration. */
    public int nlocalprocs() {
        return nlocalprocs;
    }

    public String serverHostname() {
        return serverHost;
    }

    /** False for a registration with {@code PMIX_REGISTER_NODATA}. */
    public boolean hasData() {
        return hasData;
    }

    public int jobSize() {
        return jobSize;
    }

    /** The session id (unsigned 32 bits; 0xffffffff when the host gave none, as libpmix uses). */
    public long sessionId() {
        return sessionId;
    }

    /** {@code pmix.jobid} (the nspace unless the host gave one), or null without job data. */
    public String jobId() {
        Value v = jobLevel.get(Keys.JOBID);
        return v instanceof Value.Str s ? s.value() : null;
    }

    /** The job's nodes in job order (node-map order when there is a map), by name. */
    public List<String> nodeList() {
        List<String> out = new ArrayList<>(jobNodes.length);
        for (int n : jobNodes) {
            out.add(nodes[n].name != null ? nodes[n].name : "#" + nodes[n].id);
        }
        return Collections.unmodifiableList(out);
    }

    public int numApps() {
        return apps.length;
    }

    /** The ranks on the server's own node, ascending. */
    public int[] localRanks() {
        return localRanks.clone();
    }

    public boolean isLocal(int rank) {
        return validRank(rank) && ownNode >= 0 && nodeOf[rank] == ownNode;
    }

    /** The host name of the rank's node, when known. */
    public Optional<String> hostnameOf(int rank) {
        return validRank(rank) && nodeOf[rank] >= 0 ? Optional.ofNullable(nodes[nodeOf[rank]].name)
                : Optional.empty();
    }

    /** The node id of the rank's node, or -1 when unknown. */
    public long nodeIdOf(int rank) {
        return validRank(rank) && nodeOf[rank] >= 0 ? nodes[nodeOf[rank]].id : -1;
    }

    /** The rank's local rank, or -1 when unknown. */
    public int localRankOf(int rank) {
        return validRank(rank) ? lrank[rank] : -1;
    }

    /** The rank's node rank, or -1 when unknown. */
    public int nodeRankOf(int rank) {
        if (!validRank(rank)) {
            return -1;
        }
        return nrank != null ? nrank[rank] : lrank[rank];
    }

    /** The rank's application number, or -1 when the rank is not in the job. */
    public int appnumOf(int rank) {
        return validRank(rank) ? apps[appOf[rank]].appnum : -1;
    }

    /** This job's ranks on the node of that name (or alias), ascending; empty when none or unknown. */
    public int[] ranksOn(String hostname) {
        Integer n = nodeByName.get(hostname);
        return n == null ? new int[0] : nodes[n].ranks.clone();
    }

    private boolean validRank(int rank) {
        return rank >= 0 && rank < jobSize;
    }

    // ---- values ---------------------------------------------------------------------------------------

    /** The job-level values in reply order (the host's, the derived ones, then those added later). */
    public List<KeyValue> jobValues() {
        return toKvs(jobLevel);
    }

    /** The session-level values, {@code pmix.session.id} first. */
    public List<KeyValue> sessionValues() {
        return hasData ? toKvs(sessionLevel) : List.of();
    }

    /** The node-level values of the node of that name (or alias); empty when unknown. */
    public List<KeyValue> nodeValues(String hostname) {
        Integer n = nodeByName.get(hostname);
        return n == null ? List.of() : toKvs(nodes[n].view);
    }

    /** The app-level values of that application; empty when unknown. */
    public List<KeyValue> appValues(int appnum) {
        AppEntry a = app(appnum);
        return a == null ? List.of() : toKvs(a.view);
    }

    /**
     * The process-level values of a rank, as they go into its {@code pmix.pblob}: what the host registered
     * for it, then local rank (UINT16), node rank (UINT16), global rank, app rank, appnum, node id, host name
     * and, for local processes, the process directory. Empty for a rank outside the job.
     */
    public List<KeyValue> procValues(int rank) {
        if (!validRank(rank)) {
            return List.of();
        }
        List<KeyValue> out = new ArrayList<>(10);
        List<KeyValue> ex = extras != null ? extras[rank] : null;
        if (ex != null) {
            out.addAll(ex);
        }
        if (lrank[rank] >= 0) {
            out.add(new KeyValue(Keys.LOCAL_RANK, new Value.UInt16(lrank[rank])));
        }
        int nr = nodeRankOf(rank);
        if (nr >= 0) {
            out.add(new KeyValue(Keys.NODE_RANK, new Value.UInt16(nr)));
        }
        out.add(new KeyValue(Keys.GLOBAL_RANK, new Rank(globalRank(rank))));
        out.add(new KeyValue(Keys.APP_RANK, new Rank(apprank[rank])));
        out.add(new KeyValue(Keys.APPNUM, new Value.UInt32(apps[appOf[rank]].appnum)));
        int n = nodeOf[rank];
        if (n >= 0) {
            if (nodes[n].id >= 0) {
                out.add(new KeyValue(Keys.NODEID, new Value.UInt32((int) nodes[n].id)));
            }
            if (nodes[n].name != null) {
                out.add(new KeyValue(Keys.HOSTNAME, new Value.Str(nodes[n].name)));
            }
        }
        String dir = procDirs.get(rank);
        if (dir != null) {
            out.add(new KeyValue(Keys.PROCDIR, new Value.Str(dir)));
        }
        return out;
    }

    private int globalRank(int rank) {
        if (grank != null && grank[rank] != -1) {
            return grank[rank];
        }
        return rank + offset;
    }

    /** One process-level value of a rank (the job is known to hold the rank). */
    private Value procValue(int rank, String key) {
        if (key.equals(Keys.LOCAL_RANK)) {
            return lrank[rank] >= 0 ? new Value.UInt16(lrank[rank]) : null;
        } else if (key.equals(Keys.NODE_RANK)) {
            int nr = nodeRankOf(rank);
            return nr >= 0 ? new Value.UInt16(nr) : null;
        } else if (key.equals(Keys.GLOBAL_RANK)) {
            return new Rank(globalRank(rank));
        } else if (key.equals(Keys.APP_RANK)) {
            return new Rank(apprank[rank]);
        } else if (key.equals(Keys.APPNUM)) {
            return new Value.UInt32(apps[appOf[rank]].appnum);
        } else if (key.equals(Keys.NODEID)) {
            int n = nodeOf[rank];
            return n >= 0 && nodes[n].id >= 0 ? new Value.UInt32((int) nodes[n].id) : null;
        } else if (key.equals(Keys.HOSTNAME)) {
            int n = nodeOf[rank];
            return n >= 0 && nodes[n].name != null ? new Value.Str(nodes[n].name) : null;
        }
        List<KeyValue> ex = extras != null ? extras[rank] : null;
        if (ex != null) {
            for (KeyValue kv : ex) {
                if (kv.key().equals(key)) {
                    return kv.value();
                }
            }
        }
        if (key.equals(Keys.PROCDIR)) {
            String d = procDirs.get(rank);
            return d != null ? new Value.Str(d) : null;
        }
        return null;
    }

    // ---- lookups --------------------------------------------------------------------------------------

    /**
     * The value of {@code key} for {@code rank} (a rank of the job, or {@link Rank#WILDCARD} for the job as a
     * whole), following the Standard's qualifiers and a 4.2.2 client's rules:
     * <ul>
     * <li>the level is the one named by a {@code PMIX_SESSION_INFO}, {@code PMIX_JOB_INFO},
     * {@code PMIX_APP_INFO} or {@code PMIX_NODE_INFO} qualifier (the last one given wins), else the level the
     * 4.2.2 client's key lists give the key (node, app, session), else job;</li>
     * <li>session: {@code PMIX_SESSION_ID} must be this job's session if given;</li>
     * <li>node: the node named by {@code PMIX_NODEID} or {@code PMIX_HOSTNAME}, else the rank's node, else
     * the server's own node;</li>
     * <li>app: the application named by {@code PMIX_APPNUM} (with a node qualifier too: that application's
     * description of that node), else the rank's application, else the only one;</li>
     * <li>a specific rank is looked up at process level first, then at the level above, then at job level;
     * for WILDCARD a node or app level lookup falls back to the job level as libpmix does, a session lookup
     * does not.</li>
     * </ul>
     * Empty when nothing matches (also for ranks outside the job).
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_BAD_PARAM} when a qualifier has a wrong type
     */
    public Optional<Value> find(int rank, String key, List<Info> qualifiers) {
        Objects.requireNonNull(key, "key");
        Keys.Level level = null;
        long sid = -1;
        long qNodeId = -1;
        String qHost = null;
        long qApp = -1;
        if (qualifiers != null) {
            for (Info q : qualifiers) {
                String k = q.key();
                if (k.equals(Keys.JOB_INFO) && q.isTrue()) {
                    level = Keys.Level.JOB;
                } else if (k.equals(Keys.NODE_INFO) && q.isTrue()) {
                    level = Keys.Level.NODE;
                } else if (k.equals(Keys.APP_INFO) && q.isTrue()) {
                    level = Keys.Level.APP;
                } else if (k.equals(Keys.SESSION_INFO) && q.isTrue()) {
                    level = Keys.Level.SESSION;
                } else if (k.equals(Keys.SESSION_ID)) {
                    sid = Keys.number(Keys.canonical(k, q.value(), "qualifier"));
                } else if (k.equals(Keys.NODEID)) {
                    qNodeId = Keys.number(Keys.canonical(k, q.value(), "qualifier"));
                } else if (k.equals(Keys.HOSTNAME)) {
                    qHost = Keys.string(Keys.canonical(k, q.value(), "qualifier"));
                } else if (k.equals(Keys.APPNUM)) {
                    qApp = Keys.number(Keys.canonical(k, q.value(), "qualifier"));
                }
            }
        }
        if (level == null) {
            level = Keys.looseLevel(key);
        }
        boolean specific = Rank.isValid(rank);
        if (specific && !validRank(rank)) {
            return Optional.empty();
        }
        boolean nodeNamed = qNodeId >= 0 || qHost != null;
        if (specific) {
            Value v = procValue(rank, key);
            if (v == null) {
                v = switch (level) {
                    case NODE -> nodeValue(nodeNamed ? node(qNodeId, qHost) : nodeOf[rank], key);
                    case APP -> appValue(qApp >= 0 ? app(qApp) : apps[appOf[rank]], qNodeId, qHost, key);
                    case SESSION -> sid < 0 || sid == sessionId ? sessionLevel.get(key) : null;
                    default -> null;
                };
            }
            return Optional.ofNullable(v != null ? v : jobLevel.get(key));
        }
        Value v = switch (level) {
            case SESSION -> hasData && (sid < 0 || sid == sessionId) ? sessionLevel.get(key) : null;
            case NODE -> Optional.ofNullable(nodeValue(nodeNamed ? node(qNodeId, qHost) : ownNode, key))
                    .orElse(jobLevel.get(key));
            case APP -> Optional.ofNullable(appValue(qApp >= 0 ? app(qApp) : apps.length == 1 ? apps[0] : null,
                    qNodeId, qHost, key)).orElse(jobLevel.get(key));
            default -> jobLevel.get(key);
        };
        return Optional.ofNullable(v);
    }

    private int node(long id, String host) {
        Integer n = id >= 0 ? nodeById.get(id) : nodeByName.get(host);
        return n == null ? -1 : n;
    }

    private Value nodeValue(int n, String key) {
        return n >= 0 ? nodes[n].view.get(key) : null;
    }

    private AppEntry app(long appnum) {
        for (AppEntry a : apps) {
            if (a.appnum == appnum) {
                return a;
            }
        }
        return null;
    }

    private static Value appValue(AppEntry a, long nodeId, String host, String key) {
        if (a == null) {
            return null;
        }
        if (nodeId >= 0 || host != null) {
            for (LinkedHashMap<String, Value> nv : a.nodeViews) {
                Value id = nv.get(Keys.NODEID);
                Value h = nv.get(Keys.HOSTNAME);
                boolean match = nodeId >= 0 ? id != null && Keys.number(id) == nodeId
                        : h != null && host.equals(Keys.string(h));
                if (match && nv.containsKey(key)) {
                    return nv.get(key);
                }
            }
        }
        return a.view.get(key);
    }

    // ---- changes after registration -------------------------------------------------------------------

    /**
     * Adds (or replaces) a job-level value after registration, e.g. {@code pmix.bfrops.mod} (the version of
     * the first client that connected, which libpmix also sends). Drops the cached payloads. Keys that shape
     * the job (sizes, maps, containers, nspace) cannot be changed this way.
     */
    public void addJobInfo(String key, Value value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (key.isEmpty() || key.length() > Info.MAX_KEY_LENGTH) {
            throw Keys.bad("job-level key '" + key + "' is empty or too long");
        }
        if (Keys.CONTAINERS.contains(key) || key.equals(Keys.JOB_SIZE) || key.equals(Keys.NSPACE)
                || key.equals(Keys.NODE_MAP) || key.equals(Keys.PROC_MAP) || key.equals(Keys.NODE_MAP_RAW)
                || key.equals(Keys.PROC_MAP_RAW) || key.equals(Keys.OFFSET) || key.equals(Keys.PROC_BLOB)) {
            throw Keys.bad(key + " shapes the job and cannot be changed after registration");
        }
        jobLevel.put(key, Keys.canonical(key, value, "addJobInfo"));
        releaseCaches();
    }

    /** Forgets the cached payloads (they are rebuilt on the next request). */
    public void releaseCaches() {
        replyCache.clear();
        jobObjectCache.clear();
    }

    // ---- payloads ------------------------------------------------------------------------------------

    /** {@link #jobInfoReply(BufferKind)} for the usual non-described buffers. */
    public byte[] jobInfoReply() {
        return jobInfoReply(BufferKind.NON_DESCRIBED);
    }

    /**
     * The reply to a client's REQ after its leading {@code STRING nspace} pack: the KVAL packs libpmix
     * 4.2.2's server sends and its client's gds hash files — job-level values, then {@code pmix.ssn.arr}
     * (session id first), one {@code pmix.node.arr} per named node ({@code pmix.hname}, {@code pmix.nodeid},
     * ...; nodes whose name is unknown are left out, as a node array without a name crashes a 4.2.2
     * client), one {@code pmix.app.arr} per application ({@code pmix.appnum} first), and one
     * {@code pmix.pblob} per rank (a BYTE_OBJECT holding {@code PROC_RANK rank} and the rank's KVALs).
     * Built once per buffer kind and cached; do not modify the array.
     */
    public byte[] jobInfoReply(BufferKind kind) {
        byte[] b = replyCache.get(kind);
        if (b == null) {
            b = buildReply(kind, false);
            replyCache.put(kind, b);
        }
        return b;
    }

    /** {@link #jobLevelObject(BufferKind)} for non-described buffers. */
    public byte[] jobLevelObject() {
        return jobLevelObject(BufferKind.NON_DESCRIBED);
    }

    /**
     * The job-level byte object of a GET reply for {@code {nspace, WILDCARD}} without a key: {@code PROC
     * {nspace, WILDCARD}} then the KVALs libpmix's server sends there — job-level values, the session,
     * node and application arrays, and one {@code pmix.pdata} array (rank first) per rank. Cached; do not
     * modify the array.
     */
    public byte[] jobLevelObject(BufferKind kind) {
        byte[] b = jobObjectCache.get(kind);
        if (b == null) {
            b = buildReply(kind, true);
            jobObjectCache.put(kind, b);
        }
        return b;
    }

    /** {@link #jobLevelObject(String, List, BufferKind)} for non-described buffers. */
    public Optional<byte[]> jobLevelObject(String key, List<Info> qualifiers) {
        return jobLevelObject(key, qualifiers, BufferKind.NON_DESCRIBED);
    }

    /**
     * The job-level byte object of a GET for {@code {nspace, WILDCARD}} with a key: {@code PROC {nspace,
     * WILDCARD}} and the one KVAL {@link #find} gives; empty when there is no such value.
     */
    public Optional<byte[]> jobLevelObject(String key, List<Info> qualifiers, BufferKind kind) {
        return find(Rank.WILDCARD, key, qualifiers).map(v -> {
            Packer p = new Packer(kind, 64 + key.length());
            p.proc(Proc.wildcard(nspace));
            p.kval(key, v);
            return p.toByteArray();
        });
    }

    /** {@link #procObject(int, BufferKind)} for non-described buffers. */
    public byte[] procObject(int rank) {
        return procObject(rank, BufferKind.NON_DESCRIBED);
    }

    /**
     * The process-level byte object of one rank: {@code PROC {nspace, rank}} then the KVALs of
     * {@link #procValues}.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_NOT_FOUND} for a rank outside the job
     */
    public byte[] procObject(int rank, BufferKind kind) {
        if (!validRank(rank)) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "rank " + Rank.label(rank) + " is not in job "
                    + nspace + " of " + jobSize + " processes");
        }
        Packer p = new Packer(kind, 256);
        p.proc(new Proc(nspace, rank));
        for (KeyValue kv : procValues(rank)) {
            p.kval(kv);
        }
        return p.toByteArray();
    }

    private byte[] buildReply(BufferKind kind, boolean getObject) {
        Packer p = new Packer(kind, 1024 + jobSize * (getObject ? 160 : 110));
        if (getObject) {
            p.proc(Proc.wildcard(nspace));
        }
        for (Map.Entry<String, Value> e : jobLevel.entrySet()) {
            p.kval(e.getKey(), e.getValue());
        }
        if (!hasData) {
            return p.toByteArray();
        }
        p.kval(Keys.SESSION_ARRAY, infoArray(sessionLevel, null));
        for (int n : replyNodeOrder()) {
            if (nodes[n].name != null) {
                p.kval(Keys.NODE_ARRAY, infoArray(nodes[n].view, null));
            }
        }
        for (AppEntry a : apps) {
            List<Info> nested = null;
            for (LinkedHashMap<String, Value> nv : a.nodeViews) {
                if (nv.containsKey(Keys.HOSTNAME)) {
                    if (nested == null) {
                        nested = new ArrayList<>();
                    }
                    nested.add(Info.of(Keys.NODE_ARRAY, infoArray(nv, null)));
                }
            }
            p.kval(Keys.APP_ARRAY, infoArray(a.view, nested));
        }
        for (int r = 0; r < jobSize; r++) {
            List<KeyValue> vals = procValues(r);
            if (vals.isEmpty()) {
                continue;
            }
            if (getObject) {
                List<Info> infos = new ArrayList<>(vals.size() + 1);
                infos.add(Info.of(Keys.RANK, new Rank(r)));
                for (KeyValue kv : vals) {
                    infos.add(Info.of(kv.key(), kv.value()));
                }
                markEnd(infos);
                p.kval(Keys.PROC_ARRAY, DataArray.ofInfos(infos));
            } else {
                Packer blob = new Packer(kind, 160);
                blob.rank(r);
                for (KeyValue kv : vals) {
                    blob.kval(kv);
                }
                p.kval(Keys.PROC_BLOB, new ByteObject(blob.toByteArray()));
            }
        }
        return p.toByteArray();
    }

    /** The job's nodes in job order, then the other known nodes. */
    private int[] replyNodeOrder() {
        int[] order = new int[nodes.length];
        boolean[] done = new boolean[nodes.length];
        int k = 0;
        for (int n : jobNodes) {
            order[k++] = n;
            done[n] = true;
        }
        for (int n = 0; n < nodes.length; n++) {
            if (!done[n]) {
                order[k++] = n;
            }
        }
        return order;
    }

    private static DataArray infoArray(LinkedHashMap<String, Value> values, List<Info> more) {
        List<Info> infos = new ArrayList<>(values.size() + (more == null ? 0 : more.size()));
        for (Map.Entry<String, Value> e : values.entrySet()) {
            infos.add(Info.of(e.getKey(), e.getValue()));
        }
        if (more != null) {
            infos.addAll(more);
        }
        markEnd(infos);
        return DataArray.ofInfos(infos);
    }

    /** libpmix's info arrays carry ARRAY_END on their last element; ours do too, byte for byte. */
    private static void markEnd(List<Info> infos) {
        if (!infos.isEmpty()) {
            int last = infos.size() - 1;
            Info i = infos.get(last);
            infos.set(last, i.withFlags(i.flags() | InfoDirectives.ARRAY_END));
        }
    }

    private static List<KeyValue> toKvs(Map<String, Value> m) {
        List<KeyValue> out = new ArrayList<>(m.size());
        for (Map.Entry<String, Value> e : m.entrySet()) {
            out.add(new KeyValue(e.getKey(), e.getValue()));
        }
        return Collections.unmodifiableList(out);
    }

    @Override
    public String toString() {
        return "JobData[" + nspace + ", " + jobSize + " procs, " + jobNodes.length + " nodes, " + apps.length
                + " apps, " + localRanks.length + " local]";
    }
}
