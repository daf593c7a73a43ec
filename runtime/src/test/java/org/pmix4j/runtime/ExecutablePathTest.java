package org.pmix4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The executable a process table names: argv[0] found as execvp finds it. */
class ExecutablePathTest {
    @TempDir
    Path tmp;

    private Path program(Path dir, String name) throws Exception {
        Files.createDirectories(dir);
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void aBareNameIsLookedUpOnThePathFirstMatchWinning() throws Exception {
        program(tmp.resolve("b"), "tool");
        Path first = program(tmp.resolve("a"), "tool");
        String path = tmp.resolve("none") + ":" + tmp.resolve("a") + ":" + tmp.resolve("b");
        assertEquals(first.toString(), ExecutablePath.of(AppContext.of(1, List.of("tool")), path));
    }

    @Test
    void theApplicationsOwnPathComesBeforeTheLaunchers() throws Exception {
        Path own = program(tmp.resolve("own"), "tool");
        program(tmp.resolve("launcher"), "tool");
        AppContext app = new AppContext(List.of("tool"), 1, Map.of("PATH", tmp.resolve("own").toString()), null);
        assertEquals(own.toString(), ExecutablePath.of(app, tmp.resolve("launcher").toString()));
    }

    @Test
    void aNameWithASlashIsTakenRelativeToTheWorkingDirectory() {
        AppContext app = new AppContext(List.of("./bin/../a.out"), 1, Map.of(), "/work/dir");
        assertEquals("/work/dir/a.out", ExecutablePath.of(app, "/usr/bin"));
        assertEquals("/opt/x", ExecutablePath.of(AppContext.of(1, List.of("/opt/x")), "/usr/bin"));
    }

    @Test
    void aDirectoryOrAMissingProgramIsNamedAsGiven() throws Exception {
        Files.createDirectories(tmp.resolve("d").resolve("tool"));
        assertEquals("tool", ExecutablePath.of(AppContext.of(1, List.of("tool")), tmp.resolve("d").toString()));
        assertEquals("nosuch", ExecutablePath.of(AppContext.of(1, List.of("nosuch")), null));
    }
}
