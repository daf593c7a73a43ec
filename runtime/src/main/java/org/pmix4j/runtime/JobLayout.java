package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.cluster.PackedLists;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.CpuSet;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.JobNode;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * What a daemon needs of a job besides its data to start the job's processes on its node: the applications,
 * the run's environment, who asked for it (a spawned job's parent and directives), the job's map (every
 * process's node and placement, every node's slots) and which ranks read the stdin that the launcher
 * relays. The body of {@code DaemonMessage.LaunchJob}, packed with the PMIx codec. The policies of the map
 * stay with the launcher (a daemon places nothing).
 *
 * @param stdinRanks the ranks whose stdin the launcher relays (the launcher's own, or a tool's pushes)
 */
record JobLayout(List<AppContext> apps, Map<String, String> runEnv, Proc parent, List<Info> directives, JobMap map,
        List<Integer> stdinRanks) {

    JobLayout {
        apps = List.copyOf(apps);
        runEnv = Map.copyOf(runEnv);
        directives = List.copyOf(directives);
        stdinRanks = List.copyOf(stdinRanks);
    }

    byte[] encode() {
        Packer p = new Packer(BufferKind.NON_DESCRIBED);
        p.int32(apps.size());
        for (AppContext a : apps) {
            PackedLists.strings(p, a.argv());
            p.int32(a.np());
            PackedLists.strings(p, env(a.env()));
            p.string(a.wdir() == null ? "" : a.wdir());
        }
        PackedLists.strings(p, env(runEnv));
        p.bool(parent != null);
        if (parent != null) {
            p.proc(parent);
        }
        p.infos(directives);
        p.int32(map.nodes().size());
        for (JobNode n : map.nodes()) {
            p.int32(n.id()).string(n.name() == null ? "" : n.name()).int32(n.slots()).int32(n.maxSlots())
                    .int32(n.procs()).bool(n.oversubscribed()).size(n.memoryBytes());
            PackedLists.strings(p, n.aliases());
        }
        p.int32(map.procs().size());
        for (ProcPlacement s : map.procs()) {
            p.int32(s.node()).int32(s.rank()).int32(s.appnum()).int32(s.appRank()).int32(s.localRank())
                    .int32(s.nodeRank());
            p.string(s.cpus() == null ? "" : s.cpus().toList());
            p.string(s.consumed() == null ? "" : s.consumed().toList());
            p.string(s.binding() == null ? "" : s.binding());
            p.string(s.locality() == null ? "" : s.locality());
        }
        PackedLists.ints(p, stdinRanks);
        return p.toByteArray();
    }

    static JobLayout decode(byte[] bytes) {
        Unpacker u = new Unpacker(bytes, BufferKind.NON_DESCRIBED);
        int napps = u.int32();
        List<AppContext> apps = new ArrayList<>();
        for (int i = 0; i < napps; i++) {
            List<String> argv = PackedLists.strings(u);
            int np = u.int32();
            Map<String, String> env = env(PackedLists.strings(u));
            String wdir = u.string();
            apps.add(new AppContext(argv, np, env, wdir == null || wdir.isEmpty() ? null : wdir));
        }
        Map<String, String> runEnv = env(PackedLists.strings(u));
        Proc parent = u.bool() ? u.proc() : null;
        List<Info> directives = u.infos();
        int nnodes = u.int32();
        List<JobNode> nodes = new ArrayList<>();
        for (int i = 0; i < nnodes; i++) {
            nodes.add(new JobNode(u.int32(), blank(u.string()), u.int32(), u.int32(), u.int32(), u.bool(), u.size(),
                    PackedLists.strings(u)));
        }
        int n = u.int32();
        List<ProcPlacement> procs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int node = u.int32();
            int rank = u.int32();
            int appnum = u.int32();
            int appRank = u.int32();
            int localRank = u.int32();
            int nodeRank = u.int32();
            CpuSet cpus = cpus(u.string());
            CpuSet consumed = cpus(u.string());
            procs.add(new ProcPlacement(rank, appnum, appRank, localRank, nodeRank, cpus,
                    consumed == null ? CpuSet.EMPTY : consumed, blank(u.string()), blank(u.string()), node));
        }
        JobMap map = new JobMap(procs, nodes, MappingPolicy.DEFAULT, null, BindingPolicy.DEFAULT, 0, false, List.of());
        return new JobLayout(apps, runEnv, parent, directives, map, PackedLists.ints(u));
    }

    private static CpuSet cpus(String s) {
        return s == null || s.isEmpty() ? null : CpuSet.parseList(s);
    }

    private static String blank(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static List<String> env(Map<String, String> env) {
        return env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    private static Map<String, String> env(List<String> words) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : words) {
            int eq = w.indexOf('=');
            out.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return out;
    }
}
