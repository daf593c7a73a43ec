package org.pmix4j.runtime.placement;

/**
 * Where one process of a job goes and what it is called.
 *
 * @param rank      its rank in the job
 * @param appnum    its application (MPMD: 0 for the first)
 * @param appRank   its rank within its application
 * @param localRank its rank among this job's processes on its node
 * @param nodeRank  its rank among all processes placed on its node, of any job
 * @param cpus      the CPUs it is bound to, or {@code null} when it is not bound
 * @param consumed  the CPUs counted as taken by it (one core, or its PE=n cores), which later jobs on the
 *                  node avoid while it runs; empty when unbound or overloaded
 * @param binding   PRRTE's description of its binding ({@code package[0][core:L0]}), or {@code null} when
 *                  unbound
 * @param locality  its {@code PMIX_LOCALITY_STRING} ({@code SK0:L30:L20:L10:CR0:HT0:NM0}), or {@code null}
 *                  when unbound
 * @param node      the id of the node it runs on ({@link ClusterNode#id()}; 0 is the launcher's node)
 */
public record ProcPlacement(int rank, int appnum, int appRank, int localRank, int nodeRank, CpuSet cpus,
        CpuSet consumed, String binding, String locality, int node) {

    /** A process on the launcher's node (node 0). */
    public ProcPlacement(int rank, int appnum, int appRank, int localRank, int nodeRank, CpuSet cpus,
            CpuSet consumed, String binding, String locality) {
        this(rank, appnum, appRank, localRank, nodeRank, cpus, consumed, binding, locality, 0);
    }

    public boolean bound() {
        return cpus != null;
    }

    /** Its {@code PMIX_CPUSET}: the bound CPUs in list syntax ({@code 0-1}), or {@code null} when unbound. */
    public String cpusetString() {
        return cpus == null ? null : cpus.toList();
    }

    /** The same process, renumbered and put on node {@code node} (a per-node placement made global). */
    ProcPlacement renumbered(int rank, int appnum, int appRank, int node) {
        return new ProcPlacement(rank, appnum, appRank, localRank, nodeRank, cpus, consumed, binding, locality, node);
    }
}
