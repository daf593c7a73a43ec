package org.pmix4j.server.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.UnsentRequests;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The collective engine on its own, with a fake host and fake timers: when a collective completes, who it
 * waits for, what it does with processes that leave, how it reads PMIX_TIMEOUT, and that participants on
 * other nodes are reached only through the operation's host upcall.
 */
class CollectivesTest {
    static final Proc W0 = new Proc("whole", 0);
    static final Proc W1 = new Proc("whole", 1);
    static final Proc H1 = new Proc("half", 1);
    static final Proc H3 = new Proc("half", 3);
    static final List<Proc> WHOLE = List.of(Proc.wildcard("whole"));
    static final List<Proc> HALF = List.of(Proc.wildcard("half"));

    /** A host whose connect upcall the test answers by hand. */
    static final class FakeHost implements HostModule {
        final List<List<Info>> connects = new ArrayList<>();
        final List<List<Proc>> procs = new ArrayList<>();
        final CompletableFuture<Void> answer = new CompletableFuture<>();

        @Override
        public CompletionStage<Void> connect(List<Proc> p, List<Info> directives) {
            procs.add(p);
            connects.add(directives);
            return answer;
        }
    }

    /** Timers the test fires by hand. */
    static final class FakeTimers implements Timers {
        final Map<Runnable, Long> pending = new LinkedHashMap<>();

        @Override
        public Runnable after(long seconds, Runnable task) {
            pending.put(task, seconds);
            return () -> pending.remove(task);
        }

        void fireAll() {
            List.copyOf(pending.keySet()).forEach(t -> {
                pending.remove(t);
                t.run();
            });
        }
    }

    /** An operation like CONNECT's, recording the outcome each participant was answered. */
    static final class Recording implements Collectives.Operation<Void> {
        final HostModule host;
        final Map<Proc, Integer> replies = new LinkedHashMap<>();
        Integer ended;

        Recording(HostModule host) {
            this.host = host;
        }

        @Override
        public CompletionStage<Void> callHost(Collective c, List<Info> directives) {
            return host.connect(c.procs(), directives);
        }

        @Override
        public void reply(Collective c, Proc participant, Request req, int status) {
            replies.put(participant, status);
        }

        @Override
        public void ended(Collective c, int status) {
            ended = status;
        }
    }

    final FakeHost host = new FakeHost();
    final FakeTimers timers = new FakeTimers();
    final Collectives engine = new Collectives(ParticipationTest.NODE, timers, Runnable::run);
    final Recording op = new Recording(host);

    private Collective join(List<Proc> procs, Proc caller, Info... directives) {
        return engine.join(new Collectives.Key("test", procs), procs, UnsentRequests.of(caller, PmixCommand.CONNECT),
                List.of(directives), () -> op);
    }

    @Test
    void anAllLocalCollectiveCompletesHereWhenTheLastLocalParticipantCalls() {
        Collective c = join(WHOLE, W0);
        assertFalse(c.isFinished());
        assertTrue(op.replies.isEmpty());
        join(WHOLE, W1);
        assertTrue(c.isFinished());
        assertEquals(Map.of(W0, PmixStatus.PMIX_SUCCESS, W1, PmixStatus.PMIX_SUCCESS), op.replies);
        assertEquals(PmixStatus.PMIX_SUCCESS, op.ended);
        assertTrue(host.connects.isEmpty(), "the host is not involved when every participant is local");
        assertNull(engine.find(c.key));
    }

    @Test
    void participantsElsewhereAreReachedOnceThroughTheHostForTheWholeLocalSet() {
        Collective c = join(HALF, H3, Attributes.TIMEOUT.info(30));
        join(HALF, H1);
        assertEquals(1, host.connects.size());
        assertEquals(List.of(HALF), host.procs);
        List<Info> d = host.connects.get(0);
        assertEquals(Integer.valueOf(30), Attributes.TIMEOUT.find(d).orElseThrow(), "the first caller's directives");
        assertEquals(Boolean.TRUE, Attributes.SORTED_PROC_ARRAY.find(d).orElseThrow());
        assertEquals(Integer.valueOf(PmixStatus.PMIX_SUCCESS), Attributes.LOCAL_COLLECTIVE_STATUS.find(d).orElseThrow());
        assertFalse(c.isFinished(), "waits for the host");
        host.answer.complete(null);
        assertTrue(c.isFinished());
        assertEquals(Map.of(H3, PmixStatus.PMIX_SUCCESS, H1, PmixStatus.PMIX_SUCCESS), op.replies);
    }

    @Test
    void theHostsFailureIsEveryonesOutcome() {
        join(HALF, H1);
        join(HALF, H3);
        host.answer.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "no connect"));
        assertEquals(Map.of(H1, PmixStatus.PMIX_ERR_NOT_SUPPORTED, H3, PmixStatus.PMIX_ERR_NOT_SUPPORTED), op.replies);
    }

    @Test
    void aParticipantLostBeforeItCalledCompletesTheRestWithPartialSuccess() {
        Collective c = join(WHOLE, W0);
        engine.lost(UnsentRequests.client(W1), "gone");
        assertTrue(c.isFinished());
        assertEquals(Map.of(W0, PmixStatus.PMIX_ERR_PARTIAL_SUCCESS), op.replies);
        assertEquals(Set.of(W1), c.lost());
    }

    @Test
    void aProcessThatLeftBeforeACollectiveBeganIsNotWaitedFor() {
        engine.lost(UnsentRequests.client(W1), "gone");
        assertEquals(Set.of(W1), engine.departed());
        Collective c = join(WHOLE, W0);
        assertTrue(c.isFinished());
        assertEquals(Map.of(W0, PmixStatus.PMIX_ERR_PARTIAL_SUCCESS), op.replies);
    }

    @Test
    void aDeregisteredClientHasDepartedTooUntilItCallsAgain() {
        engine.clientGone(W1);
        assertEquals(Set.of(W1), engine.departed());
        Collective first = engine.join(new Collectives.Key("test", List.of(W1)), List.of(W1),
                UnsentRequests.of(W1, PmixCommand.CONNECT), List.of(), () -> new Recording(host));
        assertTrue(first.isFinished());
        assertTrue(engine.departed().isEmpty(), "calling again undoes the departure");
        Collective c = join(WHOLE, W0);
        assertFalse(c.isFinished(), "W1 is waited for again");
    }

    @Test
    void aFinalizedClientClosingItsConnectionLeavesTheCollectivesInProgressOnly() {
        Peer finalized = UnsentRequests.client(W1);
        finalized.markFinalized();
        Collective c = join(WHOLE, W0);
        engine.lost(finalized, "closed after finalize");
        assertTrue(engine.departed().isEmpty(), "a finalized process is waited for by later collectives");
        assertTrue(c.isFinished(), "the collective in progress stops waiting for it, as in libpmix");
        assertEquals(PmixStatus.PMIX_ERR_PARTIAL_SUCCESS, op.ended);
        assertFalse(join(WHOLE, W0).isFinished(), "the next collective waits for W1 again");
    }

    @Test
    void whenEveryLocalParticipantLeavesNobodyIsAnsweredAndTheCollectiveEnds() {
        Collective c = join(WHOLE, W0);
        engine.lost(UnsentRequests.client(W0), "gone");
        assertFalse(c.isFinished());
        engine.lost(UnsentRequests.client(W1), "gone");
        assertTrue(c.isFinished());
        assertEquals(PmixStatus.PMIX_ERR_LOST_CONNECTION, op.ended);
        assertTrue(op.replies.isEmpty());
    }

    @Test
    void theHostIsToldOfALostLocalParticipantAndLossesAfterTheUpcallChangeNothing() {
        Collective c = join(HALF, H1);
        engine.lost(UnsentRequests.client(H3), "gone");
        assertEquals(1, host.connects.size());
        assertEquals(Integer.valueOf(PmixStatus.PMIX_ERR_PARTIAL_SUCCESS),
                Attributes.LOCAL_COLLECTIVE_STATUS.find(host.connects.get(0)).orElseThrow());
        engine.namespaceGone("half");
        assertFalse(c.isFinished(), "the host runs it now");
        host.answer.complete(null);
        assertTrue(c.isFinished());
    }

    @Test
    void theFirstPositiveTimeoutOfAnyCallerBoundsTheWait() {
        Collective c = join(WHOLE, W0, Attributes.TIMEOUT.info(0));
        assertTrue(timers.pending.isEmpty(), "0 waits forever");
        join(List.of(Proc.wildcard("half")), H1, Info.of(Attributes.TIMEOUT.key(), new Value.UInt64(7)));
        assertEquals(List.of(7L), List.copyOf(timers.pending.values()), "any integer type reads as seconds");
        timers.fireAll();
        assertEquals(Integer.valueOf(PmixStatus.PMIX_ERR_TIMEOUT), op.replies.get(H1));
        assertFalse(c.isFinished(), "only the collective that timed out ends");
    }

    @Test
    void aCompletedCollectiveCancelsItsTimer() {
        join(WHOLE, W0, Info.of(Attributes.TIMEOUT.key(), new Value.Int32(5)));
        assertEquals(1, timers.pending.size());
        join(WHOLE, W1);
        assertTrue(timers.pending.isEmpty());
    }

    @Test
    void aTimeoutThatIsNoNumberFailsTheCallerWithoutCountingItIn() {
        PmixException e = assertThrows(PmixException.class,
                () -> join(WHOLE, W0, Info.of(Attributes.TIMEOUT.key(), new Value.Str("soon"))));
        assertEquals(PmixStatus.PMIX_ERR_TYPE_MISMATCH, e.status());
        assertNull(engine.find(new Collectives.Key("test", WHOLE)));
    }

    @Test
    void onlyLocalParticipantsMayCallAndOnlyOnce() {
        PmixException outsider = assertThrows(PmixException.class, () -> join(WHOLE, H1));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, outsider.status());
        join(WHOLE, W0);
        PmixException twice = assertThrows(PmixException.class, () -> join(WHOLE, W0));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, twice.status());
        PmixException stranger = assertThrows(PmixException.class, () -> join(WHOLE, H3));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, stranger.status());
    }

    @Test
    void theFirstCallersDirectivesAreKept() {
        Collective c = join(HALF, H1);
        join(HALF, H3, Attributes.TIMEOUT.info(9));
        assertEquals(List.of(Attributes.TIMEOUT.info(9)), c.directives(), "the first caller gave none");
    }
}
