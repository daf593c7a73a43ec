package org.pmix4j.client.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/**
 * The libpmix 4.2.2 host server of the tests (src/test/c/host_server.c): a real OpenPMIx server with tool
 * support and every upcall our clients and tools use, which logs each upcall as a "HOST ..." line.
 *
 * <p>{@link #serve} starts one that only serves tools, until {@link #close}; {@link #launch} runs a job under
 * one and returns its whole output.
 */
public final class HostServer implements AutoCloseable {
    private final Process process;
    private final OutputStream stdin;
    private final List<String> lines = new ArrayList<>();
    private final String uri;
    private final long pid;
    private final Path sessionDir;

    private HostServer(Process p, Path sessionDir) throws IOException {
        this.process = p;
        this.stdin = p.getOutputStream();
        this.sessionDir = sessionDir;
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = r.readLine();
        if (first == null || !first.startsWith("READY ")) {
            p.destroyForcibly();
            throw new IllegalStateException("host_server did not start: " + first + "\n"
                    + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
        String[] f = first.split(" ");
        this.uri = f[1];
        this.pid = Long.parseLong(f[2].substring("pid=".length()));
        Thread t = new Thread(() -> {
            try {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the server is gone
            }
        }, "host_server-out");
        t.setDaemon(true);
        t.start();
    }

    /** The compiled host_server. */
    public static Path binary() {
        return NativeBuild.pmixProgram(Path.of("src/test/c/host_server.c"), "-lpthread");
    }

    /**
     * A server for tools: session tmpdir {@code sessionDir}, system tmpdir {@code systemDir}, namespace
     * {@code nspace} (its job is {@code hsjob}, registered without processes).
     */
    public static HostServer serve(Path sessionDir, Path systemDir, String nspace, String... extra) throws IOException {
        Files.createDirectories(sessionDir);
        Files.createDirectories(systemDir);
        List<String> cmd = new ArrayList<>(List.of(binary().toString(), "-d", sessionDir.toString(), "-s",
                systemDir.toString(), "-n", nspace));
        cmd.addAll(List.of(extra));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("PMIX_"));
        return new HostServer(pb.start(), sessionDir);
    }

    /** Runs {@code np} copies of {@code command} under a fresh server; answers everything it printed. */
    public static Run.Result launch(Path dir, int np, List<String> serverOptions, List<String> command,
            Duration timeout) throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(binary().toString(), "-d", dir.toString(), "-s", dir.toString(),
                "-np", Integer.toString(np)));
        cmd.addAll(serverOptions);
        cmd.add("--");
        cmd.addAll(command);
        Run run = Run.command(cmd).timeout(timeout);
        for (String k : System.getenv().keySet()) {
            if (k.startsWith("PMIX_")) {
                run.unsetEnv(k);
            }
        }
        return run.go();
    }

    public String uri() {
        return uri;
    }

    public long pid() {
        return pid;
    }

    public Path sessionDir() {
        return sessionDir;
    }

    /** The HOST lines so far. */
    public List<String> log() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Waits up to {@code timeout} for a HOST line containing {@code text}. */
    public boolean await(String text, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            while (lines.stream().noneMatch(l -> l.contains(text))) {
                long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                lines.wait(left);
            }
            return true;
        }
    }

    /** Ends the server: closing its stdin finalizes it; a server that hangs is killed. */
    @Override
    public void close() throws IOException {
        try {
            stdin.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
