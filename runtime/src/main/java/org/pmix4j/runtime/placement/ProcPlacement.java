package org.pmix4j.runtime.placement;

/**
 * Where one process of a job goes and what it is called.
 *
 * @param rank      its rank in the job
 * @param appnum    its application (MPMD: 0 for the first)
 * @param appRank   its rank within its application
 * @param localRank its rank among this job's processes on the node
 * @param nodeRank  its rank among all processes placed on the node, of any job
 * @param cpus      the CPUs it is bound to, or {@code null} when it is not bound
 * @param consumed  the CPUs counted as taken by it (one core, or its PE=n cores), which later jobs on the
 *                  node avoid while it runs; empty when unbound or overloaded
 * @param binding   PRRTE's description of its binding ({@code package[0][core:L0]}), or {@code null} when
 *                  unbound
 * @param locality  its {@code PMIX_LOCALITY_STRING} ({@code SK0:L30:L20:L10:CR0:HT0:NM0}), or {@code null}
 *                  when unbound
 */
public record ProcPlacement(int rank, int appnum, int appRank, int localRank, int nodeRank, CpuSet cpus,
        CpuSet consumed, String binding, String locality) {

    public boolean bound() {
        return cpus != null;
    }

    /** Its {@code PMIX_CPUSET}: the bound CPUs in list syntax ({@code 0-1}), or {@code null} when unbound. */
    public String cpusetString() {
        return cpus == null ? null : cpus.toList();
    }
}
