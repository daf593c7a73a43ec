package org.pmix4j.server.cleanup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/** RFC0027's merging rules and the removal itself, on a real directory tree. */
class EpilogTest {
    private static final com.sun.security.auth.module.UnixSystem ME = new com.sun.security.auth.module.UnixSystem();
    private static final int UID = (int) ME.getUid();
    private static final int GID = (int) ME.getGid();

    @TempDir
    Path tmp;
    Path top;

    @BeforeEach
    void tree() throws IOException {
        top = tmp.resolve("top");
        Files.createDirectories(top.resolve("sub/deeper"));
        Files.createDirectories(top.resolve("keepdir"));
        Files.writeString(top.resolve("a.txt"), "a");
        Files.writeString(top.resolve("sub/b.txt"), "b");
        Files.writeString(top.resolve("sub/deeper/c.txt"), "c");
        Files.writeString(top.resolve("keepdir/k.txt"), "k");
        Files.writeString(top.resolve("sub/keep.txt"), "keep");
    }

    private static CleanupRequest dirs(List<Path> dirs, boolean recursive, boolean leaveTop, List<Path> ignores) {
        return new CleanupRequest(List.of(), dirs, ignores, recursive, leaveTop, false, UID, GID);
    }

    @Test
    void recursiveCleanupRemovesAllButTheIgnored() {
        EpilogRegistry reg = new EpilogRegistry();
        Proc job = Proc.wildcard("j");
        reg.register(job, dirs(List.of(top), true, false, List.of(top.resolve("sub/keep.txt"), top.resolve("keepdir"))));
        EpilogRunner.run(reg.epilog(job).orElseThrow());
        assertTrue(Files.exists(top.resolve("sub/keep.txt")));
        assertTrue(Files.exists(top.resolve("keepdir/k.txt")));
        assertFalse(Files.exists(top.resolve("a.txt")));
        assertFalse(Files.exists(top.resolve("sub/b.txt")));
        assertFalse(Files.exists(top.resolve("sub/deeper")), "emptied directories go");
        assertTrue(Files.exists(top), "not empty: it stays");
    }

    @Test
    void aFullCleanupRemovesTheTopUnlessToldToLeaveIt() {
        Epilog e = new Epilog(UID, GID);
        e.add(dirs(List.of(top), true, true, List.of()));
        EpilogRunner.run(e);
        assertTrue(Files.isDirectory(top));
        assertEquals(0, top.toFile().list().length);
        Epilog again = new Epilog(UID, GID);
        again.add(dirs(List.of(top), true, false, List.of()));
        EpilogRunner.run(again);
        assertFalse(Files.exists(top));
    }

    @Test
    void withoutRecursionSubdirectoriesStay() {
        Epilog e = new Epilog(UID, GID);
        e.add(dirs(List.of(top), false, false, List.of()));
        e.add(new CleanupRequest(List.of(tmp.resolve("loose.txt")), List.of(), List.of(), false, false, false, UID, GID));
        EpilogRunner.run(e);
        assertFalse(Files.exists(top.resolve("a.txt")));
        assertTrue(Files.exists(top.resolve("sub/b.txt")));
    }

    @Test
    void filesAreRemovedButOnlyThoseOfTheRequester() throws IOException {
        Path f = Files.writeString(tmp.resolve("f.txt"), "x");
        Epilog other = new Epilog(UID + 1, GID);
        other.add(new CleanupRequest(List.of(f), List.of(), List.of(), false, false, false, UID + 1, GID));
        EpilogRunner.run(other);
        assertTrue(Files.exists(f), "owned by somebody else");
        Epilog mine = new Epilog(UID, GID);
        mine.add(new CleanupRequest(List.of(f), List.of(), List.of(), false, false, false, UID, GID));
        EpilogRunner.run(mine);
        assertFalse(Files.exists(f));
    }

    @Test
    void duplicatesMergeAndConflictsAreRefused() {
        EpilogRegistry reg = new EpilogRegistry();
        Proc p = new Proc("j", 0);
        reg.register(p, dirs(List.of(top), false, false, List.of()));
        reg.register(p, dirs(List.of(top), true, true, List.of()));
        Epilog e = reg.epilog(p).orElseThrow();
        assertEquals(1, e.directories().size());
        assertTrue(e.directories().get(0).recursive(), "recursion wins");
        assertTrue(e.directories().get(0).leaveTopdir(), "leaving the top wins");
        PmixException x = assertThrows(PmixException.class,
                () -> reg.register(p, dirs(List.of(), false, false, List.of(top))));
        assertEquals(PmixStatus.PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES, x.status());
        assertTrue(e.ignores().isEmpty(), "a refused request changes nothing");
    }
}
