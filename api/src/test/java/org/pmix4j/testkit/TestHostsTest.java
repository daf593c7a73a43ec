package org.pmix4j.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Three hosts on this machine: names, addresses, ssh between them, isolation from the root namespace, teardown. */
class TestHostsTest {

    @Test
    void threeHostsReachEachOtherByNameAndLeaveNothingBehind() throws Exception {
        TestHosts.assumeAvailable();
        Set<String> rootLinksBefore = rootLinks();
        String rootHostsBefore = Files.readString(Path.of("/etc/hosts"));
        TestHosts hosts = TestHosts.create(3);
        Path dir = hosts.dir();
        List<String> namespaces = new ArrayList<>();
        String marker = "86" + (ProcessHandle.current().pid() % 1000 + 1000);
        Process sshSession;
        Process local;
        try (hosts) {
            assertEquals(List.of("h1", "h2", "h3"), hosts.hosts().stream().map(TestHosts.Host::name).toList());
            for (TestHosts.Host h : hosts.hosts()) {
                namespaces.add(hosts.namespace(h.name()));
                assertEquals(h.name(), ok(hosts.run(h.name(), "hostname")));
                assertEquals(h.tmpDir().toString(), ok(hosts.run(h.name(), "sh", "-c", "echo $TMPDIR")));
                assertTrue(h.address().startsWith("10.251.0."), h.address());
            }
            for (TestHosts.Host from : hosts.hosts()) {
                for (TestHosts.Host to : hosts.hosts()) {
                    // the name resolves to the host's address, and TCP to it by name reaches its sshd
                    String resolved = ok(hosts.run(from.name(), "getent", "hosts", to.name()));
                    assertTrue(resolved.startsWith(to.address() + " "), from.name() + " resolves " + resolved);
                    String banner = ok(hosts.run(from.name(), "bash", "-c",
                            "exec 3<>/dev/tcp/" + to.name() + "/22 && head -c 7 <&3"));
                    assertEquals("SSH-2.0", banner, from.name() + " -> " + to.name());
                }
            }
            for (String to : List.of("h2", "h3")) {
                List<String> ssh = new ArrayList<>(hosts.launchAgent());
                ssh.addAll(List.of(to, "hostname; echo $TMPDIR"));
                String out = ok(hosts.run("h1", ssh.toArray(String[]::new)));
                assertEquals(to + "\n" + hosts.host(to).tmpDir(), out, "ssh from h1 to " + to);
                // the same java as this test's, for the daemons a launcher starts there
                String javaHome = System.getProperty("java.home");
                ssh.set(ssh.size() - 1, "command -v java");
                assertEquals(javaHome + "/bin/java", ok(hosts.run("h1", ssh.toArray(String[]::new))));
            }

            // the hosts' addresses exist only inside them: the root namespace has none of them, routes them
            // (as any address) to its default gateway, and whatever answers there is not the hosts' sshd
            String rootAddrs = Run.command("ip", "-o", "addr").go().stdout();
            assertFalse(rootAddrs.contains("10.251."), rootAddrs);
            for (TestHosts.Host h : hosts.hosts()) {
                String route = Run.command("ip", "route", "get", h.address()).go().stdout();
                String dev = route.replaceAll("(?s).* dev (\\S+).*", "$1");
                assertTrue(rootLinksBefore.contains(dev), "root namespace routes " + h.address() + " over " + route);
            }
            assertFalse(rootSeesSshBanner(hosts.host("h2").address()), "h2's sshd answers in the root namespace");

            // a process started on h1 and one started through ssh on h2, both to be killed by close()
            local = hosts.start("h1", hosts.host("h1").tmpDir().resolve("sleep.out"), "sleep", marker + "1");
            List<String> ssh = new ArrayList<>(hosts.launchAgent());
            ssh.addAll(List.of("h2", "exec sleep " + marker + "2"));
            sshSession = hosts.start("h1", ssh.toArray(String[]::new));
            awaitProcess("sleep " + marker + "2");
            assertTrue(local.isAlive());
        }

        assertFalse(local.isAlive());
        assertFalse(sshSession.isAlive());
        String netns = Run.command("ip", "netns", "list").go().stdout();
        for (String ns : namespaces) {
            assertFalse(netns.contains(ns), ns + " is left: " + netns);
        }
        assertFalse(netns.contains(namespaces.get(0).replace("-h1", ".bridge")), netns);
        assertEquals(rootLinksBefore, rootLinks());
        assertEquals(rootHostsBefore, Files.readString(Path.of("/etc/hosts")));
        assertEquals("", Run.command("pgrep", "-af", dir.toString()).go().stdout(), "processes of the test are left");
        assertEquals("", Run.command("pgrep", "-af", "sleep " + marker).go().stdout(), "processes of the test are left");
        assertFalse(Files.exists(dir), dir + " is left");
    }

    @Test
    void namespacesOfAGoneTestJvmAreSweptAtCreation() throws Exception {
        TestHosts.assumeAvailable();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String stale = "pmix4j-" + gone.pid() + "-1-h1";
        String staleBridge = "pmix4j-" + gone.pid() + "-1.bridge";
        assertEquals(0, Run.command("ip", "netns", "add", stale).go().exitCode());
        assertEquals(0, Run.command("ip", "netns", "add", staleBridge).go().exitCode());
        Process inside = new ProcessBuilder("ip", "netns", "exec", stale, "sleep", "86399").start();
        try (TestHosts hosts = TestHosts.create(1)) {
            assertEquals("h1", ok(hosts.run("h1", "hostname")));
            String left = Run.command("ip", "netns", "list").go().stdout();
            assertFalse(left.contains(stale) || left.contains(staleBridge), "stale namespaces are left: " + left);
            inside.waitFor();
        } finally {
            inside.destroyForcibly();
            Run.command("ip", "netns", "del", stale).go();
            Run.command("ip", "netns", "del", staleBridge).go();
        }
    }

    @Test
    void aFailedTestStillLeavesNothingBehind() throws Exception {
        TestHosts.assumeAvailable();
        TestHosts hosts = TestHosts.create(2);
        String ns = hosts.namespace("h2");
        Path dir = hosts.dir();
        Process[] started = new Process[1];
        AssertionError failure = assertThrows(AssertionError.class, () -> {
            try (hosts) {
                started[0] = hosts.start("h2", "sleep", "86398");
                throw new AssertionError("the test failed");
            }
        });
        assertEquals("the test failed", failure.getMessage());
        assertFalse(started[0].isAlive());
        assertFalse(Run.command("ip", "netns", "list").go().stdout().contains(ns));
        assertEquals("", Run.command("pgrep", "-af", dir.toString()).go().stdout(), "processes of the test are left");
        assertFalse(Files.exists(dir), dir + " is left");
    }

    @Test
    void badHostNamesAreRefusedWithTheName() {
        var e = assertThrows(IllegalArgumentException.class, () -> TestHosts.create(List.of("h1", "H_2")));
        assertTrue(e.getMessage().contains("'H_2'"), e.getMessage());
    }

    /** Whether an sshd answers at address:22 from the root namespace (sshd speaks first, at once). */
    private static boolean rootSeesSshBanner(String address) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, 22), 1000);
            s.setSoTimeout(1000);
            byte[] banner = s.getInputStream().readNBytes(7);
            return "SSH-2.0".equals(new String(banner, java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IOException unreachable) {
            return false;
        }
    }

    private static String ok(Run.Result r) {
        assertEquals(0, r.exitCode(), r.all());
        return r.stdout().strip();
    }

    /** Root namespace link names (without the peer suffix "@..."). */
    private static Set<String> rootLinks() {
        Set<String> names = new TreeSet<>();
        for (String line : Run.command("ip", "-o", "link").go().stdout().split("\n")) {
            String[] f = line.split(": ");
            if (f.length > 1) {
                names.add(f[1].replaceAll("@.*", ""));
            }
        }
        return names;
    }

    /** Waits (bounded, not timed) until a process with this command line runs. */
    private static void awaitProcess(String commandLine) throws InterruptedException {
        for (int i = 0; i < 400; i++) {
            if (Run.command("pgrep", "-f", commandLine).go().exitCode() == 0) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no process '" + commandLine + "' started");
    }
}
