package org.pmix4j.runtime.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

class DataServerTest {
    private static final Proc HOST = new Proc("rte", 0);
    private static final Proc A0 = new Proc("jobA", 0);
    private static final Proc A1 = new Proc("jobA", 1);
    private static final Proc B0 = new Proc("jobB", 0);
    private static final Proc C0 = new Proc("jobC", 0);

    /** jobA and jobB in session 1 (A on node n1, B on n2), jobC in session 2 on n1. */
    private static final Membership TWO_NODES = new Membership() {
        @Override
        public String nodeOf(Proc p) {
            return Map.of("jobA", "n1", "jobB", "n2", "jobC", "n1", "rte", "n1").get(p.nspace());
        }

        @Override
        public long sessionOf(String nspace) {
            return Map.of("jobA", 1L, "jobB", 1L, "jobC", 2L).getOrDefault(nspace, -1L);
        }
    };

    private final DataServer ds = new DataServer(HOST, TWO_NODES);

    private static List<Info> data(String key, String value, Info... directives) {
        List<Info> l = new ArrayList<>(List.of(Info.of(key, value)));
        l.addAll(List.of(directives));
        return l;
    }

    private static Info range(DataRange r) {
        return Attributes.RANGE.info(r);
    }

    private static Info persist(Persistence p) {
        return Attributes.PERSISTENCE.info(p);
    }

    private LookupResult lookup(Proc who, String key, Info... directives) {
        return ds.lookup(who, List.of(key), List.of(directives)).join();
    }

    private static int status(CompletableFuture<?> f) {
        CompletionException e = assertThrows(CompletionException.class, f::join);
        return ((PmixException) e.getCause()).status();
    }

    @Test
    void publishedDataIsFoundWithItsPublisher() {
        ds.publish(A0, data("port", "1234", Attributes.USERID.info(1000))).join();
        LookupResult r = lookup(A1, "port");
        assertEquals(PmixStatus.PMIX_SUCCESS, r.status());
        assertEquals(List.of(new PublishedData(A0, "port", Value.of("1234"))), r.data());
        // the pmix.* infos were directives, not data
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A1, Attributes.USERID.key()).status());
        assertEquals(1, ds.size());
    }

    @Test
    void theDefaultRangeIsTheSession() {
        ds.publish(A0, data("k", "v")).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(B0, "k").status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(C0, "k").status(), "jobC is in another session");
    }

    @Test
    void rangesLimitWhoMayRead() {
        ds.publish(A0, data("ns", "1", range(DataRange.NAMESPACE))).join();
        ds.publish(A0, data("local", "2", range(DataRange.LOCAL))).join();
        ds.publish(A0, data("mine", "3", range(DataRange.PROC_LOCAL))).join();
        ds.publish(A0, data("all", "4", range(DataRange.GLOBAL))).join();
        ds.publish(A0, data("rm", "5", range(DataRange.RM))).join();
        Info global = range(DataRange.GLOBAL);
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(A1, "ns").status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "ns").status());
        // LOCAL: same node; jobC (another session) must widen its own search to see it
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "local", global).status());
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(C0, "local", global).status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(C0, "local").status(), "default search is the session");
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(A0, "mine").status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A1, "mine").status());
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(C0, "all", global).status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A1, "rm", global).status());
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(HOST, "rm", global).status());
    }

    @Test
    void theLookupRangeLimitsWhosePublicationsAreSeen() {
        ds.publish(B0, data("k", "fromB", range(DataRange.GLOBAL))).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(A0, "k").status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A0, "k", range(DataRange.NAMESPACE)).status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A0, "k", range(DataRange.LOCAL)).status(), "B is on n2");
    }

    @Test
    void aCustomRangeNamesItsReaders() {
        Info custom = Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(Proc.wildcard("jobC"))));
        ds.publish(A0, data("c", "v", range(DataRange.CUSTOM), custom)).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(C0, "c", range(DataRange.GLOBAL)).status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "c", range(DataRange.GLOBAL)).status());
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(ds.publish(A0, data("x", "y", range(DataRange.CUSTOM)))));
    }

    @Test
    void duplicateKeysOnTheSameRangeAreRefusedUnlessTheirPublisherRepublishes() {
        ds.publish(A0, data("dup", "first")).join();
        assertEquals(PmixStatus.PMIX_ERR_DUPLICATE_KEY, status(ds.publish(B0, data("dup", "second"))));
        // a request with a duplicate stores nothing
        assertEquals(PmixStatus.PMIX_ERR_DUPLICATE_KEY, status(ds.publish(A1, List.of(Info.of("fresh", "x"),
                Info.of("dup", "third")))));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A0, "fresh").status());
        // another session or another range is another scope
        ds.publish(C0, data("dup", "sessionC")).join();
        ds.publish(B0, data("dup", "nsB", range(DataRange.NAMESPACE))).join();
        // the publisher replaces its own value
        ds.publish(A0, data("dup", "updated")).join();
        assertEquals(Value.of("updated"), lookup(A1, "dup").data().get(0).value());
        assertEquals(Value.of("nsB"), lookup(B0, "dup").data().get(0).value(), "the narrowest range wins");
        // the same key on a namespace range of two jobs is no conflict
        ds.publish(A0, data("nskey", "a", range(DataRange.NAMESPACE))).join();
        ds.publish(B0, data("nskey", "b", range(DataRange.NAMESPACE))).join();
        assertEquals(Value.of("b"), lookup(B0, "nskey").data().get(0).value());
    }

    @Test
    void firstReadDataGoesAwayWhenRead() {
        ds.publish(A0, data("once", "v", persist(Persistence.FIRST_READ))).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(B0, "once").status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "once").status());
    }

    @Test
    void persistenceFollowsTheLifeOfProcessesJobsAndSessions() {
        ds.publish(A0, data("proc", "1", persist(Persistence.PROC))).join();
        ds.publish(A0, data("app", "2", persist(Persistence.APP))).join();
        ds.publish(A0, data("dflt", "3")).join();
        ds.publish(A1, data("session", "4", persist(Persistence.SESSION))).join();
        ds.publish(A1, data("indef", "5", persist(Persistence.INDEF))).join();
        ds.processTerminated(A0);
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "proc").status());
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(B0, "app").status());
        ds.namespaceTerminated("jobA");
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "app").status());
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "dflt").status(), "APP is the default persistence");
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(B0, "session").status());
        ds.sessionTerminated(1);
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(B0, "session").status());
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(B0, "indef").status());
        assertEquals(1, ds.size());
    }

    @Test
    void partialAndMissingResults() {
        ds.publish(A0, data("a", "1")).join();
        LookupResult r = ds.lookup(A1, List.of("a", "b"), List.of()).join();
        assertEquals(PmixStatus.PMIX_ERR_PARTIAL_SUCCESS, r.status());
        assertEquals(1, r.data().size());
        assertEquals(PmixStatus.PMIX_ERR_PARTIAL_SUCCESS, status(ds.lookupData(A1, List.of("a", "b"), List.of())));
        assertEquals(List.of(new PublishedData(A0, "a", Value.of("1"))), ds.lookupData(A1, List.of("a"), List.of()).join());
    }

    @Test
    void accessPermissionsAreChecked() {
        Info perms = Attributes.ACCESS_PERMISSIONS.info(DataArray.ofInfos(List.of(Attributes.ACCESS_USERIDS.info(
                new DataArray(DataType.UINT32, List.of(Value.uint32(1000)))))));
        ds.publish(A0, data("secret", "s", perms)).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(A1, "secret", Attributes.USERID.info(1000)).status());
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, lookup(A1, "secret", Attributes.USERID.info(1001)).status());
    }

    @Test
    void onlyThePublisherUnpublishes() {
        ds.publish(A0, data("k", "v")).join();
        assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, status(ds.unpublish(A1, List.of("k"), List.of())));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, status(ds.unpublish(A1, List.of("nothing"), List.of())));
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(A1, "k").status());
        ds.unpublish(A0, List.of("k"), List.of()).join();
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND, lookup(A1, "k").status());
        // no keys: everything of the requester
        ds.publish(A0, List.of(Info.of("x", "1"), Info.of("y", "2"))).join();
        ds.publish(B0, data("z", "3")).join();
        ds.unpublish(A0, List.of(), List.of()).join();
        assertEquals(1, ds.size());
        // a range limits what is removed
        ds.publish(B0, data("r", "ns", range(DataRange.NAMESPACE))).join();
        ds.unpublish(B0, List.of("r"), List.of(range(DataRange.GLOBAL))).exceptionally(e -> null).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, lookup(B0, "r").status());
    }

    @Test
    void aWaitingLookupIsAnsweredByALaterPublish() throws Exception {
        CompletableFuture<LookupResult> w = ds.lookup(A0, List.of("p", "q"), List.of(Attributes.WAIT.info(0)));
        assertFalse(w.isDone());
        assertEquals(1, ds.waitingLookups());
        ds.publish(B0, data("p", "1")).join();
        assertFalse(w.isDone(), "waits for all the keys");
        ds.publish(A1, data("q", "2")).join();
        LookupResult r = w.get(5, TimeUnit.SECONDS);
        assertEquals(PmixStatus.PMIX_SUCCESS, r.status());
        assertEquals(List.of(new PublishedData(B0, "p", Value.of("1")), new PublishedData(A1, "q", Value.of("2"))), r.data());
        assertEquals(0, ds.waitingLookups());
    }

    @Test
    void waitForSomeOfTheKeys() throws Exception {
        CompletableFuture<LookupResult> w = ds.lookup(A0, List.of("p", "q", "r"), List.of(Attributes.WAIT.info(2)));
        ds.publish(B0, data("q", "1")).join();
        assertFalse(w.isDone());
        ds.publish(B0, data("r", "2")).join();
        LookupResult r = w.get(5, TimeUnit.SECONDS);
        assertEquals(PmixStatus.PMIX_ERR_PARTIAL_SUCCESS, r.status());
        assertEquals(2, r.data().size());
    }

    @Test
    void aWaitingLookupTimesOut() throws Exception {
        CompletableFuture<LookupResult> w = ds.lookup(A0, List.of("never"),
                List.of(Attributes.WAIT.info(0), Attributes.TIMEOUT.info(1)));
        LookupResult r = w.get(10, TimeUnit.SECONDS);
        assertEquals(PmixStatus.PMIX_ERR_TIMEOUT, r.status());
        assertEquals(0, ds.waitingLookups());
    }

    @Test
    void aWaitingFirstReadDatumGoesToOneWaiterOnly() throws Exception {
        CompletableFuture<LookupResult> w1 = ds.lookup(A0, List.of("job"), List.of(Attributes.WAIT.info(0)));
        CompletableFuture<LookupResult> w2 = ds.lookup(A1, List.of("job"), List.of(Attributes.WAIT.info(0)));
        ds.publish(B0, data("job", "task-1", persist(Persistence.FIRST_READ))).join();
        assertEquals(PmixStatus.PMIX_SUCCESS, w1.get(5, TimeUnit.SECONDS).status());
        assertFalse(w2.isDone(), "the first waiter took it");
        ds.publish(B0, data("job", "task-2", persist(Persistence.FIRST_READ))).join();
        assertEquals(Value.of("task-2"), w2.get(5, TimeUnit.SECONDS).data().get(0).value());
        assertEquals(0, ds.size());
    }

    @Test
    void aWaiterWhoseProcessEndsIsReleased() throws Exception {
        CompletableFuture<LookupResult> w = ds.lookup(A0, List.of("x"), List.of(Attributes.WAIT.info(0)));
        ds.processTerminated(A0);
        assertEquals(PmixStatus.PMIX_ERR_LOST_CONNECTION, w.get(5, TimeUnit.SECONDS).status());
    }

    @Test
    void concurrentPublishersAndWaitersAllMeet() throws Exception {
        int n = 200;
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<LookupResult>> waits = new ArrayList<>();
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<Void>> pubs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                waits.add(ds.lookup(new Proc("jobA", i), List.of("key" + i), List.of(Attributes.WAIT.info(0),
                        Attributes.TIMEOUT.info(30))));
                int k = i;
                pubs.add(CompletableFuture.runAsync(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    ds.publish(new Proc("jobB", k), data("key" + k, "v" + k)).join();
                }, pool));
            }
            go.countDown();
            CompletableFuture.allOf(pubs.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            for (int i = 0; i < n; i++) {
                LookupResult r = waits.get(i).get(30, TimeUnit.SECONDS);
                assertEquals(PmixStatus.PMIX_SUCCESS, r.status());
                assertEquals(Value.of("v" + i), r.data().get(0).value());
            }
            assertEquals(0, ds.waitingLookups());
            assertEquals(n, ds.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void badDirectivesAreRefused() {
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(ds.publish(A0, List.of(Info.of("k", "v"),
                Info.of(Attributes.RANGE.key(), "session")))));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(ds.lookup(A0, List.of("k"),
                List.of(Info.of(Attributes.WAIT.key(), "yes")))));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, status(ds.lookup(A0, List.of(), List.of())));
        assertTrue(ds.size() == 0);
    }
}
