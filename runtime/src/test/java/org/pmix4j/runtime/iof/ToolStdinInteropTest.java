package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * A libpmix tool's PMIx_IOF_push reaches the stdin of running processes through a server whose host hands
 * the pushes to {@link ToolStdin}: bytes the tool passes itself, and the tool's own stdin that libpmix reads
 * and sends (PMIX_IOF_PUSH_STDIN), to one rank or to every rank of a job.
 */
class ToolStdinInteropTest {
    @TempDir
    Path tmp;

    /** The runtime's part of the host: pushStdin is ToolStdin's. */
    private static final class Host implements HostModule {
        final ToolStdin stdin = new ToolStdin();
        private final java.util.concurrent.atomic.AtomicInteger tools = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public CompletionStage<Proc> toolConnected(List<Info> info) {
            return java.util.concurrent.CompletableFuture.completedFuture(new Proc("stdintool." + tools.incrementAndGet(), 0));
        }

        @Override
        public CompletionStage<Void> pushStdin(Proc source, List<Proc> targets, List<Info> directives, byte[] data) {
            return stdin.push(source, targets, directives, data);
        }
    }

    private static Process cat() throws Exception {
        return new ProcessBuilder("cat").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String read(Process p) throws Exception {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void aToolsPushesReachTheStdinOfTheProcessesItNames() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("../server/src/test/c/svc_iof_push.c"));
        Host host = new Host();
        Process rank0 = cat();
        Process rank1 = cat();
        Process all0 = cat();
        Process all1 = cat();
        try (PmixServer s = PmixServer.start(host, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)))) {
            host.stdin.attach(new Proc("one", 0), rank0.getOutputStream());
            host.stdin.attach(new Proc("one", 1), rank1.getOutputStream());
            host.stdin.attach(new Proc("every", 0), all0.getOutputStream());
            host.stdin.attach(new Proc("every", 1), all1.getOutputStream());

            // bytes the tool passes itself, to rank 0; then the end, then a push after the end
            Run.Result r = Run.command(exe.toString(), s.uri(), "one", "0", "callback", "hello\n", "world\n").go();
            assertEquals(0, r.exitCode(), r.all());
            assertEquals(2, r.stdout().split("push rc=0\n", -1).length - 1, r.all());
            assertTrue(r.stdout().contains("end rc=0"), r.all());
            assertTrue(r.stdout().contains("after end rc=" + PmixStatus.PMIX_ERR_IOF_COMPLETE), r.all());
            assertEquals("hello\nworld\n", read(rank0));
            assertTrue(host.stdin.attached(new Proc("one", 1)), "rank 1 was not a target");

            // the tool's own stdin, read by libpmix, to every rank of a job; the server says when it is complete
            Run.Result all = Run.command(exe.toString(), s.uri(), "every", "all", "stdin")
                    .stdin("line one\nline two\n".getBytes(StandardCharsets.UTF_8)).go();
            assertEquals(0, all.exitCode(), all.all());
            assertTrue(all.stdout().contains("push stdin rc=" + PmixStatus.PMIX_OPERATION_SUCCEEDED), all.all());
            assertTrue(all.stdout().contains("stdin complete\n"), all.all());
            assertTrue(!all.stdout().contains("iof failure"), all.all());
            assertEquals("line one\nline two\n", read(all0));
            assertEquals("line one\nline two\n", read(all1));
        } finally {
            host.stdin.close();
            for (Process p : List.of(rank0, rank1, all0, all1)) {
                p.destroy();
            }
        }
    }
}
