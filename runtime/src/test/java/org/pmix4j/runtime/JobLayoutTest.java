package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Info;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.CpuSet;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.JobNode;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.wire.WireFormatException;

/**
 * The layout of a job as daemon 0 sends it to every daemon: what a daemon needs to start its node's share
 * survives the trip (the map's policies stay with the launcher, so the decoded map carries defaults).
 */
class JobLayoutTest {

    private static JobMap map(List<ProcPlacement> procs, List<JobNode> nodes) {
        return new JobMap(procs, nodes, MappingPolicy.DEFAULT, null, BindingPolicy.DEFAULT, 0, false, List.of());
    }

    private static void assertRoundTrip(JobLayout layout) {
        JobLayout back = JobLayout.decode(layout.encode());
        assertEquals(layout.apps(), back.apps());
        assertEquals(layout.runEnv(), back.runEnv());
        assertEquals(layout.parent(), back.parent());
        assertEquals(layout.directives(), back.directives());
        assertEquals(layout.map().nodes(), back.map().nodes());
        assertEquals(layout.map().procs(), back.map().procs());
        assertEquals(layout.stdinRanks(), back.stdinRanks());
        assertEquals(layout, back, "the whole layout (its map made with the defaults a daemon decodes)");
    }

    @Test
    void aSpawnedMpmdJobOnThreeNodesRoundTrips() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("OMP_NUM_THREADS", "2");
        env.put("WITH_EQUALS", "a=b=c");
        env.put("EMPTY", "");
        env.put("SPACES", " two  words 'quoted' \"and\" é€ ");
        AppContext first = new AppContext(List.of("./ring", "-n", "3", "an argument with spaces", ""), 3, env,
                "/tmp/work dir");
        AppContext second = new AppContext(List.of("/bin/hostname"), 2, Map.of(), null);
        List<Info> directives = List.of(Info.of("pmix.spawn.hosts", "h1,h2"),
                new Info("pmix.mapby", Value.of("node"), InfoDirectives.REQUIRED),
                Info.of("pmix.fwd.stdout", true), Info.of("pmix.cpus.per.proc", new Value.Int32(2)));
        List<JobNode> nodes = List.of(new JobNode(0, null, 4, 0, 3, false, -1),
                new JobNode(1, "h1", 2, 2, 2, false, 8L << 30, List.of("h1.example", "10.0.0.1")),
                new JobNode(3, "h3", 1, 0, 2, true, 1L << 40));
        List<ProcPlacement> procs = List.of(
                new ProcPlacement(0, 0, 0, 0, 1, CpuSet.of(0), CpuSet.of(0), "package[0][core:0]",
                        "SK0:L30:L20:L10:CR0:HT0:NM0", 0),
                new ProcPlacement(1, 0, 1, 0, 0, CpuSet.range(0, 3), CpuSet.of(0, 1), "package[0][core:0-1]",
                        "SK0:L30:L20:L10:CR0-1:HT0-3", 1),
                new ProcPlacement(2, 0, 2, 1, 1, CpuSet.parseList("4-5,8"), CpuSet.EMPTY, "package[1]", "SK1", 1),
                // unbound, on an oversubscribed node
                new ProcPlacement(3, 1, 0, 0, 0, null, CpuSet.EMPTY, null, null, 3),
                new ProcPlacement(4, 1, 1, 1, 1, null, CpuSet.EMPTY, null, null, 3));
        Map<String, String> runEnv = Map.of("PATH", "/usr/bin:/bin", "PMIX_MCA_x", "y=z");
        JobLayout layout = new JobLayout(List.of(first, second), runEnv, new Proc("parent-job", 7), directives,
                map(procs, nodes), List.of(0, 3));
        assertRoundTrip(layout);
        JobLayout back = JobLayout.decode(layout.encode());
        assertNull(back.apps().get(1).wdir(), "no working directory stays none");
        assertNull(back.map().proc(3).cpus(), "an unbound process stays unbound");
        assertEquals("h3", back.map().node(3).name());
        assertNull(back.map().node(0).name());
    }

    @Test
    void aLaunchedJobWithoutParentDirectivesOrStdinRoundTrips() {
        JobLayout layout = new JobLayout(List.of(AppContext.of(1, List.of("true"))), Map.of(), null, List.of(),
                map(List.of(new ProcPlacement(0, 0, 0, 0, 0, null, CpuSet.EMPTY, null, null, 2)),
                        List.of(new JobNode(2, "h2", 1, 0, 1, false, -1))), List.of());
        assertRoundTrip(layout);
        assertNull(JobLayout.decode(layout.encode()).parent());
    }

    @Test
    void aLargeJobRoundTrips() {
        int n = 2000;
        List<ProcPlacement> procs = new java.util.ArrayList<>();
        List<JobNode> nodes = new java.util.ArrayList<>();
        for (int node = 0; node < 20; node++) {
            nodes.add(new JobNode(node, node == 0 ? null : "node" + node, 100, 0, 100, false, 1L << 36));
        }
        for (int r = 0; r < n; r++) {
            procs.add(new ProcPlacement(r, 0, r, r % 100, r % 100, CpuSet.of(r % 100), CpuSet.of(r % 100),
                    "core:" + (r % 100), "CR" + (r % 100), r / 100));
        }
        List<Integer> stdin = List.of(0);
        assertRoundTrip(new JobLayout(List.of(AppContext.of(n, List.of("a.out"))), Map.of("A", "1"), null,
                List.of(), map(procs, nodes), stdin));
    }

    @Test
    void aTruncatedLayoutIsAWireFormatException() {
        JobLayout layout = new JobLayout(List.of(AppContext.of(2, List.of("x", "y"))), Map.of("K", "V"),
                new Proc("p", 0), List.of(Info.of("k", "v")), map(List.of(
                        new ProcPlacement(0, 0, 0, 0, 0, null, CpuSet.EMPTY, null, null, 0),
                        new ProcPlacement(1, 0, 1, 1, 1, null, CpuSet.EMPTY, null, null, 0)),
                        List.of(new JobNode(0, null, 2, 0, 2, false, -1))), List.of(0));
        byte[] bytes = layout.encode();
        for (int cut = 0; cut < bytes.length; cut++) {
            byte[] part = java.util.Arrays.copyOf(bytes, cut);
            assertThrows(WireFormatException.class, () -> JobLayout.decode(part), "cut at " + cut);
        }
    }
}
