package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/** Stdin pushed by tools reaches the stdin of the processes it targets, in order, then ends. */
class ToolStdinTest {
    private static final Proc TOOL = new Proc("tool", 0);

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Process cat() throws Exception {
        return new ProcessBuilder("cat").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static int status(Runnable r) {
        try {
            r.run();
            return PmixStatus.PMIX_SUCCESS;
        } catch (CompletionException e) {
            return assertInstanceOf(PmixException.class, e.getCause()).status();
        }
    }

    @Test
    void bytesPushedToARankReachItsStdinAndTheEndClosesIt() throws Exception {
        Process p0 = cat();
        Process p1 = cat();
        try (ToolStdin stdin = new ToolStdin()) {
            stdin.attach(new Proc("job", 0), p0.getOutputStream());
            stdin.attach(new Proc("job", 1), p1.getOutputStream());
            stdin.push(TOOL, List.of(new Proc("job", 0)), List.of(), bytes("to rank 0\n")).toCompletableFuture().join();
            stdin.push(TOOL, List.of(Proc.wildcard("job")), List.of(), bytes("to all\n")).toCompletableFuture().join();
            // the last bytes and the end in one push
            stdin.push(TOOL, List.of(Proc.wildcard("job")), List.of(Attributes.IOF_COMPLETE.info(true)), bytes("bye\n"))
                    .toCompletableFuture().join();
            assertEquals("to rank 0\nto all\nbye\n", new String(p0.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            assertEquals("to all\nbye\n", new String(p1.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            assertTrue(p0.waitFor(30, TimeUnit.SECONDS) && p1.waitFor(30, TimeUnit.SECONDS), "cat saw end-of-file");

            // after the end: libpmix's stdin reader stops on PMIX_ERR_IOF_COMPLETE
            assertEquals(PmixStatus.PMIX_ERR_IOF_COMPLETE, status(() -> stdin.push(TOOL, List.of(new Proc("job", 0)),
                    List.of(), bytes("late")).toCompletableFuture().join()));
            assertEquals(PmixStatus.PMIX_ERR_IOF_COMPLETE, status(() -> stdin.push(TOOL, List.of(Proc.wildcard("job")),
                    List.of(), null).toCompletableFuture().join()));
        } finally {
            p0.destroy();
            p1.destroy();
        }
    }

    @Test
    void aProcessThatTakesNoToolStdinIsNotFoundAndOneThatExitedHasEnded() throws Exception {
        Process quitter = new ProcessBuilder("true").start();
        quitter.waitFor();
        try (ToolStdin stdin = new ToolStdin()) {
            assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, status(() -> stdin.push(TOOL, List.of(new Proc("nojob", 0)),
                    List.of(), bytes("x")).toCompletableFuture().join()));
            stdin.attach(new Proc("gone", 0), quitter.getOutputStream());
            // a pipe nobody reads: the write fails (or, buffered, the close does) and the input has ended
            byte[] big = new byte[1 << 20];
            int first = status(() -> stdin.push(TOOL, List.of(new Proc("gone", 0)), List.of(), big)
                    .toCompletableFuture().join());
            int second = status(() -> stdin.push(TOOL, List.of(new Proc("gone", 0)), List.of(), big)
                    .toCompletableFuture().join());
            assertEquals(PmixStatus.PMIX_ERR_IOF_COMPLETE, second, "first answer " + first);
        }
    }

    @Test
    void theSpawnsFwdStdinSaysWhichRanksReadToolStdin() {
        assertEquals(StdinTarget.NONE, ToolStdin.targetsOf(List.of()));
        assertEquals(new StdinTarget(false, 2), ToolStdin.targetsOf(List.of(Attributes.FWD_STDIN.info(2))));
        assertEquals(StdinTarget.ALL, ToolStdin.targetsOf(List.of(Attributes.FWD_STDIN.info(Rank.WILDCARD))));
        assertEquals(StdinTarget.ALL, ToolStdin.targetsOf(List.of(Info.of(Attributes.FWD_STDIN.key(), true))));
        assertEquals(StdinTarget.NONE, ToolStdin.targetsOf(List.of(Info.of(Attributes.FWD_STDIN.key(), false))));
        PmixException bad = org.junit.jupiter.api.Assertions.assertThrows(PmixException.class,
                () -> ToolStdin.targetsOf(List.of(Info.of(Attributes.FWD_STDIN.key(), "rank 0"))));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, bad.status());
        assertTrue(bad.getMessage().contains("PMIX_FWD_STDIN"), bad.getMessage());
    }

    @Test
    void pushesArriveInTheOrderTheyWereMade() throws Exception {
        ByteArrayOutputStream fast = new ByteArrayOutputStream();
        try (ToolStdin stdin = new ToolStdin()) {
            stdin.attach(new Proc("j", 0), fast);
            for (int i = 0; i < 100; i++) {
                stdin.push(TOOL, List.of(new Proc("j", 0)), List.of(), bytes(i + ","));
            }
            stdin.push(TOOL, List.of(new Proc("j", 0)), List.of(), null).toCompletableFuture().join();
            StringBuilder want = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                want.append(i).append(',');
            }
            assertEquals(want.toString(), fast.toString(StandardCharsets.UTF_8), "in the order pushed");
        }
    }
}
