package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.JobNode;
import org.pmix4j.runtime.placement.PlacementInfo;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.runtime.session.SessionData;
import org.pmix4j.runtime.topology.NodeTopology;
import org.pmix4j.server.PmixServer;

/**
 * The job data {@code pmix4j run} registers for a job: what PRRTE registers (prrte-behaviour §7.1), so
 * that libpmix clients and Open MPI's MPI_Init find every key they ask for: job-level keys with the node
 * and process maps and the placement policies, the session array (the job's session, as the Standard
 * lists its data), one node array per node of the job in node order (with PMIX_LOCAL_PROCS and
 * PMIX_AVAIL_PHYS_MEMORY, which the Standard puts at node level, where PRRTE passes them loose for the
 * server's own node and a 4.2.2 client looks for them first), one array per application and one per
 * process (rank first, with its cpuset, locality and package rank when bound, its node's id and name).
 *
 * <p>Over several nodes it is one list, the same for every node's server: each server takes the node array
 * of its own host name for its local keys (PMIX_LOCAL_PEERS, PMIX_LOCAL_SIZE …).
 *
 * <p>The job keeps its own PMIX_MAX_PROCS (the Standard requires it at job level, and an unqualified Get
 * reads it there) with PRRTE's value, the slots the job may use; PMIX_UNIV_SIZE is only in the session
 * array, as the Standard has no job-level universe size (a loose one would be filed in the session too).
 */
final class JobRegistration {
    private JobRegistration() {
    }

    /**
     * A job on this node alone (node 0), with this node's topology (PMIX_HWLOC_XML_V2) when it can be made.
     *
     * @param hostname   this node's name (for a map that names no node)
     * @param session    the session the job runs in
     * @param localProcs every process on this node as the job is registered, the job's own included
     *                   (PMIX_LOCAL_PROCS)
     */
    static List<Info> build(String nspace, String hostname, List<AppContext> apps, JobMap map, List<String> wdirs,
            Proc parent, SessionData session, List<Proc> localProcs) {
        JobMap named = map.named(hostname);
        OptionalLong memory = NodeMemory.total();
        List<Info> info = build(nspace, apps, named, wdirs, parent, session,
                Map.of(named.nodes().get(0).id(), localProcs),
                memory.isPresent() ? Map.of(named.nodes().get(0).id(), memory.getAsLong()) : Map.of());
        // this node's topology, as mpirun gives it: Open MPI's processes then need not discover it each
        NodeTopology.xml().ifPresent(xml -> info.add(Attributes.HWLOC_XML_V2.info(xml)));
        return info;
    }

    /**
     * A job on any number of nodes: the list every node's server registers; each node's
     * PMIX_AVAIL_PHYS_MEMORY is its {@link JobNode#memoryBytes()} where known.
     *
     * @param session     the session the job runs in
     * @param procsByNode by node id: every process on that node as the job is registered, the job's own
     *                    included (that node's PMIX_LOCAL_PROCS)
     */
    static List<Info> build(String nspace, List<AppContext> apps, JobMap map, List<String> wdirs, Proc parent,
            SessionData session, Map<Integer, List<Proc>> procsByNode) {
        Map<Integer, Long> memory = new HashMap<>();
        for (JobNode n : map.nodes()) {
            if (n.memoryBytes() >= 0) {
                memory.put(n.id(), n.memoryBytes());
            }
        }
        return build(nspace, apps, map, wdirs, parent, session, procsByNode, memory);
    }

    /** @param memory by node id: its physical memory in bytes, where known (PMIX_AVAIL_PHYS_MEMORY) */
    private static List<Info> build(String nspace, List<AppContext> apps, JobMap map, List<String> wdirs,
            Proc parent, SessionData session, Map<Integer, List<Proc>> procsByNode, Map<Integer, Long> memory) {
        int size = map.size();
        List<Info> info = new ArrayList<>();
        info.add(Attributes.JOBID.info(nspace));
        info.add(Attributes.NPROC_OFFSET.info(0));
        info.add(Attributes.NODE_MAP.info(PmixServer.generateRegex(String.join(",",
                map.nodes().stream().map(JobNode::name).toList()))));
        info.add(Attributes.PROC_MAP.info(PmixServer.generatePpn(String.join(";",
                map.nodes().stream().map(n -> ranksOn(map, n)).toList()))));
        info.add(Attributes.NUM_NODES.info(map.nodes().size()));
        info.add(Attributes.JOB_SIZE.info(size));
        info.add(Attributes.JOB_NUM_APPS.info(apps.size()));
        info.add(Attributes.MAX_PROCS.info(Math.max(map.slots(), size)));
        info.addAll(PlacementInfo.jobInfos(map));
        if (parent != null) {
            info.add(Attributes.PARENT_ID.info(parent));
        }
        info.add(Attributes.SESSION_INFO_ARRAY.info(DataArray.ofInfos(sessionInfos(session, map))));

        Map<Integer, String> aliases = aliases(map);
        for (JobNode n : map.nodes()) {
            List<ProcPlacement> here = map.procsOn(n.id());
            List<Info> node = new ArrayList<>(List.of(
                    Attributes.HOSTNAME.info(n.name()),
                    Attributes.NODEID.info(n.id()),
                    Attributes.NODE_SIZE.info(n.procs()),
                    Attributes.LOCAL_SIZE.info(here.size()),
                    Attributes.LOCALLDR.info(here.isEmpty() ? 0 : here.get(0).rank()),
                    Attributes.LOCAL_PEERS.info(ranksOn(map, n))));
            String also = aliases.get(n.id());
            if (also != null) {
                node.add(1, Attributes.HOSTNAME_ALIASES.info(also));
            }
            if (n.oversubscribed()) {
                node.add(Attributes.NODE_OVERSUBSCRIBED.info(true));
            }
            List<Proc> local = procsByNode.get(n.id());
            if (local != null) {
                node.add(Attributes.LOCAL_PROCS.info(new DataArray(DataType.PROC, List.copyOf(local))));
            }
            Long bytes = memory.get(n.id());
            if (bytes != null) {
                node.add(Attributes.AVAIL_PHYS_MEMORY.info(bytes));
            }
            info.add(Attributes.NODE_INFO_ARRAY.info(DataArray.ofInfos(node)));
        }

        int first = 0;
        for (int a = 0; a < apps.size(); a++) {
            AppContext app = apps.get(a);
            info.add(Attributes.APP_INFO_ARRAY.info(DataArray.ofInfos(List.of(
                    Attributes.APPNUM.info(a),
                    Attributes.APP_SIZE.info(app.np()),
                    Attributes.APPLDR.info(first),
                    Attributes.WDIR.info(wdirs.get(a)),
                    Attributes.APP_ARGV.info(String.join(" ", app.argv()))))));
            first += app.np();
        }

        int[] packageRanks = PlacementInfo.packageRanks(map);
        for (ProcPlacement p : map.procs()) {
            List<Info> proc = new ArrayList<>();
            proc.add(Attributes.RANK.info(p.rank()));
            proc.addAll(PlacementInfo.procInfos(p));
            if (packageRanks[p.rank()] >= 0) {
                proc.add(Attributes.PACKAGE_RANK.info(packageRanks[p.rank()]));
            }
            proc.add(Attributes.GLOBAL_RANK.info(p.rank()));
            JobNode node = map.node(p.node());
            proc.add(Attributes.NODEID.info(node.id()));
            proc.add(Attributes.REINCARNATION.info(0));
            proc.add(Attributes.SPAWNED.info(parent != null));
            proc.add(Attributes.HOSTNAME.info(node.name()));
            if (parent != null) {
                proc.add(Attributes.PARENT_ID.info(parent));
            }
            info.add(Attributes.PROC_DATA.info(DataArray.ofInfos(proc)));
        }
        return info;
    }

    /**
     * The session level (the Standard's list for register_nspace: PMIX_SESSION_ID, PMIX_UNIV_SIZE,
     * PMIX_MAX_PROCS, and the optional PMIX_ALLOCATED_NODELIST), with the session's node count and list and
     * the scheduler's PMIX_ALLOC_ID when it gave one. In the array because PMIX_MAX_PROCS, PMIX_NUM_NODES and
     * PMIX_NODE_LIST are keys of several levels: loose, they would be the job's; there a client reads them
     * with PMIX_SESSION_INFO. The session id comes first, as libpmix writes session arrays.
     */
    private static List<Info> sessionInfos(SessionData session, JobMap map) {
        // sessions are one node's for now; a job over several nodes has the nodes it uses
        List<String> names = map.multiNode() ? map.nodes().stream().map(JobNode::name).toList()
                : session.nodeNames();
        String nodes = String.join(",", names);
        List<Info> out = new ArrayList<>();
        out.add(Attributes.SESSION_ID.info(session.id()));
        if (session.allocationId() != null) {
            out.add(Attributes.ALLOC_ID.info(session.allocationId()));
        }
        out.add(Attributes.MAX_PROCS.info(session.slots()));
        out.add(Attributes.UNIV_SIZE.info(session.slots()));
        out.add(Attributes.NUM_NODES.info(names.size()));
        out.add(Attributes.NODE_LIST.info(nodes));
        out.add(Attributes.NUM_ALLOCATED_NODES.info(names.size()));
        out.add(Attributes.ALLOCATED_NODELIST.info(nodes));
        return out;
    }

    /**
     * Each node's PMIX_HOSTNAME_ALIASES, comma-separated, by node id (none: no entry). A name is one node's
     * only: one that is another node's name or an earlier node's alias is left out (two names of one host
     * given as two nodes both answer to the host's own name), as a server refuses a job whose names are
     * ambiguous, and a lookup by such a name could not tell which node was meant.
     */
    private static Map<Integer, String> aliases(JobMap map) {
        Set<String> taken = new HashSet<>();
        for (JobNode n : map.nodes()) {
            taken.add(n.name());
        }
        Map<Integer, String> out = new HashMap<>();
        for (JobNode n : map.nodes()) {
            List<String> own = new ArrayList<>();
            for (String a : n.aliases()) {
                if (taken.add(a)) {
                    own.add(a);
                }
            }
            if (!own.isEmpty()) {
                out.put(n.id(), String.join(",", own));
            }
        }
        return out;
    }

    /** The job's ranks on node {@code n}, ascending and comma-separated (PMIX_LOCAL_PEERS). */
    private static String ranksOn(JobMap map, JobNode n) {
        return map.procsOn(n.id()).stream().map(p -> Integer.toString(p.rank())).collect(Collectors.joining(","));
    }
}
