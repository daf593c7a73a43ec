package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parent chain read from a /proc of the test's making, and from this node's. */
class ProcessLineageTest {
    @TempDir
    Path proc;

    private void process(long pid, String comm, long parent) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") S " + parent + " " + pid + " " + pid
                + " 0 -1 4194560 100 0 0 0\n");
    }

    @Test
    void aChildAndAGrandchildDescendAndAStrangerDoesNot() throws IOException {
        process(1, "init", 0);
        process(100, "agent", 1);
        process(200, "a) odd (name", 100);
        process(300, "app", 200);
        process(400, "stranger", 1);
        ProcessLineage lineage = new ProcessLineage(proc);
        assertEquals(100, lineage.parentOf(200), "the command name may hold ') ('");
        assertTrue(lineage.isSelfOrDescendant(100, 100));
        assertTrue(lineage.isSelfOrDescendant(200, 100));
        assertTrue(lineage.isSelfOrDescendant(300, 100));
        assertFalse(lineage.isSelfOrDescendant(400, 100));
        assertFalse(lineage.isSelfOrDescendant(100, 300), "a parent is no descendant of its child");
        assertFalse(lineage.isSelfOrDescendant(999, 100), "a process that is gone");
    }

    @Test
    void aChainLongerThanTheBoundIsNoDescent() throws IOException {
        process(1, "init", 0);
        process(1000, "top", 1);
        long parent = 1000;
        for (int i = 1; i <= ProcessLineage.MAX_STEPS + 1; i++) {
            process(1000 + i, "p" + i, parent);
            parent = 1000 + i;
        }
        ProcessLineage lineage = new ProcessLineage(proc);
        assertTrue(lineage.isSelfOrDescendant(1000 + ProcessLineage.MAX_STEPS, 1000));
        assertFalse(lineage.isSelfOrDescendant(1000 + ProcessLineage.MAX_STEPS + 1, 1000));
    }

    @Test
    void thisNodesProcfsKnowsThatThisProcessDescendsFromItsParent() {
        ProcessLineage lineage = ProcessLineage.forThisNode();
        long self = ProcessHandle.current().pid();
        long parent = ProcessHandle.current().parent().orElseThrow().pid();
        assertTrue(lineage.isSelfOrDescendant(self, parent));
        assertFalse(lineage.isSelfOrDescendant(parent, self));
    }
}
