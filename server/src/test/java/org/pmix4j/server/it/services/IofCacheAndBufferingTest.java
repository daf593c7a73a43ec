package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.server.ServerInternals;
import org.pmix4j.testkit.Run;

/**
 * A libpmix tool pulls output under the tools chapter's rules: the job's cache policy (PMIX_IOF_CACHE_SIZE,
 * DROP_OLDEST / DROP_NEWEST given at registration) decides what a late pull gets, the pull's own
 * PMIX_IOF_CACHE_SIZE bounds what it takes from the cache, PMIX_IOF_BUFFERING_SIZE / TIME gather the
 * output, PMIX_IOF_COMPLETE comes with the end of a stream, and a channel the job's start did not forward
 * cannot be pulled.
 */
class IofCacheAndBufferingTest {
    @TempDir
    Path tmp;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Run.Result tool(PmixServer s, String nspace, String channels, int count, String... directives) {
        List<String> cmd = new ArrayList<>(List.of(Fixture.program("svc_iof_pull").toString(), s.uri(), nspace,
                channels, Integer.toString(count)));
        cmd.addAll(List.of(directives));
        return Run.command(cmd).go();
    }

    private static CompletableFuture<Run.Result> toolAsync(PmixServer s, String nspace, String channels, int count,
            String... directives) {
        // a thread of its own: the common pool may have a single worker, and the tools must run at once
        CompletableFuture<Run.Result> f = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("tool " + nspace).start(() -> {
            try {
                f.complete(tool(s, nspace, channels, count, directives));
            } catch (RuntimeException | Error e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    @Test
    void theJobsCachePolicyDecidesWhatALatePullGets() throws Exception {
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "newest", 1, 1, Attributes.IOF_CACHE_SIZE.info(10));
            Fixture.job(s, "oldest", 1, 1, Attributes.IOF_CACHE_SIZE.info(10), Attributes.IOF_DROP_OLDEST.info(true));
            for (String ns : List.of("newest", "oldest")) {
                s.iofDeliver(new Proc(ns, 0), IofChannel.STDOUT, bytes("01234567"), List.of());
                s.iofDeliver(new Proc(ns, 0), IofChannel.STDOUT, bytes("89ABCDEF"), List.of());
            }

            Run.Result newest = tool(s, "newest", "out", 2);
            assertEquals(0, newest.exitCode(), newest.all());
            assertTrue(newest.stdout().contains("pull rc=0"), newest.all());
            assertTrue(newest.stdout().contains("iof newest:0 ch=2 [01234567] end=0"), newest.all());
            assertTrue(newest.stdout().contains("iof newest:0 ch=2 [89] end=0"), newest.all());
            assertTrue(newest.stdout().indexOf("[01234567]") < newest.stdout().indexOf("[89]"), newest.all());
            // the tool is told that the full cache lost output of the job
            assertTrue(newest.stdout().contains("iof failure newest stdout\n"), newest.all());

            Run.Result oldest = tool(s, "oldest", "out", 2);
            assertEquals(0, oldest.exitCode(), oldest.all());
            assertTrue(oldest.stdout().contains("iof oldest:0 ch=2 [67] end=0"), oldest.all());
            assertTrue(oldest.stdout().contains("iof oldest:0 ch=2 [89ABCDEF] end=0"), oldest.all());
            assertTrue(oldest.stdout().indexOf("[67]") < oldest.stdout().indexOf("[89ABCDEF]"), oldest.all());
        }
    }

    @Test
    void aPullsCacheSizeBoundsWhatItTakesFromTheCache() throws Exception {
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            for (String ns : List.of("first4", "last4")) {
                Fixture.job(s, ns, 1, 1);
                s.iofDeliver(new Proc(ns, 0), IofChannel.STDOUT, bytes("abcdef"), List.of());
                s.iofDeliver(new Proc(ns, 0), IofChannel.STDOUT, bytes("ghij"), List.of());
            }
            Run.Result first = tool(s, "first4", "out", 1, "csize=4");
            assertTrue(first.stdout().contains("iof first4:0 ch=2 [abcd] end=0"), first.all());
            assertTrue(first.stdout().contains("got 1"), first.all());
            Run.Result last = tool(s, "last4", "out", 1, "csize=4", "old");
            assertTrue(last.stdout().contains("iof last4:0 ch=2 [ghij] end=0"), last.all());
            assertTrue(last.stdout().contains("got 1"), last.all());
            assertTrue(!last.stdout().contains("iof failure"), "what a pull chose not to get is no failure: " + last.all());
            // what the pulls took left the cache, including what they chose not to get
            assertEquals(0, (int) s.call(() -> ServerInternals.parts(s).iof().cachedMessages()).get());
        }
    }

    @Test
    void bufferingGathersOutputBySizeAndTimeAndTheEndOfAStreamComesWithIt() throws Exception {
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "bysize", 1, 1);
            Fixture.job(s, "bytime", 1, 1);
            CompletableFuture<Run.Result> bySize = toolAsync(s, "bysize", "out", 2, "bsize=10");
            host.awaitCalls("iofPull", 1);
            CompletableFuture<Run.Result> byTime = toolAsync(s, "bytime", "out,err", 1, "btime=1");
            host.awaitCalls("iofPull", 2);

            Proc p = new Proc("bysize", 0);
            for (String piece : List.of("abc", "def", "ghij", "kl")) {
                s.iofDeliver(p, IofChannel.STDOUT, bytes(piece), List.of());
            }
            s.iofDeliver(p, IofChannel.STDOUT, bytes("mn"), List.of(Attributes.IOF_COMPLETE.info(true)));
            s.iofDeliver(new Proc("bytime", 0), IofChannel.STDERR, bytes("x"), List.of());
            s.iofDeliver(new Proc("bytime", 0), IofChannel.STDERR, bytes("y"), List.of());

            Run.Result size = bySize.get(60, TimeUnit.SECONDS);
            assertTrue(size.stdout().contains("iof bysize:0 ch=2 [abcdefghij] end=0"), size.all());
            assertTrue(size.stdout().contains("iof bysize:0 ch=2 [klmn] end=1"), size.all());
            assertTrue(size.stdout().contains("got 2"), size.all());
            Run.Result time = byTime.get(60, TimeUnit.SECONDS);
            assertTrue(time.stdout().contains("iof bytime:0 ch=4 [xy] end=0"), time.all());
            assertTrue(time.stdout().contains("got 1"), time.all());
        }
    }

    @Test
    void aChannelTheJobWasNotStartedForwardingCannotBePulled() throws Exception {
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            // the spawn of a tool turns stderr off: a pull of its stderr is refused
            Run.Result spawned = tool(s, "spawn", "err", 0);
            assertTrue(spawned.stdout().contains("spawn rc=0 svcspawned"), spawned.all());
            assertTrue(spawned.stdout().contains("pull rc=" + PmixStatus.PMIX_ERR_NOT_AVAILABLE), spawned.all());
            assertEquals(List.of(), host.calls("iofPull"), "the host is not asked for a refused pull");

            // a host that starts a job for a tool says the same in the registration; stdout can be pulled
            Fixture.job(s, "fwdout", 1, 1, Attributes.FWD_STDOUT.info(true));
            Run.Result err = tool(s, "fwdout", "out,err", 0);
            assertTrue(err.stdout().contains("pull rc=" + PmixStatus.PMIX_ERR_NOT_AVAILABLE), err.all());
            Run.Result out = tool(s, "fwdout", "out", 0);
            assertTrue(out.stdout().contains("pull rc=0"), out.all());

            // a job whose start named no channel (launched by the runtime itself) gives any
            Fixture.job(s, "plain", 1, 1);
            Run.Result plain = tool(s, "plain", "err", 0);
            assertTrue(plain.stdout().contains("pull rc=0"), plain.all());
        }
    }

    @Test
    void attributeSupportNamesTheIoForwardingAttributesTheServerCarriesOut() throws Exception {
        // what a client asking its server for PMIX_SERVER_ATTRIBUTES gets (libpmix's pattrs, a tool that is a
        // server itself, answers that query from its own library's table and never asks)
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            String answer = s.call(() -> ServerInternals.parts(s).attributes().answer(List.of(
                    Info.of(Attributes.SERVER_ATTRIBUTES.key(), "PMIx_IOF_pull,PMIx_IOF_push,PMIx_Spawn")))).get()
                    .toString();
            for (String key : List.of("pmix.iof.csize", "pmix.iof.old", "pmix.iof.new", "pmix.iof.bsize",
                    "pmix.iof.btime", "pmix.iof.cmp", "pmix.fwd.stdout")) {
                assertTrue(answer.contains(key), key + " in " + answer);
            }
        }
    }

    @Test
    void badCacheAttributesInARegistrationAreRefusedByName() {
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            List<Info> both = List.of(Attributes.JOB_SIZE.info(1), Attributes.IOF_DROP_OLDEST.info(true),
                    Attributes.IOF_DROP_NEWEST.info(true));
            Throwable e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                    () -> s.registerNspace("both", 0, both).join());
            assertTrue(String.valueOf(e.getMessage()).contains("PMIX_IOF_DROP_OLDEST and PMIX_IOF_DROP_NEWEST"),
                    String.valueOf(e));
            // nothing of it was kept: the job can be registered right
            s.registerNspace("both", 0, List.of(Attributes.JOB_SIZE.info(1))).join();
        }
    }
}
