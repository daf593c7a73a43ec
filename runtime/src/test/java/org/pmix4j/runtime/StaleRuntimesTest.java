package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.wire.protocol.RendezvousContent;

/**
 * Which leftovers {@link StaleRuntimes} finds under a TMPDIR: a dead runtime's session directory and a
 * pmix4j system-server file of a dead DVM, and neither a live runtime's, another server's file, another
 * user's directory, nor what a link points to; a pid taken by a later process does not keep a dead tree.
 */
class StaleRuntimesTest {
    private static final String HOST = "h";

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (Process p : started) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        return p.pid();
    }

    private long livePid() throws Exception {
        Process p = new ProcessBuilder("sleep", "60").start();
        started.add(p);
        return p.pid();
    }

    private Path sessionDir(String kind, long pid) throws Exception {
        Path d = Files.createDirectories(RuntimeDirectories.sessionDir(tmp, HOST, kind, pid).resolve("ns/0"))
                .getParent().getParent();
        Files.writeString(d.resolve("pmix." + HOST + ".tool." + pid), "x");
        return d;
    }

    private static List<String> found(StaleRuntimes s) {
        return s.find().stream().map(l -> l.describe(true)).toList();
    }

    @Test
    void aDeadRuntimesTreeGoesAndALiveOnesStays() throws Exception {
        long dead = deadPid();
        long live = livePid();
        Path deadRun = sessionDir("run", dead);
        Path liveDvm = sessionDir("dvm", live);
        StaleRuntimes stale = new StaleRuntimes(tmp, HOST);

        assertEquals(List.of("would remove directory " + deadRun + ": left by process " + dead
                + ", which is no longer running"), found(stale));
        assertTrue(Files.exists(deadRun), "finding removes nothing");

        List<String> said = new ArrayList<>();
        stale.reclaim(said::add, said::add);
        assertEquals(1, said.size(), said.toString());
        assertFalse(Files.exists(deadRun));
        assertTrue(Files.exists(liveDvm.resolve("ns/0")) && Files.exists(liveDvm.resolve("pmix." + HOST + ".tool." + live)));
        assertEquals(List.of(), found(stale));
    }

    @Test
    void aPidTakenByALaterProcessDoesNotKeepADeadTree() throws Exception {
        long reused = livePid();
        Path old = sessionDir("run", reused);
        Instant long_ago = Instant.now().minus(Duration.ofMinutes(10));
        Files.setLastModifiedTime(old, FileTime.from(long_ago));
        List<String> f = found(new StaleRuntimes(tmp, HOST));
        assertEquals(2, f.size(), f.toString());
        assertEquals("would remove directory " + old.getParent() + ": no runtime of this user on this node is left"
                + " in it", f.get(1));
        assertTrue(f.get(0).startsWith("would remove directory " + old + ": left by process " + reused
                + ", which is no longer running (pid " + reused + " is now a process started at "), f.get(0));
    }

    @Test
    void onlyPmix4jSystemServerFilesOfDeadWriters() throws Exception {
        long dead = deadPid();
        long live = livePid();
        Path ours = tmp.resolve("pmix.sys." + HOST);
        Files.writeString(ours, new RendezvousContent("pmix4j-" + HOST + "-" + dead + "@0.0;tcp4://127.0.0.1:1",
                "4.2.2", dead, 0, 0, "").format());
        Path liveCtrl = tmp.resolve("pmix.sysctrlr." + HOST);
        Files.writeString(liveCtrl, new RendezvousContent("pmix4j-" + HOST + "-" + live + "@0.0;tcp4://127.0.0.1:1",
                "4.2.2", live, 0, 0, "").format());
        Path prrte = tmp.resolve("pmix.sched." + HOST);
        Files.writeString(prrte, new RendezvousContent("prte-" + HOST + "-" + dead + "@0.0;tcp4://127.0.0.1:1",
                "4.2.2", dead, 0, 0, "").format());

        StaleRuntimes stale = new StaleRuntimes(tmp, HOST);
        assertEquals(List.of("would remove rendezvous file " + ours + ": left by process " + dead
                + ", which is no longer running"), found(stale));
        stale.reclaim(s -> { }, s -> { });
        assertFalse(Files.exists(ours));
        assertTrue(Files.exists(liveCtrl) && Files.exists(prrte));
    }

    @Test
    void linksAndOtherUsersDirectoriesAreLeftAlone() throws Exception {
        long dead = deadPid();
        Path user = Files.createDirectories(RuntimeDirectories.userDir(tmp, HOST));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "x");
        Files.createSymbolicLink(user.resolve("run." + dead), outside);
        assertEquals(List.of(), found(new StaleRuntimes(tmp, HOST)).stream()
                .filter(s -> s.contains("run." + dead)).toList());

        Path foreign = sessionDir("dvm", dead);
        assumeTrue(System.getProperty("user.name").equals("root"), "changing a directory's owner needs root");
        PosixFileAttributeView v = Files.getFileAttributeView(foreign, PosixFileAttributeView.class);
        v.setOwner(foreign.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("daemon"));
        StaleRuntimes stale = new StaleRuntimes(tmp, HOST);
        assertEquals(List.of(), found(stale).stream().filter(s -> s.contains("dvm." + dead)).toList());
        stale.reclaim(s -> { }, s -> { });
        assertTrue(Files.exists(outside.resolve("precious")));
        assertTrue(Files.exists(foreign));
        assertTrue(Files.isSymbolicLink(user.resolve("run." + dead)));
    }
}
