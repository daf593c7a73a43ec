package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Sessions in a DVM (docs/sessions.md): a Java tool connected to the system controller by its role
 * instantiates sessions with PMIx_Session_control as a scheduler does; libpmix 4.2.2 tools spawn into them
 * by PMIX_SESSION_ID and their libpmix clients read the session's id and slots (an unknown id is refused,
 * naming it; a job larger than its session is refused though
 * the default session could run it); terminating a session ends its jobs and its child sessions but not the
 * separated ones, and removes their session directories; a child job ends with its parent job unless
 * PMIX_SPAWN_CHILD_SEP or PMIX_JOB_CTRL_SEP separated it; a plain {@code pmix4j run} serves no session control.
 */
class DvmSessionsTest {
    private static final String HOST = ServerConfig.localHostname();

    @TempDir
    Path tmp;

    private static DvmProcess dvm(Path tmpdir) throws Exception {
        return DvmProcess.start(tmpdir, "--system-server", "--host", HOST + ":8");
    }

    /** A tool as the scheduler is one: connected to the node's system controller by its role. */
    private static PmixTool controller(DvmProcess dvm) {
        return PmixTool.init(Attributes.CONNECT_TO_SYS_CONTROLLER.info(true),
                Attributes.SYSTEM_TMPDIR.info(dvm.tmpdir().toAbsolutePath().toString()));
    }

    private static List<Info> instantiate(String node, String slots, Info... more) {
        List<Info> d = new ArrayList<>(List.of(Attributes.SESSION_INSTANTIATE.info(true),
                Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(List.of(Attributes.ALLOC_NODE_LIST.info(node),
                        Attributes.ALLOC_NUM_CPU_LIST.info(slots))))));
        d.addAll(List.of(more));
        return d;
    }

    @Test
    void aJobRunsInTheSessionItNamesAndAnUnknownOrTooSmallOneRefusesIt() throws Exception {
        Path spawner = NativeBuild.pmixProgram(Path.of("src/test/c/session_spawn.c"));
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/session_client.c"));
        try (DvmProcess dvm = dvm(tmp.resolve("a")); PmixTool sched = controller(dvm)) {
            java.util.concurrent.CompletableFuture<Integer> started = new java.util.concurrent.CompletableFuture<>();
            sched.registerEventHandler(List.of(PmixStatus.PMIX_EVENT_SESSION_START), List.of(), event -> {
                started.complete(Attributes.SESSION_ID.find(event.info()).orElse(-2));
                return org.pmix4j.client.EventOutcome.CONTINUE;
            });
            List<Info> reply = sched.sessionControl(5, instantiate(HOST, "2", Attributes.ALLOC_ID.info("alloc.5")));
            assertEquals(5, Attributes.SESSION_ID.find(reply).orElseThrow(), reply.toString());
            assertEquals("alloc.5", Attributes.ALLOC_ID.find(reply).orElseThrow());
            assertEquals(5, started.get(30, java.util.concurrent.TimeUnit.SECONDS), "PMIX_EVENT_SESSION_START");
            Path sessionDir = dvm.sessionDir().resolve("session.5");
            assertTrue(Files.isDirectory(sessionDir), "the session's level of the session-directory tree");

            PmixException exists = assertThrows(PmixException.class, () -> sched.sessionControl(5,
                    instantiate(HOST, "1")));
            assertEquals(PmixStatus.PMIX_EXISTS, exists.status(), exists.getMessage());
            PmixException elsewhere = assertThrows(PmixException.class, () -> sched.sessionControl(6,
                    instantiate("othernode", "1")));
            assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, elsewhere.status());
            assertTrue(awaitText(dvm, "node othernode of the session is not this node"), dvm.process().all());
            PmixException tooBig = assertThrows(PmixException.class, () -> sched.sessionControl(6,
                    instantiate(HOST, "7")));
            assertEquals(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, tooBig.status(), tooBig.getMessage());

            // a libpmix tool spawns two processes into session 5; they run there, with its directories
            Path said = Files.createDirectories(tmp.resolve("said"));
            Run.Result in = dvm.tool(spawner.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()), "5",
                    "2", client.toString(), said.toString());
            assertEquals(0, in.exitCode(), in.all() + dvm.process().all());
            assertTrue(in.stdout().contains("spawned SUCCESS"), in.all());
            for (int r = 0; r < 2; r++) {
                String got = Files.readString(said.resolve("client." + r));
                assertTrue(got.matches("(?s).*rank " + r + " nsdir " + java.util.regex.Pattern.quote(
                        sessionDir.toString()) + "/\\S+@\\d+\n.*"), "the job's directory is in its session's\n"
                        + got);
                // with PMIX_SESSION_INFO: the session's id (PMIx_Query_info) and its slots (PMIx_Get PMIX_MAX_PROCS)
                assertTrue(got.contains("rank " + r + " session-id 5\n"), got);
                assertTrue(got.contains("rank " + r + " session-max-procs 2\n"), got);
            }

            // an unknown session: refused with PMIX_ERR_NOT_FOUND, and the DVM says what was asked
            Run.Result unknown = dvm.tool(spawner.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    "7", "1", "/bin/true");
            assertEquals(2, unknown.exitCode(), unknown.all());
            assertTrue(unknown.stdout().contains("spawned NOT-FOUND -"), unknown.all());
            assertTrue(awaitText(dvm, "PMIX_SESSION_ID 7: no such session in this runtime"), dvm.process().all());

            // three processes do not fit session 5's two slots; the default session (8 - 2) runs them
            Run.Result big = dvm.tool(spawner.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    "5", "3", "/bin/true");
            assertEquals(2, big.exitCode(), big.all());
            assertFalse(big.stdout().contains("spawned SUCCESS"), big.all());
            Run.Result fits = dvm.tool(spawner.toString(), dvm.sessionDir().toString(), Long.toString(dvm.pid()),
                    "-", "3", "/bin/true");
            assertEquals(0, fits.exitCode(), fits.all() + dvm.process().all());

            Map<Integer, List<Info>> sessions = sessions(sched);
            assertEquals(List.of(5), List.copyOf(sessions.keySet()), sessions.toString());
            List<Info> five = sessions.get(5);
            assertEquals("alloc.5", Attributes.ALLOC_ID.find(five).orElseThrow());
            assertEquals(HOST, Attributes.ALLOC_NODE_LIST.find(five).orElseThrow());
            assertEquals("2", Attributes.ALLOC_NUM_CPU_LIST.find(five).orElseThrow());
            assertEquals(1, five.stream().filter(i -> i.key().equals(Attributes.NSPACE.key())).count(), five.toString());

            // no scheduler attached: an allocation request is not supported, and the DVM says why
            PmixException alloc = assertThrows(PmixException.class, () -> sched.allocationRequest(
                    org.pmix4j.api.AllocDirective.NEW, List.of(Attributes.ALLOC_NUM_CPUS.info(1L))));
            assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, alloc.status(), alloc.getMessage());
            assertTrue(awaitText(dvm, "no scheduler is attached to this runtime"), dvm.process().all());

            sched.sessionControl(5, List.of(Attributes.SESSION_TERMINATE.info(true)));
            assertFalse(Files.exists(sessionDir), "the session's directory went with it");
            assertTrue(sessions(sched).isEmpty());
        }
    }

    @Test
    void endingASessionEndsItsChildSessionsButNotTheSeparatedOnes() throws Exception {
        Path endClient = NativeBuild.pmixProgram(Path.of("src/test/c/session_end_client.c"));
        Path told = Files.createDirectories(tmp.resolve("told"));
        try (DvmProcess dvm = dvm(tmp.resolve("b")); PmixTool sched = controller(dvm)) {
            sched.sessionControl(1, instantiate(HOST, "1"));
            sched.sessionControl(2, instantiate(HOST, "2", Info.of("pmix4j.ssn.parent", org.pmix4j.api.Value.uint32(1))));
            sched.sessionControl(3, instantiate(HOST, "1", Info.of("pmix4j.ssn.parent", org.pmix4j.api.Value.uint32(1)),
                    Attributes.ALLOC_CHILD_SEP.info(true)));
            sched.sessionControl(4, instantiate(HOST, "1", Info.of("pmix4j.ssn.parent", org.pmix4j.api.Value.uint32(2))));
            sched.sessionControl(4, List.of(Attributes.SESSION_SEP.info(true)));
            for (int s = 1; s <= 4; s++) {
                sched.spawn(List.of(Attributes.SESSION_ID.info(s)), List.of(sleep("71.0" + s)));
            }
            // a libpmix client in the child session 2, registered for PMIX_EVENT_SESSION_END
            sched.spawn(List.of(Attributes.SESSION_ID.info(2)), List.of(new App(endClient.toString(),
                    List.of(endClient.toString(), told.toString()), List.of(), null, 1, List.of())));
            for (int s = 1; s <= 4; s++) {
                assertTrue(DvmProcess.awaitSleep("71.0" + s, true).isPresent(), "job of session " + s + "\n"
                        + dvm.process().all());
            }
            assertTrue(awaitFile(told, "ready."), dvm.process().all());
            sched.sessionControl(1, List.of(Attributes.SESSION_TERMINATE.info(true)));
            Path ended;
            try (var files = Files.list(told)) {
                ended = files.filter(f -> f.getFileName().toString().startsWith("ended.")).findFirst()
                        .orElseThrow(() -> new AssertionError("the client was not told that its session ended\n"
                                + dvm.process().all()));
            }
            assertEquals("2", Files.readString(ended).strip(), "PMIX_SESSION_ID of the session-end event");
            // answered once the sessions are gone: their processes and directories too
            assertTrue(DvmProcess.awaitSleep("71.01", false).isEmpty(), dvm.process().all());
            assertTrue(DvmProcess.awaitSleep("71.02", false).isEmpty(), "the child session ended with its parent\n"
                    + dvm.process().all());
            assertTrue(DvmProcess.awaitSleep("71.03", true).isPresent(), "ALLOC_CHILD_SEP kept session 3");
            assertTrue(DvmProcess.awaitSleep("71.04", true).isPresent(), "SESSION_SEP kept session 4");
            assertFalse(Files.exists(dvm.sessionDir().resolve("session.1")));
            assertFalse(Files.exists(dvm.sessionDir().resolve("session.2")));
            assertTrue(Files.isDirectory(dvm.sessionDir().resolve("session.3")));
            assertEquals(List.of(3, 4), List.copyOf(sessions(sched).keySet()));

            // pause and resume: SIGSTOP and SIGCONT to the session's processes, the other session's untouched
            long three = DvmProcess.awaitSleep("71.03", true).orElseThrow().pid();
            long four = DvmProcess.awaitSleep("71.04", true).orElseThrow().pid();
            sched.sessionControl(3, List.of(Attributes.SESSION_PAUSE.info(true)));
            assertTrue(awaitState(three, true), "session 3's process is stopped");
            assertFalse(stopped(four), "session 4's is not");
            sched.sessionControl(3, List.of(Attributes.SESSION_RESUME.info(true)));
            assertTrue(awaitState(three, false), "and runs again");

            sched.sessionControl(-1, List.of(Attributes.SESSION_TERMINATE.info(true)));
            assertTrue(DvmProcess.awaitSleep("71.03", false).isEmpty() && DvmProcess.awaitSleep("71.04", false).isEmpty());
            assertFalse(Files.exists(dvm.sessionDir().resolve("session.3")));
            assertFalse(Files.exists(dvm.sessionDir().resolve("session.4")));
            assertTrue(sessions(sched).isEmpty());
            assertTrue(dvm.process().isAlive());
        }
    }

    @Test
    void aChildJobEndsWithItsParentJobUnlessSeparated() throws Exception {
        Path spawner = NativeBuild.pmixProgram(Path.of("src/test/c/sep_spawner.c"));
        Path go = Files.createDirectories(tmp.resolve("go"));
        try (DvmProcess dvm = dvm(tmp.resolve("c")); PmixTool tool = controller(dvm);
                LauncherProcess parent = dvm.frontEnd("prun", "-n", "1", spawner.toString(), go.toString(), "sleep",
                        "72.01", "72.02", "72.03")) {
            java.util.regex.Matcher third = parent.awaitLine("spawned 3 SUCCESS (\\S+)", Duration.ofSeconds(60));
            assertTrue(third != null, parent.all() + dvm.process().all());
            assertTrue(parent.stdout().contains("spawned 1 SUCCESS") && parent.stdout().contains("spawned 2 SUCCESS"),
                    parent.all());
            for (String s : List.of("72.01", "72.02", "72.03")) {
                assertTrue(DvmProcess.awaitSleep(s, true).isPresent(), s + "\n" + dvm.process().all());
            }
            tool.jobControl(List.of(Proc.wildcard(third.group(1))), List.of(Attributes.JOB_CTRL_SEP.info(true)));
            Files.createFile(go.resolve("go"));
            assertEquals(0, parent.waitFor(Duration.ofSeconds(60)), parent.all());
            assertTrue(DvmProcess.awaitSleep("72.01", false).isEmpty(), "the child job ended with its parent job\n"
                    + dvm.process().all());
            assertTrue(DvmProcess.awaitSleep("72.02", true).isPresent(), "PMIX_SPAWN_CHILD_SEP kept its job");
            assertTrue(DvmProcess.awaitSleep("72.03", true).isPresent(), "PMIX_JOB_CTRL_SEP kept its job");
            // a DVM that terminates ends its sessions first: their processes and directories go too
            tool.sessionControl(9, instantiate(HOST, "1"));
            tool.spawn(List.of(Attributes.SESSION_ID.info(9), Attributes.NOHUP.info(true)), List.of(sleep("72.09")));
            assertTrue(DvmProcess.awaitSleep("72.09", true).isPresent(), dvm.process().all());
            Path dvmDir = dvm.sessionDir();
            assertTrue(Files.isDirectory(dvmDir.resolve("session.9")));
            DvmProcess.Ended term = dvm.run("term");
            assertEquals(0, term.status(), term.all());
            assertTrue(DvmProcess.awaitSleep("72.02", false).isEmpty() && DvmProcess.awaitSleep("72.03", false).isEmpty());
            assertTrue(DvmProcess.awaitSleep("72.09", false).isEmpty(), dvm.process().all());
            assertEquals(0, dvm.process().waitFor(Duration.ofSeconds(60)), dvm.process().all());
            assertTrue(dvm.process().stderr().contains("session 9 ends (the runtime is terminating)"),
                    dvm.process().all());
            assertFalse(Files.exists(dvmDir), "nothing of the DVM is left");
        }
    }

    @Test
    void onlyAToolMayControlSessionsAndAPlainRunServesNone() throws Exception {
        try (LauncherProcess run = LauncherProcess.start(Files.createDirectories(tmp.resolve("run")),
                List.of("-n", "1", "/bin/sh", "-c", "echo ready; sleep 120"))) {
            assertTrue(run.awaitOutput("ready", 1, Duration.ofSeconds(60)), run.all());
            try (PmixTool tool = PmixTool.init(Attributes.SERVER_PIDINFO.info((int) run.pid()),
                    Attributes.SERVER_TMPDIR.info(runSessionDir(run).toString()))) {
                PmixException e = assertThrows(PmixException.class, () -> tool.sessionControl(1,
                        instantiate(HOST, "1")));
                assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, e.status());
                long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (!run.stderr().contains("serves no session control") && System.nanoTime() < end) {
                    Thread.sleep(20);
                }
                assertTrue(run.stderr().contains("pmix4j run serves no session control"), run.all());
            }
        }
    }

    private static Path runSessionDir(LauncherProcess run) throws Exception {
        try (var s = Files.list(run.tmpdir())) {
            Path user = s.filter(d -> d.getFileName().toString().startsWith("pmix4j.")).findFirst().orElseThrow();
            return user.resolve("run." + run.pid());
        }
    }

    /** The DVM's sessions by id, from a pmix4j.qry.sessions query. */
    private static Map<Integer, List<Info>> sessions(PmixTool tool) {
        List<Info> answer = tool.query(List.of(new Query(List.of("pmix4j.qry.sessions"), List.of())));
        Map<Integer, List<Info>> out = new TreeMap<>();
        DataArray rows = (DataArray) answer.stream().filter(i -> i.key().equals("pmix4j.qry.sessions")).findFirst()
                .orElseThrow(() -> new AssertionError("no answer: " + answer)).value();
        for (Info row : rows.infos()) {
            List<Info> fields = ((DataArray) row.value()).infos();
            out.put(Attributes.SESSION_ID.find(fields).orElseThrow(), fields);
        }
        return out;
    }

    private static App sleep(String seconds) {
        return new App("sleep", List.of("sleep", seconds), List.of(), null, 1, List.of());
    }

    /** Whether the process is stopped (state T in /proc/PID/stat). */
    private static boolean stopped(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
    }

    /** Waits (30 s at most) until the process is stopped, or no longer is. */
    private static boolean awaitState(long pid, boolean wantStopped) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (stopped(pid) != wantStopped && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        return stopped(pid) == wantStopped;
    }

    /** Waits (30 s at most) for a file whose name starts with {@code prefix} in {@code dir}. */
    private static boolean awaitFile(Path dir, String prefix) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < end) {
            try (var files = Files.list(dir)) {
                if (files.anyMatch(f -> f.getFileName().toString().startsWith(prefix))) {
                    return true;
                }
            }
            Thread.sleep(20);
        }
        return false;
    }

    private static boolean awaitText(DvmProcess dvm, String text) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!dvm.process().all().contains(text) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        return dvm.process().all().contains(text);
    }
}
