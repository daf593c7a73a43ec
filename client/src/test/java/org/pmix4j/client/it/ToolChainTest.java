package org.pmix4j.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.client.internal.ClientEnvironment;
import org.pmix4j.client.programs.ToolProgram;
import org.pmix4j.testkit.Run;

/**
 * The Java tool library against real libpmix 4.2.2 servers (src/test/c/host_server.c, started with tool
 * support; some as the node's system server): every rule of the tools chapter's rendezvous chain, the
 * tool's identity, several servers at once, and the variables of a spawned tool.
 */
@SuppressWarnings("try") // many servers are started only to be found, never called by name
class ToolChainTest {
    @TempDir
    Path dir;
    Path session;
    Path system;
    String host;

    @BeforeEach
    void dirs() throws IOException {
        session = Files.createDirectories(dir.resolve("session"));
        system = Files.createDirectories(dir.resolve("system"));
        host = ClientEnvironment.osHostname();
    }

    /** Runs the tool program with our tmpdirs and these arguments. */
    private Run.Result tool(String... args) {
        return tool(List.of(), List.of(), args);
    }

    private Run.Result tool(List<String> env, List<String> jvm, String... args) {
        List<String> a = new ArrayList<>(List.of("tmpdir=" + dir, "systmp=" + system));
        a.addAll(List.of(args));
        Run run = Run.command(JavaProgram.command(jvm, ToolProgram.class, a.toArray(String[]::new)))
                .timeout(Duration.ofMinutes(1));
        for (String k : System.getenv().keySet()) {
            if (k.startsWith("PMIX_")) {
                run.unsetEnv(k);
            }
        }
        for (String kv : env) {
            int eq = kv.indexOf('=');
            run.env(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return run.go();
    }

    private static void connectedTo(Run.Result r, String server) {
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("servers=[" + server + ":0]") && r.stdout().contains("connected=true"), r.all());
    }

    private static void failsNaming(Run.Result r, String status, String... words) {
        assertEquals(3, r.exitCode(), r.all());
        String line = r.stdout().lines().filter(l -> l.startsWith("TOOL ERROR")).findFirst().orElse("");
        assertTrue(line.startsWith("TOOL ERROR " + status + " "), r.all());
        for (String w : words) {
            assertTrue(line.contains(w), "'" + w + "' not in: " + line);
        }
    }

    private Path rendezvous(HostServer s, String name) {
        return s.sessionDir().resolve("pmix." + host + ".tool." + name);
    }

    // ---- the chain, rule by rule ---------------------------------------------------------------------

    @Test
    void attachmentFile() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA");
                HostServer b = HostServer.serve(session.resolve("b"), system, "hsB")) {
            Run.Result r = tool("file=" + rendezvous(b, "hsB"), "query=hs.answer");
            connectedTo(r, "hsB");
            assertTrue(r.stdout().contains("TOOL self=hsB.tool.1:0"), r.all());
            assertTrue(r.stdout().contains("TOOL query hs.answer=42"), r.all());
            assertTrue(b.await("tool_connected hsB.tool.1:0 given=0", Duration.ofSeconds(5)), b.log().toString());
        }
    }

    @Test
    void serverUriTcpUriAndFileUri() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA");
                HostServer b = HostServer.serve(session.resolve("b"), system, "hsB")) {
            connectedTo(tool("uri=" + b.uri()), "hsB");
            connectedTo(tool("tcpuri=" + b.uri()), "hsB");
            connectedTo(tool("uri=file:" + rendezvous(a, "hsA")), "hsA");
            failsNaming(tool("uri=" + a.uri(), "tcpuri=" + b.uri()), "PMIX_ERR_BAD_PARAM", "PMIX_SERVER_URI",
                    "PMIX_TCP_URI");
        }
    }

    @Test
    void serverPidAndNamespace() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA");
                HostServer b = HostServer.serve(session.resolve("b"), system, "hsB")) {
            connectedTo(tool("pid=" + b.pid()), "hsB");
            connectedTo(tool("pid=" + a.pid()), "hsA");
            connectedTo(tool("nspace=hsB"), "hsB");
            connectedTo(tool("nspace=hsA"), "hsA");
        }
    }

    @Test
    void systemServerOnlyOrFirst() throws Exception {
        try (HostServer session1 = HostServer.serve(session.resolve("a"), system, "hsA")) {
            // no system server: CONNECT_TO_SYSTEM fails naming the file; SYSTEM_FIRST falls through silently
            failsNaming(tool("system"), "PMIX_ERR_NOT_FOUND", "system server", "pmix.sys." + host);
            Run.Result fallthrough = tool("systemfirst");
            connectedTo(fallthrough, "hsA");
            assertFalse(fallthrough.stdout().contains("ERROR"), fallthrough.all());
            try (HostServer sys = HostServer.serve(session.resolve("s"), system, "hsSys", "--system")) {
                connectedTo(tool("system"), "hsSys");
                connectedTo(tool("systemfirst"), "hsSys");
            }
        }
    }

    @Test
    void defaultSearchTriesEachServerUntilOneAccepts() throws Exception {
        failsNaming(tool(), "PMIX_ERR_UNREACH", "no PMIx server found", dir.toString());
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA")) {
            // a newer rendezvous file whose server is gone (its port refuses) comes first and is passed over
            Path stale = Files.createDirectories(session.resolve("stale")).resolve("pmix." + host + ".tool.4242");
            int deadPort;
            try (ServerSocket s = new ServerSocket(0)) {
                deadPort = s.getLocalPort();
            }
            Files.writeString(stale, "gone.0;tcp4://127.0.0.1:" + deadPort + "\n4.2.2\n4242\n0:0\nnever\n\n");
            Files.setLastModifiedTime(stale, FileTime.from(Instant.now().plusSeconds(60)));
            connectedTo(tool(), "hsA");
        }
    }

    @Test
    void aNamedTargetThatFailsIsAnErrorWithoutFallingThrough() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA")) {
            // a server to fall through to exists; none of these may reach it
            failsNaming(tool("pid=999999"), "PMIX_ERR_NOT_FOUND", "pid 999999", "pmix." + host + ".tool.999999");
            failsNaming(tool("nspace=nobody"), "PMIX_ERR_NOT_FOUND", "namespace nobody");
            failsNaming(tool("file=" + dir.resolve("missing")), "PMIX_ERR_NOT_FOUND", "attachment file",
                    dir.resolve("missing").toString());
            // unreadable: a directory where the file should be
            failsNaming(tool("file=" + session), "PMIX_ERR_UNREACH", "attachment file", session.toString());
            int deadPort;
            try (ServerSocket s = new ServerSocket(0)) {
                deadPort = s.getLocalPort();
            }
            failsNaming(tool("uri=refuser.0;tcp4://127.0.0.1:" + deadPort), "PMIX_ERR_UNREACH", "refuser.0",
                    Integer.toString(deadPort));
            assertFalse(a.log().stream().anyMatch(l -> l.contains("tool_connected")), a.log().toString());
        }
    }

    @Test
    void delayedConnectionRetriesAndWaitForConnection() throws Exception {
        Run.Result once = tool("nspace=late");
        failsNaming(once, "PMIX_ERR_NOT_FOUND", "namespace late");
        CompletableFuture<Run.Result> retrying = CompletableFuture.supplyAsync(
                () -> tool("nspace=late", "retries=10", "delay=1"));
        CompletableFuture<Run.Result> waiting = CompletableFuture.supplyAsync(
                () -> tool("nspace=late", "wait", "timeout=20"));
        Thread.sleep(2500);
        try (HostServer late = HostServer.serve(session.resolve("late"), system, "late")) {
            connectedTo(retrying.get(), "late");
            connectedTo(waiting.get(), "late");
        }
        long t0 = System.nanoTime();
        failsNaming(tool("nspace=never", "wait", "timeout=2"), "PMIX_ERR_NOT_FOUND", "namespace never");
        assertTrue((System.nanoTime() - t0) / 1_000_000 >= 1500, "PMIX_TIMEOUT 2 s was not waited for");
    }

    // ---- identity ------------------------------------------------------------------------------------

    @Test
    void identityGivenAssignedOrSelfMade() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA")) {
            Run.Result given = tool("nspace=hsA", "toolns=my.tool", "toolrank=3");
            connectedTo(given, "hsA");
            assertTrue(given.stdout().contains("TOOL self=my.tool:3 "), given.all());
            assertTrue(a.await("tool_connected my.tool:3 given=1", Duration.ofSeconds(5)), a.log().toString());
            Run.Result rank0 = tool("nspace=hsA", "toolns=other.tool");
            assertTrue(rank0.stdout().contains("TOOL self=other.tool:0 "), rank0.all());
            Run.Result assigned = tool("nspace=hsA");
            assertTrue(assigned.stdout().matches("(?s).*TOOL self=hsA\\.tool\\.\\d+:0 .*"), assigned.all());
            failsNaming(tool("nspace=hsA", "toolrank=2"), "PMIX_ERR_BAD_PARAM", "PMIX_TOOL_RANK");
            // a launcher introduces itself as one (connect flags 6 and 7); the server accepts both
            connectedTo(tool("nspace=hsA", "launcher"), "hsA");
            connectedTo(tool("nspace=hsA", "launcher", "toolns=my.launcher"), "hsA");
        }
        Run.Result alone = tool("nocon");
        assertEquals(0, alone.exitCode(), alone.all());
        assertTrue(alone.stdout().matches("(?s).*TOOL self=pmix4j\\.tool\\." + host + "\\.\\d+:0 servers=\\[\\]"
                + " connected=false.*"), alone.all());
        Run.Result optional = tool("nspace=absent", "optional");
        assertEquals(0, optional.exitCode(), optional.all());
        assertTrue(optional.stdout().contains("connected=false"), optional.all());
    }

    // ---- several servers -----------------------------------------------------------------------------

    @Test
    void severalServersPrimaryAndDisconnect() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA");
                HostServer b = HostServer.serve(session.resolve("b"), system, "hsB")) {
            Run.Result r = tool("nspace=hsA", "attach=nspace=hsB", "query=pmix.qry.ns", "setserver=hsB",
                    "query=hs.answer", "disconnect=hsB");
            assertEquals(0, r.exitCode(), r.all());
            String out = r.stdout();
            // the first server is primary; a second attach keeps it; the identity stays the same on both
            assertTrue(out.contains("TOOL attached hsB:0 servers=[hsA:0, hsB:0] primary=hsA:0"), out);
            assertTrue(out.contains("TOOL primary=hsB:0"), out);
            assertTrue(out.contains("TOOL disconnected hsB:0 servers=[hsA:0] primary=hsA:0"), out);
            assertTrue(b.await("tool_connected hsA.tool.1:0 given=1", Duration.ofSeconds(5)), b.log().toString());
            assertTrue(a.await("query by hsA:0 key=pmix.qry.ns", Duration.ofSeconds(5)), a.log().toString());
            assertTrue(b.await("query by hsB:0 key=hs.answer", Duration.ofSeconds(5)), b.log().toString());
            // the search skips servers we hold; when all are held it says so
            Run.Result again = tool("attach=x", "attach=x");
            assertTrue(again.stdout().contains("TOOL attached"), again.all());
            failsNaming(again, "PMIX_ERR_UNREACH", "connected already");
            // PMIX_PRIMARY_SERVER makes an attached server primary at once
            Run.Result primary = tool("nspace=hsA", "attach=nspace=hsB,primary");
            assertTrue(primary.stdout().contains("primary=hsB:0"), primary.all());
        }
    }

    @Test
    void outputForwardingToTheTool() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA")) {
            Run.Result r = tool("nspace=hsA", "iof=hsjob");
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("TOOL iof from hsjob:0: hello from the host's job"), r.all());
            assertTrue(r.stdout().contains("TOOL iof pulled received"), r.all());
        }
    }

    // ---- a tool started by another tool -----------------------------------------------------------------

    @Test
    void launcherRendezvousUriKeepsThePrimary() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA");
                HostServer b = HostServer.serve(session.resolve("b"), system, "hsB")) {
            Run.Result r = tool(List.of("PMIX_LAUNCHER_RNDZ_URI=" + b.uri()), List.of(), "nspace=hsA", "env");
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdout().contains("servers=[hsA:0, hsB:0]"), r.all());
            assertTrue(r.stdout().contains("TOOL child-env-has-launcher-variables=false"), r.all());
        }
    }

    @Test
    void launcherRendezvousFileIsReadOrWritten() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA");
                HostServer b = HostServer.serve(session.resolve("b"), system, "hsB")) {
            // it exists: it names the server to use
            connectedTo(tool(List.of("PMIX_LAUNCHER_RNDZ_FILE=" + rendezvous(b, "hsB")), List.of()), "hsB");
            // it does not: we write where the spawning tool can reach us, and remove it when done
            Path file = dir.resolve("spawner/rndz");
            CompletableFuture<Run.Result> r = CompletableFuture.supplyAsync(
                    () -> tool(List.of("PMIX_LAUNCHER_RNDZ_FILE=" + file), List.of(), "nspace=hsA", "sleep=4"));
            long end = System.currentTimeMillis() + 20_000;
            while (!Files.exists(file) && System.currentTimeMillis() < end) {
                Thread.sleep(100);
            }
            assertTrue(Files.exists(file), "no file written at " + file);
            List<String> lines = Files.readAllLines(file);
            assertEquals(a.uri(), lines.get(0));
            assertEquals(5, lines.stream().filter(l -> !l.isEmpty()).count(), lines.toString());
            assertEquals(0, r.get().exitCode(), r.get().all());
            assertFalse(Files.exists(file), "the file outlived the tool");
        }
    }

    @Test
    void keepalivePipeClosingRaisesJobEnd() {
        List<String> cmd = new ArrayList<>(JavaProgram.command(ToolProgram.class, "nocon", "keepalive"));
        String shell = "exec " + String.join(" ", cmd.stream().map(s -> "'" + s + "'").toList()) + " 5< <(sleep 2)";
        Run.Result r = Run.command("bash", "-c", shell).env("PMIX_KEEPALIVE_PIPE", "5").timeout(Duration.ofMinutes(1))
                .go();
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("TOOL job-end affected=[PMIX_KEEPALIVE_PIPE:UNDEF]"), r.all());
        assertTrue(r.stdout().contains("TOOL keepalive ended"), r.all());
    }

    @Test
    void launcherVariablesAreClearedBeforeChildrenAreForked() throws Exception {
        try (HostServer a = HostServer.serve(session.resolve("a"), system, "hsA")) {
            List<String> env = List.of("PMIX_LAUNCHER_RNDZ_URI=" + a.uri(), "PMIX_LAUNCHER_RNDZ_FILE="
                    + rendezvous(a, "hsA"));
            // with java.lang opened to us, the JVM's own environment loses them: System.getenv and every
            // ProcessBuilder that starts from it
            Run.Result opened = tool(env, List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"), "env");
            assertEquals(0, opened.exitCode(), opened.all());
            assertTrue(opened.stdout().contains("TOOL cleared=true getenv=false"), opened.all());
            assertTrue(opened.stdout().contains("TOOL child-env-has-launcher-variables=false"), opened.all());
            // without, PmixTool.processBuilder still gives children a clean environment
            Run.Result closed = tool(env, List.of(), "env");
            assertTrue(closed.stdout().contains("TOOL cleared=false"), closed.all());
            assertTrue(closed.stdout().contains("TOOL child-env-has-launcher-variables=false"), closed.all());
        }
    }
}
