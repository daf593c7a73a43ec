package org.pmix4j.server.modex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.pmix4j.server.sharedstore.SharedJobData;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.collective.Collective;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.LocalRanks;
import org.pmix4j.server.core.UnsentRequests;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The fence as an operation of the collective engine, against a fake host: ranks 0 and 1 of a 4-rank job
 * run here, 2 and 3 on another node, so the fence goes through the host's fence upcall.
 */
class FenceTest {
    static final BufferKind KIND = BufferKind.FULLY_DESCRIBED;
    static final Proc R0 = new Proc("mx", 0);
    static final Proc R1 = new Proc("mx", 1);
    static final Proc R2 = new Proc("mx", 2);

    /** A host whose fence upcall the test answers by hand. */
    static final class FakeHost implements HostModule {
        final List<List<Info>> directives = new ArrayList<>();
        final List<byte[]> contributions = new ArrayList<>();
        final CompletableFuture<byte[]> answer = new CompletableFuture<>();

        @Override
        public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> d, byte[] localData) {
            directives.add(d);
            contributions.add(localData);
            return answer;
        }
    }

    final FakeHost host = new FakeHost();
    final Collectives engine = new Collectives(
            nspace -> nspace.equals("mx") ? Optional.of(LocalRanks.of(Set.of(0, 1), 4, true)) : Optional.empty(),
            (seconds, task) -> () -> {
            }, Runnable::run);
    final ModexStore modex = new ModexStore(KIND, SharedJobData.without("not under test", null));
    final JobStore jobs = new JobStore("here");

    private Collective fence(Proc caller, Info... directives) {
        List<Proc> procs = Fence.participants(caller, List.of());
        return engine.join(Fence.key(procs), procs, UnsentRequests.of(caller, PmixCommand.FENCE), List.of(directives),
                () -> new Fence(host, modex, jobs, KIND));
    }

    private static void commitRemote(ModexStore store, Proc p, String key, String value) {
        store.commit(p, Scope.REMOTE, CommittedData.encode(List.of(new KeyValue(key, Value.of(value))), KIND), KIND);
    }

    @Test
    void aCollectingFenceSendsTheLocalRemoteDataThroughTheHostAndFilesEveryonesAnswer() {
        commitRemote(modex, R0, "k", "from 0");
        Collective c = fence(R0);
        assertTrue(host.directives.isEmpty(), "waits for rank 1");
        fence(R1, Attributes.COLLECT_DATA.info(true));
        assertEquals(1, host.directives.size(), "one upcall for the local set");
        List<Info> d = host.directives.get(0);
        assertEquals(Optional.of(true), Attributes.COLLECT_DATA.find(d), "any caller's PMIX_COLLECT_DATA");
        assertEquals(Optional.of(true), Attributes.SORTED_PROC_ARRAY.find(d));
        assertEquals(Optional.of(PmixStatus.PMIX_SUCCESS), Attributes.LOCAL_COLLECTIVE_STATUS.find(d));
        assertTrue(host.contributions.get(0).length > 0);

        ModexStore other = new ModexStore(KIND, SharedJobData.without("not under test", null));
        commitRemote(other, R2, "k", "from 2");
        byte[] theirs = FenceBlob.contribution(c.procs(), List.of(R2), other, jobs, KIND);
        byte[] all = new byte[host.contributions.get(0).length + theirs.length];
        System.arraycopy(host.contributions.get(0), 0, all, 0, host.contributions.get(0).length);
        System.arraycopy(theirs, 0, all, host.contributions.get(0).length, theirs.length);
        host.answer.complete(all);

        assertTrue(c.isFinished());
        assertEquals(List.of(new KeyValue("k", Value.of("from 2"))),
                CommittedData.decode(modex.get(R2).remote().bytes(KIND), KIND));
    }

    @Test
    void aFenceWithoutCollectionContributesNothing() {
        fence(R0);
        fence(R1);
        assertEquals(0, host.contributions.get(0).length);
        assertFalse(Attributes.COLLECT_DATA.isIn(host.directives.get(0)));
    }

    @Test
    void theHostLearnsOfALocalParticipantThatLeft() {
        Collective c = fence(R0);
        engine.lost(UnsentRequests.client(R1), "killed");
        assertEquals(Optional.of(PmixStatus.PMIX_ERR_PARTIAL_SUCCESS),
                Attributes.LOCAL_COLLECTIVE_STATUS.find(host.directives.get(0)));
        host.answer.complete(new byte[0]);
        assertTrue(c.isFinished());
    }
}
