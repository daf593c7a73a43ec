package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.server.ServerInternals;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/** A libpmix tool pulls the output the host delivers with {@link PmixServer#iofDeliver}. */
class IofToolTest {
    @TempDir
    Path tmp;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aToolReceivesCachedAndLiveOutputOfTheJobAndTheServersOwn() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/svc_tool.c"));
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "iofjob", 2, 2);
            // output before anybody asked: cached
            s.iofDeliver(new Proc("iofjob", 0), IofChannel.STDOUT, bytes("early line\n"), List.of());
            s.iofDeliver(new Proc("otherjob", 0), IofChannel.STDOUT, bytes("not for the tool\n"), List.of());
            assertEquals(2, (int) s.call(() -> ServerInternals.parts(s).iof().cachedMessages()).get());

            CompletableFuture<Run.Result> tool = CompletableFuture.supplyAsync(
                    () -> Run.command(exe.toString(), s.uri(), "iofjob", "3").go());
            host.awaitCalls("iofPull", 1);
            ServiceHost.Call pull = host.calls("iofPull").get(0);
            assertEquals(List.of(Proc.wildcard("iofjob")), pull.procs());
            assertEquals(IofChannel.STDOUT | IofChannel.STDERR, pull.extra());

            // output after the pull, of the job and of the server itself (the tool's implicit request 0)
            s.iofDeliver(new Proc("iofjob", 1), IofChannel.STDERR, bytes("late error\n"), List.of());
            s.iofDeliver(s.self(), IofChannel.STDOUT, bytes("server says hello\n"), List.of());
            s.iofDeliver(new Proc("iofjob", 0), IofChannel.STDDIAG, bytes("diag is not pulled\n"), List.of());
            s.iofDeliver(new Proc("iofjob", 0), IofChannel.STDOUT, bytes("last line\n"), List.of());

            Run.Result r = tool.get(60, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.all());
            String out = r.stdout();
            assertTrue(out.contains("tool svctool.1:0"), r.all());
            assertTrue(out.contains("iof iofjob:0 ch=2 id=1 [early line]"), r.all());
            assertTrue(out.contains("iof iofjob:1 ch=4 id=1 [late error]"), r.all());
            assertTrue(out.contains("iof iofjob:0 ch=2 id=1 [last line]"), r.all());
            assertTrue(out.contains("server says hello"), r.all());
            assertTrue(!out.contains("diag is not pulled") && !out.contains("not for the tool"), r.all());
            assertTrue(out.contains("got 3"), r.all());
            assertTrue(out.contains("deregister rc=0"), r.all());
            assertTrue(out.indexOf("early line") < out.indexOf("late error"), r.all());
            // the early output went to the tool and left the cache; the other job's stays
            assertEquals(1 + 1, (int) s.call(() -> ServerInternals.parts(s).iof().cachedMessages()).get());
            assertTrue(host.calls("iofPull").stream().anyMatch(c -> c.has("pmix.iof.stop")), host.calls.toString());
        }
    }
}
