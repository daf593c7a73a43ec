package org.pmix4j.server.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Value;
import org.pmix4j.wire.protocol.RendezvousContent;

/** PMIX_QUERY_AVAIL_SERVERS from the rendezvous files under the tmpdirs: live servers only, each once. */
class AvailableServersTest {
    @TempDir
    Path tmp;

    private static final long ME = ProcessHandle.current().pid();

    private static void write(Path file, String nspace, long pid) throws Exception {
        Files.createDirectories(file.getParent());
        Files.write(file, RendezvousContent.of(nspace + ".0;tcp4://127.0.0.1:4000" + (pid % 1000), "4.2.2", pid, 1000,
                1000, ZonedDateTime.now()).toBytes());
    }

    /** A pid no process has: that of a process that has ended. */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    /** Each server's infos by key, by namespace. */
    private static Map<String, Map<String, Value>> byNspace(DataArray answer) {
        Map<String, Map<String, Value>> out = new TreeMap<>();
        assertEquals(DataType.INFO, answer.elementType());
        for (Value v : answer.elements()) {
            Info server = (Info) v;
            assertEquals(Attributes.SERVER_INFO_ARRAY.key(), server.key());
            Map<String, Value> fields = new TreeMap<>();
            for (Value f : ((DataArray) server.value()).elements()) {
                fields.put(((Info) f).key(), ((Info) f).value());
            }
            out.put(Attributes.SERVER_NSPACE.find(toInfos(fields)).orElseThrow(), fields);
        }
        return out;
    }

    private static List<Info> toInfos(Map<String, Value> fields) {
        List<Info> out = new ArrayList<>();
        fields.forEach((k, v) -> out.add(Info.of(k, v)));
        return out;
    }

    @Test
    void liveServersAreReportedOnceWithTheirRolesAndStaleOnesNot() throws Exception {
        long dead = deadPid();
        // a system server: its pid file, its nspace file and the system file
        write(tmp.resolve("pmix.sys.node1"), "sysdvm", ME);
        write(tmp.resolve("pmix4j.node1.1000/dvm.1/pmix.node1.tool." + ME), "sysdvm", ME);
        write(tmp.resolve("pmix4j.node1.1000/dvm.1/pmix.node1.tool.sysdvm"), "sysdvm", ME);
        // another server, in a server tmpdir searched on its own
        Path other = tmp.resolve("elsewhere");
        write(other.resolve("pmix.node1.tool.run7"), "run7", ME);
        // left by a server that has ended; not a rendezvous file; too deep
        write(tmp.resolve("stale/pmix.node1.tool." + dead), "gone", dead);
        Files.writeString(tmp.resolve("pmix.notes"), "not a rendezvous file\n");
        write(tmp.resolve("a/b/c/d/e/pmix.node1.tool.deep"), "deep", ME);

        Map<String, Map<String, Value>> found = byNspace(new AvailableServers(List.of(tmp, other, tmp)).find());

        assertEquals(List.of("run7", "sysdvm"), List.copyOf(found.keySet()), found.toString());
        Map<String, Value> sys = found.get("sysdvm");
        List<Info> sysInfos = toInfos(sys);
        assertEquals("sysdvm.0;tcp4://127.0.0.1:4000" + (ME % 1000), Attributes.SERVER_URI.find(sysInfos).orElseThrow());
        assertEquals(0, Attributes.SERVER_RANK.find(sysInfos).orElseThrow());
        assertEquals((int) ME, Attributes.SERVER_PIDINFO.find(sysInfos).orElseThrow());
        assertEquals("4.2.2", Attributes.VERSION_INFO.find(sysInfos).orElseThrow());
        assertEquals(1000, Attributes.USERID.find(sysInfos).orElseThrow());
        assertTrue(Attributes.SERVER_START_TIME.find(sysInfos).isPresent());
        assertEquals(true, Attributes.SERVER_SYSTEM_SUPPORT.find(sysInfos).orElse(false));
        assertTrue(Attributes.SERVER_SYSTEM_SUPPORT.find(toInfos(found.get("run7"))).isEmpty());
    }

    @Test
    void noServersIsAnEmptyArray() {
        assertEquals(0, new AvailableServers(List.of(tmp, tmp.resolve("absent"))).find().elements().size());
    }
}
