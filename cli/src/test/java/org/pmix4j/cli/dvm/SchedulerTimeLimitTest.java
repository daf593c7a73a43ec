package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * PMIX_ALLOC_TIME is enforced: a session granted for 3 seconds (`pmix4j alloc --time 3`) runs a job of
 * libpmix 4.2.2 clients (session_end_client.c) that wait to be told; at the limit the scheduler ends the
 * session, the clients get PMIX_EVENT_SESSION_END naming it before their job is stopped, the command inside
 * `alloc` ends with its job, and the session is gone from the queue with its slots back in the pool.
 */
class SchedulerTimeLimitTest {
    @TempDir
    Path tmp;

    @Test
    void aSessionEndsAtItsLimitAndItsProcessesAreToldFirst() throws Exception {
        Path client = NativeBuild.pmixProgram(Path.of("src/test/c/session_end_client.c"));
        String host = ServerConfig.localHostname();
        Path dir = Files.createDirectories(tmp.resolve("steps"));
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":2");
                SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":2")) {
            List<String> args = new ArrayList<>(List.of("-n", "2", "--time", "3", "--"));
            args.addAll(LauncherProcess.commandLine(List.of(), "prun", List.of("-n", "2", client.toString(),
                    dir.toString())));
            try (LauncherProcess alloc = LauncherProcess.startCommand(tmp, "alloc", args,
                    LauncherProcess.Setup.DEFAULT)) {
                int status = alloc.waitFor(Duration.ofSeconds(120));
                String all = alloc.all() + dvm.process().all() + sched.process().all();
                assertTrue(alloc.stderr().contains("granted session 1 "), all);
                List<String> told = ended(dir);
                assertEquals(List.of("1", "1"), told, "both processes were told that session 1 ends\n" + all);
                assertTrue(status != 0, "the job was stopped, and alloc's command with it\n" + all);
                assertTrue(sched.process().stderr().contains("time limit of 3 s"), all);
            }
            DvmProcess.Ended queue = dvm.run("queue");
            assertTrue(!queue.stdout().contains("alloc.1"), queue.all());
            DvmProcess.Ended again = dvm.run("alloc", "-n", "2", "--", "true");
            assertEquals(0, again.status(), "the slots are back in the pool\n" + again.all());
        }
    }

    /** What each process wrote when told of its session's end (the session id), in any order. */
    private static List<String> ended(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            List<String> out = new ArrayList<>();
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith("ended.")).toList()) {
                out.add(Files.readString(p).strip());
            }
            return out;
        }
    }
}
