package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.pmix4j.api.Attribute.Level;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

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
 * <p><b>Shape</b>: the job and session levels as ordered maps, one {@link NodeEntry} per node, one
 * {@link AppEntry} per application and one {@link ProcEntry} per process, built by the stages of
 * {@link JobDataBuilder}.
 *
 * <p><b>Serving</b>: {@link #find} is a typed lookup honouring the Standard's qualifiers; the values by
 * level ({@link #jobValues}, {@link #sessionValues}, {@link #namedNodeValues}, {@link #appValues()},
 * {@link #procValues}) are what the handlers encode into their replies. The handlers keep the encoded
 * replies here ({@link #payload}) until {@link #addJobInfo} changes the job level or {@link #releaseCaches}
 * is called.
 *
 * <p>Not thread-safe: the server touches it only from its event loop.
 */
public final class JobData {
    private final String nspace;
    private final int localProcCount;
    private final String serverHost;
    private final boolean hasData;
    private final long sessionId;
    private final LinkedHashMap<String, Value> jobLevel;
    private final LinkedHashMap<String, Value> sessionLevel;
    /** Every known node; those of the job first in job order, then the others. */
    private final List<NodeEntry> nodes;
    private final List<NodeEntry> jobNodes;
    private final NodeEntry ownNode;
    private final List<AppEntry> apps;
    private final ProcEntry[] procs;
    private final HashMap<String, NodeEntry> nodeByName = new HashMap<>();
    private final HashMap<Long, NodeEntry> nodeById = new HashMap<>();
    private final HashMap<Object, byte[]> payloads = new HashMap<>();

    JobData(String nspace, int localProcCount, String serverHost, DerivedKeys levels, NodeLayout layout,
            List<AppEntry> apps, ProcEntry[] procs) {
        this(nspace, localProcCount, serverHost, true, levels, layout, apps, procs);
    }

    private JobData(String nspace, int localProcCount, String serverHost, boolean hasData, DerivedKeys levels,
            NodeLayout layout, List<AppEntry> apps, ProcEntry[] procs) {
        this.nspace = nspace;
        this.localProcCount = localProcCount;
        this.serverHost = serverHost;
        this.hasData = hasData;
        this.sessionId = levels.sessionId();
        this.jobLevel = levels.job();
        this.sessionLevel = levels.session();
        this.jobNodes = layout.jobOrder();
        this.nodes = jobOrderFirst(layout.nodes(), jobNodes);
        this.ownNode = layout.own();
        this.apps = apps;
        this.procs = procs;
        for (NodeEntry e : layout.nodes()) {
            if (e.name() != null) {
                nodeByName.putIfAbsent(e.name(), e);
            }
            if (e.aliases() != null) {
                for (String a : e.aliases()) {
                    nodeByName.putIfAbsent(a, e);
                }
            }
            if (e.id() >= 0) {
                nodeById.putIfAbsent(e.id(), e);
            }
        }
    }

    private static List<NodeEntry> jobOrderFirst(List<NodeEntry> all, List<NodeEntry> jobNodes) {
        List<NodeEntry> out = new ArrayList<>(all.size());
        boolean[] done = new boolean[all.size()];
        for (NodeEntry n : jobNodes) {
            out.add(n);
            done[n.index()] = true;
        }
        for (NodeEntry n : all) {
            if (!done[n.index()]) {
                out.add(n);
            }
        }
        return out;
    }

    /** A registration with {@code PMIX_REGISTER_NODATA}: the namespace exists, no job data is kept. */
    static JobData noData(String nspace, int localProcCount, String serverHost) {
        DerivedKeys none = new DerivedKeys(DerivedKeys.NO_SESSION, new LinkedHashMap<>(), new LinkedHashMap<>(), 0);
        return new JobData(nspace, localProcCount, serverHost, false, none, NodeLayout.NONE, List.of(),
                new ProcEntry[0]);
    }

    // ---- registration ---------------------------------------------------------------------------------

    /**
     * The job data of {@code PMIx_server_register_nspace(nspace, nlocalprocs, info)} on a server running on
     * {@code serverHostname} (which decides the "local" node). See the class comment for what is accepted
     * and derived.
     *
     * @throws PmixException with {@link PmixStatus#PMIX_ERR_BAD_PARAM} for bad input
     */
    public static JobData register(String nspace, int localProcCount, List<Info> info, String serverHostname) {
        return register(nspace, localProcCount, info, serverHostname, SessionDirs.NONE);
    }

    /** As {@link #register(String, int, List, String)}, also serving the given session directories. */
    public static JobData register(String nspace, int localProcCount, List<Info> info, String serverHostname,
            SessionDirs dirs) {
        return new JobDataBuilder(nspace, localProcCount, serverHostname, dirs).build(info);
    }

    // ---- facts ----------------------------------------------------------------------------------------

    public String nspace() {
        return nspace;
    }

    /** The number of local processes the host announced at registration. */
    public int localProcCount() {
        return localProcCount;
    }

    public String serverHostname() {
        return serverHost;
    }

    /** False for a registration with {@code PMIX_REGISTER_NODATA}. */
    public boolean hasData() {
        return hasData;
    }

    public int jobSize() {
        return procs.length;
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
        List<String> out = new ArrayList<>(jobNodes.size());
        for (NodeEntry n : jobNodes) {
            out.add(n.name() != null ? n.name() : "#" + n.id());
        }
        return Collections.unmodifiableList(out);
    }

    public int numApps() {
        return apps.size();
    }

    /** The ranks on the server's own node, ascending. */
    public int[] localRanks() {
        return ownNode != null ? ownNode.ranks().clone() : new int[0];
    }

    public boolean isLocal(int rank) {
        return validRank(rank) && ownNode != null && procs[rank].node() == ownNode;
    }

    /** The host name of the rank's node, when known. */
    public Optional<String> hostnameOf(int rank) {
        return validRank(rank) && procs[rank].node() != null ? Optional.ofNullable(procs[rank].node().name())
                : Optional.empty();
    }

    /** The node id of the rank's node, or -1 when unknown. */
    public long nodeIdOf(int rank) {
        return validRank(rank) && procs[rank].node() != null ? procs[rank].node().id() : -1;
    }

    /** The rank's local rank, or -1 when unknown. */
    public int localRankOf(int rank) {
        return validRank(rank) ? procs[rank].localRank() : -1;
    }

    /** The rank's node rank, or -1 when unknown. */
    public int nodeRankOf(int rank) {
        return validRank(rank) ? procs[rank].nodeRank() : -1;
    }

    /** The rank's application number, or -1 when the rank is not in the job. */
    public int appnumOf(int rank) {
        return validRank(rank) ? procs[rank].app().appnum() : -1;
    }

    /** This job's ranks on the node of that name (or alias), ascending; empty when none or unknown. */
    public int[] ranksOn(String hostname) {
        NodeEntry n = nodeByName.get(hostname);
        return n == null ? new int[0] : n.ranks().clone();
    }

    private boolean validRank(int rank) {
        return rank >= 0 && rank < procs.length;
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
        NodeEntry n = nodeByName.get(hostname);
        return n == null ? List.of() : toKvs(n.view());
    }

    /**
     * The node-level values of every node whose name is known ({@code pmix.hname}, {@code pmix.nodeid},
     * ...): the job's nodes in job order, then the other known nodes.
     */
    public List<List<KeyValue>> namedNodeValues() {
        List<List<KeyValue>> out = new ArrayList<>(nodes.size());
        for (NodeEntry n : nodes) {
            if (n.name() != null) {
                out.add(toKvs(n.view()));
            }
        }
        return out;
    }

    /** The app-level values of that application; empty when unknown. */
    public List<KeyValue> appValues(int appnum) {
        AppEntry a = app(appnum);
        return a == null ? List.of() : toKvs(a.view());
    }

    /**
     * The values of one application: its app-level values ({@code pmix.appnum} first) and its own
     * descriptions of the nodes whose name it gives.
     */
    public record AppValues(List<KeyValue> values, List<List<KeyValue>> namedNodes) {
    }

    /** The values of every application, by appnum. */
    public List<AppValues> appValues() {
        List<AppValues> out = new ArrayList<>(apps.size());
        for (AppEntry a : apps) {
            List<List<KeyValue>> named = new ArrayList<>();
            for (LinkedHashMap<String, Value> nv : a.nodeViews()) {
                if (nv.containsKey(Keys.HOSTNAME)) {
                    named.add(toKvs(nv));
                }
            }
            out.add(new AppValues(toKvs(a.view()), named));
        }
        return out;
    }

    /**
     * The process-level values of a rank, as they go into its {@code pmix.pblob} (see
     * {@link ProcEntry#values}). Empty for a rank outside the job.
     */
    public List<KeyValue> procValues(int rank) {
        return validRank(rank) ? procs[rank].values() : List.of();
    }

    // ---- lookups --------------------------------------------------------------------------------------

    /**
     * The value of {@code key} for {@code rank} (a rank of the job, or {@link Rank#WILDCARD} for the job as a
     * whole), following the Standard's qualifiers and a 4.2.2 client's rules:
     * <ul>
     * <li>the level is the one named by a {@code PMIX_SESSION_INFO}, {@code PMIX_JOB_INFO},
     * {@code PMIX_APP_INFO} or {@code PMIX_NODE_INFO} qualifier (the last one given wins), else the level the
     * attribute dictionary declares for the key (node, app, session: a 4.2.2 client's lists), else job;</li>
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
        Level level = null;
        long sid = -1;
        long qNodeId = -1;
        String qHost = null;
        long qApp = -1;
        if (qualifiers != null) {
            for (Info q : qualifiers) {
                String k = q.key();
                if (k.equals(Keys.JOB_INFO) && q.isTrue()) {
                    level = Level.JOB;
                } else if (k.equals(Keys.NODE_INFO) && q.isTrue()) {
                    level = Level.NODE;
                } else if (k.equals(Keys.APP_INFO) && q.isTrue()) {
                    level = Level.APP;
                } else if (k.equals(Keys.SESSION_INFO) && q.isTrue()) {
                    level = Level.SESSION;
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
            ProcEntry p = procs[rank];
            Value v = p.value(key);
            if (v == null) {
                v = switch (level) {
                    case NODE -> nodeValue(nodeNamed ? node(qNodeId, qHost) : p.node(), key);
                    case APP -> appValue(qApp >= 0 ? app(qApp) : p.app(), qNodeId, qHost, key);
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
            case APP -> Optional.ofNullable(appValue(qApp >= 0 ? app(qApp) : apps.size() == 1 ? apps.get(0) : null,
                    qNodeId, qHost, key)).orElse(jobLevel.get(key));
            default -> jobLevel.get(key);
        };
        return Optional.ofNullable(v);
    }

    private NodeEntry node(long id, String host) {
        return id >= 0 ? nodeById.get(id) : nodeByName.get(host);
    }

    private static Value nodeValue(NodeEntry n, String key) {
        return n != null ? n.view().get(key) : null;
    }

    private AppEntry app(long appnum) {
        for (AppEntry a : apps) {
            if (a.appnum() == appnum) {
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
            for (LinkedHashMap<String, Value> nv : a.nodeViews()) {
                Value id = nv.get(Keys.NODEID);
                Value h = nv.get(Keys.HOSTNAME);
                boolean match = nodeId >= 0 ? id != null && Keys.number(id) == nodeId
                        : h != null && host.equals(Keys.string(h));
                if (match && nv.containsKey(key)) {
                    return nv.get(key);
                }
            }
        }
        return a.view().get(key);
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

    /**
     * A payload made from this job data (an encoded reply), built by {@code build} on first use for
     * {@code form} and kept until the job data changes: the handlers that send job data keep their encoded
     * replies here, built once per job and shared by all its clients. Do not modify the array.
     */
    public byte[] payload(Object form, Supplier<byte[]> build) {
        byte[] b = payloads.get(form);
        if (b == null) {
            b = Objects.requireNonNull(build.get(), "payload");
            payloads.put(form, b);
        }
        return b;
    }

    /** Forgets the kept payloads (they are rebuilt on the next request). */
    public void releaseCaches() {
        payloads.clear();
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
        return "JobData[" + nspace + ", " + procs.length + " procs, " + jobNodes.size() + " nodes, " + apps.size()
                + " apps, " + (ownNode != null ? ownNode.ranks().length : 0) + " local]";
    }
}
