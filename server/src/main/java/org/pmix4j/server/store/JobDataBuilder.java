package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Regex;
import org.pmix4j.api.Value;
import org.pmix4j.server.regex.NodeRegex;

/**
 * Turns the info array of {@code PMIx_server_register_nspace} into a {@link JobData}: first a walk that
 * files every value by level (containers nested at any depth, loose keys by the 4.2.2 client's lists),
 * then a resolution that merges node descriptions, places processes on nodes, assigns applications and
 * derives what the host left out. One builder per registration; not reusable.
 */
final class JobDataBuilder {
    private final String nspace;
    private final int nlocalprocs;
    private final String serverHost;
    private final SessionDirs dirs;

    // ---- what the walk collects ------------------------------------------------------------------
    private final LinkedHashMap<String, Value> job = new LinkedHashMap<>();
    private final LinkedHashMap<String, Value> session = new LinkedHashMap<>();
    private long sessionId = -1;
    private final List<NodeRec> nodeRecs = new ArrayList<>();
    private NodeRec looseNode;
    private final TreeMap<Integer, AppRec> appRecs = new TreeMap<>();
    private AppRec looseApp;
    private final ProcTable procs = new ProcTable();
    private String nodeMap;
    private String nodeMapKey;
    private String procMap;
    private String procMapKey;
    private int procArrays;

    JobDataBuilder(String nspace, int nlocalprocs, String serverHost, SessionDirs dirs) {
        if (nspace == null || nspace.isEmpty() || nspace.length() > Proc.MAX_NSPACE_LENGTH) {
            throw Keys.bad("nspace '" + nspace + "' is empty or longer than " + Proc.MAX_NSPACE_LENGTH
                    + " characters");
        }
        if (nlocalprocs < 0 || nlocalprocs > Keys.MAX_JOB_SIZE) {
            throw Keys.bad("nlocalprocs = " + nlocalprocs + " is out of range (0.." + Keys.MAX_JOB_SIZE + ")");
        }
        if (serverHost == null || serverHost.isEmpty()) {
            throw Keys.bad("the server's hostname is missing");
        }
        this.nspace = nspace;
        this.nlocalprocs = nlocalprocs;
        this.serverHost = serverHost;
        this.dirs = dirs == null ? SessionDirs.NONE : dirs;
    }

    JobData build(List<Info> info) {
        if (info == null) {
            info = List.of();
        }
        for (Info i : info) {
            if (i == null) {
                throw Keys.bad("registration of " + nspace + ": the info list holds a null element");
            }
            if (Keys.REGISTER_NODATA.equals(i.key()) && i.isTrue()) {
                return JobData.noData(nspace, nlocalprocs, serverHost);
            }
        }
        walkTop(info);
        return resolve(info.isEmpty());
    }

    // =================================================================================================
    // The walk
    // =================================================================================================

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
                nodeRecs.add(nodeArray(array(key, v, "the info list"), "pmix.node.arr"));
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
                    looseApp = new AppRec(0, "loose app-level keys");
                }
                looseApp.info.put(key, Keys.canonical(key, v, "loose app-level key"));
            }
            default -> jobPut(key, v, "job-level key");
        }
    }

    private NodeRec looseNode() {
        if (looseNode == null) {
            looseNode = new NodeRec("loose node-level keys");
            looseNode.hostname = serverHost;
            nodeRecs.add(looseNode);
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
                nodeRecs.add(nodeArray(array(key, v, where), where + " > pmix.node.arr"));
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
                nodeRecs.add(nodeArray(array(key, v, where), where + " > pmix.node.arr"));
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
        AppRec app = appRecs.get((int) appnum);
        if (app == null) {
            app = new AppRec((int) appnum, where);
            appRecs.put((int) appnum, app);
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

    private NodeRec nodeArray(List<Info> infos, String where) {
        NodeRec rec = new NodeRec(where);
        for (Info i : infos) {
            if (Keys.CONTAINERS.contains(i.key())) {
                throw Keys.bad(where + ": a " + i.key() + " cannot appear inside a node array");
            }
            nodePut(rec, i.key(), i.value(), where);
        }
        if (rec.hostname == null && rec.nodeid < 0) {
            throw Keys.bad(where + ": a node array must contain pmix.hname (PMIX_HOSTNAME) or pmix.nodeid"
                    + " (PMIX_NODEID)");
        }
        return rec;
    }

    private void nodePut(NodeRec rec, String key, Value v, String where) {
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
            if (rec.nodeid >= 0 && rec.nodeid != id) {
                throw Keys.bad(where + ": two different pmix.nodeid values (" + rec.nodeid + " and " + id + ")");
            }
            rec.nodeid = id;
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
        procs.touch(rank);
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
                procs.lrank = procs.set(procs.lrank, rank, (int) Keys.number(c));
            } else if (key.equals(Keys.NODE_RANK)) {
                procs.nrank = procs.set(procs.nrank, rank, (int) Keys.number(c));
            } else if (key.equals(Keys.GLOBAL_RANK)) {
                procs.grank = procs.set(procs.grank, rank, (int) Keys.number(c));
            } else if (key.equals(Keys.APP_RANK)) {
                procs.apprank = procs.set(procs.apprank, rank, (int) Keys.number(c));
            } else if (key.equals(Keys.APPNUM)) {
                int a = (int) Keys.number(c);
                if (containerApp >= 0 && a != containerApp) {
                    throw Keys.bad(where + ": pmix.appnum " + a + " inside the array of application "
                            + containerApp);
                }
                procs.appnum = procs.set(procs.appnum, rank, a);
            } else if (key.equals(Keys.NODEID)) {
                procs.nodeid = procs.set(procs.nodeid, rank, (int) Keys.number(c));
            } else if (key.equals(Keys.HOSTNAME)) {
                String h = Keys.string(c);
                if (h.isEmpty()) {
                    throw Keys.bad(where + ": pmix.hname is empty");
                }
                procs.setHostname(rank, h);
            } else {
                procs.addExtra(rank, key, c);
            }
        }
        if (containerApp >= 0 && procs.get(procs.appnum, rank) < 0) {
            procs.appnum = procs.set(procs.appnum, rank, containerApp);
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
        boolean nodes = key.equals(Keys.NODE_MAP) || key.equals(Keys.NODE_MAP_RAW);
        if (nodes) {
            if (nodeMap != null) {
                throw Keys.bad(key + ": the node map is given twice (also as " + nodeMapKey + ")");
            }
            nodeMap = text;
            nodeMapKey = key;
        } else {
            if (procMap != null) {
                throw Keys.bad(key + ": the process map is given twice (also as " + procMapKey + ")");
            }
            procMap = text;
            procMapKey = key;
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

    // =================================================================================================
    // Resolution
    // =================================================================================================

    private JobData resolve(boolean emptyInfo) {
        Nodes nodes = new Nodes();
        for (NodeRec r : nodeRecs) {
            nodes.merge(r);
        }

        // ---- the maps -------------------------------------------------------------------------------
        List<String> mapNodes = null;
        int[][] mapProcs = null;
        if (nodeMap != null) {
            mapNodes = parse(() -> NodeRegex.parseNodes(nodeMap), nodeMapKey);
            if (mapNodes.size() > Keys.MAX_NODES) {
                throw Keys.bad(nodeMapKey + ": " + mapNodes.size() + " nodes is more than " + Keys.MAX_NODES);
            }
        }
        if (procMap != null) {
            if (mapNodes == null) {
                throw Keys.bad(procMapKey + " is given without a node map (PMIX_NODE_MAP): the process map"
                        + " cannot be placed");
            }
            mapProcs = parse(() -> NodeRegex.parseProcsCompact(procMap), procMapKey);
            if (mapProcs.length != mapNodes.size()) {
                throw Keys.bad(procMapKey + " lists " + mapProcs.length + " nodes but " + nodeMapKey + " lists "
                        + mapNodes.size());
            }
        }
        int[] jobNodeOrder = null;
        if (mapNodes != null) {
            jobNodeOrder = new int[mapNodes.size()];
            HashMap<Integer, String> seen = new HashMap<>();
            for (int n = 0; n < mapNodes.size(); n++) {
                int idx = nodes.byName(mapNodes.get(n), true);
                String prev = seen.put(idx, mapNodes.get(n));
                if (prev != null) {
                    throw Keys.bad(nodeMapKey + ": node '" + mapNodes.get(n) + "' is listed twice"
                            + (prev.equals(mapNodes.get(n)) ? "" : " (also as '" + prev + "')"));
                }
                jobNodeOrder[n] = idx;
            }
        }

        // ---- the job size ---------------------------------------------------------------------------
        long mapTotal = -1;
        if (mapProcs != null) {
            mapTotal = 0;
            for (int[] r : mapProcs) {
                mapTotal += r.length;
            }
        }
        Value jsv = job.get(Keys.JOB_SIZE);
        int jobSize;
        if (jsv != null) {
            jobSize = (int) Keys.number(jsv);
            if (mapTotal >= 0 && mapTotal != jobSize) {
                throw Keys.bad(procMapKey + " places " + mapTotal + " processes but pmix.job.size is " + jobSize);
            }
        } else if (mapTotal >= 0) {
            jobSize = (int) mapTotal;
        } else if (procs.maxRank >= 0) {
            jobSize = procs.maxRank + 1;
        } else if (sumOfAppSizes() >= 0) {
            jobSize = (int) sumOfAppSizes();
        } else {
            int maxPeer = nodes.maxPeerRank();
            jobSize = maxPeer >= 0 ? maxPeer + 1 : nlocalprocs;
        }
        if (jobSize > Keys.MAX_JOB_SIZE) {
            throw Keys.bad("job size " + jobSize + " is out of range (at most " + Keys.MAX_JOB_SIZE + ")");
        }
        if (procs.maxRank >= jobSize) {
            throw Keys.bad("pmix.pdata (rank " + procs.maxRank + "): rank is not below the job size " + jobSize);
        }

        // ---- placement ------------------------------------------------------------------------------
        int[] nodeOf = new int[jobSize];
        Arrays.fill(nodeOf, -1);
        boolean anyPlacement = false;
        if (mapProcs != null) {
            for (int n = 0; n < mapProcs.length; n++) {
                for (int r : mapProcs[n]) {
                    if (r >= jobSize) {
                        throw Keys.bad(procMapKey + ": rank " + r + " (on node " + mapNodes.get(n)
                                + ") is not below the job size " + jobSize);
                    }
                    if (nodeOf[r] >= 0) {
                        throw Keys.bad(procMapKey + ": rank " + r + " is placed twice (on "
                                + nodes.get(nodeOf[r]).displayName() + " and " + mapNodes.get(n) + ")");
                    }
                    nodeOf[r] = jobNodeOrder[n];
                }
            }
            anyPlacement = mapTotal > 0;
        } else {
            // the hosts' local peer lists
            for (int n = 0; n < nodes.size(); n++) {
                NodeEntry nd = nodes.get(n);
                int[] peers = nd.hostPeers(jobSize);
                if (peers == null) {
                    continue;
                }
                for (int r : peers) {
                    if (nodeOf[r] >= 0 && nodeOf[r] != n) {
                        throw Keys.bad("pmix.lpeers: rank " + r + " is listed on two nodes, "
                                + nodes.get(nodeOf[r]).displayName() + " and " + nd.displayName());
                    }
                    nodeOf[r] = n;
                    anyPlacement = true;
                }
            }
        }
        // the processes' own hostname / nodeid
        boolean[] inMap = null;
        if (jobNodeOrder != null) {
            inMap = new boolean[nodes.size()];
            for (int n : jobNodeOrder) {
                inMap[n] = true;
            }
        }
        for (int r = 0; r <= procs.maxRank; r++) {
            String h = procs.hostname(r);
            int id = procs.get(procs.nodeid, r);
            if (h == null && id < 0) {
                continue;
            }
            String where = "pmix.pdata (rank " + r + ")";
            int byName = h == null ? -1 : nodes.byName(h, false);
            int byId = id < 0 ? -1 : nodes.byId(id);
            int idx;
            if (byName >= 0 && byId >= 0 && byName != byId) {
                throw Keys.bad(where + ": pmix.hname '" + h + "' and pmix.nodeid " + id + " name different nodes ("
                        + nodes.get(byName).displayName() + " and " + nodes.get(byId).displayName() + ")");
            } else if (byName >= 0) {
                idx = byName;
                if (id >= 0) {
                    nodes.setId(idx, id, where);
                }
            } else if (byId >= 0) {
                idx = byId;
                if (h != null) {
                    nodes.name(idx, h, where);
                }
            } else if (h != null) {
                idx = nodes.byName(h, true);
                if (id >= 0) {
                    nodes.setId(idx, id, where);
                }
            } else {
                idx = nodes.createWithId(id);
            }
            if (inMap != null && nodeOf[r] < 0 && (idx >= inMap.length || !inMap[idx])) {
                throw Keys.bad(where + ": the process says it is on " + nodes.get(idx).displayName() + ", which is"
                        + " not in " + nodeMapKey);
            }
            if (nodeOf[r] >= 0 && nodeOf[r] != idx) {
                throw Keys.bad(where + ": the process says it is on " + nodes.get(idx).displayName() + " but "
                        + (mapProcs != null ? procMapKey : "pmix.lpeers") + " places it on "
                        + nodes.get(nodeOf[r]).displayName());
            }
            nodeOf[r] = idx;
            anyPlacement = true;
        }
        int own = nodes.byName(serverHost, false);
        if (!anyPlacement && jobSize > 0 && jobSize == nlocalprocs) {
            // nothing says where the processes are, and all of them are ours: they are on this node
            own = own >= 0 ? own : nodes.byName(serverHost, true);
            Arrays.fill(nodeOf, own);
        }

        // ---- per node: ranks, derived keys, job order -----------------------------------------------
        int[] count = new int[nodes.size()];
        for (int r = 0; r < jobSize; r++) {
            if (nodeOf[r] >= 0) {
                count[nodeOf[r]]++;
            }
        }
        int[][] ranksOf = new int[nodes.size()][];
        for (int n = 0; n < nodes.size(); n++) {
            ranksOf[n] = new int[count[n]];
            count[n] = 0;
        }
        for (int r = 0; r < jobSize; r++) {
            int n = nodeOf[r];
            if (n >= 0) {
                ranksOf[n][count[n]++] = r;
            }
        }
        boolean allPlaced = true;
        for (int r = 0; r < jobSize && allPlaced; r++) {
            allPlaced = nodeOf[r] >= 0;
        }
        if (jobNodeOrder == null) {
            // no node map: the nodes that host processes, by their lowest rank
            List<Integer> hosting = new ArrayList<>();
            for (int n = 0; n < nodes.size(); n++) {
                if (ranksOf[n].length > 0) {
                    hosting.add(n);
                }
            }
            hosting.sort((a, b) -> Integer.compare(ranksOf[a][0], ranksOf[b][0]));
            jobNodeOrder = hosting.stream().mapToInt(Integer::intValue).toArray();
        }
        nodes.assignIds(jobNodeOrder);

        int[] lrank = new int[jobSize];
        Arrays.fill(lrank, -1);
        for (int n = 0; n < nodes.size(); n++) {
            int[] rs = ranksOf[n];
            if (rs.length > 0xffff + 1) {
                throw Keys.bad("node " + nodes.get(n).displayName() + " hosts " + rs.length + " processes: local"
                        + " ranks would not fit PMIX_LOCAL_RANK's 16 bits");
            }
            for (int k = 0; k < rs.length; k++) {
                lrank[rs[k]] = k;
            }
        }
        for (int n = 0; n < nodes.size(); n++) {
            nodes.get(n).finish(ranksOf[n], allPlaced);
        }

        // ---- host-given per-process values override the derived ones -------------------------------
        int[] nrank = null;
        if (procs.lrank != null) {
            overlay(lrank, procs.lrank, jobSize);
        }
        if (procs.nrank != null) {
            nrank = lrank.clone();
            overlay(nrank, procs.nrank, jobSize);
        }
        int[] grank = null;
        if (procs.grank != null) {
            grank = new int[jobSize];
            Arrays.fill(grank, -1);
            overlay(grank, procs.grank, jobSize);
        }

        // ---- applications ---------------------------------------------------------------------------
        Apps apps = resolveApps(jobSize, nodes);

        // ---- job and session level: what the host gave, then what we derive -------------------------
        LinkedHashMap<String, Value> jobLevel = new LinkedHashMap<>(job);
        int numJobNodes = jobNodeOrder.length;
        Value nn = jobLevel.get(Keys.NUM_NODES);
        if (nn != null && mapNodes != null && Keys.number(nn) != mapNodes.size()) {
            throw Keys.bad("pmix.num.nodes is " + Keys.number(nn) + " but " + nodeMapKey + " lists "
                    + mapNodes.size() + " nodes");
        }
        Value na = jobLevel.get(Keys.NUM_APPS);
        if (na != null && Keys.number(na) < apps.list.length) {
            throw Keys.bad("pmix.job.napps is " + Keys.number(na) + " but the job has " + apps.list.length
                    + " applications");
        }
        if (!emptyInfo || jobSize > 0) {
            jobLevel.putIfAbsent(Keys.JOBID, new Value.Str(nspace));
            jobLevel.putIfAbsent(Keys.JOB_SIZE, new Value.UInt32(jobSize));
            jobLevel.putIfAbsent(Keys.MAX_PROCS, new Value.UInt32(jobSize));
            if (numJobNodes > 0) {
                jobLevel.putIfAbsent(Keys.NUM_NODES, new Value.UInt32(numJobNodes));
            }
            if (apps.list.length > 0) {
                jobLevel.putIfAbsent(Keys.NUM_APPS, new Value.UInt32(apps.list.length));
            }
            if (numJobNodes > 0 && !jobLevel.containsKey(Keys.NODE_LIST)) {
                StringBuilder sb = new StringBuilder();
                for (int n : jobNodeOrder) {
                    String name = nodes.get(n).name;
                    if (name == null) {
                        sb = null;
                        break;
                    }
                    if (sb.length() > 0) {
                        sb.append(',');
                    }
                    sb.append(name);
                }
                if (sb != null) {
                    jobLevel.put(Keys.NODE_LIST, new Value.Str(sb.toString()));
                }
            }
        }
        if (dirs.nspaceDir() != null && !jobLevel.containsKey(Keys.NSDIR)) {
            String d = dirs.nspaceDir().apply(nspace);
            if (d != null) {
                jobLevel.put(Keys.NSDIR, new Value.Str(d));
            }
        }
        int offset = 0;
        Value ov = jobLevel.get(Keys.OFFSET);
        if (ov != null) {
            offset = (int) Keys.number(ov);
            if (jobSize > 0 && Integer.toUnsignedLong(offset) + jobSize - 1 > Integer.toUnsignedLong(Rank.VALID_MAX)) {
                throw Keys.bad("pmix.offset " + Integer.toUnsignedString(offset) + " + job size " + jobSize
                        + " runs past the largest valid rank");
            }
        }

        LinkedHashMap<String, Value> sessionLevel = new LinkedHashMap<>();
        sessionLevel.put(Keys.SESSION_ID, new Value.UInt32((int) (sessionId >= 0 ? sessionId : 0xffff_ffffL)));
        sessionLevel.putAll(session);
        if (!emptyInfo || jobSize > 0) {
            // the Standard lets a session-level PMIX_MAX_PROCS stand for the universe size
            Value sessionMax = session.get(Keys.MAX_PROCS);
            sessionLevel.putIfAbsent(Keys.UNIV_SIZE, sessionMax != null ? sessionMax : new Value.UInt32(jobSize));
        }
        if (dirs.tmpdir() != null) {
            sessionLevel.putIfAbsent(Keys.TMPDIR, new Value.Str(dirs.tmpdir()));
        }

        // ---- local processes ------------------------------------------------------------------------
        int[] local = own >= 0 ? ranksOf[own] : new int[0];
        Map<Integer, String> procDirs = new HashMap<>();
        if (dirs.procDir() != null) {
            for (int r : local) {
                if (!procs.hasExtra(r, Keys.PROCDIR)) {
                    String d = dirs.procDir().apply(nspace, r);
                    if (d != null) {
                        procDirs.put(r, d);
                    }
                }
            }
        }

        return new JobData(nspace, nlocalprocs, serverHost, jobSize, sessionId >= 0 ? sessionId : 0xffff_ffffL,
                jobLevel, sessionLevel, nodes.toArray(), jobNodeOrder, own, apps.list, nodeOf, lrank,
                nrank, grank, offset, apps.appOf, apps.apprank, procs.extrasFor(jobSize), procDirs, local);
    }

    private static void overlay(int[] target, int[] explicit, int n) {
        int m = Math.min(n, explicit.length);
        for (int r = 0; r < m; r++) {
            if (explicit[r] != -1) {
                target[r] = explicit[r];
            }
        }
    }

    private long sumOfAppSizes() {
        if (appRecs.isEmpty()) {
            return -1;
        }
        long sum = 0;
        for (AppRec a : appRecs.values()) {
            Value s = a.info.get(Keys.APP_SIZE);
            if (s == null) {
                return -1;
            }
            sum += Keys.number(s);
        }
        return sum;
    }

    private interface Parse<T> {
        T run();
    }

    private static <T> T parse(Parse<T> p, String key) {
        try {
            return p.run();
        } catch (PmixException e) {
            throw Keys.bad(key + ": " + e.detail());
        }
    }

    // ---- applications -------------------------------------------------------------------------------

    /** The applications, sorted by appnum, and each process's application and rank within it. */
    private record Apps(AppEntry[] list, int[] appOf, int[] apprank) {
    }

    private Apps resolveApps(int jobSize, Nodes nodes) {
        TreeMap<Integer, AppRec> recs = new TreeMap<>(appRecs);
        if (looseApp != null) {
            if (recs.size() > 1 || (recs.size() == 1 && !recs.containsKey(0))) {
                throw Keys.bad("loose app-level keys (" + String.join(", ", looseApp.info.keySet())
                        + ") but the job has applications " + recs.keySet() + ": use one pmix.app.arr per"
                        + " application");
            }
            AppRec a0 = recs.get(0);
            if (a0 == null) {
                recs.put(0, looseApp);
            } else {
                looseApp.info.forEach(a0.info::putIfAbsent);
            }
        }
        int[] explicit = procs.appnum;
        int[] appnumOf = new int[jobSize];
        Arrays.fill(appnumOf, -1);
        boolean anyExplicit = false;
        if (explicit != null) {
            for (int r = 0; r < Math.min(jobSize, explicit.length); r++) {
                if (explicit[r] >= 0) {
                    appnumOf[r] = explicit[r];
                    anyExplicit = true;
                }
            }
        }
        // appnums named only by processes get an (empty) application of their own
        if (anyExplicit) {
            for (int r = 0; r < jobSize; r++) {
                int a = appnumOf[r];
                if (a >= 0 && !recs.containsKey(a)) {
                    recs.put(a, new AppRec(a, "pmix.pdata (rank " + r + ")"));
                }
            }
        }
        if (recs.isEmpty() && jobSize > 0) {
            recs.put(0, new AppRec(0, "the job"));
        }
        // processes without an appnum: contiguous blocks by app sizes or leaders, or the only app
        boolean missing = false;
        for (int r = 0; r < jobSize && !missing; r++) {
            missing = appnumOf[r] < 0;
        }
        if (missing) {
            if (recs.size() == 1) {
                int a = recs.firstKey();
                for (int r = 0; r < jobSize; r++) {
                    if (appnumOf[r] < 0) {
                        appnumOf[r] = a;
                    }
                }
            } else if (!anyExplicit && allHave(recs, Keys.APP_SIZE)) {
                long sum = 0;
                for (AppRec a : recs.values()) {
                    sum += Keys.number(a.info.get(Keys.APP_SIZE));
                }
                if (sum != jobSize) {
                    throw Keys.bad("the applications' pmix.app.size values add up to " + sum + " but the job has "
                            + jobSize + " processes");
                }
                int r = 0;
                for (AppRec a : recs.values()) {
                    long size = Keys.number(a.info.get(Keys.APP_SIZE));
                    for (long k = 0; k < size; k++) {
                        appnumOf[r++] = a.appnum;
                    }
                }
            } else if (!anyExplicit && allHave(recs, Keys.APPLDR)) {
                List<AppRec> byLeader = new ArrayList<>(recs.values());
                byLeader.sort((x, y) -> Long.compare(Keys.number(x.info.get(Keys.APPLDR)),
                        Keys.number(y.info.get(Keys.APPLDR))));
                if (Keys.number(byLeader.get(0).info.get(Keys.APPLDR)) != 0) {
                    throw Keys.bad("no application has pmix.aldr 0, so rank 0 belongs to none");
                }
                for (int k = 0; k < byLeader.size(); k++) {
                    long from = Keys.number(byLeader.get(k).info.get(Keys.APPLDR));
                    long to = k + 1 < byLeader.size() ? Keys.number(byLeader.get(k + 1).info.get(Keys.APPLDR))
                            : jobSize;
                    if (to > jobSize || (k + 1 < byLeader.size() && to == from)) {
                        throw Keys.bad("pmix.aldr " + to + " of an application is not a usable rank in a job of "
                                + jobSize);
                    }
                    for (long r = from; r < to; r++) {
                        appnumOf[(int) r] = byLeader.get(k).appnum;
                    }
                }
            } else {
                int r = 0;
                while (appnumOf[r] >= 0) {
                    r++;
                }
                throw Keys.bad("the job has " + recs.size() + " applications " + recs.keySet()
                        + " but rank " + r + " has no pmix.appnum, and the applications do not all give"
                        + " pmix.app.size (or pmix.aldr) to place the processes by");
            }
        }
        AppEntry[] list = new AppEntry[recs.size()];
        HashMap<Integer, Integer> index = new HashMap<>();
        int k = 0;
        for (AppRec a : recs.values()) {
            index.put(a.appnum, k);
            List<LinkedHashMap<String, Value>> views = new ArrayList<>(a.nodes.size());
            for (NodeRec nr : a.nodes) {
                String name = nr.hostname;
                long id = nr.nodeid;
                int known = id >= 0 ? nodes.byId(id) : name != null ? nodes.byName(name, false) : -1;
                if (known >= 0) {
                    name = name != null ? name : nodes.get(known).name;
                    id = id >= 0 ? id : nodes.get(known).id;
                }
                LinkedHashMap<String, Value> v = new LinkedHashMap<>();
                if (name != null) {
                    v.put(Keys.HOSTNAME, new Value.Str(name));
                }
                if (id >= 0) {
                    v.put(Keys.NODEID, new Value.UInt32((int) id));
                }
                v.putAll(nr.info);
                views.add(v);
            }
            list[k++] = new AppEntry(a.appnum, a.info, views);
        }
        int[] appOf = new int[jobSize];
        int[] sizes = new int[list.length];
        int[] apprank = new int[jobSize];
        for (int r = 0; r < jobSize; r++) {
            int i = index.get(appnumOf[r]);
            appOf[r] = i;
            apprank[r] = sizes[i]++;
        }
        int[] leaders = new int[list.length];
        Arrays.fill(leaders, -1);
        for (int r = jobSize - 1; r >= 0; r--) {
            leaders[appOf[r]] = r;
        }
        for (int i = 0; i < list.length; i++) {
            list[i].finish(sizes[i], leaders[i]);
        }
        if (procs.apprank != null) {
            overlay(apprank, procs.apprank, jobSize);
        }
        return new Apps(list, appOf, apprank);
    }

    private static boolean allHave(TreeMap<Integer, AppRec> recs, String key) {
        for (AppRec a : recs.values()) {
            if (!a.info.containsKey(key)) {
                return false;
            }
        }
        return true;
    }

    // =================================================================================================
    // Records of the walk
    // =================================================================================================

    /** One node description as the host gave it. */
    static final class NodeRec {
        final String where;
        String hostname;
        long nodeid = -1;
        List<String> aliases;
        final LinkedHashMap<String, Value> info = new LinkedHashMap<>();

        NodeRec(String where) {
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
    static final class AppRec {
        final int appnum;
        final String where;
        final LinkedHashMap<String, Value> info = new LinkedHashMap<>();
        final List<NodeRec> nodes = new ArrayList<>();

        AppRec(int appnum, String where) {
            this.appnum = appnum;
            this.where = where;
        }
    }

    /** The node table while resolving: merges descriptions by node id, host name and aliases. */
    private final class Nodes {
        private final List<NodeEntry> list = new ArrayList<>();
        private final HashMap<String, Integer> byName = new HashMap<>();
        private final HashMap<Long, Integer> byId = new HashMap<>();

        int size() {
            return list.size();
        }

        NodeEntry get(int i) {
            return list.get(i);
        }

        NodeEntry[] toArray() {
            return list.toArray(new NodeEntry[0]);
        }

        void merge(NodeRec r) {
            Integer a = r.nodeid >= 0 ? byId.get(r.nodeid) : null;
            Integer b = null;
            if (r.hostname != null) {
                b = byName.get(r.hostname);
            }
            if (b == null && r.aliases != null) {
                for (String al : r.aliases) {
                    b = byName.get(al);
                    if (b != null) {
                        break;
                    }
                }
            }
            if (a != null && b != null && !a.equals(b)) {
                throw Keys.bad(r.where + ": pmix.nodeid " + r.nodeid + " belongs to node "
                        + list.get(a).displayName() + " but pmix.hname '" + r.hostname + "' to node "
                        + list.get(b).displayName());
            }
            Integer idx = a != null ? a : b;
            NodeEntry e;
            if (idx == null) {
                e = new NodeEntry();
                idx = list.size();
                list.add(e);
            } else {
                e = list.get(idx);
            }
            if (r.hostname != null) {
                if (e.name == null) {
                    e.name = r.hostname;
                } else if (!e.name.equals(r.hostname) && !e.hasAlias(r.hostname)) {
                    if (a != null) {
                        throw Keys.bad(r.where + ": node with pmix.nodeid " + r.nodeid + " is named both '"
                                + e.name + "' and '" + r.hostname + "'");
                    }
                    e.addAlias(r.hostname); // found through one of its aliases: the same node
                }
                claimName(r.hostname, idx, r.where);
            }
            if (r.nodeid >= 0) {
                setId(idx, r.nodeid, r.where);
            }
            if (r.aliases != null) {
                for (String al : r.aliases) {
                    e.addAlias(al);
                    claimName(al, idx, r.where);
                }
            }
            e.hostInfo.putAll(r.info);
        }

        private void claimName(String name, int idx, String where) {
            Integer other = byName.putIfAbsent(name, idx);
            if (other != null && other != idx) {
                throw Keys.bad(where + ": '" + name + "' names two different nodes ("
                        + list.get(other).displayName() + " and " + list.get(idx).displayName() + ")");
            }
        }

        /** Gives a node known only by its id its name. */
        void name(int idx, String name, String where) {
            NodeEntry e = list.get(idx);
            if (e.name == null) {
                e.name = name;
            } else if (!e.name.equals(name) && !e.hasAlias(name)) {
                throw Keys.bad(where + ": node " + e.displayName() + " is also called '" + name + "'");
            }
            claimName(name, idx, where);
        }

        void setId(int idx, long id, String where) {
            NodeEntry e = list.get(idx);
            if (e.id >= 0 && e.id != id) {
                throw Keys.bad(where + ": node " + e.displayName() + " is given two node ids, " + e.id + " and " + id);
            }
            Integer other = byId.putIfAbsent(id, idx);
            if (other != null && other != idx) {
                throw Keys.bad(where + ": pmix.nodeid " + id + " is given to two nodes, "
                        + list.get(other).displayName() + " and " + e.displayName());
            }
            e.id = id;
        }

        int byName(String name, boolean create) {
            Integer i = byName.get(name);
            if (i != null) {
                return i;
            }
            if (!create) {
                return -1;
            }
            NodeEntry e = new NodeEntry();
            e.name = name;
            list.add(e);
            byName.put(name, list.size() - 1);
            return list.size() - 1;
        }

        int byId(long id) {
            Integer i = byId.get(id);
            return i == null ? -1 : i;
        }

        int createWithId(long id) {
            NodeEntry e = new NodeEntry();
            list.add(e);
            setId(list.size() - 1, id, "pmix.nodeid");
            return list.size() - 1;
        }

        int maxPeerRank() {
            int max = -1;
            for (NodeEntry e : list) {
                int[] p = e.hostPeers(Integer.MAX_VALUE);
                if (p != null) {
                    for (int r : p) {
                        max = Math.max(max, r);
                    }
                }
            }
            return max;
        }

        /**
         * Node ids for the nodes that have none: the job's nodes in job order first, then the others; with
         * no id given at all this is the node's position in the job (what libpmix does with a node map).
         */
        void assignIds(int[] jobOrder) {
            long next = 0;
            boolean[] done = new boolean[list.size()];
            for (int pass = 0; pass < 2; pass++) {
                int count = pass == 0 ? jobOrder.length : list.size();
                for (int k = 0; k < count; k++) {
                    int n = pass == 0 ? jobOrder[k] : k;
                    if (done[n]) {
                        continue;
                    }
                    done[n] = true;
                    NodeEntry e = list.get(n);
                    if (e.id >= 0) {
                        continue;
                    }
                    while (byId.containsKey(next)) {
                        next++;
                    }
                    e.id = next;
                    byId.put(next, n);
                }
            }
        }
    }

    /** Per-rank values the host gave in process arrays, in columns grown as ranks appear. */
    private static final class ProcTable {
        int maxRank = -1;
        int[] lrank;
        int[] nrank;
        int[] grank;
        int[] apprank;
        int[] appnum;
        int[] nodeid;
        String[] hostnames;
        List<KeyValue>[] extras;

        void touch(int rank) {
            maxRank = Math.max(maxRank, rank);
        }

        int[] set(int[] col, int rank, int v) {
            if (col == null) {
                col = new int[Math.max(16, rank + 1)];
                Arrays.fill(col, -1);
            } else if (rank >= col.length) {
                int old = col.length;
                col = Arrays.copyOf(col, Math.max(rank + 1, old * 2));
                Arrays.fill(col, old, col.length, -1);
            }
            col[rank] = v;
            return col;
        }

        int get(int[] col, int rank) {
            return col == null || rank >= col.length ? -1 : col[rank];
        }

        void setHostname(int rank, String h) {
            if (hostnames == null) {
                hostnames = new String[Math.max(16, rank + 1)];
            } else if (rank >= hostnames.length) {
                hostnames = Arrays.copyOf(hostnames, Math.max(rank + 1, hostnames.length * 2));
            }
            hostnames[rank] = h;
        }

        String hostname(int rank) {
            return hostnames == null || rank >= hostnames.length ? null : hostnames[rank];
        }

        @SuppressWarnings("unchecked")
        void addExtra(int rank, String key, Value v) {
            if (extras == null) {
                extras = new List[Math.max(16, rank + 1)];
            } else if (rank >= extras.length) {
                extras = Arrays.copyOf(extras, Math.max(rank + 1, extras.length * 2));
            }
            List<KeyValue> l = extras[rank];
            if (l == null) {
                l = new ArrayList<>(4);
                extras[rank] = l;
            }
            for (int k = 0; k < l.size(); k++) {
                if (l.get(k).key().equals(key)) {
                    l.set(k, new KeyValue(key, v));
                    return;
                }
            }
            l.add(new KeyValue(key, v));
        }

        boolean hasExtra(int rank, String key) {
            if (extras == null || rank >= extras.length || extras[rank] == null) {
                return false;
            }
            for (KeyValue kv : extras[rank]) {
                if (kv.key().equals(key)) {
                    return true;
                }
            }
            return false;
        }

        @SuppressWarnings("unchecked")
        List<KeyValue>[] extrasFor(int jobSize) {
            if (extras == null) {
                return null;
            }
            List<KeyValue>[] out = new List[jobSize];
            for (int r = 0; r < Math.min(jobSize, extras.length); r++) {
                if (extras[r] != null) {
                    out[r] = List.copyOf(extras[r]);
                }
            }
            return out;
        }
    }
}
