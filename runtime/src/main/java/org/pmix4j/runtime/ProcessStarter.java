package org.pmix4j.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.debug.ExecHold;
import org.pmix4j.runtime.debug.GroupSpawn;

/**
 * Starts the processes of jobs so that they die with this JVM, even when it is SIGKILLed, with no native
 * code: each command runs under util-linux's {@code setpriv --pdeathsig KILL --}, which sets
 * PR_SET_PDEATHSIG before it execs the rest of the command (kept across exec, as long as no set-user-ID
 * program comes in between).
 *
 * <p>The kernel sends that signal when the <em>thread</em> that forked the process ends, not the process:
 * a process forked from a virtual thread (whose carrier is a pool thread) or from a pool thread that
 * retires would be SIGKILLed the moment that thread goes, long before its job ends. So every start runs on
 * one dedicated platform thread that lives as long as the JVM: it never returns from its loop, whatever a
 * start throws. There is one such thread per JVM ({@link #shared}), not one per runtime: a thread could
 * only be ended once no process it started can be alive, which nothing here can know for sure.
 *
 * <p>What a process starts itself has no such signal (it is cleared at fork): that is ended with the job
 * while the runtime lives ({@link LaunchedProcess#killGroup}); after a SIGKILLed runtime, what stayed in the
 * process's group is ended by the {@link GroupWatcher} at once, and what left it by the next
 * {@code pmix4j run}, {@code dvm} or {@code clean} ({@link StaleRuntimes}). Without setpriv (not a
 * util-linux system) processes start as before, with a warning: the next start or clean ends them too.
 *
 * <p>On a JDK 22+ a process is started with posix_spawn, which makes its process group itself, in this JVM's
 * session ({@link GroupSpawn} says why not a session of its own): setpriv then execs the command. Else the JDK
 * starts it (through its jspawnhelper) behind setpriv and the setsid program, the one program that makes a
 * group: there each process leads a session too. A job's processes are handed to the starter's thread at once
 * ({@link #startGroupLeaders}): each hand-off waits for that thread to be scheduled.
 */
public final class ProcessStarter {
    private static final Log LOG = Log.of(ProcessStarter.class);
    private static final List<Path> SETPRIV = List.of(Path.of("/usr/bin/setpriv"), Path.of("/bin/setpriv"),
            Path.of("/usr/sbin/setpriv"), Path.of("/sbin/setpriv"));
    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));
    private static final ProcessStarter SHARED = new ProcessStarter(firstExecutable(SETPRIV));

    /**
     * A start for the starter's thread; {@code held}: stopped at its first instruction after exec, of the
     * command after {@code heldAfter} (the commands that exec it, e.g. the CPU binding).
     */
    private record Start(int count, IntFunction<ProcessBuilder> builders, boolean held, boolean byJdk,
            List<String> heldAfter, ObjIntConsumer<Process> each, CompletableFuture<Started> result) {
    }

    /**
     * What a start of several processes did: those started, in order, and why the next could not be
     * ({@code null} when all were); none after a failure is tried.
     */
    public record Started(List<Process> processes, IOException failure) {
        public Started {
            processes = List.copyOf(processes);
        }
    }

    private final BlockingQueue<Start> queue = new LinkedBlockingQueue<>();
    private final List<String> prefix;
    /** posix_spawn in a new process group (JDK 22+): no jspawnhelper and no setsid program per process; or null. */
    private final GroupSpawn direct = GroupSpawn.available().orElse(null);
    /** setsid by its full path: after setpriv, a bare name would be looked up on the job's own PATH. */
    private final String setsid;
    /** Started with the first process: a JVM that starts none (a front end) needs no watcher. */
    private GroupWatcher watcher;

    private ProcessStarter(Path setpriv) {
        this.prefix = setpriv == null ? List.of() : List.of(setpriv.toString(), "--pdeathsig", "KILL", "--");
        Path found = firstExecutable(SETSID);
        this.setsid = found == null ? "setsid" : found.toString();
        if (setpriv == null) {
            LOG.warn("setpriv (util-linux) not found: the processes of jobs will not die with a SIGKILLed launcher");
        }
        Thread t = Thread.ofPlatform().name("process-starter").daemon(true).unstarted(this::serve);
        t.start();
    }

    /** The starter of this JVM. */
    public static ProcessStarter shared() {
        return SHARED;
    }

    /**
     * Starts {@code builder}'s command as the leader of a new session and process group ({@code setsid},
     * which does not fork here: a child of the JVM leads no group), its argv preceded by the parent-death
     * prefix, on the starter's thread; waits for the start. The builder's command is changed. Started by the
     * JDK: the launch agents and srun of daemons on other nodes did not join with a posix_spawn start (not
     * understood yet), so only a job's processes ({@link #startGroupLeaders}) are started that way.
     */
    public Process startGroupLeader(ProcessBuilder builder) throws IOException {
        Started s = start(builder, false, true, List.of());
        if (s.failure() != null) {
            throw s.failure();
        }
        return s.processes().get(0);
    }

    /**
     * As {@link #startGroupLeader}, for {@code count} processes in one hand-off to the starter's thread, which
     * starts them one after the other (a job's processes: each hand-off waits for that thread to be
     * scheduled, which on a machine busy with the job's first processes costs more than the start), telling
     * {@code each} of every process (and its index) as soon as it is started, on that thread (it must be
     * quick): what the first of a job's processes do meanwhile may need it (the server checks each connection
     * against the pid it was told). Stops at the first that cannot start. Process {@code i}'s builder is made
     * by {@code builders} on the starter's thread just before its start and dropped after it: a builder holds
     * a copy of the environment (~10 KB), and a thousand of them alive at once were most of a launcher's heap.
     */
    public Started startGroupLeaders(int count, IntFunction<ProcessBuilder> builders, ObjIntConsumer<Process> each) {
        try {
            return start(new Start(count, builders, false, false, List.of(), each, new CompletableFuture<>()),
                    () -> count + " processes");
        } catch (IOException e) {
            return new Started(List.of(), e); // interrupted: what was started is killed
        }
    }

    /**
     * As {@link #startGroupLeader}, but the process is held stopped at its first instruction after exec
     * (PMIX_DEBUG_STOP_ON_EXEC) until {@link ExecHold#release}d: started with posix_spawn in a new session
     * and traced up to its exec on the starter's thread ({@link ExecHold}), which is why it must run there.
     * Needs a JVM of 22 or newer; else, or when the command cannot run, an IOException says why. The
     * builder's command is left as it is.
     */
    public Process startHeldGroupLeader(ProcessBuilder builder) throws IOException {
        return startHeldGroupLeader(builder, List.of());
    }

    /**
     * As {@link #startHeldGroupLeader(ProcessBuilder)}, run through {@code execsFirst} (a command that execs the
     * builder's, such as {@code taskset -c 0 --}): the process is held at the exec of the builder's command,
     * the application, not at that of the first of them.
     */
    public Process startHeldGroupLeader(ProcessBuilder builder, List<String> execsFirst) throws IOException {
        Started s = start(builder, true, false, execsFirst);
        if (s.failure() != null) {
            throw s.failure();
        }
        return s.processes().get(0);
    }

    private Started start(ProcessBuilder builder, boolean held, boolean byJdk, List<String> heldAfter)
            throws IOException {
        return start(new Start(1, i -> builder, held, byJdk, List.copyOf(heldAfter), (p, i) -> { },
                new CompletableFuture<>()), () -> builder.command().toString());
    }

    /** Hands {@code s} to the starter's thread and waits for it; {@code what} names it if interrupted. */
    private Started start(Start s, Supplier<String> what) throws IOException {
        queue.add(s);
        try {
            Started started = s.result().get();
            GroupWatcher w = started.processes().isEmpty() ? null : watcher();
            for (Process p : started.processes()) {
                w.watch(p.pid());
            }
            return started;
        } catch (InterruptedException e) {
            // the start goes on without us: whatever it starts is told to the caller nowhere, so kill it
            s.result().thenAccept(started -> started.processes().forEach(Process::destroyForcibly));
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + what.get(), e);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause()); // serve completes every start normally
        }
    }

    /** The groups of these processes were ended with their job: the watcher need not end them again. */
    void groupsEnded(List<Long> leaders) {
        GroupWatcher w;
        synchronized (this) {
            w = watcher;
        }
        if (w != null) {
            w.forget(leaders);
        }
    }

    private synchronized GroupWatcher watcher() {
        if (watcher == null) {
            watcher = GroupWatcher.start(setsid.startsWith("/") ? setsid : null);
        }
        return watcher;
    }

    /** The starter thread's whole life: it must never end while the JVM runs (see the class comment). */
    private void serve() {
        if (direct != null) {
            try {
                direct.prepare(); // while the runtime starts: the first job's spawn then finds it done
            } catch (RuntimeException | LinkageError e) {
                LOG.debug("preparing posix_spawn: {}", e.toString());
            }
        }
        while (true) {
            Start s;
            try {
                s = queue.take();
            } catch (InterruptedException e) {
                continue; // nobody may end this thread
            }
            List<Process> started = new ArrayList<>();
            IOException failure = null;
            for (int i = 0; i < s.count(); i++) {
                try {
                    ProcessBuilder b = s.builders().apply(i);
                    Process p = s.held() ? ExecHold.available().start(b, concat(prefix, s.heldAfter())) : start(b, s.byJdk());
                    started.add(p);
                    s.each().accept(p, started.size() - 1);
                } catch (IOException e) {
                    failure = e;
                    break;
                } catch (Throwable e) {
                    failure = new IOException(e.toString(), e);
                    break;
                }
            }
            s.result().complete(new Started(started, failure));
        }
    }

    /** One group leader, on the starter's thread: by posix_spawn where this JVM can, else by the JDK and setsid. */
    private Process start(ProcessBuilder b, boolean byJdk) throws IOException {
        List<String> command = b.command();
        // a process that reads a pipe from this JVM (rank 0 of a launcher whose stdin is a terminal or a pipe)
        // is posix_spawned too: the stdin a remote rank once lost was sent before its target was connected
        // (LocalProcessLauncher connects stdin before it reports the start), not a matter of how it started
        if (!byJdk && direct != null && !command.isEmpty()
                && (prefix.isEmpty() ? command.get(0) : prefix.get(0)).startsWith("/")) {
            return direct.start(b, prefix);
        }
        List<String> argv = new ArrayList<>(prefix);
        argv.add(setsid);
        argv.addAll(command);
        b.command(argv);
        return b.start();
    }

    private static Path firstExecutable(List<Path> candidates) {
        for (Path p : candidates) {
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
