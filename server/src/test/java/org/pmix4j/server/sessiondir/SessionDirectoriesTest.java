package org.pmix4j.server.sessiondir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.protocol.RendezvousContent;

class SessionDirectoriesTest {
    private static final String HOST = "testhost";
    private static final String URI = "srvns.0;tcp4://127.0.0.1:40123";
    private static final String VERSION = "4.2.2";

    @TempDir
    Path tmp;

    private final ServerIdentity me = ServerIdentity.ofThisProcess("srvns", 0, HOST);

    private Path sys() {
        return tmp.resolve("sys");
    }

    private Path srv() {
        return tmp.resolve("sys/session/srv");
    }

    /** Every option on, both tmpdirs under the test's directory; the environment is empty. */
    private List<Info> allOn(Info... more) {
        List<Info> l = new ArrayList<>(List.of(
                Attributes.SYSTEM_TMPDIR.info(sys().toString()),
                Attributes.SERVER_TMPDIR.info(srv().toString()),
                Attributes.SERVER_SYSTEM_SUPPORT.info(true),
                Attributes.SERVER_SESSION_SUPPORT.info(true),
                Attributes.SERVER_TOOL_SUPPORT.info(true),
                Attributes.SERVER_SCHEDULER.info(true),
                SessionAttributes.SERVER_SYS_CONTROLLER.info(true),
                Attributes.LAUNCHER_RENDEZVOUS_FILE.info(tmp.resolve("launch/a/b/contact.txt").toString())));
        l.addAll(List.of(more));
        return l;
    }

    private static String perms(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void writesEveryRendezvousFileWithLibpmixNamesContentAndOwnerOnlyMode() throws Exception {
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            assertEquals(sys(), sd.systemTmpdir());
            assertEquals(srv(), sd.serverTmpdir());
            assertFalse(Files.exists(sys()), "nothing is created before it is needed");

            List<RendezvousLocation> files = sd.writeRendezvousFiles(URI, VERSION);

            long pid = ProcessHandle.current().pid();
            Map<RendezvousKind, Path> expected = Map.of(
                    RendezvousKind.SYSTEM, sys().resolve("pmix.sys." + HOST),
                    RendezvousKind.SCHEDULER, sys().resolve("pmix.sched." + HOST),
                    RendezvousKind.SYSTEM_CONTROLLER, sys().resolve("pmix.sysctrlr." + HOST),
                    RendezvousKind.LAUNCHER, tmp.resolve("launch/a/b/contact.txt"),
                    RendezvousKind.SESSION, srv().resolve("pmix." + HOST + ".tool"),
                    RendezvousKind.TOOL_PID, srv().resolve("pmix." + HOST + ".tool." + pid),
                    RendezvousKind.TOOL_NSPACE, srv().resolve("pmix." + HOST + ".tool.srvns"));
            assertEquals(expected.size(), files.size());
            assertEquals(files, sd.rendezvousFiles());
            ProcessIds ids = ProcessIds.current();
            String ctime = sd.startTime().orElseThrow();
            String text = URI + "\n" + VERSION + "\n" + pid + "\n" + ids.uid() + ":" + ids.gid() + "\n" + ctime
                    + "\n\n";
            for (RendezvousLocation f : files) {
                assertEquals(expected.get(f.kind()), f.path(), f.kind().toString());
                assertEquals(text, Files.readString(f.path()), f.toString());
                assertEquals("rw-------", perms(f.path()), f.toString());
                RendezvousContent c = RendezvousReader.read(f.path());
                assertEquals(URI, c.uri());
                assertEquals(VERSION, c.version());
                assertEquals(pid, c.pid());
                assertEquals("srvns", c.serverNspace());
            }
            // nothing but the rendezvous files and the directories on their way
            try (Stream<Path> s = Files.list(sys())) {
                assertEquals(List.of("pmix.sched." + HOST, "pmix.sys." + HOST, "pmix.sysctrlr." + HOST, "session"),
                        s.map(p -> p.getFileName().toString()).sorted().toList());
            }
            for (Path d : sd.createdDirectories()) {
                assertEquals("rwx------", perms(d), d.toString());
            }
            assertTrue(sd.createdDirectories().containsAll(List.of(sys(), sys().resolve("session"), srv(),
                    tmp.resolve("launch"), tmp.resolve("launch/a"), tmp.resolve("launch/a/b"))));
            assertFalse(sd.createdDirectories().contains(tmp));

            assertThrows(IllegalStateException.class, () -> sd.writeRendezvousFiles(URI, VERSION));
        }
        // close removed every file and every directory it created, and nothing else
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.toList());
        }
    }

    @Test
    void onlyTheFilesAskedForAreWritten() {
        List<Info> toolOnly = List.of(Attributes.SYSTEM_TMPDIR.info(sys().toString()),
                Attributes.SERVER_TMPDIR.info(srv().toString()), Attributes.SERVER_TOOL_SUPPORT.info(true));
        try (SessionDirectories sd = SessionDirectories.create(me, toolOnly, Map.of())) {
            List<RendezvousLocation> files = sd.writeRendezvousFiles(URI, VERSION);
            assertEquals(List.of(RendezvousKind.TOOL_PID, RendezvousKind.TOOL_NSPACE),
                    files.stream().map(RendezvousLocation::kind).toList());
            assertFalse(Files.exists(sys().resolve("pmix.sys." + HOST)));
        }
        try (SessionDirectories sd = SessionDirectories.create(me, List.of(
                Attributes.SERVER_TMPDIR.info(srv().toString())), Map.of())) {
            assertEquals(List.of(), sd.writeRendezvousFiles(URI, VERSION));
            assertFalse(Files.exists(srv()));
        }
    }

    @Test
    void launcherFileFromEnvironmentGetsItsPathCreatedAndRemoved() throws IOException {
        Path launch = tmp.resolve("l1/l2/rndz");
        Files.createDirectories(tmp.resolve("l1"));
        Map<String, String> env = new HashMap<>();
        env.put("PMIX_LAUNCHER_RNDZ_FILE", launch.toString());
        env.put("PMIX_SERVER_TMPDIR", srv().toString());
        try (SessionDirectories sd = SessionDirectories.create(me, List.of(), env)) {
            List<RendezvousLocation> files = sd.writeRendezvousFiles(URI, VERSION);
            assertEquals(List.of(new RendezvousLocation(RendezvousKind.LAUNCHER, launch)), files);
            assertEquals(URI, RendezvousReader.read(launch).uri());
            assertEquals(List.of(tmp.resolve("l1/l2")), sd.createdDirectories());
        }
        assertFalse(Files.exists(tmp.resolve("l1/l2")));
        assertTrue(Files.isDirectory(tmp.resolve("l1")), "pre-existing element stays");
    }

    @Test
    void temporaryFileIsCompleteOwnerOnlyAndNeverLooksLikeARendezvousFile() throws IOException {
        List<Path> seen = new ArrayList<>();
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            sd.beforePublish(temp -> {
                try {
                    seen.add(temp);
                    String name = temp.getFileName().toString();
                    assertFalse(name.startsWith("pmix."), name);
                    assertFalse(name.startsWith("pmix." + HOST + ".tool"), name);
                    assertEquals(temp.getParent(), temp.toAbsolutePath().getParent());
                    assertEquals("rw-------", perms(temp));
                    RendezvousContent c = RendezvousReader.read(temp);
                    assertEquals(URI, c.uri());
                    assertFalse(c.time().isEmpty(), "already complete before it gets its name");
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
            List<RendezvousLocation> files = sd.writeRendezvousFiles(URI, VERSION);
            assertEquals(files.size(), seen.size());
            for (int i = 0; i < files.size(); i++) {
                assertEquals(files.get(i).path().getParent(), seen.get(i).getParent(), "same directory: atomic move");
                assertFalse(Files.exists(seen.get(i)), "temporary file gone");
            }
        }
    }

    @Test
    void liveRivalSystemServerFailsInitNamingFileAndPid() throws Exception {
        Process rival = new ProcessBuilder("sleep", "30").start();
        try {
            Path sysFile = sys().resolve("pmix.sys." + HOST);
            Files.createDirectories(sys());
            String theirs = new RendezvousContent("rival.0;tcp4://127.0.0.1:1", "4.2.2", rival.pid(), 0, 0,
                    "Sat Nov 21 22:12:05 2026").format();
            Files.writeString(sysFile, theirs);
            try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
                PmixException e = assertThrows(PmixException.class, () -> sd.writeRendezvousFiles(URI, VERSION));
                assertEquals(PmixStatus.PMIX_ERR_EXISTS, e.status());
                assertTrue(e.getMessage().contains(sysFile.toString()), e.getMessage());
                assertTrue(e.getMessage().contains(Long.toString(rival.pid())), e.getMessage());
                assertEquals(List.of(), sd.rendezvousFiles());
            }
            assertEquals(theirs, Files.readString(sysFile), "the rival's file is untouched");
            // no other file of ours was left behind, nor any temporary file
            try (Stream<Path> s = Files.walk(tmp)) {
                assertEquals(List.of(sysFile), s.filter(Files::isRegularFile).toList());
            }
        } finally {
            rival.destroyForcibly();
            rival.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void liveRivalSchedulerAndControllerFailToo() throws Exception {
        Process rival = new ProcessBuilder("sleep", "30").start();
        try {
            Files.createDirectories(sys());
            for (String name : List.of("pmix.sched." + HOST, "pmix.sysctrlr." + HOST)) {
                Path f = sys().resolve(name);
                Files.writeString(f, new RendezvousContent("r.0;tcp4://127.0.0.1:1", "4.2.2", rival.pid(), 0, 0, "")
                        .format());
                try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
                    PmixException e = assertThrows(PmixException.class, () -> sd.writeRendezvousFiles(URI, VERSION));
                    assertEquals(PmixStatus.PMIX_ERR_EXISTS, e.status());
                    assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("" + rival.pid()),
                            e.getMessage());
                }
                Files.delete(f);
            }
        } finally {
            rival.destroyForcibly();
            rival.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void fileOfDeadProcessOrGarbageIsReplaced() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertTrue(gone.waitFor(10, TimeUnit.SECONDS));
        long deadPid = gone.pid();
        Files.createDirectories(sys());
        Path sysFile = sys().resolve("pmix.sys." + HOST);
        Path schedFile = sys().resolve("pmix.sched." + HOST);
        Path ctrlFile = sys().resolve("pmix.sysctrlr." + HOST);
        Files.writeString(sysFile, new RendezvousContent("old.0;tcp4://127.0.0.1:1", "4.2.2", deadPid, 0, 0,
                "Sat Nov 21 22:12:05 2026").format());
        Files.writeString(schedFile, "this is not a rendezvous file\n");
        Files.writeString(ctrlFile, "old.0;tcp4://127.0.0.1:1\n4.2.2\n"); // no pid: cannot be alive
        List<String> warnings = new ArrayList<>();
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            sd.warnings(warnings::add);
            sd.writeRendezvousFiles(URI, VERSION);
            assertEquals(3, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains(sysFile.toString()) && warnings.get(0).contains(deadPid
                    + ", which is no longer running"), warnings.get(0));
            assertTrue(warnings.get(1).contains(schedFile + " is not a rendezvous file"), warnings.get(1));
            assertTrue(warnings.get(2).contains(ctrlFile + " names no pid"), warnings.get(2));
            for (Path f : List.of(sysFile, schedFile, ctrlFile)) {
                RendezvousContent c = RendezvousReader.read(f);
                assertEquals(URI, c.uri(), f.toString());
                assertEquals(ProcessHandle.current().pid(), c.pid());
                assertEquals("rw-------", perms(f));
            }
            try (Stream<Path> s = Files.list(sys())) {
                assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".")), "no temporary left");
            }
        }
        assertFalse(Files.exists(sysFile));
    }

    @Test
    void sessionAndToolFilesAreReplacedLikeLibpmixDoes() throws Exception {
        Files.createDirectories(srv());
        Path session = srv().resolve("pmix." + HOST + ".tool");
        Files.writeString(session, "other.0;tcp4://127.0.0.1:9\n4.2.2\n1\n0:0\nx\n\n");
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            sd.writeRendezvousFiles(URI, VERSION);
            assertEquals(URI, RendezvousReader.read(session).uri());
            assertFalse(sd.createdDirectories().contains(srv()));
        }
        assertFalse(Files.exists(session));
        assertTrue(Files.isDirectory(srv()), "pre-existing server tmpdir stays");
    }

    @Test
    void aFileReplacedByAnotherProcessIsNotRemovedAtClose() throws Exception {
        String theirs = "other.0;tcp4://127.0.0.1:9\n4.2.2\n1\n0:0\nx\n\n";
        Files.createDirectories(srv()); // pre-existing, so the directory pass leaves it
        SessionDirectories sd = SessionDirectories.create(me, List.of(
                Attributes.SERVER_TMPDIR.info(srv().toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)),
                Map.of());
        List<RendezvousLocation> files = sd.writeRendezvousFiles(URI, VERSION);
        Files.writeString(files.get(1).path(), theirs);
        sd.close();
        assertEquals(theirs, Files.readString(files.get(1).path()), "another server's file stays");
        assertFalse(Files.exists(files.get(0).path()), "ours goes");
    }

    @Test
    void namespaceAndProcessDirectoriesAreCreatedAndReleased() throws IOException {
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            Path ns = sd.namespaceDir("prterun-h-1@1");
            assertEquals(srv().resolve("prterun-h-1@1"), ns);
            assertTrue(Files.isDirectory(ns));
            assertEquals("rwx------", perms(ns));
            Path p0 = sd.procDir("prterun-h-1@1", 0);
            Path p7 = sd.procDir("prterun-h-1@1", 7);
            assertEquals(ns.resolve("0"), p0);
            assertEquals(ns.resolve("7"), p7);
            assertEquals(sd.procDir("prterun-h-1@1", 0), p0, "asking twice gives the same directory");
            Files.writeString(p7.resolve("shm-backing"), "client data");
            Path other = sd.procDir("a/b", 3);
            assertEquals(srv().resolve("a%2Fb").resolve("3"), other);
            assertEquals(srv().resolve("big").resolve("4294967245"), sd.procDirPath("big", Rank.VALID_MAX));

            sd.releaseNamespace("prterun-h-1@1");
            assertFalse(Files.exists(ns));
            assertTrue(Files.isDirectory(other));
            assertTrue(Files.isDirectory(srv()));

            PmixException bad = assertThrows(PmixException.class, () -> sd.procDir("x", Rank.WILDCARD));
            assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, bad.status());
            assertThrows(PmixException.class, () -> sd.namespaceDir(""));
        }
        assertFalse(Files.exists(sys()), "everything created is gone, up to the first pre-existing element");
        assertTrue(Files.isDirectory(tmp));
    }

    @Test
    void preexistingNamespaceDirectoryIsUsedButNotRemoved() throws IOException {
        Path ns = Files.createDirectories(srv().resolve("job"));
        Files.writeString(ns.resolve("hosts-file"), "x");
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            assertEquals(ns, sd.namespaceDir("job"));
            Path p = sd.procDir("job", 1);
            sd.releaseNamespace("job");
            assertFalse(Files.exists(p), "the proc dir was ours");
            assertTrue(Files.exists(ns.resolve("hosts-file")));
            sd.procDir("job", 2);
        }
        assertTrue(Files.exists(ns.resolve("hosts-file")));
        assertFalse(Files.exists(ns.resolve("2")));
    }

    @Test
    void namespaceDirectoryThatIsALinkIsRefused() throws IOException {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createDirectories(srv());
        Files.createSymbolicLink(srv().resolve("evil"), elsewhere);
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            PmixException e = assertThrows(PmixException.class, () -> sd.namespaceDir("evil"));
            assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, e.status());
        }
    }

    @Test
    void namespaceDirectoryOfAnotherUserIsRefused() throws IOException {
        Path foreign = Files.createDirectories(srv().resolve("theirs"));
        try {
            Files.setAttribute(foreign, "unix:uid", 65534);
        } catch (IOException | UnsupportedOperationException e) {
            Assumptions.abort("cannot give a directory to another user here (not root): " + e);
        }
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            PmixException e = assertThrows(PmixException.class, () -> sd.procDir("theirs", 0));
            assertEquals(PmixStatus.PMIX_ERR_NO_PERMISSIONS, e.status());
            assertTrue(e.getMessage().contains("65534"), e.getMessage());
        }
        assertTrue(Files.isDirectory(foreign));
    }

    @Test
    void effectiveIdsAreThoseTheSystemReports() {
        ProcessIds ids = ProcessIds.current();
        assertEquals(Run.command("id", "-u").go().stdout().trim(), Long.toString(ids.uid()));
        assertEquals(Run.command("id", "-g").go().stdout().trim(), Long.toString(ids.gid()));
        assertEquals(ids.uid(), me.uid());
        assertEquals(ProcessHandle.current().pid(), me.pid());
    }

    @Test
    void hostCleanupKeepsDirectoriesButRemovesRendezvousFiles() throws IOException {
        List<RendezvousLocation> files;
        Path proc;
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(Attributes.TDIR_RMCLEAN.info(true)),
                Map.of())) {
            files = sd.writeRendezvousFiles(URI, VERSION);
            proc = sd.procDir("job", 0);
            sd.releaseNamespace("job");
            assertTrue(Files.isDirectory(proc));
        }
        for (RendezvousLocation f : files) {
            assertFalse(Files.exists(f.path()), f.toString());
        }
        assertTrue(Files.isDirectory(proc));
        assertTrue(Files.isDirectory(tmp.resolve("launch/a/b")));
        assertTrue(Files.isDirectory(sys()));
    }

    @Test
    void closeIsIdempotentAndEndsUse() {
        SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of());
        sd.writeRendezvousFiles(URI, VERSION);
        sd.close();
        sd.close();
        assertThrows(IllegalStateException.class, () -> sd.namespaceDir("x"));
        assertFalse(Files.exists(sys()));
    }

    @Test
    void malformedUriIsRejectedBeforeAnythingIsWritten() {
        try (SessionDirectories sd = SessionDirectories.create(me, allOn(), Map.of())) {
            PmixException e = assertThrows(PmixException.class, () -> sd.writeRendezvousFiles("no-uri", VERSION));
            assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
        }
        assertFalse(Files.exists(sys()));
        assertArrayEquals(new Object[0], tmp.toFile().list());
    }
}
