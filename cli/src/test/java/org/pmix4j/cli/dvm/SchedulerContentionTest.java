package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.security.SecondUser;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * Two users contend for the 4 slots of one scheduler and its DVM, and the order of the grants (session ids
 * are given in grant order) proves FIFO with EASY backfill: root holds 3 slots for an hour; the second
 * user's request for all 4 (a libpmix 4.2.2 tool, alloc_tool) heads the queue with a reservation at that
 * hour's end; root's 1 slot for two hours would delay it and waits; the second user's 1 slot for 30 s ends
 * before the reservation and is backfilled at once. When root's first session ends, the head still waits for
 * the backfilled one; then it is granted, and root's waiting request only after it. The second user cannot
 * release root's session.
 */
class SchedulerContentionTest {
    private static SecondUser user;
    private static Path allocTool;

    @TempDir
    Path tmp;

    @BeforeAll
    static void setUp() {
        user = SecondUser.createOrSkip();
        allocTool = NativeBuild.pmixProgram(Path.of("src/test/c/alloc_tool.c"));
    }

    @AfterAll
    static void tearDown() {
        if (user != null) {
            user.close();
        }
    }

    @Test
    void grantsFollowFifoWithEasyBackfill() throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        String host = ServerConfig.localHostname();
        Path uriFile = tmp.resolve("sched.uri");
        Path go = tmp.resolve("go");
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":4");
                SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":4", "--report-uri",
                        uriFile.toString())) {
            Eventually.until(() -> queue().contains("SESSION"), () -> "the scheduler answers");
            String uri = Files.readString(uriFile).strip();

            try (LauncherProcess first = alloc("-n", "3", "--time", "3600", "--", "sh", "-c",
                    "while [ ! -e " + go + " ]; do sleep 0.1; done")) {
                contend(uri, go, first, sched);
            }
        }
    }

    private void contend(String uri, Path go, LauncherProcess first, SchedulerProcess sched) throws Exception {
        Process head = null;
        Process shortOne = null;
        LauncherProcess longOne = null;
        try {
            Eventually.until(() -> first.stderr().contains("granted session 1 "),
                    () -> first.all() + sched.process().all());

            Path headOut = tmp.resolve("head.out");
            head = user.start(headOut, allocTool.toString(), uri, "new", "4", "60");
            Path out = headOut;
            Eventually.until(() -> queue().contains("position 1"),
                    () -> "the second user's request for 4 slots heads the queue\n"
                    + read(out) + sched.process().all());

            longOne = alloc("-n", "1", "--time", "7200", "--", "sleep", "600");
            Eventually.until(() -> queue().contains("position 2"), () -> "root's 2-hour request queues behind it");

            Path shortOut = tmp.resolve("short.out");
            shortOne = user.start(shortOut, allocTool.toString(), uri, "new", "1", "30");
            Eventually.until(() -> read(shortOut).contains("granted 2 alloc.2"),
                    () -> "the short request is backfilled: " + read(shortOut));
            assertEquals("", read(headOut), "the head still waits");
            assertTrue(queue().contains("position 2"), "and so does root's long request\n" + queue());

            Files.createFile(go);
            assertEquals(0, first.waitFor(Duration.ofSeconds(60)), first.all());
            // the head needs the backfilled slot too: it is granted once that session ends, and not before
            assertEquals("", read(headOut), "the head waits for the backfilled session");
            shortOne.getOutputStream().close();
            assertEquals(0, shortOne.waitFor());
            Eventually.until(() -> read(headOut).contains("granted 3 alloc.3"),
                    () -> "the head is granted next: " + read(headOut));
            assertTrue(queue().contains("position 1"), "root's long request waits on\n" + queue());

            head.getOutputStream().close();
            assertEquals(0, head.waitFor());
            LauncherProcess last = longOne;
            Eventually.until(() -> last.stderr().contains("granted session 4 "),
                    () -> last.all() + sched.process().all());
            var refused = user.run(java.util.Map.of(), allocTool.toString(), uri, "release", "4");
            assertTrue(refused.stdout().contains("release NO-PERMISSIONS"), refused.all());
            assertTrue(refused.stderr().contains("belongs to uid 0"), refused.all());
            assertTrue(sched.process().isAlive());
        } finally {
            if (longOne != null) {
                longOne.close();
            }
            for (Process p : new Process[] {head, shortOne}) {
                if (p != null) {
                    p.destroyForcibly();
                }
            }
        }
    }

    private LauncherProcess alloc(String... args) {
        return LauncherProcess.startCommand(tmp, "alloc", List.of(args), LauncherProcess.Setup.DEFAULT);
    }

    private String queue() throws InterruptedException {
        try (LauncherProcess p = LauncherProcess.startCommand(tmp, "queue", List.of(), LauncherProcess.Setup.DEFAULT)) {
            p.waitFor(Duration.ofSeconds(60));
            return p.stdout() + p.stderr();
        }
    }

    private static String read(Path f) {
        try {
            return Files.exists(f) ? Files.readString(f) : "";
        } catch (IOException e) {
            return "";
        }
    }
}
