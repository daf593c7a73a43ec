package org.pmix4j.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Several hosts on this machine for multi-node tests: each host is a network namespace (its own address
 * in 10.251.0.0/24, reachable only from the other hosts), a UTS namespace (its own hostname), a mount
 * namespace (its own /etc/hosts naming every host), a TMPDIR of its own and an OpenSSH server of its own
 * that lets root in with a key generated for the test. {@link #launchAgent()} is the ssh command line a
 * launcher run on one host uses to start commands on the others, as ssh would on a cluster.
 *
 * <p>How it is built, and why:
 * <ul>
 * <li>The hosts' veth pairs meet on a bridge that lives in a namespace of its own, so the root namespace's
 *     interfaces, routes and /etc/hosts are never touched; deleting the namespaces deletes every link.
 * <li>Each host has a holder process ({@code cat}, reading a pipe from this JVM) that owns the host's UTS
 *     and mount namespaces; commands enter them with {@code nsenter}, so everything run on a host, sshd and
 *     what its sessions run included, sees the same hostname and hosts file. When this JVM ends, even
 *     killed, the holder's pipe closes and it kills every process left on its host.
 * <li>Names resolve through /etc/hosts, bind-mounted from the test's own file in each host's mount
 *     namespace, rather than through ssh's config: the daemons and MPI libraries started on the hosts
 *     resolve each other's names themselves, not only ssh.
 * <li>Namespace names carry this JVM's pid ({@code pmix4j-<pid>-<n>-<host>}, the bridge's
 *     {@code pmix4j-<pid>-<n>.bridge}); creation deletes the
 *     namespaces (and kills the processes in them) of test JVMs that are gone, and the test directories
 *     they left under the temporary directory.
 * </ul>
 *
 * <p>Tests are skipped (a JUnit assumption) when not root or when ip, nsenter, unshare, sshd, ssh or
 * ssh-keygen is missing.
 */
public final class TestHosts implements AutoCloseable {
    /** The private range the hosts' addresses are taken from; host i (from 0) is {@code 10.251.0.(i+11)}. */
    public static final String SUBNET = "10.251.0.0/24";
    private static final String PREFIX = "pmix4j-";
    private static final Pattern OUR_NAME = Pattern.compile("pmix4j-(\\d+)-\\d+(-[a-z0-9-]+|\\.bridge)");
    private static final Pattern HOST_NAME = Pattern.compile("[a-z][a-z0-9-]{0,30}");
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final Duration SSHD_READY = Duration.ofSeconds(20);
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final long PID = ProcessHandle.current().pid();
    /** PATH of everything run on the hosts, ssh sessions included: this JVM's java first, then this PATH. */
    private static final String PATH_ON_HOSTS = Path.of(System.getProperty("java.home"), "bin") + ":"
            + System.getenv().getOrDefault("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");

    /** One host: its name (also its hostname), its address and its own TMPDIR. */
    public record Host(String name, String address, Path tmpDir) {}

    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private final Map<String, Process> holders = new LinkedHashMap<>();
    private final List<Process> started = new ArrayList<>();
    private final List<String> namespaces = new ArrayList<>();
    private final String namePrefix;
    private final Path dir;
    private final Thread closeOnExit = new Thread(this::close, "test-hosts-close");
    private boolean closed;

    private TestHosts(Path dir) {
        this.dir = dir;
        this.namePrefix = PREFIX + PID + "-" + INSTANCES.incrementAndGet() + "-";
    }

    /** Skips the calling test unless this machine can build hosts: root, ip, nsenter, unshare, OpenSSH. */
    public static void assumeAvailable() {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "test hosts need root (network, UTS and mount namespaces)");
        for (String tool : List.of("ip", "nsenter", "unshare", "ssh", "ssh-keygen")) {
            Assumptions.assumeTrue(onPath(tool), tool + " is not installed: run bin/install-test-deps");
        }
        Assumptions.assumeTrue(Files.isExecutable(SSHD),
                "sshd is not installed (" + SSHD + "): run bin/install-test-deps (Debian package 'openssh-server')");
    }

    /** {@code count} hosts named h1 … hN. */
    public static TestHosts create(int count) {
        if (count < 1 || count > 200) {
            throw new IllegalArgumentException("host count must be 1 … 200, not " + count);
        }
        return create(IntStream.rangeClosed(1, count).mapToObj(i -> "h" + i).toList());
    }

    /** Hosts with these names (lower-case letters, digits and '-', starting with a letter). */
    public static TestHosts create(List<String> names) {
        for (String n : names) {
            if (!HOST_NAME.matcher(n).matches()) {
                throw new IllegalArgumentException("host name '" + n + "': use lower-case letters, digits and '-', "
                        + "starting with a letter, at most 31 characters");
            }
        }
        if (names.isEmpty() || names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("host names must be given, each once: " + names);
        }
        assumeAvailable();
        sweepStale();
        Path dir;
        try {
            dir = Files.createTempDirectory(PREFIX + PID + "-hosts-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TestHosts th = new TestHosts(dir);
        Runtime.getRuntime().addShutdownHook(th.closeOnExit);
        try {
            th.build(names);
            return th;
        } catch (RuntimeException | Error e) {
            th.close();
            throw e;
        }
    }

    public List<Host> hosts() {
        return List.copyOf(hosts.values());
    }

    public Host host(String name) {
        Host h = hosts.get(name);
        if (h == null) {
            throw new IllegalArgumentException("no test host '" + name + "'; hosts are " + hosts.keySet());
        }
        return h;
    }

    /** The test's ssh client configuration (user root, the test's key and known hosts, batch mode). */
    public Path sshConfig() {
        return dir.resolve("ssh/ssh_config");
    }

    /**
     * The launch agent: the command a launcher on one host puts before {@code HOST COMMAND...} to run
     * something on another ({@code ssh -F <the test's config>}).
     */
    public List<String> launchAgent() {
        return List.of("ssh", "-F", sshConfig().toString());
    }

    /** The directory holding the test's keys, configurations, host files and the hosts' TMPDIRs. */
    public Path dir() {
        return dir;
    }

    /** Network namespace name of a host (for {@code ip -n}), with this JVM's pid in it. */
    public String namespace(String host) {
        host(host);
        return namePrefix + host;
    }

    /**
     * A command to run on a host, with TMPDIR set to the host's and this JVM's java first on PATH (as in
     * the hosts' ssh sessions); add environment, stdin, a timeout.
     */
    public Run on(String host, String... command) {
        return Run.command(onHost(host, List.of(command))).env("TMPDIR", host(host).tmpDir().toString())
                .env("PATH", PATH_ON_HOSTS);
    }

    /** Runs a command on a host and waits for it (60 s at most). */
    public Run.Result run(String host, String... command) {
        return on(host, command).go();
    }

    /**
     * Starts a command on a host, its standard output and error as pipes the caller reads (or it blocks
     * once a pipe is full); it is killed at close if it is still running.
     */
    public Process start(String host, String... command) {
        return start(host, new ProcessBuilder(onHost(host, List.of(command))));
    }

    /** Starts a command on a host, its standard output and error both written to {@code output}. */
    public Process start(String host, Path output, String... command) {
        return start(host, new ProcessBuilder(onHost(host, List.of(command))).redirectErrorStream(true)
                .redirectOutput(output.toFile()));
    }

    private Process start(String host, ProcessBuilder pb) {
        pb.environment().put("TMPDIR", host(host).tmpDir().toString());
        pb.environment().put("PATH", PATH_ON_HOSTS);
        try {
            Process p = pb.start();
            synchronized (started) {
                started.add(p);
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + pb.command() + " on " + host, e);
        }
    }

    /** The command line that runs {@code command} inside the host's namespaces. */
    public List<String> onHost(String host, List<String> command) {
        host(host);
        List<String> line = new ArrayList<>(List.of("nsenter", "-t", Long.toString(holders.get(host).pid()),
                "--net", "--uts", "--mount", "--"));
        line.addAll(command);
        return line;
    }

    private void build(List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            hosts.put(n, new Host(n, "10.251.0." + (11 + i), dir.resolve("tmp/" + n)));
        }
        try {
            Files.createDirectories(dir.resolve("tmp"));
            for (Host h : hosts.values()) {
                Files.createDirectories(h.tmpDir());
                // a TMPDIR anyone may use, as /tmp: the tests also run processes as a second user
                Files.setPosixFilePermissions(h.tmpDir(), PosixFilePermissions.fromString("rwxrwxrwx"));
            }
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(dir.resolve("tmp"), PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.writeString(dir.resolve("hosts"), hostsFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        network();
        for (Host h : hosts.values()) {
            holders.put(h.name(), hold(h));
        }
        SshSetup ssh = new SshSetup(dir.resolve("ssh"), hosts.values(), PATH_ON_HOSTS);
        for (Host h : hosts.values()) {
            Path log = dir.resolve("sshd-" + h.name() + ".log");
            ProcessBuilder pb = new ProcessBuilder(onHost(h.name(), List.of(SSHD.toString(), "-D", "-e", "-f",
                    ssh.sshdConfig(h.name()).toString()))).redirectErrorStream(true).redirectOutput(log.toFile());
            try {
                Process p = pb.start();
                synchronized (started) {
                    started.add(p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start sshd on " + h.name(), e);
            }
        }
        for (Host h : hosts.values()) {
            awaitSshd(h, dir.resolve("sshd-" + h.name() + ".log"));
        }
    }

    private String hostsFile() {
        StringBuilder sb = new StringBuilder("127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n");
        for (Host h : hosts.values()) {
            sb.append(h.address()).append('\t').append(h.name()).append('\n');
        }
        return sb.toString();
    }

    /** The bridge in a namespace of its own, each host's namespace joined to it by a veth pair. */
    private void network() {
        // a '.' no host name has: the bridge's namespace cannot be taken for a host named "bridge"
        String bridgeNs = namePrefix.substring(0, namePrefix.length() - 1) + ".bridge";
        ip("netns", "add", bridgeNs);
        namespaces.add(bridgeNs);
        ip("-n", bridgeNs, "link", "add", "br0", "type", "bridge");
        ip("-n", bridgeNs, "link", "set", "br0", "up");
        int i = 0;
        for (Host h : hosts.values()) {
            String ns = namePrefix + h.name();
            ip("netns", "add", ns);
            namespaces.add(ns);
            String port = "v" + (i++);
            // made inside the bridge's namespace, its peer moved at once: no link ever exists in the root namespace
            ip("-n", bridgeNs, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns);
            ip("-n", bridgeNs, "link", "set", port, "master", "br0", "up");
            ip("-n", ns, "addr", "add", h.address() + "/24", "dev", "eth0");
            ip("-n", ns, "link", "set", "eth0", "up");
            ip("-n", ns, "link", "set", "lo", "up");
        }
    }

    /**
     * The host's holder: in its network namespace, new UTS and mount namespaces with the hostname and the
     * hosts file set. It says "ready", then reads its standard input (in the shell itself, so the holder is
     * one process, this JVM's child) until this JVM closes it or is gone; then it kills every process left
     * on the host, so a killed test JVM leaves no sshd running (the next creation's sweep deletes its empty
     * namespaces). Unlike {@code ip netns exec}, /sys is not remounted: the cgroup mounts under it stay
     * visible (hwloc reads them for the cores a process may use); only /sys/class/net still lists the
     * root's interfaces.
     */
    private Process hold(Host h) {
        String script = "hostname \"$1\" && mount --bind \"$2\" /etc/hosts && "
                + "echo ready && while read -r line; do :; done; "
                // the JVM is gone: its pipes with it (a write would end the shell with SIGPIPE)
                + "exec >/dev/null 2>&1; "
                + "for pass in 1 2 3; do for p in $(ip netns pids \"$3\"); do [ \"$p\" = $$ ] || kill -9 \"$p\"; done; done";
        ProcessBuilder pb = new ProcessBuilder("nsenter", "--net=/run/netns/" + namePrefix + h.name(), "--",
                "unshare", "--uts", "--mount", "--propagation", "private", "--",
                "sh", "-c", script, "holder", h.name(), dir.resolve("hosts").toString(), namePrefix + h.name())
                .redirectErrorStream(true);
        try {
            Process p = pb.start();
            String line = readLine(p.getInputStream());
            if (!"ready".equals(line)) {
                p.destroyForcibly();
                String rest = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                throw new IllegalStateException("host " + h.name() + " could not be set up: " + line + "\n" + rest);
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set up host " + h.name(), e);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            sb.append((char) c);
        }
        return sb.toString();
    }

    /** Waits, inside the host, until its sshd accepts connections (bounded; its log tells why if not). */
    private void awaitSshd(Host h, Path log) {
        String probe = "i=0; while [ $i -lt " + SSHD_READY.toMillis() / 50 + " ]; do "
                + "(exec 3<>/dev/tcp/" + h.address() + "/22) 2>/dev/null && exit 0; sleep 0.05; i=$((i+1)); done; exit 1";
        Run.Result r = on(h.name(), "bash", "-c", probe).timeout(SSHD_READY.plusSeconds(10)).go();
        if (r.exitCode() != 0) {
            String sshdLog;
            try {
                sshdLog = Files.readString(log);
            } catch (IOException e) {
                sshdLog = "(no log: " + e.getMessage() + ")";
            }
            throw new IllegalStateException("sshd on test host " + h.name() + " did not listen on " + h.address()
                    + ":22 within " + SSHD_READY.toSeconds() + " s; its log:\n" + sshdLog);
        }
    }

    /** Kills everything started on the hosts, deletes their namespaces (and with them every link), and the directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(closeOnExit);
        } catch (IllegalStateException shuttingDown) {
            // we are the hook
        }
        synchronized (started) {
            for (Process p : started) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
        for (String ns : namespaces) {
            killAllIn(ns);
        }
        for (Process holder : holders.values()) {
            holder.destroyForcibly();
        }
        for (String ns : namespaces) {
            removeNamespace(ns);
        }
        deleteTree(dir);
    }

    /** Deletes namespaces and test directories left by test JVMs that are gone (their pid in the name). */
    static void sweepStale() {
        Run.Result list = Run.command("ip", "netns", "list").timeout(Duration.ofSeconds(20)).go();
        for (String line : list.stdout().split("\n")) {
            String ns = line.split(" ")[0].trim();
            var m = OUR_NAME.matcher(ns);
            if (m.matches() && !alive(Long.parseLong(m.group(1)))) {
                killAllIn(ns);
                removeNamespace(ns);
            }
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Pattern dirName = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-hosts-.*");
        try (Stream<Path> s = Files.list(tmp)) {
            s.forEach(p -> {
                var m = dirName.matcher(p.getFileName().toString());
                if (m.matches() && !alive(Long.parseLong(m.group(1)))) {
                    deleteTree(p);
                }
            });
        } catch (IOException ignored) {
            // nothing to sweep
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * SIGKILLs every process in the network namespace until none is left (a fork may race a pass). A killed
     * process leaves the namespace at once, even while it waits, a zombie, for a parent or a slow init to
     * reap it: the namespace's own list is what is checked, not the processes' exits.
     */
    private static void killAllIn(String ns) {
        for (int pass = 0; pass < 250; pass++) {
            Run.Result pids = Run.command("ip", "netns", "pids", ns).timeout(Duration.ofSeconds(20)).go();
            List<String> list = pids.stdout().lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
            if (pids.exitCode() != 0 || list.isEmpty()) {
                return;
            }
            for (String pid : list) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void removeNamespace(String ns) {
        Run.command("ip", "netns", "del", ns).timeout(Duration.ofSeconds(20)).go();
    }

    private static Run.Result ip(String... args) {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        Run.Result r = Run.command(cmd).timeout(Duration.ofSeconds(20)).go();
        if (r.exitCode() != 0) {
            throw new IllegalStateException("test hosts: " + String.join(" ", cmd) + " failed: " + r.stderr().strip());
        }
        return r;
    }

    private static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        for (String d : (path + ":/usr/sbin:/sbin").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // a file still being written by a process just killed; the sweep takes it next time
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // as above
        }
    }
}
