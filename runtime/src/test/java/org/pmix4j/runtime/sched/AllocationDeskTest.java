package org.pmix4j.runtime.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.runtime.sched.policy.Node;
import org.pmix4j.runtime.sched.policy.NodePool;
import org.pmix4j.runtime.sched.policy.SchedulingEngine;

/**
 * The scheduler's desk between its tools and its runtime, with a runtime that records what it is told: a
 * grant is answered only once the runtime created it, and withdrawn with the runtime's status when it could
 * not; nothing is granted without a runtime; a request that waits past its PMIX_TIMEOUT, or whose requester
 * left, goes without a trace; only a session's owner (or root, or the runtime) releases it; the runtime alone
 * speaks for other users; a session is ended at its limit. (The real runtime and real peers: the cli tests
 * Scheduler*Test.)
 */
class AllocationDeskTest {
    /** A runtime that creates, ends and lists sessions as told, or refuses every creation with a status. */
    private static final class RecordingRuntime implements SessionRuntime {
        volatile boolean attached = true;
        volatile int refuseWith;
        final List<SessionOrder> created = new CopyOnWriteArrayList<>();
        final List<String> ended = new CopyOnWriteArrayList<>();

        @Override
        public boolean attached() {
            return attached;
        }

        @Override
        public CompletionStage<Void> instantiate(SessionOrder order) {
            if (refuseWith != 0) {
                return CompletableFuture.failedFuture(new PmixException(refuseWith, "refused by the test"));
            }
            created.add(order);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> terminate(int sessionId, String reason) {
            ended.add(sessionId + ": " + reason);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> extend(int sessionId, Integer limitSeconds, List<String> nodes,
                List<Integer> slots) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<List<Info>>> sessions() {
            return CompletableFuture.completedFuture(List.of());
        }
    }

    private static final Requester ALICE = new Requester(new Proc("sched@tool.1", 0), 1001, false);
    private static final Requester BOB = new Requester(new Proc("sched@tool.2", 0), 1002, false);
    private static final Requester RUNTIME = new Requester(new Proc("sched@tool.3", 0), 0, true);

    private final RecordingRuntime runtime = new RecordingRuntime();
    private final AllocationDesk desk = new AllocationDesk(new SchedulingEngine(new NodePool(List.of(
            new Node("n1", 4))), Duration.ofHours(1)), runtime, Clock.systemUTC());

    @AfterEach
    void close() {
        desk.close();
    }

    private CompletableFuture<List<Info>> ask(Requester r, AllocDirective d, Info... info) {
        return desk.allocate(r, d, List.of(info)).toCompletableFuture();
    }

    private static List<Info> granted(CompletableFuture<List<Info>> reply) throws Exception {
        return reply.get(30, TimeUnit.SECONDS);
    }

    private static int statusOf(CompletableFuture<List<Info>> reply) throws Exception {
        try {
            reply.get(30, TimeUnit.SECONDS);
            return PmixStatus.PMIX_SUCCESS;
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable t = e.getCause();
            while (t instanceof CompletionException && t.getCause() != null) {
                t = t.getCause();
            }
            return ((PmixException) t).status();
        }
    }

    private String queue() throws Exception {
        List<Info> a = desk.query(ALICE, List.of(new Query(List.of(Attributes.QUERY_QUEUE_STATUS.key()), List.of())))
                .toCompletableFuture().get(30, TimeUnit.SECONDS);
        return Attributes.QUERY_QUEUE_STATUS.find(a).orElseThrow();
    }

    private static Info slots(long n) {
        return Attributes.ALLOC_NUM_CPUS.info(n);
    }

    @Test
    void aGrantIsAnsweredOnceTheRuntimeCreatedIt() throws Exception {
        List<Info> reply = granted(ask(ALICE, AllocDirective.NEW, slots(3), Attributes.ALLOC_TIME.info(600)));
        assertEquals(1, Attributes.SESSION_ID.find(reply).orElseThrow());
        assertEquals("alloc.1", Attributes.ALLOC_ID.find(reply).orElseThrow());
        assertEquals("3", Attributes.ALLOC_NUM_CPU_LIST.find(reply).orElseThrow());
        SessionOrder o = runtime.created.get(0);
        assertEquals(List.of("n1"), o.nodes());
        assertEquals(1001, o.uid());
        assertEquals(600, o.limitSeconds());
    }

    @Test
    void aGrantTheRuntimeRefusesIsWithdrawnWithItsStatusAndFreesItsSlots() throws Exception {
        runtime.refuseWith = PmixStatus.PMIX_ERR_OUT_OF_RESOURCE;
        assertEquals(PmixStatus.PMIX_ERR_OUT_OF_RESOURCE, statusOf(ask(ALICE, AllocDirective.NEW, slots(4))));
        runtime.refuseWith = 0;
        assertEquals(2, Attributes.SESSION_ID.find(granted(ask(ALICE, AllocDirective.NEW, slots(4)))).orElseThrow());
    }

    @Test
    void nothingIsGrantedWithoutARuntimeNorHeldAfterwards() throws Exception {
        runtime.attached = false;
        assertEquals(PmixStatus.PMIX_ERR_UNREACH, statusOf(ask(ALICE, AllocDirective.NEW, slots(4))));
        runtime.attached = true;
        assertFalse(granted(ask(ALICE, AllocDirective.NEW, slots(4))).isEmpty());
    }

    @Test
    void aRequestThatWaitsPastItsTimeoutGoesWithoutATrace() throws Exception {
        granted(ask(ALICE, AllocDirective.NEW, slots(4)));
        assertEquals(PmixStatus.PMIX_ERR_TIMEOUT, statusOf(ask(BOB, AllocDirective.NEW, slots(1),
                Attributes.TIMEOUT.info(1))));
        assertFalse(queue().contains("pending"), queue());
    }

    @Test
    void aRequesterThatLeftHasItsRequestsWithdrawnAndItsSessionsEnded() throws Exception {
        granted(ask(ALICE, AllocDirective.NEW, slots(3)));
        CompletableFuture<List<Info>> waiting = ask(ALICE, AllocDirective.NEW, slots(2));
        awaitQueue("pending");
        desk.requesterGone(ALICE);
        assertEquals(PmixStatus.PMIX_ERR_JOB_CANCELED, statusOf(waiting));
        awaitEnded("1: ");
        // everything is free again: Bob gets the whole node
        assertFalse(granted(ask(BOB, AllocDirective.NEW, slots(4))).isEmpty());
    }

    @Test
    void onlyTheOwnerRootOrTheRuntimeReleasesASession() throws Exception {
        granted(ask(ALICE, AllocDirective.NEW, slots(1)));
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, statusOf(ask(BOB, AllocDirective.RELEASE,
                Attributes.SESSION_ID.info(1))));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, statusOf(ask(ALICE, AllocDirective.RELEASE,
                Attributes.SESSION_ID.info(7))));
        assertEquals(PmixStatus.PMIX_SUCCESS, statusOf(ask(ALICE, AllocDirective.RELEASE,
                Attributes.ALLOC_ID.info("alloc.1"))));
        assertTrue(runtime.ended.get(0).startsWith("1: released by uid 1001"), runtime.ended.toString());
    }

    @Test
    void theRuntimeAloneSpeaksForOtherUsers() throws Exception {
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, statusOf(ask(BOB, AllocDirective.NEW, slots(1),
                Attributes.USERID.info(0))));
        granted(ask(RUNTIME, AllocDirective.NEW, slots(1), Attributes.USERID.info(1002),
                Attributes.REQUESTOR.info(new Proc("job@1", 0))));
        assertEquals(1002, runtime.created.get(0).uid());
        // a forwarded request lives with its requester's word, not with the runtime's connection
        desk.requesterGone(RUNTIME);
        queue(); // the desk's one thread has handled the loss before it answers this
        assertTrue(runtime.ended.isEmpty(), runtime.ended.toString());
    }

    @Test
    void theRuntimeWithdrawsTheQueuedRequestsOfAProcessThatLeft() throws Exception {
        granted(ask(ALICE, AllocDirective.NEW, slots(4)));
        Proc gone = new Proc("job@2", 3);
        CompletableFuture<List<Info>> forwarded = ask(RUNTIME, AllocDirective.NEW, slots(1),
                Attributes.USERID.info(1002), Attributes.REQUESTOR.info(gone));
        awaitQueue("pending");
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, statusOf(ask(BOB, AllocDirective.RELEASE,
                Attributes.REQUESTOR.info(gone))));
        assertEquals(PmixStatus.PMIX_SUCCESS, statusOf(ask(RUNTIME, AllocDirective.RELEASE,
                Attributes.REQUESTOR.info(gone))));
        assertEquals(PmixStatus.PMIX_ERR_JOB_CANCELED, statusOf(forwarded));
        assertFalse(queue().contains("pending"), queue());
    }

    @Test
    void aSessionIsEndedAtItsLimit() throws Exception {
        granted(ask(ALICE, AllocDirective.NEW, slots(1), Attributes.ALLOC_TIME.info(1)));
        awaitEnded("1: its time limit of 1 s was reached");
    }

    private void awaitQueue(String text) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!queue().contains(text)) {
            assertTrue(System.nanoTime() < end, "the queue never showed " + text + "\n" + queue());
            Thread.sleep(20);
        }
    }

    private void awaitEnded(String prefix) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (runtime.ended.stream().noneMatch(e -> e.startsWith(prefix))) {
            assertTrue(System.nanoTime() < end, "never ended: " + prefix + " " + runtime.ended);
            Thread.sleep(20);
        }
    }
}
