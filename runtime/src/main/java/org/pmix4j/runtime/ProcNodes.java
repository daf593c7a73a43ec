package org.pmix4j.runtime;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.runtime.placement.JobMap;

/** Where processes run, by their jobs' maps: the daemon (node id) of each, for collectives and the direct modex. */
final class ProcNodes {
    private ProcNodes() {
    }

    /**
     * The daemons whose nodes hold processes among {@code procs} (a WILDCARD rank: all of its job's nodes);
     * {@code null} when a job is not known.
     *
     * @param jobs the job of a namespace, or null
     */
    static Set<Integer> daemonsOf(Function<String, Job> jobs, List<Proc> procs) {
        Set<Integer> out = new HashSet<>();
        for (Proc p : procs) {
            Job job = jobs.apply(p.nspace());
            if (job == null) {
                return null;
            }
            JobMap map = job.placement();
            if (p.rank() == Rank.WILDCARD) {
                map.nodes().forEach(n -> out.add(n.id()));
            } else if (p.rank() >= 0 && p.rank() < map.size()) {
                out.add(map.proc(p.rank()).node());
            }
        }
        return out;
    }

    /** The daemon whose node runs {@code p}, or −1 when its job or rank is not known. */
    static int daemonOf(Function<String, Job> jobs, Proc p) {
        Job job = jobs.apply(p.nspace());
        return job == null || p.rank() < 0 || p.rank() >= job.placement().size() ? -1
                : job.placement().proc(p.rank()).node();
    }
}
