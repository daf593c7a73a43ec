package org.pmix4j.server.it;

import static org.pmix4j.server.it.KeyFacts.ABSENT;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Every key a host registers, at every level, read back by real libpmix 4.2.2 clients
 * ({@code src/test/c/get_all_keys.c}) with PMIx_Get and with PMIx_Query_info, for a job registered in
 * several shapes that must all look the same to a client.
 *
 * <p>The job: namespace {@code allkeys}, 4 processes, 2 applications (ranks 0-1 and 2-3), 2 nodes: the
 * server's own node with ranks 0 and 2 (the local clients) and {@code pmix4j-it-node1} with ranks 1 and 3.
 * Global ranks start at 10. Leaders, peers, directories, argv and ranks differ between the two nodes, the
 * two applications and the four processes, so that a value taken from the wrong one is caught.
 */
class AllKeysTest {
    private static final String NS = "allkeys";
    private static final String NODE1 = "pmix4j-it-node1";
    private static final int OFFSET = 10;
    private static final int[] NODE_OF = {0, 1, 0, 1};
    private static final int[] LRANK = {0, 0, 1, 1};
    private static final int[] APP_OF = {0, 0, 1, 1};
    private static final int[] APP_RANK = {0, 1, 0, 1};
    private static final int[] REINC = {0, 0, 0, 2};
    private static final boolean[] SPAWNED = {false, false, false, true};
    private static final String[] WDIR = {"/work/app0", "/work/app1"};
    private static final String[] ARGV = {"./a.out --first", "./b.out --second x"};

    @TempDir
    static Path tmp;

    private static Path exe;
    private static String host;

    @BeforeAll
    static void build() {
        exe = NativeBuild.pmixProgram(Path.of("src/test/c/get_all_keys.c"));
    }

    // ---- the shapes ------------------------------------------------------------------------------------

    private static String nodeName(int n) {
        return n == 0 ? host : NODE1;
    }

    private static String peers(int node) {
        return node == 0 ? "0,2" : "1,3";
    }

    private static Info arr(Attribute<DataArray> key, List<Info> infos) {
        return Info.of(key.key(), DataArray.ofInfos(infos));
    }

    private static List<Info> jobKeys(boolean withDerivable) {
        List<Info> l = new ArrayList<>(List.of(
                Attributes.JOBID.info("job-42"),
                Attributes.NPROC_OFFSET.info(OFFSET),
                Attributes.MAX_PROCS.info(8),
                Attributes.MAPBY.info("ppr:2:node"),
                Attributes.RANKBY.info("node"),
                Attributes.BINDTO.info("core")));
        if (withDerivable) {
            l.add(Attributes.JOB_SIZE.info(4));
            l.add(Attributes.NUM_NODES.info(2));
            l.add(Attributes.JOB_NUM_APPS.info(2));
            l.add(Attributes.NODE_LIST.info(host + "," + NODE1));
        }
        l.add(Attributes.NODE_MAP.info(PmixServer.generateRegex(host + "," + NODE1)));
        l.add(Attributes.PROC_MAP.info(PmixServer.generatePpn("0,2;1,3")));
        return l;
    }

    private static List<Info> nodeKeys(int n, boolean withName) {
        List<Info> l = new ArrayList<>();
        if (withName) {
            l.add(Attributes.HOSTNAME.info(nodeName(n)));
            l.add(Attributes.NODEID.info(n));
        }
        l.add(Attributes.LOCAL_SIZE.info(2));
        l.add(Attributes.NODE_SIZE.info(2));
        l.add(Attributes.LOCALLDR.info(n));
        l.add(Attributes.LOCAL_PEERS.info(peers(n)));
        return l;
    }

    private static List<Info> appKeys(int a, boolean withDerivable) {
        List<Info> l = new ArrayList<>(List.of(Attributes.APPNUM.info(a)));
        if (withDerivable) {
            l.add(Attributes.APP_SIZE.info(2));
            l.add(Attributes.APPLDR.info(2 * a));
        }
        l.add(Attributes.WDIR.info(WDIR[a]));
        l.add(Attributes.APP_ARGV.info(ARGV[a]));
        return l;
    }

    private static List<Info> procKeys(int r, boolean withDerivable) {
        List<Info> l = new ArrayList<>(List.of(Attributes.RANK.info(r)));
        if (withDerivable) {
            l.add(Attributes.LOCAL_RANK.info(LRANK[r]));
            l.add(Attributes.NODE_RANK.info(LRANK[r]));
            l.add(Attributes.GLOBAL_RANK.info(r + OFFSET));
            l.add(Attributes.APP_RANK.info(APP_RANK[r]));
            l.add(Attributes.NODEID.info(NODE_OF[r]));
            l.add(Attributes.HOSTNAME.info(nodeName(NODE_OF[r])));
        }
        l.add(Attributes.APPNUM.info(APP_OF[r]));
        l.add(Attributes.REINCARNATION.info(REINC[r]));
        l.add(Attributes.SPAWNED.info(SPAWNED[r]));
        return l;
    }

    private static List<Info> procArrays(IntFunction<Info> perRank, int... ranks) {
        List<Info> l = new ArrayList<>();
        for (int r : ranks) {
            l.add(perRank.apply(r));
        }
        return l;
    }

    /** Loose keys wherever a loose key is allowed; containers only where a level has several members. */
    private static List<Info> flat() {
        List<Info> l = new ArrayList<>(List.of(Attributes.SESSION_ID.info(7), Attributes.UNIV_SIZE.info(16)));
        l.addAll(jobKeys(true));
        l.addAll(nodeKeys(0, false)); // loose node-level keys describe the server's own node
        l.add(arr(Attributes.NODE_INFO_ARRAY, nodeKeys(1, true)));
        l.add(arr(Attributes.APP_INFO_ARRAY, appKeys(0, true)));
        l.add(arr(Attributes.APP_INFO_ARRAY, appKeys(1, true)));
        l.addAll(procArrays(r -> arr(Attributes.PROC_DATA, procKeys(r, true)), 0, 1, 2, 3));
        return l;
    }

    /** Everything in containers, nested as deep as the Standard allows. */
    private static List<Info> containers() {
        List<Info> app0 = new ArrayList<>(appKeys(0, true));
        app0.addAll(procArrays(r -> arr(Attributes.PROC_DATA, procKeys(r, true)), 0, 1));
        List<Info> job = new ArrayList<>(List.of(Attributes.NSPACE.info(NS)));
        job.addAll(jobKeys(true));
        job.add(arr(Attributes.APP_INFO_ARRAY, app0));
        job.add(arr(Attributes.APP_INFO_ARRAY, appKeys(1, true)));
        job.add(arr(Attributes.NODE_INFO_ARRAY, nodeKeys(0, true)));
        job.addAll(procArrays(r -> arr(Attributes.PROC_DATA, procKeys(r, true)), 2, 3));
        return List.of(
                arr(Attributes.SESSION_INFO_ARRAY, List.of(Attributes.SESSION_ID.info(7), Attributes.UNIV_SIZE.info(16),
                        arr(Attributes.JOB_INFO_ARRAY, job))),
                arr(Attributes.NODE_INFO_ARRAY, nodeKeys(1, true)));
    }

    /** Only what cannot be derived: the server works out sizes, leaders, ranks and placement. */
    private static List<Info> derived() {
        List<Info> l = new ArrayList<>(List.of(Attributes.SESSION_ID.info(7), Attributes.UNIV_SIZE.info(16)));
        l.addAll(jobKeys(false));
        l.add(arr(Attributes.APP_INFO_ARRAY, appKeys(0, false)));
        l.add(arr(Attributes.APP_INFO_ARRAY, appKeys(1, false)));
        l.addAll(procArrays(r -> arr(Attributes.PROC_DATA, procKeys(r, false)), 0, 1, 2, 3));
        return l;
    }

    private static List<Info> shape(String name) {
        return switch (name) {
            case "flat" -> flat();
            case "containers" -> containers();
            case "derived" -> derived();
            default -> throw new IllegalArgumentException(name);
        };
    }

    // ---- the expectations ------------------------------------------------------------------------------

    private static KeyFacts facts(PmixServer server) {
        var dirs = server.sessionDirectories();
        KeyFacts f = new KeyFacts()
                .session(Attributes.SESSION_ID, 7)
                .session(Attributes.UNIV_SIZE, 16)
                .session(Attributes.TMPDIR, dirs.serverTmpdir())
                .job(Attributes.JOBID, "job-42")
                .job(Attributes.JOB_SIZE, 4)
                .job(Attributes.MAX_PROCS, 8)
                .job(Attributes.NUM_NODES, 2)
                .job(Attributes.JOB_NUM_APPS, 2)
                .job(Attributes.NODE_LIST, host + "," + NODE1)
                .job(Attributes.NPROC_OFFSET, OFFSET)
                .job(Attributes.MAPBY, "ppr:2:node")
                .job(Attributes.RANKBY, "node")
                .job(Attributes.BINDTO, "core")

                .job(Attributes.NSDIR, dirs.namespaceDirPath(NS));
        for (int a = 0; a < 2; a++) {
            f.app(a, Attributes.APPNUM, a).app(a, Attributes.APP_SIZE, 2).app(a, Attributes.APPLDR, 2 * a)
                    .app(a, Attributes.WDIR, WDIR[a]).app(a, Attributes.APP_ARGV, ARGV[a]);
        }
        for (int n = 0; n < 2; n++) {
            f.node(n, Attributes.HOSTNAME, nodeName(n)).node(n, Attributes.NODEID, n)
                    .node(n, Attributes.LOCAL_SIZE, 2).node(n, Attributes.NODE_SIZE, 2)
                    .node(n, Attributes.LOCALLDR, n).node(n, Attributes.LOCAL_PEERS, peers(n));
        }
        for (int r = 0; r < 4; r++) {
            f.proc(r, Attributes.RANK, r).proc(r, Attributes.LOCAL_RANK, LRANK[r])
                    .proc(r, Attributes.NODE_RANK, LRANK[r]).proc(r, Attributes.GLOBAL_RANK, r + OFFSET)
                    .proc(r, Attributes.APP_RANK, APP_RANK[r]).proc(r, Attributes.APPNUM, APP_OF[r])
                    .proc(r, Attributes.NODEID, NODE_OF[r]).proc(r, Attributes.HOSTNAME, nodeName(NODE_OF[r]))
                    .proc(r, Attributes.REINCARNATION, REINC[r]).proc(r, Attributes.SPAWNED, SPAWNED[r])
                    .proc(r, Attributes.PROCDIR, NODE_OF[r] == 0 ? dirs.procDirPath(NS, r) : ABSENT);
        }
        return f;
    }

    // ---- the runs --------------------------------------------------------------------------------------

    private static void runClients(String shape, String mode) {
        Path run = tmp.resolve(shape + "-" + mode);
        Path serverTmp = run.resolve("server");
        try (PmixServer server = PmixServer.start(null, List.of(Attributes.SERVER_TMPDIR.info(serverTmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(serverTmp.toString())))) {
            host = server.config().hostname();
            server.registerNspace(NS, 2, shape(shape)).join();
            var sys = new com.sun.security.auth.module.UnixSystem();
            for (int r : new int[] {0, 2}) {
                server.registerClient(new Proc(NS, r), (int) sys.getUid(), (int) sys.getGid()).join();
            }
            Path factsFile = facts(server).write(run.resolve("facts.txt"));
            for (int r : new int[] {0, 2}) {
                Run.Result res = Run.command(exe.toString(), "--mode", mode, factsFile.toString())
                        .env(server.setupFork(new Proc(NS, r))).go();
                KeyFacts.assertAllPassed(res);
            }
        }
    }

    @ParameterizedTest(name = "{0} registration")
    @ValueSource(strings = {"flat", "containers", "derived"})
    void everyKeyAtEveryLevelByGet(String shape) throws Exception {
        Files.createDirectories(tmp.resolve(shape + "-get"));
        runClients(shape, "get");
    }

    /**
     * The same keys through PMIx_Query_info, one query per key with the Standard's qualifiers for its
     * realm; "query-refresh" adds PMIX_QUERY_REFRESH_CACHE. A 4.2.2 client sends both to the server.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"query", "query-refresh"})
    void everyKeyAtEveryLevelByQuery(String mode) throws Exception {
        Files.createDirectories(tmp.resolve("containers-" + mode));
        runClients("containers", mode);
    }
}
