package org.pmix4j.server.it.modex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * PMIX_DATA_SCOPE, PMIX_TIMEOUT, PMIX_IMMEDIATE and PMIX_GET_REFRESH_CACHE on Gets of a local peer, with
 * libpmix's own server as the reference: {@code modex_nodes scope} runs under {@code ref_host} (a libpmix
 * 4.2.2 server, one check per run, since that server crashes when some of them follow each other) and under
 * a pmix4j server, and the answers must be the same.
 */
class DataScopeTest {
    /** The DATA_SCOPE checks compared; the ninth, PMIX_GET_REFRESH_CACHE on a local peer, differs on purpose. */
    private static final int CHECKS = 8;

    @TempDir
    Path tmp;

    private static List<String> scopeLines(String out) {
        return out.lines().filter(l -> l.startsWith("SCOPE ")).toList();
    }

    @Test
    void aLocalPeersDataIsReadInTheScopeAskedForAsLibpmixDoes() throws Exception {
        compareWithLibpmix("hash");
    }

    /**
     * With the shared-memory store on both sides, libpmix's client reads a local peer's LOCAL and GLOBAL keys from
     * shared memory whatever PMIX_DATA_SCOPE says (its store keeps no scope): REMOTE-only asks find k.local there.
     */
    @Test
    void underTheSharedMemoryStoreTheScopesReadAsUnderLibpmixsOwn() throws Exception {
        compareWithLibpmix("ds21,hash");
    }

    private void compareWithLibpmix(String gds) throws Exception {
        Path exe = NativeBuild.pmixProgram(Path.of("src/test/c/modex_nodes.c"));
        Path ref = NativeBuild.pmixProgram(Path.of("src/test/c/ref_host.c"));

        TreeSet<String> expected = new TreeSet<>();
        for (int i = 0; i < CHECKS; i++) {
            Run.Result r = Run.command(ref.toString(), "2", exe.toString(), "scope").env("TMPDIR", tmp.toString())
                    .env("SCOPE_ONLY", Integer.toString(i)).env("REF_GDS", gds).go();
            assertEquals(0, r.exitCode(), "reference run of check " + i + ": " + r.all());
            expected.addAll(scopeLines(r.stdout()));
        }
        assertEquals(2 * CHECKS, expected.size(), "reference answers: " + expected);

        TreeSet<String> got = new TreeSet<>();
        var serverEnv = new java.util.HashMap<>(System.getenv());
        serverEnv.put("PMIX_MCA_gds", gds);
        try (PmixServer server = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString())), serverEnv)) {
            String host = server.config().hostname();
            var sys = new com.sun.security.auth.module.UnixSystem();
            // the same checks one per run, each run a job of its own, then the refresh and the timeout checks
            for (int i = 0; i <= CHECKS + 1; i++) {
                String only = i <= CHECKS ? Integer.toString(i) : "t";
                String ns = "scope" + i;
                server.registerNspace(ns, 2, List.of(Attributes.JOB_SIZE.info(2), Attributes.NODE_MAP.info(host),
                        Attributes.PROC_MAP.info("0,1"))).join();
                List<CompletableFuture<Run.Result>> runs = new ArrayList<>();
                for (int r = 0; r < 2; r++) {
                    server.registerClient(new Proc(ns, r), (int) sys.getUid(), (int) sys.getGid()).join();
                    var env = new java.util.HashMap<>(server.setupFork(new Proc(ns, r)));
                    env.put("SCOPE_ONLY", only);
                    // a thread each: the common pool of a 2-core machine would run the clients one after the other
                    CompletableFuture<Run.Result> f = new CompletableFuture<>();
                    Thread.ofPlatform().daemon().start(() -> f.complete(Run.command(exe.toString(), "scope").env(env).go()));
                    runs.add(f);
                }
                for (CompletableFuture<Run.Result> f : runs) {
                    Run.Result r = f.join();
                    assertEquals(0, r.exitCode(), "check " + only + ": " + r.all());
                    got.addAll(scopeLines(r.stdout()));
                }
            }
        }
        TreeSet<String> compared = new TreeSet<>(got);
        compared.removeIf(l -> l.contains(" refresh ") || l.contains("never-put"));
        assertEquals(String.join("\n", expected), String.join("\n", compared));

        // a local peer's data is current at its server: pmix4j answers a refreshing Get with it (libpmix's
        // server answers PMIX_OPERATION_SUCCEEDED without data, which its client turns into NOT_FOUND)
        assertTrue(got.contains("SCOPE 0 peer=other k.global refresh SUCCESS G1"), String.join("\n", got));
        // a key the peer never puts: PMIX_TIMEOUT 1 ends the wait, PMIX_IMMEDIATE does not wait
        assertTrue(got.contains("SCOPE 0 never-put-timeout TIMEOUT fast"), String.join("\n", got));
        assertTrue(got.contains("SCOPE 1 never-put-immediate NOT-FOUND fast"), String.join("\n", got));
    }
}
