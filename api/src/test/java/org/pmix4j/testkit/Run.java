package org.pmix4j.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command for a test: environment, stdin bytes, a timeout that kills it, and its whole output. */
public final class Run {
    private final List<String> command;
    private final Map<String, String> env = new HashMap<>();
    private final List<String> unset = new ArrayList<>();
    private byte[] stdin = new byte[0];
    private Duration timeout = Duration.ofSeconds(60);
    private Path dir;

    private Run(List<String> command) {
        this.command = List.copyOf(command);
    }

    public static Run command(String... command) {
        return new Run(List.of(command));
    }

    public static Run command(List<String> command) {
        return new Run(command);
    }

    public Run env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public Run env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    public Run unsetEnv(String name) {
        unset.add(name);
        return this;
    }

    public Run stdin(byte[] bytes) {
        this.stdin = bytes.clone();
        return this;
    }

    public Run timeout(Duration t) {
        this.timeout = t;
        return this;
    }

    public Run dir(Path d) {
        this.dir = d;
        return this;
    }

    /** Output and exit status; exit code -1 means it was killed at the timeout. */
    public record Result(int exitCode, String stdout, String stderr, byte[] stdoutBytes) {
        /** Both streams, for assertion messages. */
        public String all() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    public Result go() {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeAll(unset);
        pb.environment().putAll(env);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        try {
            Process p = pb.start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread to = pump(p.getInputStream(), out);
            Thread te = pump(p.getErrorStream(), err);
            try (var in = p.getOutputStream()) {
                in.write(stdin);
            } catch (IOException ignored) {
                // the program did not read its input; that is its business
            }
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
            }
            to.join();
            te.join();
            return new Result(done ? p.exitValue() : -1, out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8), out.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream sink) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(sink);
            } catch (IOException ignored) {
                // the stream closed under us: the process is gone
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
