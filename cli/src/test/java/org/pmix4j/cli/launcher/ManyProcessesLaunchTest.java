package org.pmix4j.cli.launcher;

import org.pmix4j.cli.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;

/**
 * 1,024 processes on one node end as cleanly as 4: every rank of a job of libpmix clients that do init,
 * put, commit, a collecting fence, a get and finalize is judged to have finalized, and the launcher exits 0.
 * On 2 cores the clients' finalize acknowledgements come late (libpmix then stops waiting after 2 s) and the
 * processes exit before the server read their FINALIZE: their exits are judged only once the server handled
 * their connections to the end.
 */
@RunsAlone
class ManyProcessesLaunchTest {
    private static final int RANKS = 1024;
    /** Generous: 1,024 processes on 2 cores shared with other builds (about 15 s on an idle machine). */
    private static final Duration LIMIT = Duration.ofMinutes(5);

    @TempDir
    Path tmp;

    @Test
    void aThousandTwentyFourRanksEndWithExitZero() throws InterruptedException {
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/finalize_scale.c"));
        List<String> args = List.of("-n", Integer.toString(RANKS), "--oversubscribe", client.toString());
        try (LauncherProcess p = LauncherProcess.start(Launch.tmpdir(tmp), args)) {
            int status = p.waitFor(LIMIT);
            assertTrue(status >= 0, "pmix4j run -n " + RANKS + " did not end within " + LIMIT + "\n" + tail(p.stderr()));
            assertFalse(p.stderr().contains("without calling PMIx_Finalize"),
                    "a rank that finalized was judged not to have\n" + tail(p.stderr()));
            assertEquals(0, status, tail(p.stderr()));
            List<String> missing = IntStream.range(0, RANKS).mapToObj(r -> "rank " + r + " OK")
                    .filter(line -> !p.stdout().contains(line + "\n")).limit(10).toList();
            assertEquals(List.of(), missing, "ranks that did not report success\n" + tail(p.stderr()));
        }
    }

    /** The end of the launcher's stderr (a report of 1,024 ranks is long). */
    private static String tail(String s) {
        return s.length() <= 4000 ? s : "..." + s.substring(s.length() - 4000);
    }
}
