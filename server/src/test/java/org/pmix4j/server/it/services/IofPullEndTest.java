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
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/**
 * The host hears of the end of a libpmix tool's pull (svc_iof_pull.c deregisters it) through {@code iofPull}
 * with PMIX_IOF_STOP and the sources, channels and directives of the pull that ended, so that a host that
 * stopped printing what the tool redirected knows what to print again.
 */
class IofPullEndTest {
    @TempDir
    Path tmp;

    @Test
    void theDeregistrationNamesThePullThatEnded() throws Exception {
        ServiceHost host = new ServiceHost();
        try (PmixServer s = Fixture.start(host, tmp)) {
            Fixture.job(s, "endjob", 1, 1);
            CompletableFuture<Run.Result> tool = new CompletableFuture<>();
            Thread.ofPlatform().start(() -> tool.complete(Run.command(Fixture.program("svc_iof_pull").toString(),
                    s.uri(), "endjob", "out", "1", "bsize=1").go()));
            host.awaitCalls("iofPull", 1);
            ServiceHost.Call pull = host.calls("iofPull").get(0);
            assertTrue(!pull.has("pmix.iof.stop"), pull.toString());
            s.iofDeliver(new Proc("endjob", 0), IofChannel.STDOUT, "a line\n".getBytes(StandardCharsets.UTF_8),
                    List.of());
            Run.Result r = tool.get(60, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("deregister rc=0"), r.all());
            host.awaitCalls("iofPull", 2);
            ServiceHost.Call stop = host.calls("iofPull").get(1);
            assertTrue(stop.has("pmix.iof.stop"), stop.toString());
            assertTrue(stop.has("pmix.iof.bsize"), stop.toString());
            assertEquals(List.of(Proc.wildcard("endjob")), stop.procs());
            assertEquals(IofChannel.STDOUT, stop.extra());
        }
    }
}
