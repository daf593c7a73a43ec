package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * The placement reports PRRTE users know: {@code --report-bindings} (PRRTE's {@code --display bind}) and
 * {@code --display map}, in PRRTE's text.
 */
public final class PlacementReports {
    private static final String MAP_HEADER = "========================   JOB MAP   ========================";
    private static final String MAP_FOOTER = "=============================================================";

    private PlacementReports() {
    }

    /**
     * One node of the allocation a job runs on, as {@code --display allocation} shows it.
     *
     * @param name       its host name
     * @param slots      its slots still free for the job (PRRTE's "slots" there: available ones)
     * @param maxSlots   its max_slots, or 0
     * @param slotsInUse slots taken by processes already running there
     */
    public record AllocatedNode(String name, int slots, int maxSlots, int slotsInUse) {
    }

    /**
     * The {@code --display allocation} block, as PRRTE's mapper writes it for the first application of a
     * job (leading newline included):
     *
     * <pre>
     * ============   ALLOCATED NODES FOR JOB nspace APP 0 ============
     *     vm: slots=2 max_slots=0 slots_inuse=0
     * =================================================================================
     * </pre>
     *
     * With {@code :PARSEABLE}, PRRTE's XML form: {@code <allocation>}, one
     * {@code <host name="vm" slots="2" max_slots="0" slots_inuse="0">} line (tab-indented) per node,
     * {@code </allocation>}.
     */
    public static String allocation(String nspace, List<AllocatedNode> nodes, boolean parseable) {
        StringBuilder sb = new StringBuilder(parseable ? "<allocation>\n"
                : "\n============   ALLOCATED NODES FOR JOB " + nspace + " APP 0 ============\n");
        for (AllocatedNode n : nodes) {
            if (parseable) {
                sb.append("\t<host name=\"").append(n.name()).append("\" slots=\"").append(n.slots())
                        .append("\" max_slots=\"").append(n.maxSlots()).append("\" slots_inuse=\"")
                        .append(n.slotsInUse()).append("\">\n");
            } else {
                sb.append("    ").append(n.name()).append(": slots=").append(n.slots()).append(" max_slots=")
                        .append(n.maxSlots()).append(" slots_inuse=").append(n.slotsInUse()).append('\n');
            }
        }
        sb.append(parseable ? "</allocation>\n"
                : "=================================================================================\n");
        return sb.toString();
    }

    /**
     * One {@code --report-bindings} line: {@code [host:pid] Rank 0 bound to package[0][core:L0]}, or
     * {@code [host:pid] Rank 1 is not bound (or bound to all available processors)}.
     *
     * <p>PRRTE prints it through its output stream, whose prefix carries the printing process's own pid
     * (the daemon that forks the rank, just before it forks it), five digits at least. Pass the launcher's
     * pid to read as PRRTE does.
     */
    public static String bindingLine(String host, long pid, ProcPlacement p) {
        String prefix = "[" + host + ":" + String.format("%05d", pid) + "] Rank " + p.rank();
        return p.bound() ? prefix + " bound to " + p.binding()
                : prefix + " is not bound (or bound to all available processors)";
    }

    /** The {@code --report-bindings} lines of a job, in rank order. */
    public static List<String> bindingLines(String host, long pid, JobMap map) {
        List<String> out = new ArrayList<>();
        for (ProcPlacement p : map.procs()) {
            out.add(bindingLine(host, pid, p));
        }
        return out;
    }

    /**
     * The {@code --display map} block, as PRRTE writes it to standard output (blank lines and tabs
     * included; it starts with a newline and ends with one):
     *
     * <pre>
     * ========================   JOB MAP   ========================
     * Data for JOB nspace offset 0 Total slots allocated 2
     *     Mapping policy: BYCORE:NOOVERSUBSCRIBE  Ranking policy: FILL Binding policy: CORE:IF-SUPPORTED
     *     Cpu set: N/A  PPR: N/A  Cpus-per-rank: N/A  Cpu Type: CORE
     *
     *
     * Data for node: vm	Num slots: 2	Max slots: 0	Num procs: 2
     *         Process jobid: nspace App: 0 Process rank: 0 Bound: package[0][core:L0]
     *         Process jobid: nspace App: 0 Process rank: 1 Bound: package[0][core:L1]
     *
     * =============================================================
     * </pre>
     *
     * An unbound process shows {@code Bound: N/A}; "Num procs" counts every process on the node. A job on
     * several nodes has one "Data for node" block per node, in node order, a blank line between them;
     * {@code host} names a node the map does not name (the launcher's).
     */
    public static String jobMap(String nspace, String host, JobMap map) {
        StringBuilder sb = new StringBuilder();
        sb.append('\n').append(MAP_HEADER).append('\n');
        sb.append("Data for JOB ").append(nspace).append(" offset 0 Total slots allocated ").append(map.slots())
                .append('\n');
        sb.append("    Mapping policy: ").append(map.mapbyString()).append("  Ranking policy: ")
                .append(map.rankbyString()).append(" Binding policy: ").append(map.bindtoString()).append('\n');
        // PRRTE shows the job's pe-list as its cpu set, and its ppr pattern
        MappingPolicy m = map.mapping();
        sb.append("    Cpu set: ").append(m.peList() != null ? m.peList().toList() : "N/A").append("  PPR: ")
                .append(m.pprPattern() != null ? m.pprPattern() : "N/A").append("  Cpus-per-rank: ")
                .append(map.cpusPerRank() > 0 ? Integer.toString(map.cpusPerRank()) : "N/A").append("  Cpu Type: ")
                .append(map.hwthreadCpus() ? "HWT" : "CORE").append('\n');
        for (JobNode node : map.nodes()) {
            // PRRTE joins the node blocks with a newline, each starting with one: a blank line between them
            sb.append('\n');
            sb.append("\nData for node: ").append(node.name() != null ? node.name() : host).append("\tNum slots: ")
                    .append(node.slots()).append("\tMax slots: ").append(node.maxSlots()).append("\tNum procs: ")
                    .append(node.procs());
            for (ProcPlacement p : map.procsOn(node.id())) {
                sb.append("\n        Process jobid: ").append(nspace).append(" App: ").append(p.appnum())
                        .append(" Process rank: ").append(p.rank()).append(" Bound: ")
                        .append(p.bound() ? p.binding() : "N/A");
            }
        }
        sb.append("\n\n").append(MAP_FOOTER).append('\n');
        return sb.toString();
    }
}
