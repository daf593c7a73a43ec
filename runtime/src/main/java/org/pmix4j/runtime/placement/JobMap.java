package org.pmix4j.runtime.placement;

import java.util.List;

/**
 * Where a job's processes go: one {@link ProcPlacement} per rank, and the policies as resolved (PRRTE's
 * defaults filled in), which the runtime registers ({@code PMIX_MAPBY}, {@code PMIX_RANKBY},
 * {@code PMIX_BINDTO}) and {@code --display map} prints.
 *
 * @param procs          one entry per rank, in rank order
 * @param mapping        the mapping policy used (target resolved)
 * @param ranking        the ranking policy used
 * @param binding        the binding policy used (NONE when the node is oversubscribed and no binding was
 *                       asked for)
 * @param slots          the slots the node offers
 * @param maxSlots       the node's max_slots, or 0
 * @param procsOnNode    processes on the node with this job's, of any job
 * @param oversubscribed whether the node holds more processes than slots ({@code PMIX_NODE_OVERSUBSCRIBED})
 * @param cpusPerRank    {@code PE=n}, or 0 when not given
 * @param hwthreadCpus   whether hardware threads count as CPUs (mapping by hwthread)
 * @param notes          things the user may want to know (binding dropped because unsupported …)
 */
public record JobMap(List<ProcPlacement> procs, MappingPolicy mapping, RankingPolicy ranking, BindingPolicy binding,
        int slots, int maxSlots, int procsOnNode, boolean oversubscribed, int cpusPerRank, boolean hwthreadCpus,
        List<String> notes) {

    public JobMap {
        procs = List.copyOf(procs);
        notes = List.copyOf(notes);
    }

    public int size() {
        return procs.size();
    }

    public ProcPlacement proc(int rank) {
        return procs.get(rank);
    }

    /** {@code PMIX_MAPBY}: PRRTE's rendering ({@code BYCORE:NOOVERSUBSCRIBE}). */
    public String mapbyString() {
        return mapping.prrteString();
    }

    /** {@code PMIX_RANKBY} ({@code FILL}). */
    public String rankbyString() {
        return ranking.prrteName();
    }

    /** {@code PMIX_BINDTO} ({@code CORE:IF-SUPPORTED}). */
    public String bindtoString() {
        return binding.prrteString();
    }
}
