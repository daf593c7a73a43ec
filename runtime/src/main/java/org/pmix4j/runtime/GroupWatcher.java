package org.pmix4j.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.internal.Log;

/**
 * Ends what the job's processes started themselves when this JVM dies, even by SIGKILL, with no native
 * code: the parent-death signal ({@link ProcessStarter}) reaches only the processes the runtime forked,
 * not their children, which stay in the process group each job process leads. So a small watcher process
 * (awk, in a session of its own so that no signal for the runtime's group reaches it) reads the groups to
 * watch from a pipe: "+ PGID" when a job process starts, "- PGID" once its group was ended with its job.
 * When the pipe closes without a "q" — the JVM is gone, however it went — the watcher SIGKILLs every group
 * still on its list, at once; on a normal exit the JVM says "q" first. Processes that left their group
 * (a daemon that called setsid) are still found by the next start's {@link StaleRuntimes}.
 *
 * <p>Without awk or setsid (no util-linux) nothing is watched, with a warning. Thread safe.
 */
final class GroupWatcher {
    private static final Log LOG = Log.of(GroupWatcher.class);
    private static final List<Path> AWK = List.of(Path.of("/usr/bin/awk"), Path.of("/bin/awk"));
    /**
     * The watcher: remember groups, forget them, and on end of input without "q", kill what is remembered
     * (with the shell's kill: "kill -9 -PGID ...", the form dash's builtin takes; it refuses "--").
     */
    private static final String PROGRAM = "$1==\"+\"{g[$2]=1; next} $1==\"-\"{delete g[$2]; next} "
            + "$1==\"q\"{quit=1; exit} "
            + "END{if (quit) exit; c=\"\"; for (k in g) c=c \" -\" k; if (c != \"\") system(\"kill -9\" c \" 2>/dev/null\")}";

    /** How long an exiting JVM waits for the watcher to leave (it takes a few ms). */
    private static final long QUIT_WAIT_MS = 200;

    /** Held for the watcher's life: the pipe must close only when this JVM ends, never with a dropped reference. */
    private Process process;
    private OutputStream pipe;
    private boolean failed;

    /** Starts the watcher process; a watcher that cannot start watches nothing. */
    static GroupWatcher start(String setsid) {
        GroupWatcher w = new GroupWatcher();
        Path awk = AWK.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (awk == null || setsid == null) {
            LOG.warn("awk or setsid not found: what a job's processes start will not die with a SIGKILLed runtime"
                    + " (the next start or pmix4j clean ends it)");
            w.failed = true;
            return w;
        }
        try {
            Process p = new ProcessBuilder(setsid, awk.toString(), PROGRAM)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            w.process = p;
            w.pipe = p.getOutputStream();
            Runtime.getRuntime().addShutdownHook(new Thread(w::quit, "group-watcher-quit"));
        } catch (IOException e) {
            LOG.warn("cannot start the process-group watcher: {}", e.getMessage());
            w.failed = true;
        }
        return w;
    }

    /** Watches the group {@code pgid} leads (a job process just started as a group leader). */
    void watch(long pgid) {
        send("+ " + pgid + "\n");
    }

    /** These groups were ended with their job: no longer to be killed. */
    void forget(List<Long> pgids) {
        StringBuilder sb = new StringBuilder();
        for (long g : pgids) {
            sb.append("- ").append(g).append('\n');
        }
        send(sb.toString());
    }

    /**
     * A normal end: the watcher leaves without killing anything. The pipe is closed after the word and the
     * watcher awaited (briefly): awk may read its input in blocks and act on the "q" only at the end of it;
     * until the watcher is gone the JDK's thread that waits for it sits in native code, and a JVM that exits
     * waits up to 300 ms for such threads (JDK 25's UserThreadWaitAttemptsAtExit) — on every run.
     */
    private void quit() {
        send("q\n");
        synchronized (this) {
            if (failed) {
                return;
            }
            failed = true; // nothing more is sent
            try {
                pipe.close();
            } catch (IOException e) {
                return;
            }
        }
        try {
            process.waitFor(QUIT_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void send(String lines) {
        if (failed || lines.isEmpty()) {
            return;
        }
        try {
            pipe.write(lines.getBytes(StandardCharsets.US_ASCII));
            pipe.flush();
        } catch (IOException e) {
            failed = true;
            LOG.warn("the process-group watcher is gone ({}): what job processes start will be ended by the next"
                    + " start or pmix4j clean instead", e.getMessage());
        }
    }
}
