package org.pmix4j.runtime.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.LaunchException;
import org.pmix4j.runtime.Launcher;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;

/**
 * A DVM that is gone just after it answered the spawn, before the front end has registered for the job's
 * end, is reported (exit 1, "lost the connection") rather than waited for. The front end once registered
 * for the loss only after the spawn and then waited for ever (DvmTest's killed DVM, now and then on a busy
 * machine). The server here answers and closes at once, so the loss most often reaches the front end
 * before its registrations do (3 runs of 5 waited for ever before the fix; the others lost the answer
 * itself, which the command reports as well); repeated, since the order is the scheduler's.
 */
class PrunLostDvmTest {
    @TempDir
    Path tmp;

    @RepeatedTest(8)
    void aDvmGoneRightAfterTheSpawnIsReportedNotWaitedFor() {
        AtomicReference<PmixServer> server = new AtomicReference<>();
        HostModule dvm = new HostModule() {
            @Override
            public CompletionStage<Proc> toolConnected(List<Info> info) {
                return CompletableFuture.completedFuture(new Proc("front-end", 0));
            }

            @Override
            public CompletionStage<Void> iofPull(List<Proc> sources, List<Info> directives, int channels) {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
                // answered now; the server goes once that answer has had a moment to be written
                Thread.ofPlatform().daemon(true).start(() -> server.get().close());
                return CompletableFuture.completedFuture("gone.1");
            }
        };
        try (PmixServer s = PmixServer.start(dvm, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)))) {
            server.set(s);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Prun prun = new Prun(out, err, new ByteArrayInputStream(new byte[0]), Map.of("TMPDIR", tmp.toString()));
            int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                try {
                    return prun.run(new DvmLocator(s.uri(), null, null, false, null),
                            List.of(new AppContext(List.of("true"), 1, Map.of(), tmp.toString())),
                            Launcher.Options.builder().build());
                } catch (LaunchException e) {
                    // the server went before its answer was written: the command prints this and exits
                    err.writeBytes(e.getMessage().getBytes(StandardCharsets.UTF_8));
                    return e.exitStatus();
                }
            });
            String said = err.toString(StandardCharsets.UTF_8);
            assertEquals(1, status, said);
            assertTrue(said.contains("lost the connection"), said);
        }
    }
}
