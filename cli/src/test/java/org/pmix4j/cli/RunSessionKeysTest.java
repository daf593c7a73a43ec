package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;

/**
 * The session a plain {@code pmix4j run} registers for its job, and PMIX_LOCAL_PROCS,
 * PMIX_AVAIL_PHYS_MEMORY and PMIX_PACKAGE_RANK, as libpmix 4.2.2 clients read them
 * ({@code src/test/c/session_keys.c}, checked by {@link SessionKeysReport}).
 */
class RunSessionKeysTest {
    @TempDir
    Path tmp;

    private static Path exe;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(SessionKeysReport.CLIENT);
    }

    private SessionKeysReport run(List<String> options) throws Exception {
        Path launcherTmp = Files.createDirectories(tmp.resolve("launcher-tmp"));
        List<String> args = new ArrayList<>(options);
        args.add(exe.toString());
        try (LauncherProcess p = LauncherProcess.start(launcherTmp, args)) {
            assertEquals(0, p.waitFor(Duration.ofSeconds(120)), p.all());
            return new SessionKeysReport(p.stdout(), p.all());
        }
    }

    /** Unbound: the session's slots are the node's (as RunAllKeysTest's), and no process has a package rank. */
    @Test
    void twoUnboundProcessesReadTheDefaultSession() throws Exception {
        int slots = Runtime.getRuntime().availableProcessors();
        SessionKeysReport report = run(List.of("-n", "2", "--map-by", "slot", "--bind-to", "none"));
        report.checkEveryRank(2, Math.max(slots, 2), List.of());
    }

    /** Bound to cores: every process has its package rank, as its locality makes it. */
    @Test
    void twoProcessesBoundToCoresHavePackageRanks() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "binding two processes needs two CPUs");
        SessionKeysReport report = run(List.of("-n", "2", "--map-by", "core", "--bind-to", "core"));
        int slots = Integer.parseInt(report.read(0, "job PMIX_MAX_PROCS").substring(3));
        report.checkEveryRank(2, slots, List.of());
        assertEquals("ok 0", report.read(0, "package-rank 0"), "rank 0 is first on its package");
    }
}
