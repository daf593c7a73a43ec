package org.pmix4j.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Collection;

/**
 * The OpenSSH files of a set of {@link TestHosts}, all generated for the test in one directory: a user
 * key for root (authorized on every host), a host key and an sshd configuration per host, the known hosts
 * and the client configuration ({@code ssh -F}). Nothing in ~/.ssh or /etc/ssh is read or written.
 */
final class SshSetup {
    /** sshd refuses to start without its privilege separation directory; Debian's service makes it at boot. */
    private static final Path PRIVSEP_DIR = Path.of("/run/sshd");

    private final Path dir;

    SshSetup(Path dir, Collection<TestHosts.Host> hosts, String path) {
        this.dir = dir;
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            if (!Files.isDirectory(PRIVSEP_DIR)) {
                Files.createDirectories(PRIVSEP_DIR);
                Files.setPosixFilePermissions(PRIVSEP_DIR, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            keygen(dir.resolve("id_ed25519"));
            Files.copy(dir.resolve("id_ed25519.pub"), dir.resolve("authorized_keys"));
            StringBuilder known = new StringBuilder();
            for (TestHosts.Host h : hosts) {
                Path key = dir.resolve("host_" + h.name() + "_ed25519_key");
                keygen(key);
                known.append(h.name()).append(',').append(h.address()).append(' ')
                        .append(Files.readString(key.resolveSibling(key.getFileName() + ".pub")).strip()).append('\n');
                write(sshdConfig(h.name()), sshdConfigText(h, key, path));
            }
            write(dir.resolve("known_hosts"), known.toString());
            write(dir.resolve("ssh_config"), clientConfigText());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the test hosts' ssh files in " + dir, e);
        }
    }

    Path sshdConfig(String host) {
        return dir.resolve("sshd_config_" + host);
    }

    /**
     * Port 22 on the host's address only; root by the test's key only, no PAM (a container has no login
     * stack to speak of). StrictModes is off: the test's directory is under the world-writable /tmp, whose
     * permissions sshd would otherwise hold against the authorized keys. TMPDIR is the host's own and PATH
     * the one {@link TestHosts} gives (this JVM's java first), as a cluster's shared software would be.
     */
    private String sshdConfigText(TestHosts.Host h, Path hostKey, String path) {
        return String.join("\n",
                "Port 22",
                "AddressFamily inet",
                "ListenAddress " + h.address(),
                "HostKey " + hostKey,
                "PidFile none",
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password",
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                "StrictModes no",
                "UseDNS no",
                "PrintMotd no",
                "PrintLastLog no",
                "X11Forwarding no",
                // a launcher opens many sessions at once; sshd's default drops some past 10 unauthenticated
                "MaxStartups 200",
                "MaxSessions 200",
                "SetEnv TMPDIR=" + h.tmpDir() + (path == null ? "" : " PATH=" + path),
                "LogLevel INFO",
                "");
    }

    /** User root, the test's key only, its known hosts only (checked strictly), never a prompt. */
    private String clientConfigText() {
        return String.join("\n",
                "Host *",
                "  User root",
                "  IdentityFile " + dir.resolve("id_ed25519"),
                "  IdentitiesOnly yes",
                "  IdentityAgent none",
                "  UserKnownHostsFile " + dir.resolve("known_hosts"),
                "  GlobalKnownHostsFile /dev/null",
                "  StrictHostKeyChecking yes",
                "  CheckHostIP no",
                "  UpdateHostKeys no",
                "  BatchMode yes",
                "  ConnectTimeout 10",
                "  ControlMaster no",
                "  LogLevel ERROR",
                "");
    }

    private static void keygen(Path key) {
        Run.Result r = Run.command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "pmix4j-test",
                "-f", key.toString()).timeout(Duration.ofSeconds(30)).go();
        if (r.exitCode() != 0) {
            throw new IllegalStateException("ssh-keygen for " + key + " failed: " + r.all());
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text);
        // ssh refuses a configuration others may write; keys are made 0600 by ssh-keygen
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
}
