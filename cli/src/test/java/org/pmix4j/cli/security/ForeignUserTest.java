package org.pmix4j.cli.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.cli.LauncherProcess;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;
import org.pmix4j.wire.message.IofPullRequest;
import org.pmix4j.wire.message.IofPushRequest;
import org.pmix4j.wire.message.JobControlRequest;
import org.pmix4j.wire.message.QueryRequest;
import org.pmix4j.wire.message.RequestMessage;

/**
 * Issue 13's attack, as a test: a second user (created here, removed after) tries to disturb a job that root
 * runs with {@code pmix4j run}, with libpmix's own tool ({@code pps}), C tools and clients built against
 * libpmix ({@code jobctl_tool}, {@code authz_probe}) and raw sockets writing their own handshakes: it connects
 * as a tool, as a client of root's job, and (once the server learns identities from the kernel) with a forged
 * uid 0, and asks for job control (kill, terminate, signal), cleanup registration, IO forwarding pulls, stdin
 * pushes, queries about the job and a spawn aimed at it. Every try is refused, and the job completes
 * undisturbed: both ranks finish their fence, read no injected input and the launcher exits 0.
 *
 * <p>Skipped, with a message, when the tests do not run as root (only root can create the user and run
 * programs as it).
 */
class ForeignUserTest {
    private static final int TRIES = 3;
    private static final String REFUSED = "rc=" + PmixStatus.PMIX_ERR_NO_PERMISSIONS;
    private static SecondUser user;
    private static Path victim;
    private static Path probe;
    private static Path jobctlTool;

    @TempDir
    Path tmp;

    @BeforeAll
    static void setUp() {
        // the system's python (a root-only one, e.g. pyenv's, is not the second user's to run)
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "skipped: no /usr/bin/python3");
        victim = NativeBuild.pmixProgram(Path.of("src/test/c/authz_victim.c"));
        probe = NativeBuild.pmixProgram(Path.of("../server/src/test/c/authz_probe.c"));
        jobctlTool = NativeBuild.pmixProgram(Path.of("src/test/c/jobctl_tool.c"));
        user = SecondUser.createOrSkip();
    }

    @AfterAll
    static void tearDown() {
        if (user != null) {
            user.close();
        }
    }

    /** Root's job, started and waiting for the go file; what a peer pretending to be its rank 0 needs. */
    private record RootJob(LauncherProcess launcher, String nspace, Map<String, String> rank0Env, String uri, Path go) {
    }

    private RootJob startRootJob() throws Exception {
        // the second user may look around: the tmpdirs are readable, only the launcher's own files protect it
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path launcherTmp = Files.createDirectory(tmp.resolve("launcher"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Path go = tmp.resolve("go");
        LauncherProcess p = LauncherProcess.start(launcherTmp, List.of("-n", "2", victim.toString(), go.toString()));
        assertTrue(p.awaitOutput("victim rank 1 ready", 1, Duration.ofSeconds(60)), p.all());
        assertTrue(p.awaitOutput("victim nspace ", 1, Duration.ofSeconds(60)), p.all());
        Matcher ns = Pattern.compile("victim nspace (\\S+)\n").matcher(p.stdout());
        assertTrue(ns.find(), p.all());
        Map<String, String> env = new LinkedHashMap<>();
        Matcher e = Pattern.compile("victim env (PMIX_[A-Za-z0-9_]+)=(.*)\n").matcher(p.stdout());
        while (e.find()) {
            env.put(e.group(1), e.group(2));
        }
        String uri = env.get("PMIX_SERVER_URI41");
        assertTrue(uri != null && uri.contains("tcp"), "the job's server URI\n" + p.all());
        return new RootJob(p, ns.group(1), env, uri, go);
    }

    /** Lets the job go on and checks that it completed undisturbed. */
    private static void assertCompletesUndisturbed(RootJob job) throws Exception {
        Files.createFile(job.go());
        assertEquals(0, job.launcher().waitFor(Duration.ofSeconds(60)), "the launcher's exit\n" + job.launcher().all());
        String out = job.launcher().stdout();
        assertTrue(out.contains("victim rank 0 done") && out.contains("victim rank 1 done"), job.launcher().all());
        assertTrue(out.contains("victim stdin []"), "rank 0 read no injected input\n" + job.launcher().all());
    }

    /** A libpmix program whose connection the server refused: its init failed. */
    private static boolean refusedAtInit(Run.Result r) {
        return r.exitCode() == 1 && r.stderr().contains("init failed");
    }

    /** A raw tool either refused at its connection or answered NO_PERMISSIONS to every request. */
    private static void assertRefused(RawPeer.Outcome raw) {
        if (raw.closedAtConnect() || (raw.connectStatus() != null && raw.connectStatus() != 0)) {
            return;
        }
        assertEquals(List.of(-23, -23, -23, -23, -23, -23), raw.replies(), raw.output());
    }

    private Path userDir() throws Exception {
        Path d = tmp.resolve("user");
        if (!Files.exists(d)) {
            Files.createDirectory(d);
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        return d;
    }

    /** The requests a raw peer sends against the job: kill, signal, IO pull, stdin, a query of its processes. */
    private static List<RequestMessage> attacks(String nspace) {
        Proc all = Proc.wildcard(nspace);
        return List.of(
                new JobControlRequest(List.of(all), List.of(Attributes.JOB_CTRL_KILL.info(true))),
                new JobControlRequest(List.of(new Proc(nspace, 0)), List.of(Attributes.JOB_CTRL_SIGNAL.info(9))),
                new JobControlRequest(List.of(all), List.of(Info.of(Attributes.REGISTER_CLEANUP_DIR.key(),
                        Value.of("/tmp/pmix4j-authz-never")))),
                new IofPullRequest(List.of(all), List.of(), 3, 1),
                new IofPushRequest(List.of(new Proc(nspace, 0)), List.of(), new ByteObject("injected\n".getBytes())),
                new QueryRequest(List.of(new Query(List.of(Attributes.QUERY_PROC_TABLE.key()),
                        List.of(Attributes.NSPACE.info(nspace))))));
    }

    @Test
    void aSecondUserIsRefusedEverythingOnRootsJobWhichCompletesUndisturbed() throws Exception {
        RootJob job = startRootJob();
        try (LauncherProcess p = job.launcher()) {
            // native credentials: a libpmix tool would use munge when munged runs here, which this server
            // does not read (yet)
            Map<String, String> tmpEnv = Map.of("TMPDIR", userDir().toString(), "PMIX_MCA_psec", "native");
            for (int t = 0; t < TRIES; t++) {
                // libpmix's pps, given the server's address: root's job is not among what it may see
                Run.Result pps = user.run(tmpEnv, "pps", "--uri", job.uri());
                assertFalse(pps.all().contains(job.nspace()), "pps as uid " + user.uid + " lists root's job\n"
                        + pps.all());

                // a libpmix tool that finds the launcher by its pid, as a user would
                Run.Result ctl = user.run(Map.of("TMPDIR", p.tmpdir().toString(), "PMIX_MCA_psec", "native"),
                        jobctlTool.toString(),
                        Long.toString(p.pid()), job.nspace(), "*", "kill", "terminate", "signal:9");
                assertFalse(ctl.stdout().contains("rc=0"), "job control as uid " + user.uid + "\n" + ctl.all());

                // a libpmix tool with the server's URI: everything that acts on the job (a server that refuses
                // the tool of another user at its connection refuses it all at once)
                Run.Result tool = user.run(tmpEnv, probe.toString(), "tool", job.nspace(), job.uri());
                if (!refusedAtInit(tool)) {
                    assertEquals(0, tool.exitCode(), tool.all() + "\n--- launcher\n" + p.all());
                    for (String op : List.of("jobctl", "signal", "cleanup", "pull", "push", "proctable", "jobsize",
                            "get", "spawn")) {
                        assertTrue(tool.stdout().contains(op + " " + REFUSED + "\n"), op + " as uid " + user.uid
                                + "\n" + tool.all());
                    }
                    assertFalse(tool.stdout().contains("namespaces=" + job.nspace()), tool.all());
                    assertFalse(tool.stdout().contains("LEAK"), tool.all());
                }

                // a libpmix client with rank 0's environment: its connection is refused, its init fails
                Map<String, String> env = new LinkedHashMap<>(job.rank0Env());
                env.putAll(tmpEnv);
                Run.Result client = user.run(env, probe.toString(), "client", job.nspace());
                assertEquals(1, client.exitCode(), "PMIx_Init as rank 0 of root's job\n" + client.all());

                // raw sockets: an honest tool handshake, then every request against the job
                RawPeer.Outcome raw = RawPeer.run(user, job.uri(), userDir(), true,
                        RawPeer.toolHandshake(user.uid, user.gid), attacks(job.nspace()));
                assertRefused(raw);

                // raw sockets: a client handshake as rank 0 of root's job with the user's own ids
                RawPeer.Outcome rawClient = RawPeer.run(user, job.uri(), userDir(), false,
                        RawPeer.clientHandshake(job.nspace(), 0, user.uid, user.gid), attacks(job.nspace()));
                assertTrue(rawClient.closedAtConnect(), rawClient.output());
            }
            assertTrue(p.isAlive(), p.all());
            assertCompletesUndisturbed(job);
        }
    }

    /**
     * The forged handshakes: uid 0 in a tool's handshake and credential, and a client's credential of uid 0 as
     * rank 0 of root's job. Refused: the server takes a connection's identity from the kernel, not from the
     * handshake.
     */
    @Test
    void forgedUidZeroIsRefusedAndTheJobCompletesUndisturbed() throws Exception {
        RootJob job = startRootJob();
        try (LauncherProcess p = job.launcher()) {
            for (int t = 0; t < TRIES; t++) {
                RawPeer.Outcome tool = RawPeer.run(user, job.uri(), userDir(), true, RawPeer.toolHandshake(0, 0),
                        attacks(job.nspace()));
                assertRefused(tool);
                RawPeer.Outcome client = RawPeer.run(user, job.uri(), userDir(), false,
                        RawPeer.clientHandshake(job.nspace(), 0, 0, 0), attacks(job.nspace()));
                assertTrue(client.closedAtConnect(), "a forged uid 0 client of root's job\n" + client.output());
            }
            assertTrue(p.isAlive(), p.all());
            assertCompletesUndisturbed(job);
        }
    }
}
