package org.pmix4j.cli.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;

/**
 * The corpus (src/test/resources/compat/mpirun-corpus.txt): command lines of Open MPI 4.1's mpirun man page
 * and PRRTE's documentation, each run as {@code pmix4j run} with a real program, and its real outcome checked:
 * exit status, the number of processes that printed, what their environment held, what stderr said.
 */
class CompatCorpusTest {
    private static final List<String> PROGRAMS = List.of("./a.out", "a.out", "prog1", "foo", "my_app",
            "mpi-hello-world");
    private static final List<String> HOSTS = List.of("aa", "bb", "cc", "dd", "node1", "remotehost");

    @TempDir
    static Path dir;

    private static String host;
    private static Path probe;

    @BeforeAll
    static void files() throws IOException {
        host = org.pmix4j.server.ServerConfig.localHostname();
        probe = dir.resolve("probe.sh");
        Files.writeString(probe, "#!/bin/sh\necho \"rank=$PMIX_RANK btl=$OMPI_MCA_btl if=$OMPI_MCA_btl_tcp_if_include"
                + " display=$DISPLAY ofile=$OFILE abc=$ABC path-head=${PATH%%:*} pmixmca=$PMIX_MCA_ptl_base_verbose"
                + " cpus=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status) \"\n");
        Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("rwxr-xr-x"));
        // the host once per slot: four slots for the usual lines, and one line per rank for the sequential
        // mapper's lines, which read the file as "rank i runs on the host of line i" (MAN 1197)
        Files.writeString(dir.resolve("myhostfile"), (host + "\n").repeat(4));
        Files.writeString(dir.resolve("myrankfile"), "rank 0=" + host + " slot=0\nrank 1=" + host + " slot=1\n");
        Files.writeString(dir.resolve("myappfile"), "-np 1 " + probe + "\n# a comment\n-np 1 -x A=1 " + probe + "\n");
        Files.writeString(dir.resolve("mytune"), "-x TUNED=1\n--mca btl tcp,self\n");
    }

    /** One corpus line: what is expected, the command line, where it came from. */
    record Entry(int lineNo, String expected, String command, String source) {
    }

    /** How one command line ended. */
    private record Outcome(int status, String stdout, String stderr) {
    }

    /**
     * The lines are run two at a time ahead of their checks (the launches are independent: each launcher has
     * its own server and session directory, and bindings are each process's own), then checked in order:
     * run one by one, the corpus was the suite's longest test.
     */
    @TestFactory
    Stream<DynamicTest> corpus() throws IOException {
        List<Entry> entries = read();
        assertTrue(entries.size() >= 40, "the corpus has " + entries.size() + " command lines");
        ExecutorService runner = Executors.newFixedThreadPool(2);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        for (Entry e : entries) {
            outcomes.add(runner.submit(() -> launch(e)));
        }
        runner.shutdown();
        return IntStream.range(0, entries.size()).mapToObj(i -> DynamicTest.dynamicTest("line "
                + entries.get(i).lineNo() + ": " + entries.get(i).command(), () -> check(entries.get(i),
                        outcomes.get(i).get(3, TimeUnit.MINUTES))));
    }

    private static Outcome launch(Entry e) throws IOException, InterruptedException {
        try (LauncherProcess p = LauncherProcess.start(Files.createDirectories(dir.resolve("tmp")), args(e.command()))) {
            int status = p.waitFor(Duration.ofSeconds(90));
            return new Outcome(status, p.stdout(), p.stderr());
        }
    }

    private static List<Entry> read() throws IOException {
        List<Entry> out = new ArrayList<>();
        try (InputStream in = CompatCorpusTest.class.getResourceAsStream("/compat/mpirun-corpus.txt")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < lines.length; i++) {
                String l = lines[i];
                if (l.isBlank() || l.startsWith("#")) {
                    continue;
                }
                int arrow = l.indexOf(" => ");
                int hash = l.indexOf("    # ");
                out.add(new Entry(i + 1, l.substring(0, arrow).strip(), l.substring(arrow + 4, hash).strip(),
                        l.substring(hash + 6).strip()));
            }
        }
        return out;
    }

    private static List<String> args(String command) {
        List<String> words = new ArrayList<>(List.of(command.split("\\s+")));
        words.remove(0); // mpirun, prterun, prun
        List<String> out = new ArrayList<>();
        for (String w : words) {
            if (PROGRAMS.contains(w)) {
                out.add(probe.toString());
                continue;
            }
            for (String f : List.of("myhostfile", "myrankfile", "myappfile", "mytune")) {
                w = w.replace(f, dir.resolve(f).toString());
            }
            for (String h : HOSTS) {
                w = w.replaceAll("(?<![\\w/.-])" + h + "(?![\\w/.-])", host);
            }
            out.add(w);
        }
        return out;
    }

    /** This node's cores (pmix4j's slots without --host): distinct (package, core) pairs of Linux's topology. */
    static long cores() throws IOException {
        try (Stream<Path> cpus = Files.list(Path.of("/sys/devices/system/cpu"))) {
            return cpus.filter(c -> c.getFileName().toString().matches("cpu\\d+"))
                    .filter(c -> Files.isReadable(c.resolve("topology/core_id")))
                    .map(c -> {
                        try {
                            return Files.readString(c.resolve("topology/physical_package_id")).strip() + "/"
                                    + Files.readString(c.resolve("topology/core_id")).strip();
                        } catch (IOException x) {
                            throw new java.io.UncheckedIOException(x);
                        }
                    }).distinct().count();
        }
    }

    private static void check(Entry e, Outcome p) throws Exception {
        List<String> args = args(e.command());
        boolean probed = args.contains(probe.toString()) || e.command().contains("--app");
        int status = p.status();
        String report = e.source() + "\npmix4j run " + String.join(" ", args) + "\nexit status " + status
                + "\n--- stdout\n" + p.stdout() + "--- stderr\n" + p.stderr();
        for (String x : e.expected().split("\\s+")) {
            int eq = x.indexOf('=');
            String key = x.startsWith("err~") ? "err~" : x.substring(0, eq);
            String value = x.startsWith("err~") ? x.substring(4).replace('_', ' ') : x.substring(eq + 1);
            if (value.startsWith("cpus=")) {
                value = "cpus=" + Cpus.resolve(value.substring(5));
            }
            // the probe's lines only (a --display map block goes to stdout too)
            List<String> lines = p.stdout().lines().filter(l -> !l.isBlank())
                    .filter(l -> !probed || l.contains("rank=")).toList();
            switch (key) {
                case "fits" -> {
                    int n = Integer.parseInt(value);
                    if (cores() >= n) {
                        assertEquals(0, status, report);
                        assertEquals(n, lines.size(), report);
                    } else {
                        assertEquals(1, status, report);
                        assertTrue(p.stderr().contains("not enough slots"), report);
                    }
                }
                case "status" -> assertEquals(Integer.parseInt(value), status, report);
                case "lines" -> assertEquals(Integer.parseInt(value), lines.size(), report);
                case "env" -> {
                    for (String l : lines) {
                        assertTrue((l + " ").contains(" " + value + " "), "every process should see " + value
                                + "\n" + report);
                    }
                }
                case "rank0:cpus", "rank1:cpus" -> {
                    String rank = key.substring(4, 5);
                    String want = "cpus=" + Cpus.resolve(value);
                    List<String> of = lines.stream().filter(l -> l.startsWith("rank=" + rank + " ")).toList();
                    assertEquals(1, of.size(), report);
                    assertTrue((of.get(0) + " ").contains(" " + want + " "), "rank " + rank + " should have "
                            + want + "\n" + report);
                }
                case "err~" -> assertTrue(p.stderr().contains(value), "stderr should say '" + value + "'\n"
                        + report);
                default -> throw new AssertionError("corpus line " + e.lineNo() + ": unknown expectation " + x);
            }
        }
    }
}
