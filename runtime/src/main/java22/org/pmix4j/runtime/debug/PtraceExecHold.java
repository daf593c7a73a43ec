package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds a process at its first instruction after exec, with posix_spawn and ptrace (java.lang.foreign):
 *
 * <ol>
 * <li>posix_spawn {@code [wrapper] /bin/sh -c 'kill -STOP $$; exec "$@"' sh COMMAND...}: the shell stops
 * itself before it execs the command, so the tracing can start at a known point without a fork of our own
 * (PTRACE_TRACEME would need code in the child between fork and exec);</li>
 * <li>waitpid(WUNTRACED) until the shell is stopped; PTRACE_SEIZE with PTRACE_O_TRACEEXEC; SIGCONT;</li>
 * <li>waitpid(__WALL), letting every other stop go on, until the exec stop (PTRACE_EVENT_EXEC): the
 * command's image is in place and none of its instructions has run;</li>
 * <li>SIGSTOP queued, the tracee let go to its signal-delivery stop for it, and detached with SIGSTOP: the
 * kernel injects a detach's signal only from a signal-delivery stop (detached with SIGSTOP from the exec
 * event stop itself, the process simply runs: seen on Linux 6.18), so the process goes from the exec
 * straight into a job-control stop, state T, where a debugger may attach and from where SIGCONT releases
 * it;</li>
 * <li>waitpid(WUNTRACED) until that stop is seen, so that the caller finds the process stopped.</li>
 * </ol>
 *
 * The shell's exit instead of the exec (no such command: status 127) is a failed start with its message.
 * Everything runs on the caller's thread, which must be the one that lives as long as the processes it
 * started (the ptrace requests must come from the thread that seized, the parent-death signal follows the
 * forking thread); nothing else in this JVM may wait for the child meanwhile, which holds since the JDK
 * does not know it.
 */
public final class PtraceExecHold implements ExecHold {
    private static final String SHELL = "/bin/sh";
    private static final String STOP_THEN_EXEC = "kill -STOP $$; exec \"$@\"";

    /** Finds the C calls now, so that a C library without them makes this implementation unavailable. */
    public PtraceExecHold() {
        Libc.requireFunctions();
    }

    @Override
    public Process start(ProcessBuilder builder, List<String> wrapper) throws IOException {
        List<String> command = List.copyOf(builder.command());
        if (command.isEmpty()) {
            throw new IOException("no command to start held at exec");
        }
        List<String> argv = new ArrayList<>(wrapper);
        argv.addAll(List.of(SHELL, "-c", STOP_THEN_EXEC, "sh"));
        argv.addAll(command);
        PosixSpawn.Child child = PosixSpawn.start(argv, builder);
        try {
            holdAtExec(child.pid());
            return new HeldProcess(child);
        } catch (Ended e) {
            // reaped already: read what the shell said (its writers are all gone, so the read ends)
            String said = said(builder.redirectErrorStream() ? child.stdout() : child.stderr());
            closeStreams(child);
            throw new IOException("cannot run \"" + String.join(" ", command) + "\" held at exec: " + e.getMessage()
                    + said, e);
        } catch (IOException | RuntimeException e) {
            killAndReap(child.pid());
            closeStreams(child);
            throw e;
        }
    }

    @Override
    public void release(long pid) throws IOException {
        try {
            Libc.kill(pid, Libc.SIGCONT);
        } catch (IOException e) {
            if (ProcessHandle.of(pid).isPresent()) {
                throw e;
            }
        }
    }

    private static void holdAtExec(long pid) throws IOException {
        awaitStop(pid, "before the shell stopped itself");
        Libc.ptrace(Libc.PTRACE_SEIZE, "PTRACE_SEIZE", pid, 0, Libc.PTRACE_O_TRACEEXEC | Libc.PTRACE_O_EXITKILL);
        Libc.kill(pid, Libc.SIGCONT);
        traceUntil(pid, Libc.PTRACE_EVENT_EXEC, 0, "before its exec");
        Libc.kill(pid, Libc.SIGSTOP);
        Libc.ptrace(Libc.PTRACE_CONT, "PTRACE_CONT", pid, 0, 0);
        traceUntil(pid, 0, Libc.SIGSTOP, "right after its exec");
        Libc.ptrace(Libc.PTRACE_DETACH, "PTRACE_DETACH", pid, 0, Libc.SIGSTOP);
        awaitStop(pid, "right after its exec");
    }

    /** Waits (not traced) until the child is stopped. */
    private static void awaitStop(long pid, String when) throws IOException {
        int status = Libc.waitpid(pid, Libc.WUNTRACED);
        if (!stopped(status)) {
            throw new Ended(status, when);
        }
    }

    /**
     * Waits (traced) for the stop of {@code event} (a PTRACE_EVENT_*), or with {@code event} 0 for the
     * signal-delivery stop of {@code signal}, letting every other stop go on as it would untraced.
     */
    private static void traceUntil(long pid, int event, int signal, String when) throws IOException {
        while (true) {
            int status = Libc.waitpid(pid, Libc.WALL);
            if (!stopped(status)) {
                throw new Ended(status, when);
            }
            int sig = (status >> 8) & 0xff;
            int stopEvent = status >>> 16;
            if (event != 0 ? stopEvent == event : stopEvent == 0 && sig == signal) {
                return;
            }
            // a group stop or another event: go on with no signal; a signal-delivery stop: with its signal
            Libc.ptrace(Libc.PTRACE_CONT, "PTRACE_CONT", pid, 0, stopEvent == 0 ? sig : 0);
        }
    }

    private static boolean stopped(int status) {
        return (status & 0xff) == 0x7f;
    }

    /** At most the first lines of what the failed start wrote, after ": ", or nothing. */
    private static String said(InputStream in) {
        try {
            String text = new String(in.readNBytes(2048), StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "" : ": " + text;
        } catch (IOException e) {
            return "";
        }
    }

    private static void closeStreams(PosixSpawn.Child child) {
        for (java.io.Closeable c : List.of(child.stdin(), child.stdout(), child.stderr())) {
            try {
                c.close();
            } catch (IOException ignored) {
                // closing what is no longer needed
            }
        }
    }

    /** Ends a child that is still ours to reap (traced or not). */
    private static void killAndReap(long pid) {
        try {
            Libc.kill(pid, Libc.SIGKILL);
            Libc.waitpid(pid, Libc.WALL);
        } catch (IOException ignored) {
            // gone already
        }
    }

    /** The child ended (and was reaped) before it was held: a failed start. */
    private static final class Ended extends IOException {
        Ended(int status, String when) {
            super(describe(status, when));
        }

        private static String describe(int status, String when) {
            int exit = HeldProcess.exitValueOf(status);
            if ((status & 0x7f) != 0) {
                return "killed by signal " + (exit - 128) + " " + when;
            }
            String hint = exit == 127 ? " (command not found)" : exit == 126 ? " (command not executable)" : "";
            return "exited with status " + exit + " " + when + hint;
        }
    }
}
