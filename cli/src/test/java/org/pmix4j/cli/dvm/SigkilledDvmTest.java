package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.LeftBehind;
import org.pmix4j.testkit.NativeBuild;

/**
 * A {@code pmix4j dvm} (the node's system server) SIGKILLed while jobs run in it: the jobs' processes, PMIx
 * clients and plain programs, and what they started in their groups, die within 2 s; its session directory and its system-server files go with
 * the next DVM or with {@code pmix4j clean}, which {@code --dry-run} only lists.
 */
class SigkilledDvmTest {
    private static final Path CLIENT = Path.of("../server/src/test/c/init_and_exit.c");
    private static Path client;

    @TempDir
    Path tmp;

    private final List<ProcessHandle> started = new ArrayList<>();

    @BeforeAll
    static void build() {
        client = NativeBuild.pmixProgram(CLIENT);
    }

    @AfterEach
    void killWhatIsLeft() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /** A system-server DVM running 2 PMIx clients and 2 sleeps, SIGKILLed; returns its session directory. */
    private Path startAndKill(Path dir) throws Exception {
        try (DvmProcess dvm = DvmProcess.start(dir, "--system-server", "--tmpdir", dir.toString());
                LauncherProcess clients = dvm.frontEnd("prun", "-n", "2", "--oversubscribe", client.toString(), "--sleep", "300");
                LauncherProcess plain = dvm.frontEnd("prun", "-n", "2", "--oversubscribe", "sh", "-c", "sleep 302 & echo started; exec sleep 301")) {
            assertTrue(clients.awaitOutput("ready ", 2, Duration.ofSeconds(60)), clients.all());
            assertTrue(plain.awaitOutput("started", 2, Duration.ofSeconds(60)), plain.all());
            List<ProcessHandle> job = awaitChildren(dvm.process().handle(), 4);
            List<ProcessHandle> left = awaitBackgroundSleeps(dvm.process().handle(), 2);
            started.addAll(job);
            started.addAll(left);
            Path session = dvm.sessionDir();
            assertTrue(Files.exists(dir.resolve("pmix.sys." + DvmTest.hostname())), DvmTest.leftovers(dir).toString());

            dvm.process().signal("KILL");
            dvm.process().waitFor(Duration.ofSeconds(30));
            assertEquals(List.of(), LeftBehind.survivors(job, Duration.ofSeconds(2)),
                    "the jobs' processes outlived the SIGKILLed DVM\n" + dvm.process().all());
            assertEquals(List.of(), LeftBehind.survivors(left, Duration.ofSeconds(2)),
                    "what they started outlived the SIGKILLed DVM\n" + dvm.process().all());
            // the front ends see the DVM go and end (their jobs are gone with it)
            clients.waitFor(Duration.ofSeconds(30));
            plain.waitFor(Duration.ofSeconds(30));
            return session;
        }
    }

    /** The {@code sleep 302} each shell left in the background, once {@code n} run. */
    private static List<ProcessHandle> awaitBackgroundSleeps(ProcessHandle h, int n) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < end) {
            List<ProcessHandle> d = h.descendants()
                    .filter(x -> x.info().commandLine().orElse("").endsWith("sleep 302")).toList();
            if (d.size() >= n) {
                return d;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the DVM's shells did not leave " + n + " background sleeps");
    }

    private static List<ProcessHandle> awaitChildren(ProcessHandle h, int n) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < end) {
            List<ProcessHandle> c = h.children().filter(x -> !x.info().command().orElse("").endsWith("awk")).toList();
            if (c.size() >= n) {
                return c;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the DVM did not run " + n + " processes");
    }

    @Test
    void theJobsDieWithTheDvmAndTheNextDvmReclaimsItsFiles() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("dvm-tmp"));
        Path session = startAndKill(dir);
        Path sys = dir.resolve("pmix.sys." + DvmTest.hostname());
        Map<String, FileTime> before = LeftBehind.snapshot(dir);

        DvmProcess.Ended dry = run(dir, "clean", "--dry-run");
        assertEquals(before, LeftBehind.snapshot(dir), "--dry-run removed something\n" + dry.all());
        assertTrue(dry.stdout().contains("would remove directory " + session + ": left by process "), dry.all());
        assertTrue(dry.stdout().contains("would remove rendezvous file " + sys + ": left by process "), dry.all());

        try (DvmProcess next = DvmProcess.start(dir, "--system-server", "--tmpdir", dir.toString())) {
            assertFalse(Files.exists(session), "the dead DVM's directory stays\n" + next.process().all());
            assertTrue(next.process().stderr().contains("removed directory " + session), next.process().all());
            assertTrue(next.process().stderr().contains("removed rendezvous file " + sys), next.process().all());
            DvmProcess.Ended term = next.run("term");
            assertEquals(0, term.status(), term.all());
            assertEquals(0, next.process().waitFor(Duration.ofSeconds(60)), next.process().all());
        }
        assertEquals(List.of(), DvmTest.leftovers(dir), "files left after the next DVM's end");
    }

    @Test
    void cleanRemovesWhatTheDeadDvmLeft() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("dvm-tmp"));
        startAndKill(dir);
        assertFalse(DvmTest.leftovers(dir).isEmpty(), "a SIGKILLed DVM cannot remove its own files");
        DvmProcess.Ended clean = run(dir, "clean", "--tmpdir", dir.toString());
        assertEquals(0, clean.status(), clean.all());
        assertEquals(List.of(), DvmTest.leftovers(dir), "pmix4j clean left files\n" + clean.all());
    }

    private static DvmProcess.Ended run(Path dir, String command, String... args) throws Exception {
        try (LauncherProcess p = LauncherProcess.startCommand(dir, command, List.of(args),
                LauncherProcess.Setup.DEFAULT)) {
            int status = p.waitFor(Duration.ofSeconds(120));
            return new DvmProcess.Ended(status, p.stdout(), p.stderr());
        }
    }
}
