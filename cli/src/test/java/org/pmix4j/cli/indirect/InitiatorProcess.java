package org.pmix4j.cli.indirect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pmix4j.cli.Main;

/**
 * The libpmix initiator ({@code src/test/c/initiator.c}) running, with the intermediate launcher it starts
 * being {@code pmix4j run} or {@code pmix4j dvm} from this test's class path. Its output (and that of the
 * launcher, which libpmix forwards to it) is collected as it comes.
 */
final class InitiatorProcess implements AutoCloseable {
    private final Process process;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread outPump;
    private final Thread errPump;

    private final java.util.Set<ProcessHandle> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private InitiatorProcess(Process process) {
        this.process = process;
        this.outPump = pump(process.getInputStream(), out);
        this.errPump = pump(process.getErrorStream(), err);
        // the IL outlives the initiator's exit (it then learns of it by the keepalive pipe), when it is no
        // descendant any more: note every process seen under the initiator while it runs
        Thread.ofPlatform().daemon().start(() -> {
            while (process.isAlive()) {
                process.descendants().forEach(seen::add);
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    /** The launcher's command line: {@code java -cp <ours> org.pmix4j.cli.Main <args>}. */
    static List<String> pmix4j(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Starts {@code initiator <args>} with TMPDIR (for the launcher's session directories) set to {@code tmp}. */
    static InitiatorProcess start(Path initiator, Path tmp, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(initiator.toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("TMPDIR", tmp.toString());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        try {
            return new InitiatorProcess(pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    long pid() {
        return process.pid();
    }

    /** The processes the initiator started and those they started, now. */
    List<ProcessHandle> descendants() {
        return process.descendants().toList();
    }

    /** Every process seen under the initiator so far (sampled while it runs), the IL among them. */
    List<ProcessHandle> seen() {
        process.descendants().forEach(seen::add);
        return List.copyOf(seen);
    }

    /** Waits until a line of stdout matches {@code regex}; answers its first group (or the whole match). */
    Optional<String> awaitLine(String regex, Duration limit) throws InterruptedException {
        Pattern p = Pattern.compile(regex, Pattern.MULTILINE);
        long end = System.nanoTime() + limit.toNanos();
        while (true) {
            Matcher m = p.matcher(stdout());
            if (m.find()) {
                return Optional.of(m.groupCount() > 0 ? m.group(1) : m.group());
            }
            if (!process.isAlive()) {
                outPump.join(5000);
                m = p.matcher(stdout());
                return m.find() ? Optional.of(m.groupCount() > 0 ? m.group(1) : m.group()) : Optional.empty();
            }
            if (System.nanoTime() >= end) {
                return Optional.empty();
            }
            Thread.sleep(20);
        }
    }

    /** Waits for the initiator's exit; its status, or -1 when it did not exit within {@code limit}. */
    int waitFor(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            return -1;
        }
        outPump.join(5000);
        errPump.join(5000);
        return process.exitValue();
    }

    void kill() {
        process.destroyForcibly();
    }

    String stdout() {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    String all() {
        String e;
        synchronized (err) {
            e = err.toString(StandardCharsets.UTF_8);
        }
        return "--- initiator stdout\n" + stdout() + "--- initiator stderr\n" + e;
    }

    /** Waits (up to {@code limit}) until none of {@code processes} is alive; answers those still alive. */
    static List<ProcessHandle> awaitGone(List<ProcessHandle> processes, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        List<ProcessHandle> alive = processes.stream().filter(InitiatorProcess::running).toList();
        while (!alive.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(50);
            alive = alive.stream().filter(InitiatorProcess::running).toList();
        }
        return alive;
    }

    /**
     * Alive and not a zombie: a process that ended but that its parent has not reaped yet (libpmix reaps the
     * tools it fork/exec'd only some of the time) is gone for our purpose.
     */
    private static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc/" + h.pid() + "/stat"));
            // "pid (comm) S ...": the state follows the last ')'
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return h.isAlive();
        }
    }

    @Override
    public void close() {
        // a failed test must not leave the launcher or its job running
        List<ProcessHandle> started = seen();
        process.destroyForcibly();
        started.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream to) {
        Thread t = Thread.ofPlatform().daemon().start(() -> {
            byte[] b = new byte[8192];
            int n;
            try (in) {
                while ((n = in.read(b)) > 0) {
                    synchronized (to) {
                        to.write(b, 0, n);
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        });
        return t;
    }
}
