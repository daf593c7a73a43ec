package org.pmix4j.server.sessiondir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

class DirectoryTrackerTest {
    @TempDir
    Path tmp;

    @Test
    void createsOnlyMissingElementsAndRecordsThoseOwnerOnly() throws IOException {
        Path existing = Files.createDirectories(tmp.resolve("existing"));
        DirectoryTracker t = new DirectoryTracker(false);
        Path leaf = t.ensure(existing.resolve("a/b/c"));
        assertTrue(Files.isDirectory(leaf));
        assertEquals(List.of(existing.resolve("a"), existing.resolve("a/b"), existing.resolve("a/b/c")),
                t.createdDirectories());
        assertFalse(t.created(existing));
        for (Path p : t.createdDirectories()) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p.toString());
        }
        // asking again creates nothing new
        t.ensure(existing.resolve("a/b"));
        assertEquals(3, t.createdDirectories().size());
    }

    @Test
    void removeAllTakesCreatedDirectoriesWithContentsAndLeavesPreexistingOnes() throws IOException {
        Path existing = Files.createDirectories(tmp.resolve("existing/inner"));
        Files.writeString(existing.resolve("keep.txt"), "keep");
        DirectoryTracker t = new DirectoryTracker(false);
        t.ensure(tmp.resolve("existing/inner/new1/new2"));
        t.ensure(tmp.resolve("existing/other"));
        Files.writeString(tmp.resolve("existing/inner/new1/new2/file"), "x");
        Files.createDirectories(tmp.resolve("existing/inner/new1/made-by-client/deeper"));
        Files.writeString(tmp.resolve("existing/inner/new1/made-by-client/deeper/f"), "x");

        t.removeAll();

        assertFalse(Files.exists(tmp.resolve("existing/inner/new1")));
        assertFalse(Files.exists(tmp.resolve("existing/other")));
        assertTrue(Files.isDirectory(existing));
        assertEquals("keep", Files.readString(existing.resolve("keep.txt")));
        assertTrue(t.createdDirectories().isEmpty());
    }

    @Test
    void removeAtTakesOnlyTheSubtree() {
        DirectoryTracker t = new DirectoryTracker(false);
        Path root = t.ensure(tmp.resolve("root"));
        Path ns1 = t.ensure(root.resolve("ns1/0"));
        Path ns2 = t.ensure(root.resolve("ns2/0"));
        t.removeAt(root.resolve("ns1"));
        assertFalse(Files.exists(root.resolve("ns1")));
        assertTrue(Files.isDirectory(ns2));
        assertTrue(Files.isDirectory(root));
        assertEquals(List.of(root, root.resolve("ns2"), ns2), t.createdDirectories());
        assertFalse(t.created(ns1));
    }

    @Test
    void preexistingNamespaceDirectoryKeepsItsOwnContent() throws IOException {
        Path ns = Files.createDirectories(tmp.resolve("ns"));
        DirectoryTracker t = new DirectoryTracker(false);
        Path proc = t.ensure(ns.resolve("3"));
        t.removeAt(ns);
        assertFalse(Files.exists(proc));
        assertTrue(Files.isDirectory(ns));
    }

    @Test
    void hostCleanupLeavesEverything() throws IOException {
        DirectoryTracker t = new DirectoryTracker(true);
        Path d = t.ensure(tmp.resolve("a/b"));
        Files.writeString(d.resolve("f"), "x");
        t.removeAt(tmp.resolve("a"));
        t.removeAll();
        assertTrue(Files.exists(d.resolve("f")));
    }

    @Test
    void linksInsideAreRemovedNotFollowed() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "x");
        DirectoryTracker t = new DirectoryTracker(false);
        Path d = t.ensure(tmp.resolve("made"));
        Files.createSymbolicLink(d.resolve("link"), outside);
        t.removeAll();
        assertFalse(Files.exists(d, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("precious")));
    }

    @Test
    void aFileInTheWayIsAnError() throws IOException {
        Files.writeString(tmp.resolve("file"), "x");
        DirectoryTracker t = new DirectoryTracker(false);
        PmixException e = assertThrows(PmixException.class, () -> t.ensure(tmp.resolve("file/sub")));
        assertEquals(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE, e.status());
        assertTrue(t.createdDirectories().isEmpty());
    }
}
