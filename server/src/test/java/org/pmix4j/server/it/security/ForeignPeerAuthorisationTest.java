package org.pmix4j.server.it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * Real libpmix peers of another user (uid/gid 65534, "nobody", through {@code setpriv}) against a job of
 * root's on a server run by root: as a tool and as a client of a job of their own, every request that acts
 * on root's job — job control (kill, signal), cleanup registration, IO forwarding pull, stdin push, queries
 * naming it, PMIx_Get of its data, an event naming its processes, spawn aimed at it (PMIX_DEBUG_TARGET), abort — is refused with
 * PMIX_ERR_NO_PERMISSIONS and never reaches the host; the list of namespaces leaves root's job out; the same peer's requests about its own job
 * are served on the same connection afterwards. Root's tool may do all of it, so may a tool the host
 * trusts ({@code HostModule.toolRights}), and a user owns a job its tool spawned. The host here admits
 * tools of other users ({@code HostModule.admitsToolOf}); the peers' uid is the kernel's.
 */
class ForeignPeerAuthorisationTest {
    private static final int NOBODY = 65534;
    private static final String REFUSED = "rc=" + PmixStatus.PMIX_ERR_NO_PERMISSIONS;
    private static Path exe;

    @TempDir
    Path tmp;
    private Path userTmp;
    private RecordingHost host;
    private PmixServer server;

    @BeforeAll
    static void build() {
        Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0,
                "skipped: peers of another user can only be started by root (setpriv); run the tests as root");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "skipped: no /usr/bin/setpriv");
        exe = NativeBuild.pmixProgram(Path.of("src/test/c/authz_probe.c"));
    }

    @BeforeEach
    void start() throws Exception {
        // the other user's programs need a directory of their own and a way to it
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        userTmp = Files.createDirectory(tmp.resolve("user"));
        Files.setPosixFilePermissions(userTmp, PosixFilePermissions.fromString("rwxrwxrwx"));
        host = new RecordingHost();
        server = PmixServer.start(host, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)));
        host.server = server;
        job("rootjob", 2, 0);
        job("userjob", 1, NOBODY);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void job(String ns, int size, int uid, Info... extra) {
        StringBuilder ranks = new StringBuilder();
        for (int r = 0; r < size; r++) {
            ranks.append(r == 0 ? "" : ",").append(r);
        }
        List<Info> info = new ArrayList<>(List.of(Attributes.JOB_SIZE.info(size),
                Attributes.NODE_MAP.info(server.config().hostname()), Attributes.PROC_MAP.info(ranks.toString())));
        info.addAll(List.of(extra));
        server.registerNspace(ns, size, info).join();
        for (int r = 0; r < size; r++) {
            server.registerClient(new Proc(ns, r), uid, uid).join();
        }
    }

    /** Runs the probe as {@code uid} (root: without setpriv), with {@code env}. */
    private Run.Result probe(int uid, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>();
        if (uid != 0) {
            cmd.addAll(List.of("setpriv", "--reuid=" + uid, "--regid=" + uid, "--clear-groups"));
        }
        cmd.add(exe.toString());
        cmd.addAll(List.of(args));
        Map<String, String> all = new LinkedHashMap<>(env);
        all.put("TMPDIR", userTmp.toString());
        // native credentials: a libpmix tool would use munge when munged runs here, which this server does not read
        all.putIfAbsent("PMIX_MCA_psec", "native");
        return Run.command(cmd).env(all).timeout(Duration.ofSeconds(60)).go();
    }

    private Run.Result tool(int uid, String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.add(server.uri());
        return probe(uid, Map.of(), a.toArray(String[]::new));
    }

    private static void assertLine(Run.Result r, String name, String rc) {
        assertTrue(r.stdout().contains(name + " " + rc + "\n"), "expected '" + name + " " + rc + "'\n" + r.all());
    }

    private static final List<String> ACTS_ON_VICTIM = List.of("jobctl", "signal", "cleanup", "pull", "push",
            "proctable", "jobsize", "get", "spawn");

    @Test
    void foreignToolIsRefusedEverythingOnRootsJobAndKeepsItsOwnRights() {
        Run.Result r = tool(NOBODY, "tool", "rootjob");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("ready authztool."), r.all());
        for (String op : ACTS_ON_VICTIM) {
            assertLine(r, op, REFUSED);
        }
        assertLine(r, "namespaces", "rc=0");
        assertFalse(r.stdout().contains("rootjob"),
                "the namespaces listed to uid 65534 include root's job\n" + r.all());
        assertFalse(r.stdout().contains("LEAK"), r.all());
        assertEquals(List.of(), host.naming("rootjob"), "requests about root's job reached the host");
        // refused requests cost the tool nothing else: its own namespace is still served on its connection
        assertLine(r, "ownjobctl", "rc=0");
        assertEquals(1, host.calls("jobControl").size(), host.calls.toString());
    }

    @Test
    void clientOfAnotherUsersJobIsRefusedAndItsOwnJobServed() {
        Run.Result r = probe(NOBODY, server.setupFork(new Proc("userjob", 0)), "client", "rootjob");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("ready userjob:0"), r.all());
        for (String op : ACTS_ON_VICTIM) {
            assertLine(r, op, REFUSED);
        }
        // a libpmix tool answers its own PMIx_Notify_event's callback before the server does: a client hears
        // the server's answer
        assertLine(r, "notify", REFUSED);
        // libpmix 4.2.2's PMIx_Abort returns success whatever the server answers: that the host never heard
        // of it (below) is what shows the refusal
        assertTrue(r.stdout().contains("abort rc="), r.all());
        assertLine(r, "namespaces", "rc=0");
        assertTrue(r.stdout().contains("  namespaces=userjob\n"), r.all());
        assertEquals(List.of(), host.naming("rootjob"), "requests about root's job reached the host");
        assertLine(r, "ownjobctl", "rc=0");
        assertEquals(1, host.naming("userjob").size(), host.calls.toString());
    }

    @Test
    void rootsToolMayActOnEveryJob() {
        Run.Result r = tool(0, "tool", "userjob");
        assertEquals(0, r.exitCode(), r.all());
        for (String op : List.of("jobctl", "signal", "cleanup", "pull", "push", "proctable", "jobsize", "get",
                "notify")) {
            assertLine(r, op, "rc=0");
        }
        assertTrue(r.stdout().contains("rootjob") && r.stdout().contains("userjob"), r.all());
        assertEquals(1, host.calls("notifyEvent").size(), host.calls.toString());
        assertEquals(1, host.calls("spawn").size(), host.calls.toString());
        assertTrue(host.naming("userjob").size() >= 5, host.calls.toString());
    }

    @Test
    void aToolTheHostTrustsMayActOnEveryJob() {
        host.trustedUid = NOBODY;
        Run.Result r = tool(NOBODY, "tool", "rootjob");
        assertEquals(0, r.exitCode(), r.all());
        for (String op : List.of("jobctl", "signal", "cleanup", "pull", "push", "proctable", "jobsize", "get",
                "notify")) {
            assertLine(r, op, "rc=0");
        }
        assertTrue(r.stdout().contains("rootjob"), r.all());
        assertTrue(host.naming("rootjob").size() >= 5, host.calls.toString());
    }

    @Test
    void aJobRegisteredForAUserIsThatUsers() {
        // no clients registered: the owner is the registration's PMIX_USERID
        server.registerNspace("declared", 0, List.of(Attributes.JOB_SIZE.info(1),
                Attributes.NODE_MAP.info(server.config().hostname()), Attributes.PROC_MAP.info("0"),
                Attributes.USERID.info(NOBODY), Attributes.GRPID.info(NOBODY))).join();
        Run.Result r = tool(NOBODY, "tool", "declared");
        assertEquals(0, r.exitCode(), r.all());
        assertLine(r, "jobctl", "rc=0");
        assertLine(r, "proctable", "rc=0");
        assertTrue(r.stdout().contains("declared"), r.all());
        assertFalse(r.stdout().contains("rootjob"), r.all());
    }

    @Test
    void aUserOwnsTheJobItsToolSpawnedThoughItRunsAsRoot() {
        Run.Result r = tool(NOBODY, "spawner", "-");
        assertEquals(0, r.exitCode(), r.all());
        assertLine(r, "spawned", "rc=0");
        assertLine(r, "spawnedctl", "rc=0");
        assertEquals(1, host.naming("authzspawned.1").size(), host.calls.toString());
        // and another user's tool may not touch it
        Run.Result other = tool(NOBODY - 1, "tool", "authzspawned.1");
        assertLine(other, "jobctl", REFUSED);
        assertEquals(1, host.naming("authzspawned.1").size(), host.calls.toString());
    }
}
