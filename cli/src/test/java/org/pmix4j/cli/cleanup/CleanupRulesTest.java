package org.pmix4j.cli.cleanup;

import org.pmix4j.cli.LauncherProcess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.testkit.NativeBuild;

/**
 * RFC0027 (register cleanup of files and directories) end to end: real libpmix clients under
 * {@code pmix4j run} register cleanups with PMIx_Job_control_nb as the RFC's example does, and after the
 * job the test checks exactly what was removed and what was kept, rule by rule.
 */
class CleanupRulesTest {
    private static final int OK = PmixStatus.PMIX_SUCCESS;
    private static final int CONFLICT = PmixStatus.PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES;
    private static final int BAD_PARAM = PmixStatus.PMIX_ERR_BAD_PARAM;
    /** The uid and gid of "nobody": a user the tests (run as root) can give files to. */
    private static final int NOBODY = 65534;
    /** Debug logs that name refused paths and skipped files. */
    private static final List<String> DEBUG_LOGS = List.of(
            "-Dorg.slf4j.simpleLogger.log.org.pmix4j.server.core.ServerCore=debug",
            "-Dorg.slf4j.simpleLogger.log.org.pmix4j.server.cleanup.EpilogRunner=debug");

    private static Path client;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        client = NativeBuild.pmixProgram(Path.of("src/test/c/cleanup_client.c"));
    }

    private static Path file(Path p) throws IOException {
        Files.createDirectories(p.getParent());
        return Files.writeString(p, p.getFileName().toString());
    }

    private static Path dir(Path p) throws IOException {
        return Files.createDirectories(p);
    }

    private static boolean exists(Path p) {
        return Files.exists(p, LinkOption.NOFOLLOW_LINKS);
    }

    private static List<String> contents(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String list(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return String.join("\n", s.map(p -> root.relativize(p).toString()).sorted().toList());
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Runs the script under {@code pmix4j run -n <np>}; the launcher's output. */
    private LauncherProcess run(CleanupScript script, int np) throws Exception {
        Path s = script.write(tmp.resolve("script-" + System.nanoTime()));
        LauncherProcess run = LauncherProcess.start(tmp.resolve("launcher-tmp"),
                List.of("-n", Integer.toString(np), client.toString(), s.toString()),
                LauncherProcess.Setup.DEFAULT.withJvmOptions(DEBUG_LOGS));
        int status = run.waitFor(Duration.ofSeconds(60));
        assertEquals(0, status, "the job failed\n" + run.all());
        script.check(run.stdout(), run.all());
        return run;
    }

    @Test
    void everyRuleForOneProcessAtItsTermination() throws Exception {
        Path t = dir(tmp.resolve("t"));
        Path out = dir(tmp.resolve("outside"));
        // files: comma-delimited lists, several in one call, duplicates
        Path f1 = file(t.resolve("files/f1"));
        Path f2 = file(t.resolve("files/f2"));
        Path f3 = file(t.resolve("files/f3"));
        Path unregistered = file(t.resolve("files/unregistered"));
        // a recursive directory with ignored files and an ignored directory
        Path rec = t.resolve("rec");
        Path recA = file(rec.resolve("a"));
        Path recKeep = file(rec.resolve("keep.txt"));
        Path recB = file(rec.resolve("sub/b"));
        Path recContact = file(rec.resolve("sub/contact.info"));
        Path recC = file(rec.resolve("sub/deep/c"));
        Path recEmpty = dir(rec.resolve("empty"));
        Path recKeepdir = file(rec.resolve("keepdir/nested/k"));
        // not recursive: only the directory's own files
        Path flatA = file(t.resolve("flat/a"));
        Path flatSubB = file(t.resolve("flat/sub/b"));
        // recursive without leave-top: all of it
        Path gone = t.resolve("gone");
        file(gone.resolve("x/y/z"));
        file(gone.resolve("top"));
        // leave-top applies to every directory of its request, not to another request's
        Path lt1 = t.resolve("lt1");
        Path lt2 = t.resolve("lt2");
        Path lt3 = t.resolve("lt3");
        for (Path d : List.of(lt1, lt2, lt3)) {
            file(d.resolve("x/y"));
            file(d.resolve("f"));
        }
        // duplicate directories merge: recursion wins, leaving the top wins (whichever comes first)
        Path m1 = t.resolve("m1");
        file(m1.resolve("sub/f"));
        Path m2 = t.resolve("m2");
        file(m2.resolve("sub/f"));
        Path m3 = t.resolve("m3");
        file(m3.resolve("sub/f"));
        // a directory under another registered one is not a duplicate
        Path n = t.resolve("n");
        Path nA = file(n.resolve("a"));
        Path nInnerF = file(n.resolve("inner/f"));
        Path nDeeperG = file(n.resolve("inner/deeper/g"));
        Path n2 = t.resolve("n2");
        file(n2.resolve("a"));
        file(n2.resolve("inner/f"));
        // contradictions
        Path same = file(t.resolve("c/same"));
        Path early = file(t.resolve("c/early"));
        Path collateral = file(t.resolve("c/collateral"));
        Path late = file(t.resolve("c/late"));
        Path absOk = file(t.resolve("c/abs-ok"));
        // symbolic links: removed as links, never followed
        Path target = file(out.resolve("target.txt"));
        Path targetDirFile = file(out.resolve("tdir/inner.txt"));
        Path target2 = file(out.resolve("target2.txt"));
        Path linkedDirFile = file(out.resolve("linked-dir/x"));
        Path sym = t.resolve("sym");
        file(sym.resolve("real"));
        Files.createSymbolicLink(sym.resolve("link-file"), target);
        Files.createSymbolicLink(sym.resolve("link-dir"), out.resolve("tdir"));
        Files.createSymbolicLink(sym.resolve("dangling"), out.resolve("nothing-here"));
        dir(sym.resolve("sub"));
        Files.createSymbolicLink(sym.resolve("sub/deep-link"), target);
        Path fileLink = Files.createSymbolicLink(t.resolve("file-link"), target2);
        Path dirLink = Files.createSymbolicLink(t.resolve("dir-link"), out.resolve("linked-dir"));

        CleanupScript s = new CleanupScript()
                .reg(0, "self", OK, "two files in one comma-delimited value, a third in a second info of the same call",
                        "files=" + f1 + "," + f2, "files=" + f3)
                .reg(0, "self", OK, "duplicate file entries are dropped, not refused", "files=" + f1 + "," + f1)
                .reg(0, "self", OK, "RFC0027's example: a recursive directory with files and a directory to keep",
                        "dirs=" + rec, "recursive", "ignore=" + recKeep, "ignore=" + recContact + "," + rec.resolve("keepdir"))
                .reg(0, "self", OK, "a directory without recursion", "dirs=" + t.resolve("flat"))
                .reg(0, "self", OK, "a recursive directory", "dirs=" + gone, "recursive")
                .reg(0, "self", OK, "directives apply to every directory of the request",
                        "dirs=" + lt1 + "," + lt2, "recursive", "leavetop")
                .reg(0, "self", OK, "another request: its own directives", "dirs=" + lt3, "recursive")
                .reg(0, "self", OK, "m1 first without recursion", "dirs=" + m1)
                .reg(0, "self", OK, "m1 again, recursive: recursion wins", "dirs=" + m1, "recursive")
                .reg(0, "self", OK, "m2 recursive, leaving the top", "dirs=" + m2, "recursive", "leavetop")
                .reg(0, "self", OK, "m2 again without leave-top: leaving the top wins", "dirs=" + m2, "recursive")
                .reg(0, "self", OK, "m3 recursive", "dirs=" + m3, "recursive")
                .reg(0, "self", OK, "m3 again, not recursive but leaving the top: both win", "dirs=" + m3, "leavetop")
                .reg(0, "self", OK, "n, not recursive", "dirs=" + n)
                .reg(0, "self", OK, "n/inner, under n: not a duplicate", "dirs=" + n.resolve("inner"))
                .reg(0, "self", OK, "n2 and n2/inner, neither recursive", "dirs=" + n2, "dirs=" + n2.resolve("inner"))
                .reg(0, "self", CONFLICT, "removed and ignored in the same request", "files=" + same, "ignore=" + same)
                .reg(0, "self", OK, "to be removed", "files=" + early)
                .reg(0, "self", CONFLICT, "ignoring what an earlier request removes (the whole request is refused)",
                        "ignore=" + early, "files=" + collateral)
                .reg(0, "self", OK, "to be ignored", "ignore=" + late)
                .reg(0, "self", CONFLICT, "removing what an earlier request ignores", "files=" + late)
                .reg(0, "self", BAD_PARAM, "a relative file", "files=relative/file")
                .reg(0, "self", BAD_PARAM, "a relative directory", "dirs=rel-dir", "recursive")
                .reg(0, "self", BAD_PARAM, "a relative ignore", "ignore=./keep-me")
                .reg(0, "self", BAD_PARAM, "one relative path refuses the whole request", "files=" + absOk + ",also-relative")
                .reg(0, "self", OK, "a directory of links, recursive; a link registered as a file",
                        "dirs=" + sym, "recursive", "files=" + fileLink)
                .reg(0, "self", OK, "a link registered as a directory", "dirs=" + dirLink, "recursive")
                .exists(0, f1, true, "nothing is removed before the process ends")
                .exists(0, rec.resolve("sub/deep/c"), true, "nothing is removed before the process ends");
        LauncherProcess r = run(s, 1);
        String ctx = "left:\n" + list(tmp) + "\n" + r.all();

        // files
        for (Path p : List.of(f1, f2, f3)) {
            assertFalse(exists(p), p + " was registered\n" + ctx);
        }
        assertTrue(exists(unregistered), ctx);
        // recursion with ignores
        for (Path p : List.of(recA, recB, recC, recC.getParent(), recEmpty)) {
            assertFalse(exists(p), p + " is under a recursive directory\n" + ctx);
        }
        for (Path p : List.of(recKeep, recContact, recKeepdir)) {
            assertTrue(exists(p), p + " is ignored (or under an ignored directory)\n" + ctx);
        }
        assertEquals(List.of("keep.txt", "keepdir", "sub"), contents(rec), ctx);
        assertEquals(List.of("contact.info"), contents(rec.resolve("sub")), "sub is kept: not empty\n" + ctx);
        // no recursion
        assertFalse(exists(flatA), ctx);
        assertTrue(exists(flatSubB), "not recursive: subdirectories stay\n" + ctx);
        assertFalse(exists(gone), "recursive, no leave-top: the whole tree goes\n" + ctx);
        // leave-top
        assertEquals(List.of(), contents(lt1), ctx);
        assertEquals(List.of(), contents(lt2), "leave-top applies to every directory of the request\n" + ctx);
        assertFalse(exists(lt3), "another request's leave-top does not apply\n" + ctx);
        // merges
        assertFalse(exists(m1), "recursion wins\n" + ctx);
        assertEquals(List.of(), contents(m2), "leaving the top wins\n" + ctx);
        assertEquals(List.of(), contents(m3), "recursion and leaving the top both win\n" + ctx);
        // nesting
        assertFalse(exists(nA), ctx);
        assertFalse(exists(nInnerF), "n/inner is cleaned as a directory of its own\n" + ctx);
        assertTrue(exists(nDeeperG), "n/inner is not recursive either\n" + ctx);
        assertFalse(exists(n2), "n2/inner cleaned first (deepest first), then n2 is empty and goes too\n" + ctx);
        // contradictions: the contradicting request fails and changes nothing
        assertTrue(exists(same), ctx);
        assertFalse(exists(early), "the earlier request stands\n" + ctx);
        assertTrue(exists(collateral), "the refused request registered nothing\n" + ctx);
        assertTrue(exists(late), ctx);
        assertTrue(exists(absOk), "a request with a relative path registers nothing\n" + ctx);
        assertTrue(r.stderr().contains("'relative/file' is not an absolute path"), "the error names the path\n" + ctx);
        assertTrue(r.stderr().contains("'also-relative' is not an absolute path"), ctx);
        assertTrue(r.stderr().contains("cleanup of '" + same + "' conflicts"), ctx);
        // links
        assertFalse(exists(sym), "links are removed as links, so the directory empties and goes\n" + ctx);
        assertFalse(exists(fileLink), "a link registered as a file is removed\n" + ctx);
        for (Path p : List.of(target, targetDirFile, target2, linkedDirFile)) {
            assertTrue(exists(p), "a link's target is never touched: " + p + "\n" + ctx);
        }
        assertEquals("target.txt", Files.readString(target), ctx);
    }

    @Test
    void onlyTheRequestersFilesAndDirectoriesAreTouched() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "giving files to nobody needs root");
        Path own = tmp.resolve("own");
        Path mine = file(own.resolve("mine"));
        Path theirs = chown(file(own.resolve("theirs")), NOBODY, NOBODY);
        Path otherGroup = chown(file(own.resolve("other-group")), 0, NOBODY);
        Path otherUser = chown(file(own.resolve("other-user")), NOBODY, 0);
        Path theirDir = chown(dir(own.resolve("their-dir")), NOBODY, NOBODY);
        Path mineInTheirs = file(theirDir.resolve("mine-inside"));
        Path sub = file(own.resolve("sub/mine-too")).getParent();
        Path theirFile = chown(file(tmp.resolve("their-file")), NOBODY, NOBODY);
        Path theirTop = chown(dir(tmp.resolve("their-top")), NOBODY, NOBODY);
        Path mineUnderTheirTop = file(theirTop.resolve("mine"));

        CleanupScript s = new CleanupScript()
                .reg(0, "self", OK, "a recursive directory with other users' files",
                        "dirs=" + own + "," + theirTop, "recursive", "files=" + theirFile);
        LauncherProcess r = run(s, 1);
        String ctx = "left:\n" + list(tmp) + "\n" + r.all();

        assertFalse(exists(mine), ctx);
        assertFalse(exists(sub), ctx);
        for (Path p : List.of(theirs, otherGroup, otherUser, theirDir, mineInTheirs, theirFile, theirTop,
                mineUnderTheirTop)) {
            assertTrue(exists(p), p + ": not the requester's (uid and gid must both match), or under such a directory\n"
                    + ctx);
        }
        assertTrue(exists(own), "kept: not empty\n" + ctx);
        assertTrue(r.stderr().contains(theirs.toString()), "the skipped file is logged at debug level\n" + ctx);
    }

    private static Path chown(Path p, int uid, int gid) throws IOException {
        Files.setAttribute(p, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(p, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
        return p;
    }

    @Test
    void aProcessCleanupRunsWhenItEndsAJobCleanupAfterTheLastLocalProcess() throws Exception {
        Path t = dir(tmp.resolve("timing"));
        Path p0 = file(t.resolve("rank0-file"));
        Path p1 = file(t.resolve("rank1-file"));
        Path jobdir = t.resolve("jobdir");
        Path jobFile = file(jobdir.resolve("sub/a"));
        // enough files that a launcher leaving right after the job would cut the cleanup short
        for (int i = 0; i < 3000; i++) {
            Files.writeString(jobdir.resolve("sub/many-" + i), "m");
        }
        Path nulldir = t.resolve("nulldir");
        Path nullFile = file(nulldir.resolve("x"));
        Path peerFile = file(t.resolve("peer-file"));

        CleanupScript s = new CleanupScript()
                .reg(0, "self", OK, "rank 0's own file: removed when rank 0 ends", "files=" + p0)
                .reg(0, "job", OK, "the namespace with PMIX_RANK_WILDCARD: after all local processes", "dirs=" + jobdir,
                        "recursive")
                .reg(0, "null", OK, "no target: the requester's namespace", "dirs=" + nulldir, "recursive")
                .reg(1, "job", OK, "the same directory from a peer: merged", "dirs=" + jobdir)
                .reg(1, "self", OK, "rank 1's own file", "files=" + p1)
                .reg(1, "rank:1", OK, "naming itself by rank: also its own", "files=" + peerFile)
                .line("* fence")
                .line("0 exit")
                .awaitGone(1, p0, 20_000, "rank 0 ended: its own cleanup ran while the job goes on")
                .line("1 sleep 300")
                .exists(1, jobFile, true, "the namespace-wide cleanup waits for the last local process")
                .exists(1, nullFile, true, "so does the one registered without a target")
                .exists(1, p1, true, "rank 1 still runs")
                .exists(1, peerFile, true, "rank 1 still runs");
        LauncherProcess r = run(s, 2);
        String ctx = "left:\n" + list(tmp) + "\n" + r.all();
        for (Path p : List.of(p0, p1, peerFile, jobdir, nulldir)) {
            assertFalse(exists(p), p + " is gone after the job\n" + ctx);
        }
        assertEquals(List.of(), contents(t), ctx);
    }
}
