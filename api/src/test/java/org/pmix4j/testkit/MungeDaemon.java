package org.pmix4j.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A munged (the MUNGE daemon, Debian's {@code munge} package) for the tests of the psec module "munge",
 * started with a key of its own (128 random bytes, mode 0400) and stopped, its files removed, on close.
 *
 * <p>libmunge, which libpmix's peers use, looks for munged only at {@code /run/munge/munge.socket.2}: it
 * reads no variable and libpmix gives it no other path. {@link #atDefaultSocket} therefore starts munged
 * there when nothing answers there, or uses the munged that does (a site's, which it then leaves alone).
 * {@link #privateSocket} starts one on a socket of its own for tests with pmix4j peers only.
 *
 * <p>Tests are skipped, with a message saying what to install, when munged is not installed.
 */
public final class MungeDaemon implements AutoCloseable {
    public static final Path DEFAULT_SOCKET = Path.of("/run/munge/munge.socket.2");
    private static final Path MUNGED = Path.of("/usr/sbin/munged");

    private final Path socket;
    private final Process process;
    private final Path dir;
    private final Path createdRunDir;
    private final Thread stopOnExit;

    private MungeDaemon(Path socket, Process process, Path dir, Path createdRunDir) {
        this.socket = socket;
        this.process = process;
        this.dir = dir;
        this.createdRunDir = createdRunDir;
        this.stopOnExit = process == null ? null : new Thread(this::stop, "munged-stop");
        if (stopOnExit != null) {
            Runtime.getRuntime().addShutdownHook(stopOnExit);
        }
    }

    /** Skips the calling test unless munged is installed and we are root (munged's files need it). */
    public static void assumeAvailable() {
        Assumptions.assumeTrue(Files.isExecutable(MUNGED), "munged is not installed (" + MUNGED
                + "): run bin/install-test-deps (Debian package 'munge')");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "the munge tests start munged with files under /run and need root");
    }

    /**
     * munged on its own socket, in a directory of its own under the system's temporary directory (which
     * every user may pass through: a test's own temporary directory is closed to other users, and tokens
     * made by another user must be possible).
     */
    public static MungeDaemon privateSocket() {
        assumeAvailable();
        try {
            Path dir = Files.createTempDirectory("pmix4j-munged");
            Path socket = dir.resolve("munge.socket");
            return new MungeDaemon(socket, start(dir, socket), dir, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * munged in {@code dir} (created here, removed at close) on a socket named as munged's default one,
     * {@code munge.socket.2}: the directory can then stand in for /run/munge where a test mounts it there
     * (in a test host's own mount namespace), for libmunge's users too. {@code launcher} is put before
     * munged's command line (a test host's {@code nsenter ...}, so that the host's end takes munged with
     * it even when this JVM is killed); empty, munged runs here.
     */
    public static MungeDaemon inDirectory(Path dir, List<String> launcher) {
        assumeAvailable();
        try {
            Files.createDirectories(dir);
            Path socket = dir.resolve(DEFAULT_SOCKET.getFileName());
            return new MungeDaemon(socket, start(dir, socket, launcher), dir, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * munged where libmunge looks for it: the one that answers there already, else one of ours (its key,
     * pid, seed and log files in a directory of their own, removed with {@code /run/munge} if we made it).
     */
    public static MungeDaemon atDefaultSocket() {
        assumeAvailable();
        if (answers(DEFAULT_SOCKET)) {
            return new MungeDaemon(DEFAULT_SOCKET, null, null, null);
        }
        try {
            Path runDir = DEFAULT_SOCKET.getParent();
            Path created = null;
            if (!Files.isDirectory(runDir)) {
                Files.createDirectories(runDir);
                created = runDir;
                // munged checks that no one else may write where its socket is
                Files.setPosixFilePermissions(runDir, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Path dir = Files.createTempDirectory("pmix4j-munged");
            return new MungeDaemon(DEFAULT_SOCKET, start(dir, DEFAULT_SOCKET), dir, created);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Process start(Path dir, Path socket) throws IOException {
        return start(dir, socket, List.of());
    }

    private static Process start(Path dir, Path socket, List<String> launcher) throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path key = dir.resolve("munge.key");
        byte[] bytes = new byte[128];
        new SecureRandom().nextBytes(bytes);
        Files.write(key, bytes);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
        Path log = dir.resolve("munged.out");
        List<String> cmd = new ArrayList<>(launcher);
        cmd.addAll(List.of(MUNGED.toString(), "--foreground", "--force",
                "--socket=" + socket, "--key-file=" + key, "--pid-file=" + dir.resolve("munged.pid"),
                "--seed-file=" + dir.resolve("munged.seed"), "--log-file=" + dir.resolve("munged.log")));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // munged is ready when its socket answers; it may also fail at once (its reason is in its output)
        for (int i = 0; i < 400 && !answers(socket); i++) {
            if (!p.isAlive()) {
                throw new IllegalStateException("munged exited " + p.exitValue() + " at start:\n" + Files.readString(log));
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while munged started");
            }
        }
        if (!answers(socket)) {
            p.destroyForcibly();
            throw new IllegalStateException("munged did not open " + socket + " within 10 s:\n" + Files.readString(log));
        }
        return p;
    }

    /** True when something accepts connections on {@code socket}. */
    public static boolean answers(Path socket) {
        if (!Files.exists(socket)) {
            return false;
        }
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public Path socket() {
        return socket;
    }

    /** True when this fixture started munged (false: it uses one that was already running). */
    public boolean ours() {
        return process != null;
    }

    @Override
    public void close() {
        if (stopOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException e) {
                // the JVM is exiting: the hook runs stop
            }
        }
        stop();
    }

    private synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(Path.of(socket + ".lock"));
            deleteTree(dir);
            if (createdRunDir != null) {
                deleteTree(createdRunDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path d) throws IOException {
        if (d == null || !Files.exists(d)) {
            return;
        }
        try (Stream<Path> s = Files.walk(d)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
