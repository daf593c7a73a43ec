package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.server.ServerConfig;

/**
 * What {@code src/test/c/session_keys.c} printed, one map of reads per rank ("session PMIX_MAX_PROCS" to "ok
 * 2"), and the checks every job's registration must pass whoever launched it ({@code pmix4j run} or a DVM):
 * the runtime's default session (id 0, its slots, this node), PMIX_LOCAL_PROCS, PMIX_AVAIL_PHYS_MEMORY and
 * PMIX_PACKAGE_RANK as the binding makes them.
 */
public final class SessionKeysReport {
    /** The client program. */
    public static final Path CLIENT = Path.of("src/test/c/session_keys.c");

    private final Map<Integer, Map<String, String>> reads = new HashMap<>();
    private final String output;

    public SessionKeysReport(String stdout, String all) {
        this.output = all;
        for (String line : stdout.split("\n")) {
            if (!line.startsWith("R")) {
                continue;
            }
            int sp = line.indexOf(' ');
            int rank = Integer.parseInt(line.substring(1, sp));
            String rest = line.substring(sp + 1);
            int result = Math.max(rest.lastIndexOf(" ok "), Math.max(rest.lastIndexOf(" err "),
                    rest.lastIndexOf(" badtype ")));
            if (result < 0) {
                reads.computeIfAbsent(rank, r -> new LinkedHashMap<>()).put(rest, "");
            } else {
                reads.computeIfAbsent(rank, r -> new LinkedHashMap<>()).put(rest.substring(0, result),
                        rest.substring(result + 1));
            }
        }
    }

    /** What rank {@code rank} read as {@code what} ("ok VALUE", "err STATUS", "badtype TYPE"). */
    public String read(int rank, String what) {
        Map<String, String> mine = reads.get(rank);
        String r = mine == null ? null : mine.get(what);
        assertTrue(r != null, "rank " + rank + " printed no '" + what + "'\n" + output);
        return r;
    }

    /**
     * Checks what every one of the job's {@code np} processes read: the default session of {@code slots}
     * slots on this node; PMIX_LOCAL_PROCS = {@code otherLocalProcs} ("nspace:rank", the processes of other
     * jobs running on the node) then the job's; this node's MemTotal; package ranks as the localities make
     * them.
     */
    public void checkEveryRank(int np, int slots, List<String> otherLocalProcs) throws IOException {
        String nspace = nspace();
        String host = ServerConfig.localHostname();
        long memory = memTotalBytes();
        List<String> locality = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            locality.add(read(0, "locality " + r));
        }
        List<String> local = new ArrayList<>(otherLocalProcs);
        for (int r = 0; r < np; r++) {
            local.add(nspace + ":" + r);
        }
        for (int r = 0; r < np; r++) {
            assertEquals("", read(r, "done"), output);
            // the session, as the Standard has a client read it: with PMIX_SESSION_INFO, with and without its id
            assertEquals("ok 0", read(r, "session-id query"), "the server answers the session id\n" + output);
            String get = read(r, "session-id get");
            assertTrue(get.equals("ok 0") || get.equals("err NOT-FOUND"), "libpmix 4.2.2 keeps the session id"
                    + " apart from the session's values and never finds it; a fixed client finds 0\n" + output);
            for (String level : List.of("session", "session+id")) {
                assertEquals("ok " + slots, read(r, level + " PMIX_MAX_PROCS"), output);
                assertEquals("ok " + slots, read(r, level + " PMIX_UNIV_SIZE"), output);
                assertEquals("ok 1", read(r, level + " PMIX_NUM_NODES"), output);
                assertEquals("ok " + host, read(r, level + " PMIX_NODE_LIST"), output);
            }
            assertEquals("ok " + slots, read(r, "job PMIX_MAX_PROCS"), output);
            assertEquals("ok 1", read(r, "job PMIX_NUM_NODES"), output);
            assertEquals("ok " + host, read(r, "job PMIX_NODE_LIST"), output);
            // this node
            for (String form : List.of("plain", "node")) {
                assertEquals("ok " + String.join(",", local), read(r, "local-procs " + form), output);
                assertEquals("ok " + memory, read(r, "memory " + form), "MemTotal in bytes\n" + output);
            }
            // every process of the job, seen from each
            int[] expected = packageRanks(locality);
            for (int p = 0; p < np; p++) {
                assertEquals(locality.get(p), read(r, "locality " + p), output);
                assertEquals(expected[p] < 0 ? "err NOT-FOUND" : "ok " + expected[p], read(r, "package-rank " + p),
                        "process " + p + " of locality " + locality.get(p) + "\n" + output);
            }
        }
    }

    /**
     * The package ranks the binding gives (the test's own reading of the Standard's definition): each bound
     * process's position among the job's processes bound within the same package, in rank order; -1 for one
     * that is unbound ("err ...") or spans packages.
     */
    private static int[] packageRanks(List<String> locality) {
        int[] out = new int[locality.size()];
        Map<String, Integer> seen = new HashMap<>();
        for (int r = 0; r < locality.size(); r++) {
            String pkg = null;
            if (locality.get(r).startsWith("ok ")) {
                for (String field : locality.get(r).substring(3).split(":")) {
                    if (field.matches("SK\\d+")) {
                        pkg = field;
                    }
                }
            }
            out[r] = pkg == null ? -1 : seen.merge(pkg, 1, Integer::sum) - 1;
        }
        return out;
    }

    /** This machine's MemTotal of /proc/meminfo in bytes. */
    public static long memTotalBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IllegalStateException("no MemTotal in /proc/meminfo");
    }

    /** The job's namespace, as PMIx_Init gave it to rank 0. */
    public String nspace() {
        return read(0, "nspace").substring(3);
    }
}
