package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.cli.SessionKeysReport;
import org.pmix4j.testkit.NativeBuild;

/**
 * A DVM registers its jobs as {@code pmix4j run} does: the default session, PMIX_LOCAL_PROCS (here with the
 * process of another job running beside it), PMIX_AVAIL_PHYS_MEMORY and PMIX_PACKAGE_RANK, as libpmix 4.2.2
 * clients read them.
 */
class DvmSessionKeysTest {
    @TempDir
    Path tmp;

    private static Path exe;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(SessionKeysReport.CLIENT);
    }

    @Test
    void aJobOfTheDvmReadsTheDefaultSessionAndTheOtherJobsProcesses() throws Exception {
        try (DvmProcess dvm = DvmProcess.start(tmp.resolve("t"));
                LauncherProcess other = dvm.frontEnd("prun", "-n", "1", "--bind-to", "none", "sh", "-c",
                        "echo ns=$PMIX_NAMESPACE; exec sleep 120")) {
            Matcher m = other.awaitLine("^ns=(\\S+)$", Duration.ofSeconds(60));
            assertNotNull(m, "the other job runs\n" + other.all());
            String otherProc = m.group(1) + ":0";

            DvmProcess.Ended job = dvm.run("prun", "-n", "2", "--map-by", "slot", "--bind-to", "none", "--oversubscribe",
                    exe.toString());
            assertEquals(0, job.status(), job.all());
            SessionKeysReport report = new SessionKeysReport(job.stdout(), job.all());
            int slots = Integer.parseInt(report.read(0, "job PMIX_MAX_PROCS").substring(3));
            report.checkEveryRank(2, slots, List.of(otherProc));
        }
    }
}
