package org.pmix4j.runtime.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A job's process leads a process group of its own in the runtime's session, as under PRRTE and mpirun:
 * not a session of its own, which the kernel's autogroup scheduling would weigh as much as the whole runtime.
 */
class GroupSpawnTest {

    /** Fields 5 and 6 of /proc/PID/stat: the process group and the session. */
    private static long[] groupAndSession(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        // the command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(after[2]), Long.parseLong(after[3])};
    }

    @Test
    void leadsItsOwnGroupInTheRuntimesSession() throws Exception {
        GroupSpawn spawn = GroupSpawn.available().orElse(null);
        Assumptions.assumeTrue(spawn != null, "skipped: posix_spawn needs a JDK 22+ build");
        long self = ProcessHandle.current().pid();
        Process p = spawn.start(new ProcessBuilder("/bin/sleep", "30"), List.of());
        try {
            long[] child = groupAndSession(p.pid());
            long[] ours = groupAndSession(self);
            assertEquals(p.pid(), child[0], "the process leads its own process group");
            assertNotEquals(ours[0], child[0], "not in the runtime's group");
            assertEquals(ours[1], child[1], "in the runtime's session, not one of its own");
        } finally {
            p.destroyForcibly();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "sleep did not end");
        }
    }
}
