package org.pmix4j.server.sessiondir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.wire.protocol.RendezvousContent;

/**
 * The directories made on the way to a server's tmpdir are shared with other servers (every pmix4j runtime
 * of a user keeps its session directory in the same {@code pmix4j.<host>.<uid>}): one server's end never
 * takes another's directory with it. A rendezvous file's writer is judged gone when its pid is free, or
 * taken by a process started after the file was written.
 */
class SharedDirectoriesAndStalenessTest {
    @TempDir
    Path tmp;

    @Test
    void ancestorsOfASharedDirectoryGoOnlyWhenEmpty() throws Exception {
        Path user = tmp.resolve("pmix4j.h.0");
        DirectoryTracker first = new DirectoryTracker(false);
        first.shareAncestorsOf(user.resolve("run.1"));
        first.ensure(user.resolve("run.1"));
        first.ensure(user.resolve("run.1/ns/0"));
        DirectoryTracker second = new DirectoryTracker(false);
        second.shareAncestorsOf(user.resolve("run.2"));
        second.ensure(user.resolve("run.2"));
        second.ensure(user.resolve("run.2/ns/0"));
        Files.writeString(user.resolve("run.2/pmix.h.tool.2"), "x");

        first.removeAll();
        assertFalse(Files.exists(user.resolve("run.1")), "the first server's own directory goes");
        assertTrue(Files.exists(user.resolve("run.2/pmix.h.tool.2")), "the second's stays with what is in it");

        second.removeAll();
        assertFalse(Files.exists(user.resolve("run.2")));
        assertTrue(Files.exists(user), "made by the first: not the second's to remove");

        DirectoryTracker third = new DirectoryTracker(false);
        third.shareAncestorsOf(user.resolve("run.3"));
        Files.delete(user);
        third.ensure(user.resolve("run.3"));
        third.removeAll();
        assertFalse(Files.exists(user), "empty at the end: gone");
        assertTrue(Files.isDirectory(tmp));
    }

    @Test
    void aFileOfAPidTakenByALaterProcessIsStale() throws Exception {
        Process later = new ProcessBuilder("sleep", "30").start();
        try {
            Path f = tmp.resolve("pmix.sys.h");
            Files.writeString(f, new RendezvousContent("pmix4j-h-1@0.0;tcp4://127.0.0.1:1", "4.2.2", later.pid(), 0, 0,
                    "").format());
            StaleRendezvousFile live = StaleRendezvousFile.judge(f);
            assertFalse(live.stale(), live.why());
            assertEquals("belongs to process " + later.pid() + ", which is still running", live.why());

            // written ten minutes before that process started: its pid was someone else's then
            Files.setLastModifiedTime(f, FileTime.from(Instant.now().minus(Duration.ofMinutes(10))));
            StaleRendezvousFile reused = StaleRendezvousFile.judge(f);
            assertTrue(reused.stale(), reused.why());
            assertTrue(reused.why().startsWith("was left by process " + later.pid() + ", which is no longer running"),
                    reused.why());
            assertTrue(reused.remove());
            assertFalse(Files.exists(f));
        } finally {
            later.destroyForcibly();
            later.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
