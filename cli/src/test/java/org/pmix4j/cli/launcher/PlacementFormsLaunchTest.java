package org.pmix4j.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.ServerConfig;

/**
 * prterun's placement forms through {@code pmix4j run}, with real libpmix clients that report the CPUs the
 * kernel lets them run on and what PMIx tells them (src/test/c/launch_probe.c), and an Open MPI program:
 * {@code --map-by ppr:N:RESOURCE}, {@code seq}, {@code rankfile:FILE=}, {@code pe-list=} and the
 * {@code --display} directives (allocation, and the refused ones).
 *
 * <p>Written for this machine's kind: one package of at least 2 cores, one hardware thread per core.
 */
class PlacementFormsLaunchTest {
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

    private static void assertBindingLine(Launch.Result r, int rank, String binding) {
        assertTrue(Pattern.compile("^\\[" + Pattern.quote(HOST) + ":\\d+\\] Rank " + rank + " bound to "
                + Pattern.quote(binding) + "$", Pattern.MULTILINE).matcher(r.stderr()).find(),
                "binding line of rank " + rank + ": " + binding + "\n" + r.all());
    }

    @Test
    void pprOnePerCoreBindsEachToItsCore() {
        Launch.Result r = Launch.run(tmp, "-n", Integer.toString(cores), "--map-by", "ppr:1:core", "--display",
                "bind", Launch.probe());
        r.assertStatus(0);
        for (int rank = 0; rank < cores; rank++) {
            assertEquals(Integer.toString(rank), r.probe(rank, "cpus"), "the kernel's affinity\n" + r.all());
            assertTrue(r.probe(rank, "policies").startsWith("BYCORE:NOOVERSUBSCRIBE SLOT CORE"), r.all());
            assertBindingLine(r, rank, "package[0][core:L" + rank + "]");
        }
    }

    @Test
    void pprPerPackageNumaAndCacheBindToTheObject() {
        for (String resource : new String[] {"package", "socket", "numa", "l3cache"}) {
            Launch.Result r = Launch.run(tmp, "-n", "2", "--map-by", "ppr:2:" + resource, Launch.probe());
            r.assertStatus(0);
            for (int rank = 0; rank < 2; rank++) {
                assertEquals(allCpus, r.probe(rank, "cpus"), resource + "\n" + r.all());
            }
        }
        Launch.Result l2 = Launch.run(tmp, "-n", "2", "--map-by", "ppr:1:l2cache", Launch.probe());
        l2.assertStatus(0);
        assertEquals("1", l2.probe(1, "cpus"), l2.all());
        Launch.Result pe = Launch.run(tmp, "-n", "1", "--map-by", "ppr:1:package:PE=2", Launch.probe());
        pe.assertStatus(0);
        assertEquals("0-1", pe.probe(0, "cpus"), pe.all());
    }

    @Test
    void pprBeyondWhatTheNodeHasIsPrrtesError() {
        Launch.Result tooMany = Launch.run(tmp, "-n", "2", "--map-by", "ppr:1:package", Launch.probe());
        assertTrue(tooMany.status() != 0, tooMany.all());
        tooMany.assertStderrContains("Your job has requested more processes than the ppr for", "PPR: 1:package",
                "has 1 package");
        assertTrue(tooMany.lines("rank ").isEmpty(), "nothing ran\n" + tooMany.all());
        Launch.Result beyondSlots = Launch.run(tmp, "-n", "2", "--map-by", "ppr:2:core", Launch.probe());
        assertTrue(beyondSlots.status() != 0, beyondSlots.all());
        beyondSlots.assertStderrContains("Your job has requested more processes than the ppr",
                "only " + cores + " free slots", "OVERSUBSCRIBE");
        Launch.Result over = Launch.run(tmp, "-n", Integer.toString(2 * cores), "--map-by", "ppr:2:core:OVERSUBSCRIBE",
                Launch.probe());
        over.assertStatus(0);
        assertEquals(2 * cores, over.lines("rank ").stream().filter(l -> l.endsWith(" ready")).count(), over.all());
    }

    @Test
    void anOpenMpiProgramRunsUnderPpr() {
        Launch.Result r = Launch.run(tmp, "-n", "2", "--map-by", "ppr:1:core", Launch.mpiHello());
        r.assertStatus(0);
    }

    @Test
    void peListBindsToTheListedCores() {
        Launch.Result last = Launch.run(tmp, "-n", "1", "--map-by", "pe-list=" + (cores - 1), Launch.probe());
        last.assertStatus(0);
        assertEquals(Integer.toString(cores - 1), last.probe(0, "cpus"), last.all());
        assertTrue(last.probe(0, "policies").startsWith("PE-LIST:NOOVERSUBSCRIBE SLOT CORE"), last.all());
        Launch.Result all = Launch.run(tmp, "-n", "2", "--map-by", "pe-list=0,1", Launch.probe());
        all.assertStatus(0);
        assertEquals("0-1", all.probe(0, "cpus"), all.all());
        assertEquals("0-1", all.probe(1, "cpus"), all.all());
        Launch.Result ordered = Launch.run(tmp, "-n", "2", "--map-by", "pe-list=1,0:ORDERED", Launch.probe());
        ordered.assertStatus(0);
        assertEquals("0", ordered.probe(0, "cpus"), ordered.all());
        assertEquals("1", ordered.probe(1, "cpus"), ordered.all());
        Launch.Result missing = Launch.run(tmp, "-n", "1", "--map-by", "pe-list=" + cores, Launch.probe());
        assertTrue(missing.status() != 0, missing.all());
        missing.assertStderrContains("there is no core L" + cores);
    }

    @Test
    void seqPutsEachRankOnItsLine() throws Exception {
        Path hf = Files.writeString(tmp.resolve("hosts"), "localhost\n" + HOST + "\n");
        Launch.Result r = Launch.run(tmp, "-n", "2", "--map-by", "seq", "--hostfile", hf.toString(), Launch.probe());
        r.assertStatus(0);
        assertTrue(r.probe(0, "policies").startsWith("SEQUENTIAL:NOOVERSUBSCRIBE SLOT"), r.all());
        Path seq = Files.writeString(tmp.resolve("seq"), HOST + " 1\n" + HOST + " 0\n");
        Launch.Result withCpus = Launch.run(tmp, "-n", "2", "--map-by", "seq:FILE=" + seq, Launch.probe());
        withCpus.assertStatus(0);
        assertEquals("1", withCpus.probe(0, "cpus"), withCpus.all());
        assertEquals("0", withCpus.probe(1, "cpus"), withCpus.all());
        Launch.Result tooFew = Launch.run(tmp, "-n", "3", "--map-by", "seq", "--hostfile", hf.toString(),
                Launch.probe());
        assertTrue(tooFew.status() != 0, tooFew.all());
        tooFew.assertStderrContains("not enough node entries", "Num procs:  3");
    }

    @Test
    void rankfileBindsEachRankWhereItSays() throws Exception {
        Path rf = Files.writeString(tmp.resolve("rf"), "rank 1=localhost slot=0\nrank 0=" + HOST + " slot=0:1\n");
        Launch.Result r = Launch.run(tmp, "-n", "2", "--map-by", "rankfile:FILE=" + rf, "--display", "bind,map",
                Launch.probe());
        r.assertStatus(0);
        assertEquals("1", r.probe(0, "cpus"), r.all());
        assertEquals("0", r.probe(1, "cpus"), r.all());
        assertBindingLine(r, 0, "package[0][core:L1]");
        assertTrue(r.stdout().contains("Mapping policy: BYUSER:NOOVERSUBSCRIBE"), r.all());
        Path bad = Files.writeString(tmp.resolve("bad"), "rank 0=" + HOST + " slot=" + cores + "\n");
        Launch.Result missing = Launch.run(tmp, "-n", "1", "--map-by", "rankfile:FILE=" + bad, Launch.probe());
        assertTrue(missing.status() != 0, missing.all());
        missing.assertStderrContains("a non-existent CPU", "Slots: " + cores);
    }

    @Test
    void displayAllocationShowsTheNodeTheJobRunsOn() {
        Launch.Result r = Launch.run(tmp, "-n", "1", "--display", "allocation,map", "--host", HOST + ":" + cores,
                Launch.probe());
        r.assertStatus(0);
        String out = r.stdout();
        assertTrue(Pattern.compile("\n============   ALLOCATED NODES FOR JOB \\S+ APP 0 ============\n    "
                + Pattern.quote(HOST) + ": slots=" + cores + " max_slots=0 slots_inuse=0\n=+\n").matcher(out).find(),
                r.all());
        assertTrue(out.indexOf("ALLOCATED NODES") < out.indexOf("JOB MAP"), "the allocation comes first\n" + r.all());
        Launch.Result xml = Launch.run(tmp, "-n", "1", "--display", "alloc:parseable", Launch.probe());
        xml.assertStatus(0);
        assertTrue(xml.stdout().contains("<allocation>\n\t<host name=\"" + HOST + "\" slots=\"" + cores
                + "\" max_slots=\"0\" slots_inuse=\"0\">\n</allocation>\n"), xml.all());
    }

    @Test
    void aSpawnsPlacementDirectivesAreCarriedOut() {
        // a libpmix client spawns with PMIX_MAPBY ppr, PMIX_DISPLAY_ALLOCATION and PMIX_DISPLAY_MAP: its own
        // process holds one slot while the child job is placed
        String spawner = org.pmix4j.testkit.NativeBuild.pmixProgram(Path.of("src/test/c/spawn_placed.c")).toString();
        Launch.Result r = Launch.run(tmp, "-n", "1", spawner, "ppr:1:core:OVERSUBSCRIBE", Integer.toString(cores),
                "true");
        r.assertStatus(0);
        java.util.regex.Matcher m = Pattern.compile("spawn status SUCCESS nspace (\\S+)").matcher(r.stdout());
        assertTrue(m.find(), r.all());
        String child = m.group(1);
        assertTrue(r.stdout().contains("\n============   ALLOCATED NODES FOR JOB " + child + " APP 0 ============\n    "
                + HOST + ": slots=" + (cores - 1) + " max_slots=0 slots_inuse=1\n"), r.all());
        assertTrue(r.stdout().contains("Data for JOB " + child + " offset 0"), r.all());
        assertTrue(r.stdout().contains("    Mapping policy: BYCORE:OVERSUBSCRIBE  Ranking policy: SLOT"), r.all());
        assertTrue(r.stdout().contains("PPR: 1:core"), r.all());
    }

    @Test
    void displayDirectivesPmix4jDoesNotShowAreRefusedByName() {
        for (String[] c : new String[][] {{"map-devel", "MAP-DEVEL"}, {"topo=" + HOST, "TOPO"}, {"cpus", "CPUS"},
                {"bind:physical", "PHYSICAL"}}) {
            Launch.Result r = Launch.run(tmp, "-n", "1", "--display", c[0], "true");
            assertEquals(2, r.status(), c[0] + "\n" + r.all());
            r.assertStderrContains("--display " + c[0], c[1], "not supported by pmix4j");
            assertTrue(r.stdout().isEmpty(), "nothing ran\n" + r.all());
        }
    }
}
