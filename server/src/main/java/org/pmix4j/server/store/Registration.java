package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Regex;
import org.pmix4j.api.Value;

/**
 * The first stage of a registration: a walk over the info array of {@code PMIx_server_register_nspace}
 * that files every value by level as the host gave it (containers nested at any depth, loose keys by the
 * level the attribute dictionary declares), checking each value's type and range on the way. Nothing is
 * derived or cross-checked here; the later stages ({@link NodeTable}, {@link Placement},
 * {@link NodeLayout}, {@link AppAssignment}, {@link DerivedKeys}) do that.
 */
final class Registration {
    private final String nspace;
    private final String serverHost;

    final LinkedHashMap<String, Value> job = new LinkedHashMap<>();
    final LinkedHashMap<String, Value> session = new LinkedHashMap<>();
    /** The session id the host gave, or -1. */
    long sessionId = -1;
    /** Every node description, in the order given (the loose node-level keys as one, on first use). */
    final List<NodeDescription> nodes = new ArrayList<>();
    private NodeDescription looseNode;
    /** The application arrays by appnum. */
    final TreeMap<Integer, AppDescription> apps = new TreeMap<>();
    /** Loose app-level keys, or null when there were none. */
    AppDescription looseApp;
    final GivenProcs procs = new GivenProcs();
    /** The node map ({@code PMIX_NODE_MAP} or its raw form), or null. */
    MapText nodeMap;
    /** The process map ({@code PMIX_PROC_MAP} or its raw form), or null. */
    MapText procMap;
    private int procArrays;

    /** A map as the host gave it: its key (for messages) and its text. */
    record MapText(String key, String text) {
    }

    private Registration(String nspace, String serverHost) {
        this.nspace = nspace;
        this.serverHost = serverHost;
    }

    /** Walks the info array of a registration of {@code nspace} on a server running on {@code serverHost}. */
    static Registration walk(String nspace, String serverHost, List<Info> infos) {
        Registration r = new Registration(nspace, serverHost);
        r.walkTop(infos);
        return r;
    }

    /** The sum of the applications' pmix.app.size, or -1 unless every application gives one. */
    long sumOfAppSizes() {
        if (apps.isEmpty()) {
            return -1;
        }
        long sum = 0;
        for (AppDescription a : apps.values()) {
            Value s = a.info.get(Keys.APP_SIZE);
            if (s == null) {
                return -1;
            }
            sum += Keys.number(s);
        }
        return sum;
    }

    private void walkTop(List<Info> infos) {
        for (Info i : infos) {
            String key = i.key();
            Value v = i.value();
            if (key.equals(Keys.SESSION_ARRAY)) {
                sessionArray(array(key, v, "the info list"), "pmix.ssn.arr");
            } else if (key.equals(Keys.JOB_ARRAY)) {
                jobArray(array(key, v, "the info list"), false);
            } else if (key.equals(Keys.APP_ARRAY)) {
                appArray(array(key, v, "the info list"));
            } else if (key.equals(Keys.NODE_ARRAY)) {
                nodes.add(nodeArray(array(key, v, "the info list"), "pmix.node.arr"));
            } else if (key.equals(Keys.PROC_ARRAY)) {
                procArray(array(key, v, "the info list"), -1);
            } else if (isMapKey(key)) {
                map(key, v);
            } else if (key.equals(Keys.REGISTER_NODATA)) {
                continue;
            } else {
                loose(key, v);
            }
        }
    }

    private void loose(String key, Value v) {
        switch (Keys.looseLevel(key)) {
            case SESSION -> sessionPut(key, v, "loose session-level key");
            case NODE -> nodePut(looseNode(), key, v, "loose node-level key (server's node " + serverHost + ")");
            case APP -> {
                if (looseApp == null) {
                    looseApp = new AppDescription(0, "loose app-level keys");
                }
                looseApp.info.put(key, Keys.canonical(key, v, "loose app-level key"));
            }
            default -> jobPut(key, v, "job-level key");
        }
    }

    private NodeDescription looseNode() {
        if (looseNode == null) {
            looseNode = new NodeDescription("loose node-level keys");
            looseNode.hostname = serverHost;
            nodes.add(looseNode);
        }
        return looseNode;
    }

    private void sessionArray(List<Info> infos, String where) {
        boolean haveId = false;
        for (Info i : infos) {
            String key = i.key();
            Value v = i.value();
            if (key.equals(Keys.SESSION_ID)) {
                haveId = true;
                sessionPut(key, v, where);
            } else if (key.equals(Keys.NODE_ARRAY)) {
                nodes.add(nodeArray(array(key, v, where), where + " > pmix.node.arr"));
            } else if (key.equals(Keys.JOB_ARRAY)) {
                jobArray(array(key, v, where), true);
            } else if (Keys.CONTAINERS.contains(key)) {
                throw Keys.bad(where + ": a " + key + " cannot appear inside a session array");
            } else {
                sessionPut(key, v, where);
            }
        }
        if (!haveId) {
            throw Keys.bad(where + ": a session array must contain pmix.session.id (PMIX_SESSION_ID)");
        }
    }

    private void jobArray(List<Info> infos, boolean inSession) {
        String where = inSession ? "pmix.ssn.arr > pmix.job.arr" : "pmix.job.arr";
        for (Info i : infos) {
            if (i.key().equals(Keys.NSPACE)) {
                String ns = stringValue(i, where);
                if (!nspace.equals(ns)) {
                    if (inSession) {
                        return; // describes another job of the session: not ours to store
                    }
                    throw Keys.bad(where + ": pmix.nspace is '" + ns + "' but the job being registered is '"
                            + nspace + "'");
                }
            }
        }
        for (Info i : infos) {
            String key = i.key();
            Value v = i.value();
            if (key.equals(Keys.APP_ARRAY)) {
                appArray(array(key, v, where));
            } else if (key.equals(Keys.NODE_ARRAY)) {
                nodes.add(nodeArray(array(key, v, where), where + " > pmix.node.arr"));
            } else if (key.equals(Keys.PROC_ARRAY)) {
                procArray(array(key, v, where), -1);
            } else if (isMapKey(key)) {
                map(key, v);
            } else if (key.equals(Keys.SESSION_ID)) {
                sessionPut(key, v, where); // the session the job belongs to
            } else if (Keys.CONTAINERS.contains(key)) {
                throw Keys.bad(where + ": a " + key + " cannot appear inside a job array");
            } else {
                jobPut(key, v, where);
            }
        }
    }

    private void appArray(List<Info> infos) {
        String where = "pmix.app.arr";
        long appnum = -1;
        for (Info i : infos) {
            if (i.key().equals(Keys.APPNUM)) {
                long n = Keys.number(Keys.canonical(Keys.APPNUM, i.value(), where));
                if (appnum >= 0 && appnum != n) {
                    throw Keys.bad(where + ": two different pmix.appnum values (" + appnum + " and " + n
                            + ") in one application array");
                }
                appnum = n;
            }
        }
        if (appnum < 0) {
            throw Keys.bad(where + ": an application array must contain pmix.appnum (PMIX_APPNUM)");
        }
        where = "pmix.app.arr (appnum " + appnum + ")";
        AppDescription app = apps.get((int) appnum);
        if (app == null) {
            app = new AppDescription((int) appnum, where);
            apps.put((int) appnum, app);
        }
        for (Info i : infos) {
            String key = i.key();
            Value v = i.value();
            if (key.equals(Keys.APPNUM)) {
                continue;
            } else if (key.equals(Keys.NODE_ARRAY)) {
                app.nodes.add(nodeArray(array(key, v, where), where + " > pmix.node.arr"));
            } else if (key.equals(Keys.PROC_ARRAY)) {
                procArray(array(key, v, where), (int) appnum);
            } else if (Keys.CONTAINERS.contains(key)) {
                throw Keys.bad(where + ": a " + key + " cannot appear inside an application array");
            } else {
                app.info.put(key, Keys.canonical(key, v, where));
            }
        }
    }

    private NodeDescription nodeArray(List<Info> infos, String where) {
        NodeDescription rec = new NodeDescription(where);
        for (Info i : infos) {
            if (Keys.CONTAINERS.contains(i.key())) {
                throw Keys.bad(where + ": a " + i.key() + " cannot appear inside a node array");
            }
            nodePut(rec, i.key(), i.value(), where);
        }
        if (rec.hostname == null && rec.nodeId < 0) {
            throw Keys.bad(where + ": a node array must contain pmix.hname (PMIX_HOSTNAME) or pmix.nodeid"
                    + " (PMIX_NODEID)");
        }
        return rec;
    }

    private void nodePut(NodeDescription rec, String key, Value v, String where) {
        Value c = Keys.canonical(key, v, where);
        if (key.equals(Keys.HOSTNAME)) {
            String h = Keys.string(c);
            if (h.isEmpty()) {
                throw Keys.bad(where + ": pmix.hname is empty");
            }
            if (rec == looseNode) {
                if (!h.equals(serverHost)) {
                    rec.addAlias(h); // the host's name for our node
                }
            } else if (rec.hostname != null && !rec.hostname.equals(h)) {
                throw Keys.bad(where + ": two different pmix.hname values ('" + rec.hostname + "' and '" + h
                        + "') in one node array");
            } else {
                rec.hostname = h;
            }
        } else if (key.equals(Keys.NODEID)) {
            long id = Keys.number(c);
            if (rec.nodeId >= 0 && rec.nodeId != id) {
                throw Keys.bad(where + ": two different pmix.nodeid values (" + rec.nodeId + " and " + id + ")");
            }
            rec.nodeId = id;
        } else {
            if (key.equals(Keys.ALIASES)) {
                for (String a : Keys.string(c).split(",")) {
                    if (!a.isEmpty()) {
                        rec.addAlias(a);
                    }
                }
            }
            rec.info.put(key, c);
        }
    }

    private void procArray(List<Info> infos, int containerApp) {
        String where = "pmix.pdata array #" + (procArrays + 1);
        procArrays++;
        if (infos.isEmpty()) {
            throw Keys.bad(where + ": a process array must start with pmix.rank (PMIX_RANK), it is empty");
        }
        Info first = infos.get(0);
        int rank;
        if (first.key().equals(Keys.RANK)) {
            rank = (int) Keys.number(Keys.canonical(Keys.RANK, first.value(), where));
        } else if (first.key().equals(Keys.PROCID)) {
            if (!(first.value() instanceof Proc p)) {
                throw Keys.bad(where + ": pmix.procid must be a PROC, got " + first.value().type());
            }
            if (!p.nspace().equals(nspace)) {
                throw Keys.bad(where + ": pmix.procid names nspace '" + p.nspace() + "', not '" + nspace + "'");
            }
            if (!Rank.isValid(p.rank())) {
                throw Keys.bad(where + ": pmix.procid has the special rank " + Rank.label(p.rank()));
            }
            rank = p.rank();
        } else {
            throw Keys.bad(where + ": a process array must start with pmix.rank (PMIX_RANK), it starts with "
                    + first.key());
        }
        if (Integer.compareUnsigned(rank, Keys.MAX_JOB_SIZE) >= 0) {
            throw Keys.bad(where + ": rank " + Integer.toUnsignedString(rank) + " is out of range (jobs of at most "
                    + Keys.MAX_JOB_SIZE + " processes)");
        }
        where = "pmix.pdata (rank " + rank + ")";
        GivenProcs.GivenProc given = procs.touch(rank);
        for (int k = 1; k < infos.size(); k++) {
            Info i = infos.get(k);
            String key = i.key();
            Value v = i.value();
            if (Keys.CONTAINERS.contains(key)) {
                throw Keys.bad(where + ": a " + key + " cannot appear inside a process array");
            }
            if (key.equals(Keys.RANK) || key.equals(Keys.PROCID)) {
                long r = key.equals(Keys.RANK) ? Keys.number(Keys.canonical(key, v, where))
                        : v instanceof Proc p ? Integer.toUnsignedLong(p.rank()) : -1;
                if (r != rank) {
                    throw Keys.bad(where + ": the array also names rank " + r);
                }
                continue;
            }
            Value c = Keys.canonical(key, v, where);
            if (key.equals(Keys.LOCAL_RANK)) {
                given.localRank = (int) Keys.number(c);
            } else if (key.equals(Keys.NODE_RANK)) {
                given.nodeRank = (int) Keys.number(c);
            } else if (key.equals(Keys.GLOBAL_RANK)) {
                given.globalRank = (int) Keys.number(c);
            } else if (key.equals(Keys.APP_RANK)) {
                given.appRank = (int) Keys.number(c);
            } else if (key.equals(Keys.APPNUM)) {
                int a = (int) Keys.number(c);
                if (containerApp >= 0 && a != containerApp) {
                    throw Keys.bad(where + ": pmix.appnum " + a + " inside the array of application "
                            + containerApp);
                }
                given.appnum = a;
            } else if (key.equals(Keys.NODEID)) {
                given.nodeId = (int) Keys.number(c);
            } else if (key.equals(Keys.HOSTNAME)) {
                String h = Keys.string(c);
                if (h.isEmpty()) {
                    throw Keys.bad(where + ": pmix.hname is empty");
                }
                given.hostname = h;
            } else {
                given.addOther(key, c);
            }
        }
        if (containerApp >= 0 && given.appnum == null) {
            given.appnum = containerApp;
        }
    }

    private void jobPut(String key, Value v, String where) {
        Value c = Keys.canonical(key, v, where);
        if (key.equals(Keys.NSPACE) && !nspace.equals(Keys.string(c))) {
            throw Keys.bad(where + ": pmix.nspace is '" + Keys.string(c) + "' but the job being registered is '"
                    + nspace + "'");
        }
        if (key.equals(Keys.JOB_SIZE)) {
            Value old = job.get(key);
            if (old != null && !old.equals(c)) {
                throw Keys.bad(where + ": pmix.job.size given twice, as " + Keys.number(old) + " and "
                        + Keys.number(c));
            }
        }
        job.put(key, c);
    }

    private void sessionPut(String key, Value v, String where) {
        Value c = Keys.canonical(key, v, where);
        if (key.equals(Keys.SESSION_ID)) {
            long id = Keys.number(c);
            if (sessionId >= 0 && sessionId != id) {
                throw Keys.bad(where + ": the job is given two session ids, " + sessionId + " and " + id);
            }
            sessionId = id;
            return;
        }
        session.put(key, c);
    }

    private static boolean isMapKey(String key) {
        return key.equals(Keys.NODE_MAP) || key.equals(Keys.PROC_MAP) || key.equals(Keys.NODE_MAP_RAW)
                || key.equals(Keys.PROC_MAP_RAW);
    }

    private void map(String key, Value v) {
        String text;
        if (v instanceof Value.Str s && s.value() != null) {
            text = s.value();
        } else if (v instanceof Regex r) {
            text = r.text();
            if (text == null) {
                throw Keys.bad(key + ": compressed (blob:) regexes are not supported; libpmix 4.2.2 never"
                        + " produces them");
            }
        } else {
            throw Keys.bad(key + " must be a STRING or REGEX, got " + v.type());
        }
        boolean ofNodes = key.equals(Keys.NODE_MAP) || key.equals(Keys.NODE_MAP_RAW);
        if (ofNodes) {
            if (nodeMap != null) {
                throw Keys.bad(key + ": the node map is given twice (also as " + nodeMap.key() + ")");
            }
            nodeMap = new MapText(key, text);
        } else {
            if (procMap != null) {
                throw Keys.bad(key + ": the process map is given twice (also as " + procMap.key() + ")");
            }
            procMap = new MapText(key, text);
        }
    }

    private static List<Info> array(String key, Value v, String where) {
        if (!(v instanceof DataArray a) || a.elementType() != DataType.INFO) {
            String got = v instanceof DataArray a ? "DATA_ARRAY of " + a.elementType() : v.type().toString();
            throw Keys.bad(where + ": " + key + " must be a DATA_ARRAY of INFO, got " + got);
        }
        return a.infos();
    }

    private static String stringValue(Info i, String where) {
        return Keys.string(Keys.canonical(i.key(), i.value(), where));
    }

    // ---- what the walk files -------------------------------------------------------------------------

    /** One node description as the host gave it. */
    static final class NodeDescription {
        final String where;
        String hostname;
        long nodeId = -1;
        List<String> aliases;
        final LinkedHashMap<String, Value> info = new LinkedHashMap<>();

        NodeDescription(String where) {
            this.where = where;
        }

        void addAlias(String a) {
            if (aliases == null) {
                aliases = new ArrayList<>(2);
            }
            if (!aliases.contains(a)) {
                aliases.add(a);
            }
        }
    }

    /** One application description as the host gave it. */
    static final class AppDescription {
        final int appnum;
        final String where;
        final LinkedHashMap<String, Value> info = new LinkedHashMap<>();
        final List<NodeDescription> nodes = new ArrayList<>();

        AppDescription(int appnum, String where) {
            this.appnum = appnum;
            this.where = where;
        }
    }
}
