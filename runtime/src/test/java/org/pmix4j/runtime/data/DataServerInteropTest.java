package org.pmix4j.runtime.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/** The data server behind a real server, used by real libpmix clients (the C client of the server tests). */
class DataServerInteropTest {
    private static final com.sun.security.auth.module.UnixSystem ME = new com.sun.security.auth.module.UnixSystem();

    @TempDir
    Path tmp;

    /** A host whose publish/lookup/unpublish upcalls are the data server's. */
    private static final class Host implements HostModule {
        volatile DataServer data;

        @Override
        public CompletionStage<Void> publish(Proc publisher, List<Info> info) {
            return data.publish(publisher, info);
        }

        @Override
        public CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
            return data.lookupData(requester, keys, directives);
        }

        @Override
        public CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
            return data.unpublish(requester, keys, directives);
        }
    }

    private static Run.Result run(PmixServer s, Path exe, Proc p, String... ops) {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(ops));
        return Run.command(cmd).env(s.setupFork(p)).go();
    }

    private static CompletableFuture<Run.Result> runAsync(PmixServer s, Path exe, Proc p, String... ops) {
        CompletableFuture<Run.Result> f = new CompletableFuture<>();
        Thread t = new Thread(() -> f.complete(run(s, exe, p, ops)));
        t.setDaemon(true);
        t.start();
        return f;
    }

    @Test
    void clientsPublishWaitLookUpAndUnpublishThroughTheDataServer() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("../server/src/test/c/svc_pubsub.c"));
        Host host = new Host();
        try (PmixServer s = PmixServer.start(host, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())))) {
            DataServer ds = new DataServer(s.self());
            host.data = ds;
            String node = s.config().hostname();
            for (String ns : List.of("dsA", "dsB")) {
                s.registerNspace(ns, 2, List.of(Attributes.JOB_SIZE.info(2), Attributes.NODE_MAP.info(node),
                        Attributes.PROC_MAP.info("0,1"))).join();
                for (int r = 0; r < 2; r++) {
                    s.registerClient(new Proc(ns, r), (int) ME.getUid(), (int) ME.getGid()).join();
                }
            }
            // dsB:0 waits for two keys, one of which only dsA publishes later
            CompletableFuture<Run.Result> waiter = runAsync(s, exe, new Proc("dsB", 0), "wait:svc.addr,svc.token");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ds.waitingLookups() == 0 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertEquals(1, ds.waitingLookups());
            Run.Result a0 = run(s, exe, new Proc("dsA", 0), "pub:svc.addr=host-a@session@indef",
                    "pub:svc.token=t1@session@first");
            assertTrue(a0.stdout().contains("pub svc.addr rc=0") && a0.stdout().contains("pub svc.token rc=0"), a0.all());
            Run.Result w = waiter.get(60, TimeUnit.SECONDS);
            assertTrue(w.stdout().contains("wait svc.addr rc=0 value=host-a from=dsA:0"), w.all());
            assertTrue(w.stdout().contains("wait svc.token rc=0 value=t1 from=dsA:0"), w.all());

            // the first-read token went to the waiter; the address stays; another process may not take the key
            Run.Result a1 = run(s, exe, new Proc("dsA", 1), "get:svc.token", "get:svc.addr", "pub:svc.addr=host-b",
                    "unpub:svc.addr");
            assertTrue(a1.stdout().contains("get svc.token rc=" + PmixStatus.PMIX_ERR_NOT_FOUND), a1.all());
            assertTrue(a1.stdout().contains("get svc.addr rc=0 value=host-a from=dsA:0"), a1.all());
            assertTrue(a1.stdout().contains("pub svc.addr rc=" + PmixStatus.PMIX_ERR_DUPLICATE_KEY), a1.all());
            assertTrue(a1.stdout().contains("unpub svc.addr rc=" + PmixStatus.PMIX_ERR_NO_PERMISSIONS), a1.all());

            // the publisher removes it; a namespace-range key is not seen from the other job
            Run.Result a0b = run(s, exe, new Proc("dsA", 0), "unpub:svc.addr", "pub:svc.local=only-a@ns");
            assertTrue(a0b.stdout().contains("unpub svc.addr rc=0"), a0b.all());
            Run.Result b1 = run(s, exe, new Proc("dsB", 1), "get:svc.addr", "get:svc.local");
            assertTrue(b1.stdout().contains("get svc.addr rc=" + PmixStatus.PMIX_ERR_NOT_FOUND), b1.all());
            assertTrue(b1.stdout().contains("get svc.local rc=" + PmixStatus.PMIX_ERR_NOT_FOUND), b1.all());
            assertFalse(ds.size() == 0, "svc.local is still published");
        }
    }
}
