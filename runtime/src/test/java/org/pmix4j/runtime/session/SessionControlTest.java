package org.pmix4j.runtime.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * Session control's rules without a runtime around it: who may ask, one operation per request, and what a
 * terminate leaves (the listener told of each ended session with its jobs, the directories gone).
 */
class SessionControlTest {
    private static final int UID = 1000;

    @TempDir
    Path tmp;

    private final ToolUsers tools = new ToolUsers();
    private final List<SessionListener.EndedSession> ended = new ArrayList<>();
    private final List<String> stopped = new ArrayList<>();

    private final SessionJobs jobs = new SessionJobs() {
        @Override
        public <T> T whileNoJobIsPlaced(Supplier<T> action) {
            return action.get();
        }

        @Override
        public int runningProcesses(int sessionId) {
            return 0;
        }

        @Override
        public CompletableFuture<List<JobEnd>> stop(List<String> nspaces, String why) {
            stopped.addAll(nspaces);
            return CompletableFuture.completedFuture(nspaces.stream().map(ns -> new JobEnd(ns, 143,
                    PmixStatus.PMIX_ERR_JOB_CANCELED)).toList());
        }

        @Override
        public void signal(List<String> nspaces, String signal) {
        }
    };

    private SessionControl control(SessionTable table, boolean serves) {
        return new SessionControl(table, jobs, new SessionEvents((code, range, info) ->
                CompletableFuture.completedFuture(null)), new SessionDirectoryTree(uid()), tools,
                e -> { synchronized (ended) { ended.add(e); } }, serves, UID, "node1", m -> { });
    }

    private static int uid() {
        return (int) new com.sun.security.auth.module.UnixSystem().getUid();
    }

    private static List<Info> instantiate(int slots, Info... more) {
        List<Info> d = new ArrayList<>(List.of(Attributes.SESSION_INSTANTIATE.info(true),
                Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(List.of(Attributes.ALLOC_NODE_LIST.info("node1"),
                        Attributes.ALLOC_NUM_CPU_LIST.info(Integer.toString(slots)))))));
        d.addAll(List.of(more));
        return d;
    }

    private static int status(CompletableFuture<List<Info>> f) throws InterruptedException {
        try {
            f.get();
            return PmixStatus.PMIX_SUCCESS;
        } catch (ExecutionException e) {
            return assertInstanceOf(PmixException.class, e.getCause()).status();
        }
    }

    @Test
    void onlyToolsOfTheRuntimesUserOrRootMayAndOnlyInADvm() throws Exception {
        SessionTable table = new SessionTable("node1", 4, tmp, UID);
        Proc ours = new Proc("sched", 0);
        Proc stranger = new Proc("other", 0);
        Proc root = new Proc("root", 0);
        tools.connected(ours, UID);
        tools.connected(stranger, UID + 1);
        tools.connected(root, 0);
        SessionControl dvm = control(table, true);
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, status(dvm.control(stranger, 1, instantiate(1))
                .toCompletableFuture()));
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, status(dvm.control(new Proc("job@1", 0), 1,
                instantiate(1)).toCompletableFuture()), "a process of a job");
        assertEquals(PmixStatus.PMIX_ERR_NOT_SUPPORTED, status(control(table, false).control(ours, 1,
                instantiate(1)).toCompletableFuture()), "pmix4j run");
        assertEquals(PmixStatus.PMIX_SUCCESS, status(dvm.control(root, 1, instantiate(1)).toCompletableFuture()));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(dvm.control(ours, 1, List.of(
                Attributes.SESSION_SEP.info(true), Attributes.SESSION_TERMINATE.info(true))).toCompletableFuture()),
                "two operations at once");
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(dvm.control(ours, 1, List.of()).toCompletableFuture()));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, status(dvm.control(ours, 9, List.of(
                Attributes.SESSION_TERMINATE.info(true))).toCompletableFuture()));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(dvm.control(ours, 0, List.of(
                Attributes.SESSION_TERMINATE.info(true))).toCompletableFuture()), "the default session");
        assertEquals(PmixStatus.PMIX_SUCCESS, status(dvm.control(ours, 1, List.of(Attributes.SESSION_EXTEND.info(true),
                Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(List.of(Attributes.ALLOC_NODE_LIST.info("node1"),
                        Attributes.ALLOC_NUM_CPU_LIST.info("2")))))).toCompletableFuture()));
        assertEquals(3, table.find(1).slots());
        assertEquals(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, status(dvm.control(ours, 2, instantiate(2))
                .toCompletableFuture()));
    }

    @Test
    void aTerminateIsAnsweredOnceTheSessionAndItsChildrenAreGone() throws Exception {
        SessionTable table = new SessionTable("node1", 4, tmp, UID);
        Proc sched = new Proc("sched", 0);
        tools.connected(sched, UID);
        SessionControl dvm = control(table, true);
        dvm.control(sched, 1, instantiate(1, Attributes.ALLOC_ID.info("alloc.1"))).toCompletableFuture().get();
        dvm.control(sched, 2, instantiate(1, SessionKeys.PARENT.info(1))).toCompletableFuture().get();
        Session one = table.find(1);
        table.jobStarted(one, "job@1");
        Path jobDir = Files.createDirectories(one.directory().resolve("job@1").resolve("0"));
        Files.writeString(jobDir.resolve("left"), "x");
        assertTrue(Files.isDirectory(table.find(2).directory()));

        List<Info> reply = dvm.control(sched, 1, List.of(Attributes.SESSION_TERMINATE.info(true)))
                .toCompletableFuture().get();
        assertEquals(1, Attributes.SESSION_ID.find(reply).orElseThrow());
        assertEquals(List.of("job@1"), stopped);
        assertTrue(table.sessions().isEmpty());
        assertFalse(Files.exists(tmp.resolve("session.1")));
        assertFalse(Files.exists(tmp.resolve("session.2")));
        assertEquals(4, table.slotsOf(table.defaultSession()));
        synchronized (ended) {
            assertEquals(2, ended.size(), ended.toString());
            SessionListener.EndedSession first = ended.stream().filter(e -> e.id() == 1).findFirst().orElseThrow();
            assertEquals("alloc.1", first.allocId());
            assertEquals(List.of(new SessionJobs.JobEnd("job@1", 143, PmixStatus.PMIX_ERR_JOB_CANCELED)), first.jobs());
        }
    }
}
