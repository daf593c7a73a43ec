package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/** PUBLISH, LOOKUP and UNPUBLISH between real libpmix clients through the host's upcalls. */
class PublishLookupTest {
    @TempDir
    Path tmp;

    @Test
    void lookupWithWaitIsAnsweredWhenAnotherClientPublishes() throws Exception {
        Path exe = Fixture.program("svc_pubsub");
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "pubjob", 2, 2);
            int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
            // rank 0 waits for a key nobody published yet
            CompletableFuture<Run.Result> waiter = Fixture.clientAsync(s, new Proc("pubjob", 0), exe, "wait:svc-port");
            host.awaitCalls("lookup", 1);
            ServiceHost.Call lookup = host.calls("lookup").get(0);
            assertEquals(new Proc("pubjob", 0), lookup.requester());
            assertEquals(List.of("svc-port"), lookup.extra());
            assertTrue(lookup.has(Attributes.WAIT.key()), lookup.toString());
            assertEquals(Integer.valueOf(30), Attributes.TIMEOUT.get(lookup.find(Attributes.TIMEOUT.key()).value()));
            assertEquals(Integer.valueOf(uid), Attributes.USERID.get(lookup.find(Attributes.USERID.key()).value()));
            assertFalse(waiter.isDone(), "the lookup must wait for the data");

            // rank 1 publishes it (global range, first-read persistence), then looks it up itself
            Run.Result pub = Fixture.client(s, new Proc("pubjob", 1), exe, "pub:svc-port=tcp://1.2.3.4:5@global@first",
                    "get:svc-port");
            assertEquals(0, pub.exitCode(), pub.all());
            assertTrue(pub.stdout().contains("pub svc-port rc=0"), pub.all());
            assertTrue(pub.stdout().contains("get svc-port rc=0 value=tcp://1.2.3.4:5 from=pubjob:1"), pub.all());

            Run.Result w = waiter.get(60, TimeUnit.SECONDS);
            assertEquals(0, w.exitCode(), w.all());
            assertTrue(w.stdout().contains("wait svc-port rc=0 value=tcp://1.2.3.4:5 from=pubjob:1"), w.all());

            ServiceHost.Call publish = host.calls("publish").get(0);
            assertEquals(new Proc("pubjob", 1), publish.requester());
            assertEquals(Value.of("tcp://1.2.3.4:5"), publish.find("svc-port").value());
            assertEquals(DataRange.GLOBAL, publish.find(Attributes.RANGE.key()).value());
            assertEquals(Persistence.FIRST_READ, publish.find(Attributes.PERSISTENCE.key()).value());
            assertEquals(Integer.valueOf(uid), Attributes.USERID.get(publish.find(Attributes.USERID.key()).value()));
            assertTrue(publish.has(Attributes.GRPID.key()), publish.toString());
        }
    }

    @Test
    void unpublishReachesTheHostAndLookupThenFails() throws Exception {
        Path exe = Fixture.program("svc_pubsub");
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "unpubjob", 1, 1);
            Run.Result r = Fixture.client(s, new Proc("unpubjob", 0), exe, "pub:svc-key=v1", "unpub:svc-key",
                    "get:svc-key");
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("pub svc-key rc=0"), r.all());
            assertTrue(r.stdout().contains("unpub svc-key rc=0"), r.all());
            assertTrue(r.stdout().contains("get svc-key rc=" + PmixStatus.PMIX_ERR_NOT_FOUND), r.all());
            assertEquals(List.of("svc-key"), host.calls("unpublish").get(0).extra());
            assertTrue(host.calls("unpublish").get(0).has(Attributes.USERID.key()));
        }
    }

    @Test
    void withoutHostUpcallsTheClientGetsNotSupported() throws Exception {
        Path exe = Fixture.program("svc_pubsub");
        try (PmixServer s = Fixture.start(HostModule.NONE, tmp)) {
            Fixture.job(s, "nopub", 1, 1);
            Run.Result r = Fixture.client(s, new Proc("nopub", 0), exe, "pub:k=v", "get:k", "unpub:k");
            assertEquals(0, r.exitCode(), r.all());
            int ns = PmixStatus.PMIX_ERR_NOT_SUPPORTED;
            assertTrue(r.stdout().contains("pub k rc=" + ns), r.all());
            assertTrue(r.stdout().contains("get k rc=" + ns), r.all());
            assertTrue(r.stdout().contains("unpub k rc=" + ns), r.all());
        }
    }
}
