package org.pmix4j.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code pmix4j run ...} as a separate JVM, the way a user starts it, from this test's class path (no jar
 * needed): its own pid for signals, TMPDIR pointed where the test wants it, output collected as it comes.
 * It starts with every signal at its default action, as from an interactive shell, whatever this JVM
 * inherited: a JVM leaves a signal it was started ignoring ignored (SIGINT and SIGQUIT in a background job of
 * a non-interactive shell, SIGHUP under nohup), and so does its launcher's handler, which is what a user who
 * starts pmix4j that way gets. A test suite started that way (`bin/test &` from a script) would otherwise see
 * {@code kill -INT} ignored.
 */
public final class LauncherProcess implements AutoCloseable {
    private final Process process;
    private final Path tmpdir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread outPump;
    private final Thread errPump;

    private LauncherProcess(Process process, Path tmpdir) {
        this.process = process;
        this.tmpdir = tmpdir;
        this.outPump = pump(process.getInputStream(), out);
        this.errPump = pump(process.getErrorStream(), err);
    }

    /**
     * How to start it beyond TMPDIR: options for its JVM (e.g. -Xmx), variables added to (or, with a null
     * value, removed from) its environment, its stdin (by default /dev/null), its working directory (null:
     * this JVM's).
     */
    public record Setup(List<String> jvmOptions, java.util.Map<String, String> env, ProcessBuilder.Redirect stdin,
            Path directory) {
        public static final Setup DEFAULT = new Setup(List.of(), java.util.Map.of(),
                ProcessBuilder.Redirect.from(new java.io.File("/dev/null")), null);

        /** The same, with these options for the launcher's JVM (log levels …). */
        public Setup withJvmOptions(List<String> options) {
            return new Setup(options, env, stdin, directory);
        }
    }

    /** Starts {@code pmix4j run <runArgs>} with TMPDIR (and TMP, TEMP) set to {@code tmpdir}. */
    public static LauncherProcess start(Path tmpdir, List<String> runArgs) {
        return start(tmpdir, runArgs, Setup.DEFAULT);
    }

    /** As {@link #start(Path, List)}, set up as {@code setup} says. */
    public static LauncherProcess start(Path tmpdir, List<String> runArgs, Setup setup) {
        return startCommand(tmpdir, "run", runArgs, setup);
    }

    /**
     * The command line of {@code pmix4j <command> <args>} as the tests run it (this JVM's java and class path),
     * for starting it, or for handing to a command that runs it (e.g. {@code pmix4j alloc -- <it>}).
     */
    public static List<String> commandLine(List<String> jvmOptions, String command, List<String> args) {
        // as bin/pmix4j: holding processes at exec calls C through java.lang.foreign
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(jvmOptions);
        cmd.addAll(LauncherJvm.classPathOptions());
        cmd.addAll(List.of(Main.class.getName(), command));
        cmd.addAll(args);
        return cmd;
    }

    /** {@code pmix4j <command> <args>} ({@code dvm}, {@code prun}, {@code term} ...), as {@link #start}. */
    public static LauncherProcess startCommand(Path tmpdir, String command, List<String> args, Setup setup) {
        // env execs the launcher: the pid signalled is the launcher's
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal"));
        cmd.addAll(commandLine(setup.jvmOptions(), command, args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        environment(pb, tmpdir);
        setup.env().forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        pb.redirectInput(setup.stdin());
        if (setup.directory() != null) {
            pb.directory(setup.directory().toFile());
        }
        try {
            java.nio.file.Files.createDirectories(tmpdir);
            return new LauncherProcess(pb.start(), tmpdir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    /**
     * TMPDIR (and TMP, TEMP) for the launcher or for a tool that must find it, and no PMIx environment of
     * an outer job (the test run inside mpirun) that either would otherwise take for its own.
     */
    public static void environment(ProcessBuilder pb, Path tmpdir) {
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            pb.environment().put(v, tmpdir.toString());
        }
        pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"));
    }

    /**
     * A tool to run against this launcher: {@code command} with the launcher's TMPDIR (where the tool
     * finds its rendezvous files) and without the PMIx environment of an outer job.
     */
    public org.pmix4j.testkit.Run tool(List<String> command) {
        org.pmix4j.testkit.Run r = org.pmix4j.testkit.Run.command(command);
        for (String v : List.of("TMPDIR", "TMP", "TEMP")) {
            r.env(v, tmpdir.toString());
        }
        System.getenv().keySet().stream().filter(k -> k.startsWith("PMIX_") || k.startsWith("OMPI_"))
                .forEach(r::unsetEnv);
        return r;
    }

    /** The TMPDIR it was started with. */
    public Path tmpdir() {
        return tmpdir;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The launcher's stdin, when started with {@code Redirect.PIPE}. */
    public java.io.OutputStream stdin() {
        return process.getOutputStream();
    }

    public long pid() {
        return process.pid();
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public String stdout() {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    public String stderr() {
        synchronized (err) {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    /** Both streams, for assertion messages. */
    public String all() {
        return "--- stdout\n" + stdout() + "--- stderr\n" + stderr();
    }

    /** How often {@code text} is on stdout. */
    public int count(String text) {
        String s = stdout();
        int n = 0;
        for (int i = s.indexOf(text); i >= 0; i = s.indexOf(text, i + 1)) {
            n++;
        }
        return n;
    }

    /**
     * Waits until {@code text} has appeared {@code times} times on stdout; false at the timeout or when the
     * launcher ended without it (looking once more then: its last output may land as it exits).
     */
    public boolean awaitOutput(String text, int times, Duration timeout) throws InterruptedException {
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
    public java.util.regex.Matcher awaitLine(String regex, Duration timeout) throws InterruptedException {
        return awaitLine(this::stdout, regex, timeout);
    }

    /** As {@link #awaitLine}, on stderr (where a launcher's own messages go). */
    public java.util.regex.Matcher awaitErrorLine(String regex, Duration timeout) throws InterruptedException {
        return awaitLine(this::stderr, regex, timeout);
    }

    private java.util.regex.Matcher awaitLine(java.util.function.Supplier<String> text, String regex,
            Duration timeout) throws InterruptedException {
        java.util.regex.Pattern p = java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.MULTILINE);
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            java.util.regex.Matcher m = p.matcher(text.get());
            if (m.find()) {
                return m;
            }
            if (!process.isAlive()) {
                m = p.matcher(text.get());
                return m.find() ? m : null;
            }
            Thread.sleep(20);
        }
        return null;
    }

    /** The exit status, or -1 if it did not end within the timeout (then it is killed with its children). */
    public int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            close();
            return -1;
        }
        outPump.join(5000);
        errPump.join(5000);
        return process.exitValue();
    }

    /** Sends a signal by name (INT, TERM) with kill(1), as a user's shell would. */
    public void signal(String name) throws IOException, InterruptedException {
        Process k = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (k.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
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
