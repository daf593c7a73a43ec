package org.pmix4j.runtime.placement;

import java.util.Collection;

/**
 * What the processes already running on the node take, so that a job started beside them (a spawned job)
 * shares the node: they use slots, the bound ones hold CPUs that new bindings avoid, and node ranks continue
 * after theirs.
 *
 * @param procs        processes running on the node, of any job
 * @param busy         CPUs held by bound running processes (their {@link ProcPlacement#consumed()})
 * @param nextNodeRank the node rank the next placed process gets (node ranks are never reused while the
 *                     runtime lives, so that they stay unique among live processes)
 */
public record NodeUsage(int procs, CpuSet busy, int nextNodeRank) {
    /** An idle node. */
    public static final NodeUsage IDLE = new NodeUsage(0, CpuSet.EMPTY, 0);

    public NodeUsage {
        if (procs < 0 || nextNodeRank < 0) {
            throw new IllegalArgumentException("negative usage: " + procs + " processes, next node rank "
                    + nextNodeRank);
        }
    }

    /** The usage of the given live processes, with node ranks continuing from {@code nextNodeRank}. */
    public static NodeUsage of(Collection<ProcPlacement> running, int nextNodeRank) {
        CpuSet busy = CpuSet.EMPTY;
        for (ProcPlacement p : running) {
            busy = busy.or(p.consumed());
        }
        return new NodeUsage(running.size(), busy, nextNodeRank);
    }
}
