package org.pmix4j.cli.cleanup;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pmix4j.cli.Main;

/**
 * {@code pmix4j run ...} in a JVM of its own, started from this test's class path, with TMPDIR pointed at
 * a directory of the test (so a libpmix tool given the same TMPDIR finds the launcher's rendezvous file),
 * optional JVM options (log levels), and its output collected as it comes.
 */
final class LauncherRun implements AutoCloseable {
    private final Process process;
    private final Path tmpdir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread outPump;
    private final Thread errPump;

    private LauncherRun(Process process, Path tmpdir) {
        this.process = process;
        this.tmpdir = tmpdir;
        this.outPump = pump(process.getInputStream(), out);
        this.errPump = pump(process.getErrorStream(), err);
    }

    /** Starts {@code java <jvmOptions> org.pmix4j.cli.Main run <runArgs>}. */
    static LauncherRun start(Path tmpdir, List<String> jvmOptions, List<String> runArgs) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run"));
        cmd.addAll(runArgs);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        environment(pb, tmpdir);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        try {
            Files.createDirectories(tmpdir);
            return new LauncherRun(pb.start(), tmpdir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    /** TMPDIR for the launcher and its tools; no PMIx environment of an outer job. */
    static void environment(ProcessBuilder pb, Path tmpdir) {
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            pb.environment().put(v, tmpdir.toString());
        }
        pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"));
    }

    long pid() {
        return process.pid();
    }

    Path tmpdir() {
        return tmpdir;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String stdout() {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    String stderr() {
        synchronized (err) {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    /** Both streams, for assertion messages. */
    String all() {
        return "--- stdout\n" + stdout() + "--- stderr\n" + stderr();
    }

    /** How often {@code text} is on stdout. */
    int count(String text) {
        String s = stdout();
        int n = 0;
        for (int i = s.indexOf(text); i >= 0; i = s.indexOf(text, i + 1)) {
            n++;
        }
        return n;
    }

    /** Waits until {@code text} is on stdout {@code times} times; false at the timeout or the launcher's end. */
    boolean awaitOutput(String text, int times, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (count(text) >= times) {
                return true;
            }
            if (!process.isAlive()) {
                return count(text) >= times;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** Waits for a stdout line matching {@code regex} (whole line); the matcher, or {@code null} at the timeout. */
    Matcher awaitLine(String regex, Duration timeout) throws InterruptedException {
        Pattern p = Pattern.compile(regex, Pattern.MULTILINE);
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            Matcher m = p.matcher(stdout());
            if (m.find()) {
                return m;
            }
            if (!process.isAlive()) {
                m = p.matcher(stdout());
                return m.find() ? m : null;
            }
            Thread.sleep(20);
        }
        return null;
    }

    /** The exit status, or -1 if it did not end within the timeout (then it is killed with its children). */
    int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            close();
            return -1;
        }
        outPump.join(5000);
        errPump.join(5000);
        return process.exitValue();
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream sink) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    synchronized (sink) {
                        sink.write(buf, 0, n);
                    }
                }
            } catch (IOException ignored) {
                // the launcher is gone
            }
        }, "launcher-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
