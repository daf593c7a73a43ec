package org.pmix4j.runtime.json;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.JobNode;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * A job's map as JSON lines (docs/json.md, "map" and "bindings"): what {@code --display map} and
 * {@code --report-bindings} print as PRRTE's text, read from the same {@link JobMap}.
 */
public final class PlacementJson {
    private PlacementJson() {
    }

    /** The {@code --display map} report: the policies, every node and every process with its binding. */
    public static String map(String nspace, String host, JobMap map) {
        List<Object> nodes = new ArrayList<>();
        for (JobNode n : map.nodes()) {
            nodes.add(Json.object().put("id", n.id()).put("name", name(n, host)).put("slots", n.slots())
                    .put("maxSlots", n.maxSlots()).put("procs", n.procs()).put("oversubscribed", n.oversubscribed()));
        }
        return Json.object().put("type", "map").put("nspace", nspace).put("mapping", map.mapbyString())
                .put("ranking", map.rankbyString()).put("binding", map.bindtoString())
                .put("cpusPerRank", map.cpusPerRank() > 0 ? map.cpusPerRank() : null)
                .put("cpuType", map.hwthreadCpus() ? "HWT" : "CORE").put("slots", map.slots()).put("nodes", nodes)
                .put("processes", processes(host, map)).put("notes", map.notes()).toString();
    }

    /** The {@code --report-bindings} report: each rank's node and binding. */
    public static String bindings(String nspace, String host, JobMap map) {
        return Json.object().put("type", "bindings").put("nspace", nspace).put("processes", processes(host, map))
                .toString();
    }

    private static List<Object> processes(String host, JobMap map) {
        List<Object> out = new ArrayList<>();
        for (ProcPlacement p : map.procs()) {
            JobNode n = map.node(p.node());
            out.add(Json.object().put("rank", p.rank()).put("app", p.appnum()).put("appRank", p.appRank())
                    .put("localRank", p.localRank()).put("nodeRank", p.nodeRank())
                    .put("node", n == null ? host : name(n, host)).put("bound", p.bound())
                    .put("binding", p.binding()).put("cpus", p.cpusetString()).put("locality", p.locality()));
        }
        return out;
    }

    private static String name(JobNode n, String host) {
        return n.name() != null ? n.name() : host;
    }
}
