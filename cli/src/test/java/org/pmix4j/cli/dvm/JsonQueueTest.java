package org.pmix4j.cli.dvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.cli.JsonDoc;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.server.ServerConfig;

/**
 * {@code pmix4j queue --json}: a running session of the scheduler (an allocation whose prun job runs in the
 * DVM) as one JSON document, its id, allocation, slots, node and job checked against the real session.
 */
class JsonQueueTest {
    @TempDir
    Path tmp;

    @Test
    void aRunningSessionAndItsJob() throws Exception {
        String host = ServerConfig.localHostname();
        try (DvmProcess dvm = DvmProcess.start(tmp, "--system-server", "--host", host + ":4");
                SchedulerProcess sched = SchedulerProcess.start(tmp, "--host", host + ":4")) {
            Eventually.until(() -> dvm.process().stderr().contains("attached to the scheduler"),
                    () -> dvm.process().all());
            DvmProcess.Ended empty = dvm.run("queue", "--json");
            assertEquals(0, empty.status(), empty.all());
            Map<String, Object> none = JsonDoc.object(JsonDoc.parse(empty.stdout()));
            assertEquals(Map.of("type", "queue", "sessions", List.of(), "pending", List.of()), none, empty.all());

            List<String> allocArgs = new ArrayList<>(List.of("-n", "2", "--"));
            allocArgs.addAll(LauncherProcess.commandLine(List.of(), "prun", List.of("-n", "2", "sh", "-c",
                    "echo up $PMIX_NAMESPACE; sleep 120")));
            try (LauncherProcess alloc = LauncherProcess.startCommand(tmp, "alloc", allocArgs,
                    LauncherProcess.Setup.DEFAULT)) {
                Eventually.until(() -> alloc.stdout().split("up ", -1).length > 2,
                        () -> alloc.all() + sched.process().all());
                Matcher m = Pattern.compile("up (\\S+)").matcher(alloc.stdout());
                assertTrue(m.find());
                String ns = m.group(1);
                DvmProcess.Ended q = dvm.run("queue", "--json");
                assertEquals(0, q.status(), q.all());
                Map<String, Object> doc = JsonDoc.object(JsonDoc.parse(q.stdout()));
                List<Object> sessions = JsonDoc.array(doc.get("sessions"));
                assertEquals(1, sessions.size(), q.all());
                Map<String, Object> s = JsonDoc.object(sessions.get(0));
                assertEquals(1L, s.get("session"), q.all());
                assertEquals("alloc.1", s.get("allocation"));
                assertEquals(2L, s.get("slots"));
                assertEquals(List.of(ns), s.get("jobs"), q.all());
                assertEquals(List.of(Map.of("name", host, "slots", 2L)), s.get("nodes"), q.all());
                assertEquals(null, s.get("timeLeft"), q.all());
                assertEquals(List.of(), doc.get("pending"));
                assertEquals(0, dvm.run("cancel", "1").status());
            }
        }
    }
}
