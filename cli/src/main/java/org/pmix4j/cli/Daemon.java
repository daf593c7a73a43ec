package org.pmix4j.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pmix4j.api.internal.AtomicFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pmix4j.runtime.LaunchException;

/**
 * Starting a pmix4j daemon ({@code pmix4j dvm}, {@code pmix4j sched}) in the background with
 * {@code --daemonize}: the same command again without that option, in a new session (setsid) with no
 * terminal and its output discarded, as PRRTE's --daemonize does; the parent waits until the daemon says it
 * is ready (its pid and URI in a file named by {@link #READY_FILE}) or why it could not start, and prints
 * the "-" and "+" reports the daemon itself cannot.
 */
final class Daemon {
    /** Set in the environment of a daemonized process: where it says it is ready. */
    static final String READY_FILE = "PMIX4J_DAEMON_READY_FILE";

    /** "pmix4j dvm", for messages. */
    private final String command;

    Daemon(String command) {
        this.command = command;
    }

    /** Whether this process is a daemonized one, waited for by its parent. */
    static boolean waitedFor() {
        return System.getenv(READY_FILE) != null;
    }

    /** Tells the waiting parent (if any) that the daemon is ready. */
    static void ready(long pid, String uri) {
        String file = System.getenv(READY_FILE);
        if (file == null) {
            return;
        }
        Path target = Path.of(file);
        try {
            AtomicFiles.replace(target, (pid + "\n" + uri + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new LaunchException("cannot say that the daemon is ready in " + target + ": " + e.getMessage(), 1);
        }
    }

    /** Says why the daemon could not start: on stderr, and to the waiting parent. */
    int fail(String message, int status) {
        System.err.println(command + ": " + message);
        String file = System.getenv(READY_FILE);
        if (file != null) {
            try {
                Files.writeString(Path.of(file + ".failed"), command + ": " + message + "\n", StandardCharsets.UTF_8);
            } catch (IOException e) {
                // the parent still sees the exit status
            }
        }
        return status;
    }

    /** Starts this command again in the background and waits for it; returns this process's exit status. */
    int daemonize(String reportPid, String reportUri) {
        ProcessHandle.Info self = ProcessHandle.current().info();
        String java = self.command().orElseThrow(() -> new LaunchException("cannot find this JVM's command", 1));
        List<String> args = new ArrayList<>(List.of(self.arguments().orElseThrow(
                () -> new LaunchException("cannot read this JVM's arguments", 1))));
        args.removeIf(a -> a.equals("--daemonize"));
        List<String> cmd = new ArrayList<>(List.of("setsid", java));
        cmd.addAll(args);
        Path ready;
        try {
            ready = Files.createTempFile("pmix4j-daemon-ready", "");
            Files.delete(ready);
        } catch (IOException e) {
            throw new LaunchException("cannot make a temporary file: " + e.getMessage(), 1);
        }
        Path failed = Path.of(ready + ".failed");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put(READY_FILE, ready.toString());
        try {
            Process p = pb.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(ready)) {
                if (!p.isAlive()) {
                    String why = Files.exists(failed) ? Files.readString(failed, StandardCharsets.UTF_8).strip() : "";
                    System.err.println(why.isEmpty() ? command + ": ended at start with status " + p.exitValue() : why);
                    return p.exitValue() == 0 ? 1 : p.exitValue();
                }
                if (System.nanoTime() > deadline) {
                    p.destroy();
                    throw new LaunchException("did not become ready within 60 s", 1);
                }
                Thread.sleep(20);
            }
            List<String> lines = Files.readAllLines(ready, StandardCharsets.UTF_8);
            report(reportPid, lines.get(0));
            report(reportUri, lines.get(1));
            return 0;
        } catch (IOException e) {
            throw new LaunchException("cannot start: " + e.getMessage(), 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            try {
                Files.deleteIfExists(ready);
                Files.deleteIfExists(failed);
            } catch (IOException e) {
                // temporary files; nothing depends on them any more
            }
        }
    }

    private static void report(String where, String text) {
        if ("-".equals(where)) {
            System.out.println(text);
        } else if ("+".equals(where)) {
            System.err.println(text);
        }
    }
}
