package org.pmix4j.server.it.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.Run;

/** A cleanup a client registers for its job is carried out when the host deregisters the job. */
class CleanupTest {
    @TempDir
    Path tmp;

    @Test
    void theJobsDirectoryIsRemovedWhenTheJobIsDeregistered() throws Exception {
        Path exe = Fixture.program("svc_ops");
        Path scratch = tmp.resolve("job-scratch");
        Files.createDirectories(scratch.resolve("rank0/shm"));
        Files.writeString(scratch.resolve("rank0/shm/segment"), "data");
        Files.writeString(scratch.resolve("notes.txt"), "notes");
        try (PmixServer s = Fixture.start(HostModule.NONE, tmp)) {
            Fixture.job(s, "cleanjob", 1, 1);
            Run.Result r = Fixture.client(s, new Proc("cleanjob", 0), exe, scratch.toString());
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("cleanup rc=0"), r.all());
            assertTrue(Files.exists(scratch.resolve("rank0/shm/segment")), "nothing happens while the job lives");
            s.deregisterNspace("cleanjob").get(10, TimeUnit.SECONDS);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (Files.exists(scratch) && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertTrue(!Files.exists(scratch), "the registered directory is gone");
        }
    }
}
