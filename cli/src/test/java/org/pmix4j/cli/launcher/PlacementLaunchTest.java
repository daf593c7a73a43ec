package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.ServerConfig;

/**
 * Placement with real PMIx clients that report the CPUs they may run on (sched_getaffinity) and what PMIx
 * tells them (PMIX_CPUSET, PMIX_LOCALITY_STRING, PMIX_MAPBY/RANKBY/BINDTO): slots default to the cores,
 * oversubscription only when allowed, --map-by with PE and the oversubscription qualifiers, --rank-by,
 * --bind-to with real binding, --report-bindings, --display map, --host and --hostfile.
 *
 * <p>Written for this machine's kind: one package of at least 2 cores (the development machine has 2);
 * the CPU lists are computed from the core count.
 */
class PlacementLaunchTest {
    private static final String HOST = ServerConfig.localHostname();
    private static int cores;
    private static String allCpus;

    @TempDir
    Path tmp;

    @BeforeAll
    static void machine() {
        cores = Runtime.getRuntime().availableProcessors();
        assertTrue(cores >= 2, "these tests need at least 2 cores");
        allCpus = "0-" + (cores - 1);
    }

    @Test
    void slotsAreTheCoresAndMoreProcessesNeedOversubscription() {
        String probe = Launch.probe();
        String n = Integer.toString(cores);
        String more = Integer.toString(cores + 1);
        Launch.Result fits = Launch.run(tmp, "-n", n, probe);
        fits.assertStatus(0);
        assertEquals(cores, fits.lines("rank ").stream().filter(l -> l.endsWith(" ready")).count(), fits.all());

        Launch.Result refused = Launch.run(tmp, "-n", more, probe);
        assertNotEquals(0, refused.status(), refused.all());
        refused.assertStderrContains("not enough slots", more + " slots", HOST + ") has " + cores + " slots",
                "--oversubscribe");
        assertTrue(refused.lines("rank ").isEmpty(), "nothing started\n" + refused.all());

        Launch.Result refusedByQualifier = Launch.run(tmp, "-n", more, "--map-by", "slot:NOOVERSUBSCRIBE", probe);
        assertNotEquals(0, refusedByQualifier.status(), refusedByQualifier.all());
        refusedByQualifier.assertStderrContains("not enough slots");

        for (List<String> allow : List.of(List.of("--oversubscribe"), List.of("--map-by", "slot:OVERSUBSCRIBE"))) {
            Launch.Result over = Launch.run(tmp, Launch.args("-n", more, allow, probe));
            over.assertStatus(0);
            assertEquals(cores + 1, over.lines("rank ").stream().filter(l -> l.endsWith(" ready")).count(),
                    allow + "\n" + over.all());
            assertTrue(over.probe(0, "policies").contains(":OVERSUBSCRIBE "), allow + "\n" + over.all());
        }
    }

    @Test
    void bindToCoreIsRealVisibleAndReported() {
        Launch.Result r = Launch.run(tmp, "-n", "2", "--map-by", "core", "--bind-to", "core", "--report-bindings",
                Launch.probe());
        r.assertStatus(0);
        for (int rank = 0; rank < 2; rank++) {
            String cpu = Integer.toString(rank);
            assertEquals(cpu, r.probe(rank, "cpus"), "the kernel's affinity of rank " + rank + "\n" + r.all());
            String cpuset = r.probe(rank, "cpuset");
            assertTrue(cpuset.startsWith(cpu + " locality "), "PMIX_CPUSET is the binding\n" + r.all());
            assertTrue(cpuset.contains(":CR" + cpu + ":"), "PMIX_LOCALITY_STRING names the core\n" + r.all());
            assertTrue(r.probe(rank, "policies").endsWith(" CORE"), r.all());
            assertTrue(Pattern.compile("^\\[" + Pattern.quote(HOST) + ":\\d+\\] Rank " + rank
                    + " bound to package\\[0\\]\\[core:L" + rank + "\\]$", Pattern.MULTILINE).matcher(r.stderr()).find(),
                    "--report-bindings line of rank " + rank + " (PRRTE's format)\n" + r.all());
        }
    }

    @Test
    void bindToPackageAndToNone() {
        Launch.Result pkg = Launch.run(tmp, "-n", "2", "--map-by", "package", "--bind-to", "package",
                "--display", "bind", Launch.probe());
        pkg.assertStatus(0);
        Launch.Result none = Launch.run(tmp, "-n", "2", "--bind-to", "none", Launch.probe());
        none.assertStatus(0);
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(allCpus, pkg.probe(rank, "cpus"), pkg.all());
            assertTrue(pkg.probe(rank, "cpuset").startsWith(allCpus + " locality SK0:"), pkg.all());
            assertTrue(pkg.stderr().contains("Rank " + rank + " bound to package[0][core:L" + allCpus + "]"),
                    pkg.all());
            assertTrue(pkg.probe(rank, "policies").startsWith("BYPACKAGE"), pkg.all());

            assertEquals(allCpus, none.probe(rank, "cpus"), none.all());
            assertEquals("none locality none", none.probe(rank, "cpuset"), "an unbound process has no cpuset\n"
                    + none.all());
            assertTrue(none.probe(rank, "policies").endsWith(" NONE"), none.all());
        }
    }

    @Test
    void peGivesEachProcessSeveralCoresAndDisplayMapShowsIt() {
        Launch.Result r = Launch.run(tmp, "-n", "1", "--map-by", "slot:PE=" + cores, "--display", "map",
                Launch.probe());
        r.assertStatus(0);
        assertEquals(allCpus, r.probe(0, "cpus"), r.all());
        assertTrue(r.probe(0, "cpuset").startsWith(allCpus + " "), r.all());
        String out = r.stdout();
        int map = out.indexOf("========================   JOB MAP   ========================");
        assertTrue(map >= 0, "the JOB MAP block\n" + r.all());
        assertTrue(map < out.indexOf("rank 0 size"), "the map comes before the job's output\n" + r.all());
        for (String line : List.of("Mapping policy: BYSLOT:NOOVERSUBSCRIBE", "Cpus-per-rank: " + cores,
                "Data for node: " + HOST + "\tNum slots: " + cores, "Process rank: 0 Bound: package[0][core:L"
                        + allCpus + "]")) {
            assertTrue(out.contains(line), "--display map shows '" + line + "'\n" + r.all());
        }

        Launch.Result tooMany = Launch.run(tmp, "-n", "2", "--map-by", "slot:PE=" + cores, Launch.probe());
        assertNotEquals(0, tooMany.status(), tooMany.all());
        assertTrue(tooMany.stderr().contains("PE=" + cores) || tooMany.stderr().contains("not enough"),
                tooMany.all());
    }

    @Test
    void rankByDecidesWhichRanksShareACore() {
        // 4 processes on 2 cores, each bound to a core: ranked by slot they alternate, ranked by fill the
        // first two share the first core
        List<String> common = List.of("-n", "4", "--oversubscribe", "--map-by", "core", "--bind-to",
                "core:overload-allowed");
        Launch.Result slot = Launch.run(tmp, Launch.args(common, "--rank-by", "slot", Launch.probe()));
        Launch.Result fill = Launch.run(tmp, Launch.args(common, "--rank-by", "fill", Launch.probe()));
        slot.assertStatus(0);
        fill.assertStatus(0);
        if (cores == 2) {
            assertEquals(List.of("0", "1", "0", "1"), cpus(slot, 4), slot.all());
            assertEquals(List.of("0", "0", "1", "1"), cpus(fill, 4), fill.all());
        } else {
            assertNotEquals(cpus(slot, 4), cpus(fill, 4), slot.all() + fill.all());
        }
        assertTrue(slot.probe(0, "policies").contains(" SLOT "), slot.all());
        assertTrue(fill.probe(0, "policies").contains(" FILL "), fill.all());
    }

    @Test
    void mapByNodeAndSlot() {
        for (String policy : List.of("node", "slot")) {
            Launch.Result r = Launch.run(tmp, "-n", "2", "--map-by", policy, Launch.probe());
            r.assertStatus(0);
            assertTrue(r.probe(1, "policies").startsWith("BY" + policy.toUpperCase() + ":NOOVERSUBSCRIBE "),
                    r.all());
            assertEquals("2 appnum 0 lrank 1", r.probe(1, "size"), r.all());
        }
    }

    @Test
    void hostsAndHostfilesAreCheckedAndADaemonThatCannotStartIsNamed() throws Exception {
        String probe = Launch.probe();
        String slots = Integer.toString(cores + 1);
        Launch.Result hostSlots = Launch.run(tmp, "-H", HOST + ":" + slots, "-n", slots, probe);
        hostSlots.assertStatus(0);

        Launch.Result tooFew = Launch.run(tmp, "--host", HOST, "-n", "2", probe);
        assertNotEquals(0, tooFew.status(), "--host NAME gives 1 slot\n" + tooFew.all());
        tooFew.assertStderrContains("not enough slots");

        // another node gets a daemon through the launch agent: one that fails (here without touching any
        // network) fails the launch naming the node, the agent and its status
        Launch.Result other = Launch.run(tmp, "--host", "node-that-is-not-here:2", "--launch-agent", "false", "-n", "1",
                probe);
        assertEquals(1, other.status(), other.all());
        other.assertStderrContains("the daemon on node-that-is-not-here could not be started: the launch agent (false) exited"
                + " with status 1");

        Path hostfile = tmp.resolve("hosts");
        Files.writeString(hostfile, "# this node\n" + HOST + " slots=" + slots + "\n");
        Launch.Result fromFile = Launch.run(tmp, "--hostfile", hostfile.toString(), "-n", slots, probe);
        fromFile.assertStatus(0);

        Path twoNodes = tmp.resolve("two-nodes");
        Files.writeString(twoNodes, HOST + " slots=2\nnode-that-is-not-here slots=2\n");
        Launch.Result remote = Launch.run(tmp, "--hostfile", twoNodes.toString(), "--launch-agent", "false", "-n", "1",
                probe);
        assertEquals(1, remote.status(), remote.all());
        remote.assertStderrContains("the daemon on node-that-is-not-here could not be started");

        Path bad = tmp.resolve("bad-slots");
        Files.writeString(bad, HOST + " slots=many\n");
        Launch.Result badSlots = Launch.run(tmp, "--hostfile", bad.toString(), "-n", "1", probe);
        assertEquals(2, badSlots.status(), badSlots.all());
        badSlots.assertStderrContains("--hostfile " + bad, "line 1", "many");
    }

    @Test
    void badPlacementOptionsNameOptionAndValue() {
        Map<List<String>, String> cases = Map.of(
                List.of("--map-by", "diagonal"), "--map-by diagonal",
                List.of("--map-by", "slot:PE=zero"), "--map-by slot:PE=zero",
                List.of("--rank-by", "height"), "--rank-by height",
                List.of("--bind-to", "chair"), "--bind-to chair",
                List.of("--display", "everything"), "--display everything");
        for (var c : cases.entrySet()) {
            Launch.Result r = Launch.run(tmp, Launch.args(c.getKey(), "-n", "1", "true"));
            assertEquals(2, r.status(), c.getKey() + "\n" + r.all());
            r.assertStderrContains(c.getValue());
            assertTrue(r.stdout().isEmpty(), "nothing ran\n" + r.all());
        }
    }

    private static List<String> cpus(Launch.Result r, int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> r.probe(i, "cpus")).toList();
    }
}
