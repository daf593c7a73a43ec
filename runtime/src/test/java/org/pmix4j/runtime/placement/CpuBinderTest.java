package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real binding on this machine: processes started with the prefix run on the CPUs they were given. */
class CpuBinderTest {
    @TempDir
    Path dir;

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static String allowedList(String status) {
        return status.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .split(":")[1].strip();
    }

    @Test
    void eachCpuOfThisMachineCanBeBoundTo() throws Exception {
        NodeTopology t = NodeTopology.probe();
        CpuBinder b = CpuBinder.detect(t);
        assertTrue(b.support().supported(), String.valueOf(b.support().reason()));
        for (int cpu : t.allowed().stream().toArray()) {
            List<String> cmd = new ArrayList<>(b.bindCommandPrefix(CpuSet.of(cpu)));
            assertEquals(List.of("-c", Integer.toString(cpu)), cmd.subList(1, 3));
            assertTrue(cmd.get(0).endsWith("/taskset"), cmd.get(0));
            cmd.addAll(List.of("/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status"));
            assertEquals(Integer.toString(cpu), allowedList(run(cmd)), "a child (and what it runs) sees its binding");
        }
    }

    @Test
    void theBoundProcessKeepsThePidTheLauncherWatches() throws Exception {
        NodeTopology t = NodeTopology.probe();
        CpuBinder b = CpuBinder.detect(t);
        int cpu = t.allowed().stream().max().orElseThrow();
        List<String> cmd = new ArrayList<>(b.bindCommandPrefix(CpuSet.of(cpu)));
        cmd.addAll(List.of("sleep", "30"));
        Process p = new ProcessBuilder(cmd).start();
        try {
            Path status = Path.of("/proc/" + p.pid() + "/status");
            String s = "";
            for (int i = 0; i < 200; i++) {
                s = Files.readString(status);
                if (s.contains("Name:\tsleep")) {
                    break;
                }
                Thread.sleep(20);
            }
            assertTrue(s.contains("Name:\tsleep"), "taskset executes the program in its own process: " + s);
            assertEquals(Integer.toString(cpu), allowedList(s));
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMappedJobRunsWhereItWasPlaced() throws Exception {
        NodeTopology t = NodeTopology.probe();
        CpuBinder b = CpuBinder.detect(t);
        int n = PlacementRequest.defaultSlots(t);
        JobMap m = Mapper.map(PlacementRequest.builder(t, List.of(new PlacementRequest.App(n, "sh")))
                .bindingSupport(b.support()).build());
        for (ProcPlacement p : m.procs()) {
            List<String> cmd = new ArrayList<>(b.bindCommandPrefix(p.cpus()));
            cmd.addAll(List.of("/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status"));
            String seen = allowedList(run(cmd));
            if (p.bound()) {
                assertEquals(p.cpusetString(), seen, "rank " + p.rank() + " (" + p.binding() + ")");
            } else {
                assertEquals(t.allowed().toList(), seen, "rank " + p.rank() + " is unbound");
            }
        }
    }

    @Test
    void nothingToPrefixWhenUnboundOrImpossible() throws Exception {
        CpuBinder b = CpuBinder.detect(NodeTopology.probe());
        assertEquals(List.of(), b.bindCommandPrefix(null));
        assertEquals(List.of(), b.bindCommandPrefix(CpuSet.EMPTY));
        assertEquals(List.of(), b.bindCommandPrefix(CpuSet.of(4095)), "outside the CPUs this process may use");
        CpuBinder none = CpuBinder.unsupported("no taskset");
        assertFalse(none.support().supported());
        assertEquals(List.of(), none.bindCommandPrefix(CpuSet.of(0)));

        CpuBinder missing = CpuBinder.using(dir.resolve("taskset"), CpuSet.of(0));
        assertFalse(missing.support().supported());
        assertTrue(missing.support().reason().contains("cannot run"), missing.support().reason());

        // a taskset that cannot change affinity, as in a locked-down container
        Path fake = dir.resolve("fake-taskset");
        Files.writeString(fake, "#!/bin/sh\necho \"taskset: failed to set pid 1's affinity: Operation not permitted\""
                + " >&2\nexit 1\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        CpuBinder denied = CpuBinder.using(fake, CpuSet.of(0));
        assertFalse(denied.support().supported());
        assertTrue(denied.support().reason().contains("Operation not permitted"), denied.support().reason());
        assertEquals(List.of(), denied.bindCommandPrefix(CpuSet.of(0)));

        NodeTopology invented = NodeTopology.probe(dir.resolve("empty"));
        CpuBinder unknown = CpuBinder.detect(invented);
        assertFalse(unknown.support().supported());
        assertTrue(unknown.support().reason().contains("could not be read"), unknown.support().reason());
    }
}
