package org.pmix4j.cli.indirect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;

/**
 * The tools chapter's indirect launch, with {@code pmix4j run} and {@code pmix4j dvm} as the intermediate
 * launcher (IL) and a libpmix 4.2.2 tool as the initiator ({@code src/test/c/initiator.c}). The initiator
 * starts the IL with PMIx_Spawn (libpmix fork/execs it and hands it a keepalive pipe), with
 * PMIX_LAUNCHER_RNDZ_URI (to connect back) and PMIX_LAUNCHER_RNDZ_FILE (where the IL's server is) in its
 * environment.
 */
class IndirectLaunchTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path tmp;

    private static Path initiator() {
        return NativeBuild.pmixProgram(Path.of("src/test/c/initiator.c"));
    }

    /**
     * IL-based command line parsing: one spawn of the whole {@code pmix4j run -n 2 ...} command line with
     * PMIX_SPAWN_TOOL, PMIX_DEBUG_STOP_IN_INIT and launch directives (PMIX_DISPLAY_MAP). The IL stops in init
     * (PMIX_READY_FOR_DEBUG to the initiator), the initiator attaches to the IL's server, registers for
     * PMIX_LAUNCH_COMPLETE and the job's end, and releases it (PMIX_DEBUGGER_RELEASE); the IL then launches
     * the job with the directives applied.
     */
    @Test
    void ilBasedParsingStopsInInitAppliesTheDirectivesAndReportsLaunchAndEnd() throws Exception {
        Path rndz = tmp.resolve("il.rndz");
        // the IL's stdout into a file: libpmix forwards it to the initiator's, but may not have read all
        // of it by the time the initiator, its job over, exits
        Path ilOut = tmp.resolve("il.out");
        List<String> args = new ArrayList<>(List.of("il", rndz.toString(), "sh", "-c", "exec \"$0\" \"$@\" >" + ilOut));
        args.addAll(InitiatorProcess.pmix4j("run", "-n", "2", "/bin/echo", "hello-from-the-job"));
        try (InitiatorProcess p = InitiatorProcess.start(initiator(), tmp, args)) {
            assertEquals(0, p.waitFor(LIMIT), p.all());
            String job = p.awaitLine("^launch-complete (\\S+)$", Duration.ZERO).orElse(null);
            String out = p.stdout();
            assertTrue(out.contains("\nready-for-debug\n"), "the IL stopped in init\n" + p.all());
            assertTrue(out.contains("\nrelease SUCCESS\n"), p.all());
            assertTrue(job != null && job.matches("pmix4j-.+@1"), "PMIX_LAUNCH_COMPLETE names the job\n" + p.all());
            assertTrue(out.contains("\njob-end " + job + " status 0\n"), p.all());
            assertTrue(out.endsWith("done\n"), p.all());
            assertTrue(InitiatorProcess.awaitGone(p.seen(), LIMIT).isEmpty(), "the IL ended");
            String il = Files.readString(ilOut);
            assertTrue(il.contains("JOB MAP"), "the launch directive PMIX_DISPLAY_MAP was carried out\n" + il);
            assertEquals(2, il.split("hello-from-the-job\n", -1).length - 1, "both processes ran\n" + il);
            Files.delete(ilOut);
        }
        assertNothingLeftIn(tmp);
    }

    /** A launch directive the runtime does not carry out is refused, and the initiator is told why. */
    @Test
    void aLaunchDirectiveTheRuntimeDoesNotCarryOutIsRefusedToTheInitiator() throws Exception {
        Path rndz = tmp.resolve("il.rndz");
        List<String> args = new ArrayList<>(List.of("refuse", rndz.toString()));
        args.addAll(InitiatorProcess.pmix4j("run", "-n", "2", "/bin/echo", "must-not-run"));
        try (InitiatorProcess p = InitiatorProcess.start(initiator(), tmp, args)) {
            assertEquals(0, p.waitFor(LIMIT), p.all());
            Optional<String> why = p.awaitLine("^launch-failed (.*)$", Duration.ZERO);
            assertTrue(why.isPresent(), "PMIX_ERR_JOB_FAILED_TO_LAUNCH reached the initiator\n" + p.all());
            assertTrue(why.get().startsWith("PMIX_ERR_NOT_SUPPORTED: ") && why.get().contains("PMIX_JOB_TIMEOUT"),
                    why.get());
            assertTrue(!p.stdout().contains("must-not-run"), p.all());
            List<ProcessHandle> left = InitiatorProcess.awaitGone(p.seen(), LIMIT);
            assertTrue(left.isEmpty(), "the IL ended: " + left);
        }
        assertNothingLeftIn(tmp);
    }

    /**
     * The keepalive pipe: the initiator killed with SIGKILL once the job is launched; the IL sees its end of
     * the pipe (the write end, as libpmix 4.2.2 hands it down) lose its reader and stops the job and itself.
     */
    @Test
    void theLauncherAndItsJobEndWhenTheInitiatorIsKilled() throws Exception {
        Path rndz = tmp.resolve("il.rndz");
        List<String> args = new ArrayList<>(List.of("hold", rndz.toString()));
        args.addAll(InitiatorProcess.pmix4j("run", "-n", "2", "/bin/sleep", "600"));
        try (InitiatorProcess p = InitiatorProcess.start(initiator(), tmp, args)) {
            assertTrue(p.awaitLine("^launch-complete (\\S+)$", LIMIT).isPresent(), p.all());
            List<ProcessHandle> started = p.seen();
            assertTrue(started.size() >= 3, "the IL and the job's two processes: " + started);
            p.kill();
            List<ProcessHandle> left = InitiatorProcess.awaitGone(started, LIMIT);
            assertTrue(left.isEmpty(), "still running after the initiator died: "
                    + left.stream().map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList());
        }
        assertNothingLeftIn(tmp);
    }

    /** The initiator killed while it holds the IL in init: the IL never launches the job and ends. */
    @Test
    void aLauncherHeldInInitEndsWhenTheInitiatorIsKilled() throws Exception {
        Path rndz = tmp.resolve("il.rndz");
        List<String> args = new ArrayList<>(List.of("hold-init", rndz.toString()));
        args.addAll(InitiatorProcess.pmix4j("run", "-n", "1", "/bin/echo", "must-not-run"));
        try (InitiatorProcess p = InitiatorProcess.start(initiator(), tmp, args)) {
            assertTrue(p.awaitLine("^(ready-for-debug)$", LIMIT).isPresent(), p.all());
            List<ProcessHandle> started = p.seen();
            p.kill();
            List<ProcessHandle> left = InitiatorProcess.awaitGone(started, LIMIT);
            assertTrue(left.isEmpty(), "still running after the initiator died: " + left);
            assertTrue(!p.stdout().contains("must-not-run"), p.all());
        }
        assertNothingLeftIn(tmp);
    }

    /**
     * Initiator-based command line parsing against {@code pmix4j dvm}: the initiator starts the DVM, waits for
     * its PMIX_LAUNCHER_READY (which says where its server is), attaches and spawns the job into it; when the
     * initiator ends (it exits: see finish() in initiator.c), the keepalive pipe ends the DVM.
     */
    @Test
    void initiatorBasedParsingSpawnsIntoTheDvmItStartedWhichEndsWithIt() throws Exception {
        Path rndz = tmp.resolve("dvm.rndz");
        List<String> args = new ArrayList<>(List.of("dvm", rndz.toString(), "2", "/bin/hostname"));
        args.addAll(InitiatorProcess.pmix4j("dvm"));
        try (InitiatorProcess p = InitiatorProcess.start(initiator(), tmp, args)) {
            Optional<String> uri = p.awaitLine("^launcher-ready (\\S+)$", LIMIT);
            assertTrue(uri.isPresent() && uri.get().matches("pmix4j-.+@0\\.0;tcp4://.+"), p.all());
            Optional<String> job = p.awaitLine("^spawned (\\S+)$", LIMIT);
            assertTrue(job.isPresent(), p.all());
            assertTrue(p.awaitLine("^job-end " + java.util.regex.Pattern.quote(job.get()) + " status (0)$", LIMIT)
                    .isPresent(), p.all());
            assertEquals(0, p.waitFor(LIMIT), p.all());
            assertTrue(p.stdout().endsWith("done\n"), p.all());
            List<ProcessHandle> left = InitiatorProcess.awaitGone(p.seen(), LIMIT);
            assertTrue(left.isEmpty(), "the DVM ended with its initiator: " + left);
        }
        assertNothingLeftIn(tmp);
    }

    /**
     * The chapter's other way to end an IL that idles as a server: the initiator, still alive, tells it
     * PMIX_EVENT_JOB_END for the IL's own namespace; the DVM stops and leaves nothing behind.
     */
    @Test
    void theInitiatorEndsTheDvmWithAJobEndEventForIt() throws Exception {
        Path rndz = tmp.resolve("dvm.rndz");
        List<String> args = new ArrayList<>(List.of("dvm-end", rndz.toString(), "1", "/bin/hostname"));
        args.addAll(InitiatorProcess.pmix4j("dvm"));
        try (InitiatorProcess p = InitiatorProcess.start(initiator(), tmp, args)) {
            assertTrue(p.awaitLine("^ended-il (SUCCESS)$", LIMIT).isPresent(), p.all());
            List<ProcessHandle> left = InitiatorProcess.awaitGone(p.seen(), LIMIT);
            assertTrue(left.isEmpty(), "the DVM ended: " + left + "\n" + p.all());
            assertTrue(ProcessHandle.of(p.pid()).map(ProcessHandle::isAlive).orElse(false),
                    "the initiator is still alive: the event, not the keepalive pipe, ended the DVM\n" + p.all());
            assertNothingLeftIn(tmp);
        }
    }

    /** No session directory, rendezvous file or other file of the launcher is left under {@code tmp}. */
    private static void assertNothingLeftIn(Path tmp) throws IOException {
        try (Stream<Path> s = Files.walk(tmp)) {
            List<Path> files = s.filter(Files::isRegularFile).toList();
            assertTrue(files.isEmpty(), "left behind: " + files);
        }
    }
}
