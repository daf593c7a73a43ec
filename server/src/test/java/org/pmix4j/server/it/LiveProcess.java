package org.pmix4j.server.it;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A process a test talks to while it runs: its output lines can be awaited one by one (a peer says
 * "REGISTERED", then the test raises the event it waits for), and at the end the exit code and the whole
 * output are there for assertions. The process is killed on {@link #close}.
 */
final class LiveProcess implements AutoCloseable {
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread outPump;
    private final Thread errPump;
    private final String name;

    private LiveProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.outPump = new Thread(this::readLines, name + "-stdout");
        this.errPump = new Thread(() -> copy(process.getErrorStream()), name + "-stderr");
        outPump.setDaemon(true);
        errPump.setDaemon(true);
        outPump.start();
        errPump.start();
    }

    static LiveProcess start(Map<String, String> env, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        try {
            return new LiveProcess(command.get(0).replaceFirst(".*/", ""), pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    private void readLines() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the process is gone; what it said is kept
        }
    }

    private void copy(InputStream in) {
        try (in) {
            byte[] b = new byte[4096];
            int n;
            while ((n = in.read(b)) > 0) {
                synchronized (err) {
                    err.write(b, 0, n);
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    /** Waits for the first output line starting with {@code prefix}; fails with the output so far. */
    String awaitLine(String prefix, Duration timeout) {
        return awaitLine(l -> l.startsWith(prefix), "a line starting with '" + prefix + "'", timeout);
    }

    String awaitLine(Predicate<String> which, String what, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            while (true) {
                for (String l : lines) {
                    if (which.test(l)) {
                        return l;
                    }
                }
                long left = end - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !outPump.isAlive())) {
                    throw new AssertionError(name + " printed no " + what + " within " + timeout + "\n" + output());
                }
                try {
                    lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted", e);
                }
            }
        }
    }

    /** Waits for the exit; returns the exit code, or fails (after killing it) when it does not end in time. */
    int exitCode(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(name + " did not end within " + timeout + "\n" + output());
            }
            outPump.join(5000);
            errPump.join(5000);
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    String output() {
        StringBuilder sb = new StringBuilder("--- ").append(name).append(" stdout\n");
        for (String l : lines()) {
            sb.append(l).append('\n');
        }
        synchronized (err) {
            sb.append("--- stderr\n").append(err.toString(StandardCharsets.UTF_8));
        }
        return sb.toString();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
