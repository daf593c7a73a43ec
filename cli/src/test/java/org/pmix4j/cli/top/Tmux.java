package org.pmix4j.cli.top;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real terminal for a test: a detached tmux session of a fixed size on a tmux server of its own (its own
 * socket, so that nothing of the user's tmux is touched), running one command; its screen is read with
 * {@code capture-pane} and keys are typed with {@code send-keys}. Closing it kills its server.
 */
final class Tmux implements AutoCloseable {
    private final String socket;
    private final String session = "t";

    private Tmux(String socket) {
        this.socket = socket;
    }

    /**
     * Starts {@code command} (run by /bin/sh from a script, with {@code env} exported before it) in a
     * terminal of {@code columns} x {@code rows}. When the command ends the pane stays, showing
     * "EXITED status".
     */
    static Tmux start(Path dir, List<String> command, List<String> env, int columns, int rows)
            throws IOException, InterruptedException {
        StringBuilder script = new StringBuilder("#!/bin/sh\n");
        for (String e : env) {
            script.append("export ").append(quote(e)).append('\n');
        }
        List<String> quoted = new ArrayList<>();
        command.forEach(w -> quoted.add(quote(w)));
        script.append(String.join(" ", quoted)).append("\necho EXITED $?\nsleep 600\n");
        Path file = dir.resolve("tmux-command.sh");
        Files.writeString(file, script);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        Tmux t = new Tmux("pmix4j-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        t.tmux("new-session", "-d", "-s", t.session, "-x", Integer.toString(columns), "-y", Integer.toString(rows),
                file.toString());
        return t;
    }

    /** The screen as text, one line per row. */
    String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-t", session);
    }

    /** Waits (60 s at most) until the screen satisfies {@code what}; returns that screen. */
    String await(Predicate<String> what, String description) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String s = screen();
        while (!what.test(s)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the terminal never showed " + description + "; it shows:\n" + s);
            }
            Thread.sleep(100);
            s = screen();
        }
        return s;
    }

    /** Types keys (tmux's names: "q", "C-c" ...). */
    void keys(String... keys) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", session));
        args.addAll(List.of(keys));
        tmux(args.toArray(String[]::new));
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("tmux " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    @Override
    public void close() throws IOException {
        try {
            tmux("kill-server");
        } catch (IOException e) {
            // already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
