package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SlurmAllocationTest {
    private static final LocalNode NODE = LocalNode.of("h1", List.of(), List.of("10.1.2.3"));

    @Test
    void outsideAnAllocationThereIsNone() {
        assertEquals(Optional.empty(), SlurmAllocation.detect(Map.of("SLURM_NODELIST", "h1", "PATH", "/bin")));
    }

    @Test
    void nodesAndSlotsAsSallocGivesThem() {
        // what salloc -N3 -n6 sets on the test cluster
        SlurmAllocation a = SlurmAllocation.detect(Map.of("SLURM_JOB_ID", "2", "SLURM_JOBID", "2",
                "SLURM_JOB_NODELIST", "h[1-3]", "SLURM_NODELIST", "h[1-3]", "SLURM_TASKS_PER_NODE", "2(x3)",
                "SLURM_JOB_CPUS_PER_NODE", "2(x3)")).orElseThrow();
        assertEquals("2", a.jobId());
        assertEquals(List.of(new SlurmAllocation.Node("h1", 2), new SlurmAllocation.Node("h2", 2),
                new SlurmAllocation.Node("h3", 2)), a.nodes());
        HostSpec hosts = a.hostSpec(NODE);
        assertEquals("h1", hosts.localHost().orElseThrow().name());
        assertEquals(List.of("h2", "h3"), hosts.remoteHosts().stream().map(HostSpec.Host::name).toList());
        assertEquals(2, hosts.remoteHosts().get(0).slots());
        assertTrue(hosts.option().contains("Slurm"), hosts.option());
    }

    @Test
    void olderSpellingsAndCpusWhenNoTaskCount() {
        SlurmAllocation a = SlurmAllocation.detect(Map.of("SLURM_JOBID", "77", "SLURM_NODELIST", "n7,m1",
                "SLURM_JOB_CPUS_PER_NODE", "4,8")).orElseThrow();
        assertEquals("77", a.jobId());
        assertEquals(List.of(new SlurmAllocation.Node("n7", 4), new SlurmAllocation.Node("m1", 8)), a.nodes());
    }

    @Test
    void nodeListsExpandInOrderKeepingZeroPadding() {
        assertEquals(List.of("h1", "h2", "h3", "h5", "x7"), SlurmAllocation.expandNodeList("h[1-3,5],x7"));
        assertEquals(List.of("node08", "node09", "node10", "node12"),
                SlurmAllocation.expandNodeList("node[08-10,12]"));
        assertEquals(List.of("foo", "bar"), SlurmAllocation.expandNodeList("foo,bar"));
        assertEquals(List.of("r1-n1", "r1-n2", "r2-n1", "r2-n2"), SlurmAllocation.expandNodeList("r[1-2]-n[1-2]"));
        assertEquals(List.of("n1-ib", "n2-ib"), SlurmAllocation.expandNodeList("n[1-2]-ib"));
        assertEquals(List.of("a.example.org"), SlurmAllocation.expandNodeList("a.example.org"));
    }

    @Test
    void countsRepeatAndExtraCountsAreIgnored() {
        assertEquals(List.of(2, 2, 2, 1), SlurmAllocation.expandCounts("2(x3),1", 4));
        assertEquals(List.of(5, 3), SlurmAllocation.expandCounts("5,3", 2));
        // srun -N 30 -w odin001 gives one node and 4(x30): PRRTE takes the first
        assertEquals(List.of(4), SlurmAllocation.expandCounts("4(x30)", 1));
    }

    @Test
    void badValuesNameTheVariableAndWhatIsWrong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.detect(
                Map.of("SLURM_JOB_ID", "5", "SLURM_TASKS_PER_NODE", "1")));
        assertTrue(e.getMessage().contains("SLURM_JOB_NODELIST") && e.getMessage().contains("job 5"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.detect(
                Map.of("SLURM_JOB_ID", "5", "SLURM_JOB_NODELIST", "h[1-2]")));
        assertTrue(e.getMessage().contains("SLURM_TASKS_PER_NODE"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.detect(
                Map.of("SLURM_JOB_ID", "5", "SLURM_JOB_NODELIST", "h[1-2", "SLURM_TASKS_PER_NODE", "1(x2)")));
        assertEquals("SLURM_JOB_NODELIST=h[1-2: 'h[1-2' has a '[' without its ']'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.detect(
                Map.of("SLURM_JOB_ID", "5", "SLURM_JOB_NODELIST", "h[1-3]", "SLURM_TASKS_PER_NODE", "1(x2)")));
        assertEquals("SLURM_TASKS_PER_NODE=1(x2) (for SLURM_JOB_NODELIST=h[1-3]): gives counts for 2 node(s), but the"
                + " allocation has 3", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandNodeList("h[3-1]"));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandNodeList("h[a-b]"));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandNodeList("[1-2]"));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandNodeList("h1,,h2"));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandNodeList("h1]"));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandCounts("2(3)", 1));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandCounts("0", 1));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandCounts("x", 1));
        e = assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.detect(
                Map.of("SLURM_JOB_ID", "5", "SLURM_JOB_NODELIST", "h/1", "SLURM_TASKS_PER_NODE", "1"))
                .orElseThrow().hostSpec(NODE));
        assertTrue(e.getMessage().contains("job 5") && e.getMessage().contains("'h/1'"), e.getMessage());
    }
}
