package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * libpmix 4.2.2's own tools, unmodified (Debian's libpmix-bin), against a running {@code pmix4j run}: each
 * finds the launcher through its rendezvous files, connects as a tool and gets its answer.
 * <ul>
 * <li>{@code pps}: the active namespaces (it offers --pid but 4.2.2 ignores it and searches the tmpdir, so
 * the launcher runs with a TMPDIR of its own);</li>
 * <li>{@code pattrs --pid} and {@code pattrs --namespace}: the functions the launcher's host supports and
 * the attributes of one (PMIX_QUERY_ATTRIBUTE_SUPPORT with PMIX_HOST_FUNCTIONS / PMIX_HOST_ATTRIBUTES);</li>
 * <li>{@code pevent}: an event to the whole session, which that process receives.</li>
 * </ul>
 * Two of libpmix 4.2.2's tools cannot be used against any server, libpmix's own included, so they are not
 * here: {@code pquery} dies with SIGFPE in pmix_init_registered_attrs before it connects (with no server at
 * all too), and {@code plookup} connects, then dereferences its never-filled list of keys (SIGSEGV). The
 * published key the job holds is looked up by libpmix clients and the Java tool elsewhere.
 * {@code pattrs --host all} is avoided for the same reason: 4.2.2 prints every function with the attribute
 * count of the first one and reads past the shorter arrays.
 */
class LibpmixToolsTest {
    @TempDir
    Path tmp;

    @Test
    void ppsPattrsAndPeventTalkToARunningLauncher() throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/pmix_ops.c"));
        try (LauncherProcess p = LauncherProcess.start(tmp.resolve("launcher-tmp"), List.of("-n", "1", exe.toString(), "serve",
                "pmix4j.test.key"))) {
            assertTrue(p.awaitOutput("serving", 1, Duration.ofSeconds(60)), p.all());
            String launcherPid = Long.toString(p.pid());

            Run.Result pps = tool(p, "pps");
            assertEquals(0, pps.exitCode(), pps.all());
            Matcher active = Pattern.compile("Active nspaces: (pmix4j-\\S+-" + launcherPid + ")@1\n").matcher(pps.all());
            assertTrue(active.find(), "the job's namespace\n" + pps.all());
            String nspace = active.group(1);

            Run.Result fns = tool(p, "pattrs", "--pid", launcherPid, "--host-fns");
            assertEquals(0, fns.exitCode(), fns.all());
            assertTrue(fns.all().contains("HOST SUPPORTED FUNCTIONS:"), fns.all());
            for (String fn : List.of("PMIx_Spawn", "PMIx_Query_info", "PMIx_Job_control", "PMIx_Publish",
                    "PMIx_Lookup", "PMIx_Log")) {
                assertTrue(fns.all().contains("\t" + fn + "\n"), fn + "\n" + fns.all());
            }

            // by the launcher's namespace (its rendezvous file pmix.<host>.tool.<nspace>)
            Run.Result attrs = tool(p, "pattrs", "--namespace", nspace + "@0", "--host", "PMIx_Job_control");
            assertEquals(0, attrs.exitCode(), attrs.all());
            for (String a : List.of("PMIX_JOB_CTRL_KILL", "pmix.jctrl.kill", "PMIX_JOB_CTRL_SIGNAL", "pmix.jctrl.sig")) {
                assertTrue(attrs.all().contains(a), a + "\n" + attrs.all());
            }

            Run.Result event = tool(p, "pevent", "--event", "5000", "--range", "4");
            assertEquals(0, event.exitCode(), event.all());
            assertEquals(0, p.waitFor(Duration.ofSeconds(60)), "the process got the event and ended\n" + p.all());
            assertTrue(p.stdout().contains("event 5000 from " + nspace + "@tool."), p.all());
        }
    }

    /** Runs one of libpmix's tools against the launcher, 30 s at most. */
    private static Run.Result tool(LauncherProcess launcher, String... command) {
        return launcher.tool(List.of(command)).timeout(Duration.ofSeconds(30)).go();
    }
}
