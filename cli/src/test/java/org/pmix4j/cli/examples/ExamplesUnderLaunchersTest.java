package org.pmix4j.cli.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.Main;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * {@code pmix4j example NAME} under both launchers it must work under: {@code pmix4j run} and Open MPI 4.1's
 * {@code mpirun} (libpmix 4.2.2), and the ps tool against a running {@code pmix4j run}.
 */
class ExamplesUnderLaunchersTest {
    @TempDir
    Path tmp;

    private String underRun(int np, List<String> program) throws InterruptedException {
        List<String> args = new ArrayList<>(List.of("-n", Integer.toString(np), "--oversubscribe"));
        args.addAll(program);
        try (LauncherProcess p = LauncherProcess.start(tmp, args)) {
            int status = p.waitFor(Duration.ofMinutes(2));
            assertEquals(0, status, p.all());
            return p.stdout();
        }
    }

    private static String underMpirun(int np, List<String> program) {
        NativeBuild.requireTool("mpirun", "openmpi-bin");
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np",
                Integer.toString(np)));
        cmd.addAll(program);
        Run run = Run.command(cmd).timeout(Duration.ofMinutes(2));
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_")).forEach(run::unsetEnv);
        Run.Result r = run.go();
        assertEquals(0, r.exitCode(), r.all());
        return r.stdout();
    }

    private static List<String> sortedLines(String out) {
        return out.lines().filter(l -> !l.isBlank()).sorted().toList();
    }

    @Test
    void helloUnderPmix4jRun() throws Exception {
        assertEquals(List.of("hello from rank 0 of 4", "hello from rank 1 of 4", "hello from rank 2 of 4",
                "hello from rank 3 of 4"), sortedLines(underRun(4, JavaCommand.example("hello"))));
    }

    @Test
    void helloUnderMpirun() {
        assertEquals(List.of("hello from rank 0 of 4", "hello from rank 1 of 4", "hello from rank 2 of 4",
                "hello from rank 3 of 4"), sortedLines(underMpirun(4, JavaCommand.example("hello"))));
    }

    @Test
    void helloWithPeersAndAlone() throws Exception {
        List<String> lines = sortedLines(underRun(2, JavaCommand.example("hello", "--peers")));
        assertEquals(List.of("hello from rank 0 of 2 (local peers [0, 1])", "hello from rank 1 of 2 (local peers [0, 1])"),
                lines);
        // no launcher: a singleton
        Run.Result alone = Run.command(JavaCommand.example("hello")).timeout(Duration.ofMinutes(1)).go();
        assertEquals("hello from rank 0 of 1", alone.stdout().strip(), alone.all());
    }

    @Test
    void ringUnderBothLaunchers() throws Exception {
        List<String> expected = List.of("rank 0 of 3 got \"token of rank 2\" from rank 2",
                "rank 1 of 3 got \"token of rank 0\" from rank 0", "rank 2 of 3 got \"token of rank 1\" from rank 1");
        assertEquals(expected, sortedLines(underRun(3, JavaCommand.example("ring"))));
        assertEquals(expected, sortedLines(underMpirun(3, JavaCommand.example("ring"))));
    }

    @Test
    void psListsTheProcessesOfARunningJob() throws Exception {
        try (LauncherProcess job = LauncherProcess.start(tmp, List.of("-n", "2", "--oversubscribe", "sleep", "60"))) {
            Path rndz = awaitRendezvous(tmp, "pmix.", ".tool." + job.pid());
            String serverNspace = awaitRendezvous(rndz.getParent(), "pmix.", "@0").getFileName().toString()
                    .replaceFirst("^pmix\\.[^.]+\\.tool\\.", "");
            for (List<String> how : List.<List<String>>of(List.of("--pid", Long.toString(job.pid())),
                    List.of("--server-nspace", serverNspace), List.of())) {
                List<String> args = new ArrayList<>(List.of("ps"));
                args.addAll(how);
                Run.Result r = tool(JavaCommand.example(args.toArray(String[]::new)));
                assertEquals(0, r.exitCode(), how + ": " + r.all());
                List<String> rows = r.stdout().lines().toList();
                assertTrue(rows.get(0).startsWith("NSPACE"), r.all());
                assertEquals(3, rows.size(), r.all());
                for (int rank = 0; rank < 2; rank++) {
                    String row = rows.get(rank + 1);
                    assertTrue(row.matches("pmix4j-\\S+@1\\s+" + rank + "\\s+\\d+\\s+\\S+\\s+RUNNING\\s+.*sleep.*"), row);
                }
            }
            job.signal("TERM");
            job.waitFor(Duration.ofSeconds(30));
        }
    }

    @Test
    void unknownExampleNamesTheOthers() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream old = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = Main.execute("example", "nope");
        } finally {
            System.setErr(old);
        }
        assertEquals(2, status);
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("no example called 'nope'") && text.contains("hello") && text.contains("ring")
                && text.contains("ps"), text);
    }

    /** Runs a tool with TMPDIR at the launcher's, outside any PMIx job. */
    private Run.Result tool(List<String> cmd) {
        Run run = Run.command(cmd).timeout(Duration.ofMinutes(1));
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            run.env(v, tmp.toString());
        }
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_")).forEach(run::unsetEnv);
        return run.go();
    }

    /** Waits for the launcher's rendezvous file whose name starts and ends as given. */
    static Path awaitRendezvous(Path tmp, String prefix, String suffix) throws Exception {
        long end = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < end) {
            try (Stream<Path> s = Files.walk(tmp)) {
                var f = s.filter(p -> p.getFileName().toString().startsWith(prefix)
                        && p.getFileName().toString().endsWith(suffix)).findFirst();
                if (f.isPresent()) {
                    return f.get();
                }
            } catch (java.io.UncheckedIOException e) {
                // a directory vanished while we walked
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no rendezvous file " + prefix + "*" + suffix + " under " + tmp);
    }
}
