package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.testkit.NativeBuild;

/**
 * Every key {@code pmix4j run} registers (runtime's JobRegistration), at every level, read back by real
 * libpmix 4.2.2 clients started by the launcher: {@code get_all_keys.c} of the server module's interop
 * tests, checking each process of the job from each process.
 */
class RunAllKeysTest {
    /** The C client lives with the server's interop tests; both modules use the same program. */
    private static final Path CLIENT = Path.of("../server/src/test/c/get_all_keys.c");

    @TempDir
    Path tmp;

    private static Path exe;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(CLIENT);
    }

    /**
     * What JobRegistration registers for {@code np} copies of {@code argv} on this node, mapped and ranked
     * by slot and not bound, and what the server derives from it. The namespace and the session directory depend on the launcher's pid: the
     * client reads them from its environment (PMIX_NAMESPACE, PMIX_SERVER_TMPDIR).
     */
    private static String facts(int np, List<String> argv) throws java.io.IOException {
        String host = ServerConfig.localHostname();
        int slots = Runtime.getRuntime().availableProcessors();
        boolean over = np > slots;
        long memTotal = SessionKeysReport.memTotalBytes();
        StringBuilder f = new StringBuilder();
        f.append("session PMIX_SESSION_ID 0\n"); // the runtime's default session
        f.append("session PMIX_UNIV_SIZE ").append(Math.max(slots, np)).append('\n');
        f.append("session PMIX_MAX_PROCS ").append(Math.max(slots, np)).append('\n');
        f.append("session PMIX_NUM_NODES 1\n");
        f.append("session PMIX_NODE_LIST ").append(host).append('\n');
        f.append("session PMIX_TMPDIR ${PMIX_SERVER_TMPDIR}\n");
        f.append("job PMIX_JOBID ${PMIX_NAMESPACE}\n");
        f.append("job PMIX_JOB_SIZE ").append(np).append('\n');
        f.append("job PMIX_MAX_PROCS ").append(Math.max(slots, np)).append('\n');
        f.append("job PMIX_NUM_NODES 1\n");
        f.append("job PMIX_JOB_NUM_APPS 1\n");
        f.append("job PMIX_NODE_LIST ").append(host).append('\n');
        f.append("job PMIX_NPROC_OFFSET 0\n");
        f.append("job PMIX_MAPBY BYSLOT:").append(over ? "OVERSUBSCRIBE" : "NOOVERSUBSCRIBE").append('\n');
        f.append("job PMIX_RANKBY SLOT\n");
        f.append("job PMIX_BINDTO NONE\n");
        f.append("job PMIX_NSDIR ${PMIX_SERVER_TMPDIR}/${PMIX_NAMESPACE}\n");
        f.append("app 0 PMIX_APPNUM 0\n");
        f.append("app 0 PMIX_APP_SIZE ").append(np).append('\n');
        f.append("app 0 PMIX_APPLDR 0\n");
        f.append("app 0 PMIX_WDIR ").append(Path.of("").toAbsolutePath()).append('\n');
        f.append("app 0 PMIX_APP_ARGV ").append(String.join(" ", argv)).append('\n');
        List<String> ranks = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            ranks.add(Integer.toString(r));
        }
        f.append("node 0 PMIX_HOSTNAME ").append(host).append('\n');
        f.append("node 0 PMIX_NODEID 0\n");
        f.append("node 0 PMIX_LOCAL_SIZE ").append(np).append('\n');
        f.append("node 0 PMIX_NODE_SIZE ").append(np).append('\n');
        f.append("node 0 PMIX_LOCALLDR 0\n");
        f.append("node 0 PMIX_LOCAL_PEERS ").append(String.join(",", ranks)).append('\n');
        f.append("node 0 PMIX_AVAIL_PHYS_MEMORY ").append(memTotal).append('\n');
        for (int r = 0; r < np; r++) {
            for (String k : List.of("PMIX_RANK", "PMIX_LOCAL_RANK", "PMIX_NODE_RANK", "PMIX_GLOBAL_RANK",
                    "PMIX_APP_RANK")) {
                f.append("proc ").append(r).append(' ').append(k).append(' ').append(r).append('\n');
            }
            f.append("proc ").append(r).append(" PMIX_APPNUM 0\n");
            f.append("proc ").append(r).append(" PMIX_NODEID 0\n");
            f.append("proc ").append(r).append(" PMIX_HOSTNAME ").append(host).append('\n');
            f.append("proc ").append(r).append(" PMIX_REINCARNATION 0\n");
            f.append("proc ").append(r).append(" PMIX_SPAWNED false\n");
            f.append("proc ").append(r).append(" PMIX_PACKAGE_RANK !absent\n"); // unbound: none
            f.append("proc ").append(r).append(" PMIX_PROCDIR ${PMIX_SERVER_TMPDIR}/${PMIX_NAMESPACE}/").append(r)
                    .append('\n');
        }
        return f.toString();
    }

    private void run(int np, boolean oversubscribe, String mode) throws Exception {
        Path factsFile = tmp.resolve("facts.txt");
        List<String> argv = List.of(exe.toString(), "--mode", mode, factsFile.toString());
        Files.writeString(factsFile, facts(np, argv));
        Path launcherTmp = Files.createDirectories(tmp.resolve("launcher-tmp"));
        // explicit policies: the defaults (PRRTE's: by core or package, bound) depend on the machine
        List<String> args = new ArrayList<>(List.of("-n", Integer.toString(np), "--map-by", "slot", "--rank-by",
                "slot", "--bind-to", "none"));
        if (oversubscribe) {
            args.add("--oversubscribe");
        }
        args.addAll(argv);
        try (LauncherProcess p = LauncherProcess.start(launcherTmp, args)) {
            int status = p.waitFor(Duration.ofSeconds(120));
            List<String> lines = p.stdout().lines().toList();
            List<String> failed = lines.stream().filter(l -> l.startsWith("FAIL ")).toList();
            long passed = lines.stream().filter(l -> l.startsWith("PASS ")).count();
            lines.stream().filter(l -> l.startsWith("XFAIL ") || l.startsWith("XPASS ")).limit(40)
                    .forEach(System.out::println);
            assertTrue(failed.isEmpty(), failed.size() + " of " + (failed.size() + passed) + " checks failed:\n"
                    + String.join("\n", failed) + "\n--- stderr\n" + p.stderr());
            assertEquals(np, lines.stream().filter(l -> l.startsWith("DONE ")).count(),
                    "every process should report its checks\n" + p.all());
            assertTrue(passed > 0, p.all());
            assertEquals(0, status, p.all());
        }
    }

    @Test
    void twoProcessesGetEveryKeyOfEachOther() throws Exception {
        run(2, false, "get");
    }

    @Test
    void fourProcessesOversubscribedGetEveryKeyOfEachOther() throws Exception {
        run(4, true, "get");
    }

    /** The same keys through PMIx_Query_info, which a 4.2.2 client always sends to the server. */
    @Test
    void twoProcessesQueryEveryKey() throws Exception {
        run(2, false, "query");
    }
}
