package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A child started by {@link PtraceExecHold} (or by {@link PosixGroupSpawn}, never held), as a {@link Process}
 * that behaves like the JDK's own: its
 * streams, its end (with the JDK's exit value: the exit status, or 128 + the signal that killed it),
 * destroy (SIGTERM, then SIGCONT: see {@link #destroy}) and destroyForcibly (SIGKILL), its
 * {@link ProcessHandle} (for its descendants). The JDK does not know the child, so the {@link ChildPoller}
 * reaps it when its pidfd says it ended (where there are no pidfds, a platform thread per process waits for
 * it); either starts only once the child is no longer traced, since this JVM's waitpid would otherwise be
 * handed its ptrace stops.
 */
final class HeldProcess extends Process {
    private final long pid;
    private final ProcessHandle handle;
    private final OutputStream stdin;
    private final InputStream stdout;
    private final InputStream stderr;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    /** Started held (stopped until released): a destroy must continue it. */
    private final boolean held;

    /** {@code child} must be alive and stopped, no longer traced. */
    HeldProcess(PosixSpawn.Child child) throws IOException {
        this(child, true);
    }

    /** {@code child} must not be traced; {@code held}: it was started stopped at exec. */
    HeldProcess(PosixSpawn.Child child, boolean held) throws IOException {
        this.pid = child.pid();
        this.held = held;
        // taken while the child cannot be gone: ProcessHandle.of knows no process that was reaped
        this.handle = ProcessHandle.of(pid).orElseThrow(() -> new IOException("process " + pid + " is gone"));
        this.stdin = child.stdin();
        this.stdout = child.stdout();
        this.stderr = child.stderr();
        try {
            ChildPoller.shared().watchExit(pid, status -> exit.complete(exitValueOf(status)));
        } catch (IOException e) {
            // no pidfd here (glibc before 2.36, Linux before 5.3): a thread waits for this process alone
            Thread.ofPlatform().daemon(true).name((held ? "held-process-" : "process-") + pid).stackSize(64 * 1024)
                    .start(this::reap);
        }
    }

    private void reap() {
        try {
            exit.complete(exitValueOf(Libc.waitpid(pid, 0)));
        } catch (IOException | RuntimeException e) {
            // nothing else waits for this child: a failure here is a bug, told to whoever waits
            exit.completeExceptionally(new IllegalStateException("cannot wait for process " + pid + ": "
                    + e.getMessage(), e));
        }
    }

    /** As the JDK reports an end: the exit status, or 128 + the signal that killed the process. */
    static int exitValueOf(int status) {
        int signal = status & 0x7f;
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal;
    }

    @Override
    public OutputStream getOutputStream() {
        return stdin;
    }

    @Override
    public InputStream getInputStream() {
        return stdout;
    }

    @Override
    public InputStream getErrorStream() {
        return stderr;
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            return exit.get();
        } catch (ExecutionException e) {
            throw (IllegalStateException) e.getCause();
        }
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            exit.get(timeout, unit);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw (IllegalStateException) e.getCause();
        }
    }

    @Override
    public int exitValue() {
        if (!exit.isDone()) {
            throw new IllegalThreadStateException("process " + pid + " has not exited");
        }
        return exit.join();
    }

    @Override
    public boolean isAlive() {
        return !exit.isDone();
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return exit.thenApply(status -> this);
    }

    /**
     * SIGTERM, then SIGCONT: a stopped process acts on no signal but SIGKILL until it is continued (the
     * kernel leaves the SIGTERM pending), as bash's kill of a stopped job knows. A process still held has
     * run none of its code, so has no handler: it ends without running.
     */
    @Override
    public void destroy() {
        signal(Libc.SIGTERM);
        if (held) {
            signal(Libc.SIGCONT);
        }
    }

    @Override
    public Process destroyForcibly() {
        signal(Libc.SIGKILL);
        return this;
    }

    @Override
    public boolean supportsNormalTermination() {
        return true;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public ProcessHandle toHandle() {
        return handle;
    }

    @Override
    public String toString() {
        return "HeldProcess[pid=" + pid + ", exitValue=" + (exit.isDone() ? exit.getNow(null) : "\"not exited\"") + "]";
    }

    private void signal(int signal) {
        // once reaped, the pid may be another process's: signal only a child not yet waited for
        if (exit.isDone()) {
            return;
        }
        try {
            Libc.kill(pid, signal);
        } catch (IOException e) {
            // it ended meanwhile (ESRCH): as with the JDK, no error
        }
    }
}
