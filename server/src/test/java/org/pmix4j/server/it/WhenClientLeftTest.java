package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;

/**
 * {@code PmixServer.whenClientLeft}: a host waits on it before judging a process's exit. It completes at
 * once for a client that never connected, and for a libpmix client that finalized and exited only once
 * the server has handled its connection to the end, its FINALIZE (the host's upcall) included.
 */
class WhenClientLeftTest {
    @TempDir
    Path tmp;

    @Test
    void completesOnceTheConnectionsLastMessageWasHandled() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/init_and_exit.c"));
        AtomicBoolean finalized = new AtomicBoolean();
        HostModule host = new HostModule() {
            @Override
            public CompletionStage<Void> clientFinalized(Proc client) {
                finalized.set(true);
                return CompletableFuture.completedFuture(null);
            }
        };
        try (PmixServer server = PmixServer.start(host, List.of(
                Attributes.SERVER_TMPDIR.info(Files.createDirectories(tmp.resolve("server")).toString()),
                Attributes.SYSTEM_TMPDIR.info(Files.createDirectories(tmp.resolve("system")).toString())))) {
            server.registerNspace("left", 2, List.of(Attributes.JOB_SIZE.info(2))).join();
            var sys = new com.sun.security.auth.module.UnixSystem();
            Proc connects = new Proc("left", 0);
            Proc never = new Proc("left", 1);
            server.registerClient(connects, (int) sys.getUid(), (int) sys.getGid()).join();
            server.registerClient(never, (int) sys.getUid(), (int) sys.getGid()).join();

            server.whenClientLeft(never).get(30, TimeUnit.SECONDS);
            server.whenClientLeft(new Proc("unknown", 0)).get(30, TimeUnit.SECONDS);

            ProcessBuilder pb = new ProcessBuilder(exe.toString(), "--sleep", "1");
            pb.environment().putAll(server.setupFork(connects));
            pb.redirectErrorStream(true);
            Process client = pb.start();
            String ready = new String(client.getInputStream().readNBytes("ready left:0".length()));
            assertEquals("ready left:0", ready, "the client did not initialize");
            // asked while it is connected: told, on the server's thread, after its FINALIZE was handled
            CompletableFuture<Boolean> finalizedWhenLeft = server.whenClientLeft(connects).thenApply(x -> finalized.get());
            assertTrue(client.waitFor(30, TimeUnit.SECONDS), "the client did not end");
            assertEquals(0, client.exitValue());
            assertTrue(finalizedWhenLeft.get(30, TimeUnit.SECONDS), "told of the departure before the FINALIZE was handled");
        }
    }
}
