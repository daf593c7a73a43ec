package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/** CONNECT and DISCONNECT between namespaces, and what the clients learn of each other. */
class ConnectTest {
    @TempDir
    Path tmp;

    @Test
    void twoLocalJobsConnectWithoutTheHostAndSeeEachOthersJobData() throws Exception {
        Path exe = Fixture.program("svc_connect");
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "cnA", 1, 1, Info.of("svc.color", "red"));
            Fixture.job(s, "cnB", 2, 2, Info.of("svc.color", "blue"));
            CompletableFuture<Run.Result> a = Fixture.clientAsync(s, new Proc("cnA", 0), exe, "cnB");
            CompletableFuture<Run.Result> b0 = Fixture.clientAsync(s, new Proc("cnB", 0), exe, "cnA");
            CompletableFuture<Run.Result> b1 = Fixture.clientAsync(s, new Proc("cnB", 1), exe, "cnA");
            Run.Result ra = a.get(60, TimeUnit.SECONDS);
            Run.Result rb0 = b0.get(60, TimeUnit.SECONDS);
            Run.Result rb1 = b1.get(60, TimeUnit.SECONDS);
            for (Run.Result r : List.of(ra, rb0, rb1)) {
                assertEquals(0, r.exitCode(), r.all());
                assertTrue(r.stdout().contains("connect rc=0"), r.all());
                assertTrue(r.stdout().contains("disconnect rc=0"), r.all());
            }
            // each side got the other job's data with the connect reply (PMIX_OPTIONAL: no request was made)
            assertTrue(ra.stdout().contains("other job.size=2"), ra.all());
            assertTrue(ra.stdout().contains("other svc.color=blue"), ra.all());
            assertTrue(rb0.stdout().contains("other job.size=1"), rb0.all());
            assertTrue(rb1.stdout().contains("other svc.color=red"), rb1.all());
            // all participants were local: the host was not involved
            assertEquals(List.of(), host.calls("connect"));
            assertEquals(List.of(), host.calls("disconnect"));
        }
    }

    @Test
    void withRemoteParticipantsTheHostIsAskedOnceForTheLocalSet() throws Exception {
        Path exe = Fixture.program("svc_connect");
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "rmA", 1, 1);
            // rank 1 of rmB runs elsewhere: the host must carry the collective
            Fixture.job(s, "rmB", 3, 2, Info.of("svc.color", "green"));
            CompletableFuture<Run.Result> a = Fixture.clientAsync(s, new Proc("rmA", 0), exe, "rmB");
            CompletableFuture<Run.Result> b0 = Fixture.clientAsync(s, new Proc("rmB", 0), exe, "rmA");
            CompletableFuture<Run.Result> b1 = Fixture.clientAsync(s, new Proc("rmB", 1), exe, "rmA");
            for (CompletableFuture<Run.Result> f : List.of(a, b0, b1)) {
                Run.Result r = f.get(60, TimeUnit.SECONDS);
                assertEquals(0, r.exitCode(), r.all());
                assertTrue(r.stdout().contains("connect rc=0"), r.all());
                assertTrue(r.stdout().contains("disconnect rc=0"), r.all());
            }
            assertTrue(a.get().stdout().contains("other job.size=3"), a.get().all());
            assertTrue(a.get().stdout().contains("other svc.color=green"), a.get().all());
            assertEquals(1, host.calls("connect").size(), host.calls.toString());
            ServiceHost.Call c = host.calls("connect").get(0);
            assertEquals(List.of(Proc.wildcard("rmA"), Proc.wildcard("rmB")), c.procs());
            assertEquals(Integer.valueOf(30), Attributes.TIMEOUT.get(c.find(Attributes.TIMEOUT.key()).value()));
            assertTrue(c.has(Attributes.SORTED_PROC_ARRAY.key()), c.toString());
            assertEquals(Integer.valueOf(PmixStatus.PMIX_SUCCESS),
                    Attributes.LOCAL_COLLECTIVE_STATUS.get(c.find(Attributes.LOCAL_COLLECTIVE_STATUS.key()).value()));
            assertEquals(1, host.calls("disconnect").size(), host.calls.toString());
        }
    }

    @Test
    void withRemoteParticipantsAndNoHostUpcallEveryCallerGetsNotSupported() throws Exception {
        Path exe = Fixture.program("svc_connect");
        try (PmixServer s = Fixture.start(org.pmix4j.server.HostModule.NONE, tmp)) {
            Fixture.job(s, "nhA", 1, 1);
            Fixture.job(s, "nhB", 2, 1);
            CompletableFuture<Run.Result> a = Fixture.clientAsync(s, new Proc("nhA", 0), exe, "nhB");
            CompletableFuture<Run.Result> b = Fixture.clientAsync(s, new Proc("nhB", 0), exe, "nhA");
            for (CompletableFuture<Run.Result> f : List.of(a, b)) {
                Run.Result r = f.get(60, TimeUnit.SECONDS);
                assertEquals(0, r.exitCode(), r.all());
                // libpmix answers only the last caller here and leaves the others hanging
                assertTrue(r.stdout().contains("connect rc=" + PmixStatus.PMIX_ERR_NOT_SUPPORTED), r.all());
            }
        }
    }

    @Test
    void aParticipantThatDiesFailsTheConnectForTheOthers() throws Exception {
        Path exe = Fixture.program("svc_connect");
        try (PmixServer s = Fixture.start(new ServiceHost(), tmp)) {
            Fixture.job(s, "dieA", 2, 2);
            CompletableFuture<Run.Result> alive = Fixture.clientAsync(s, new Proc("dieA", 0), exe, "-", "self");
            Run.Result dead = Fixture.client(s, new Proc("dieA", 1), exe, "die");
            assertTrue(dead.stdout().contains("init dieA:1"), dead.all());
            Run.Result r = alive.get(60, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("connect rc=" + PmixStatus.PMIX_ERR_PARTIAL_SUCCESS), r.all());
        }
    }
}
