package org.pmix4j.runtime;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.ByteWindow;
import org.pmix4j.runtime.cluster.DaemonMessage;
import org.pmix4j.runtime.cluster.TreeMember;
import org.pmix4j.runtime.iof.IoForwarder;
import org.pmix4j.runtime.iof.ChunkStream;
import org.pmix4j.runtime.iof.ToolStdin;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * The processes daemons run on other nodes, as the launcher starts and follows them: a job is sent to every
 * daemon (each registers its data; those with processes of it start them); each process started there
 * becomes a {@link LaunchedProcess} here over a {@link RemoteBody}, its relayed output (a {@link ChunkStream}) written by the
 * launcher's own {@link IoForwarder} (the same formats as on this node), its stdin relayed from the
 * launcher's or a tool's, and its end, with what its node's server saw of it, handed to the
 * {@link ProcessLauncher.ExitListener} like any other.
 */
final class RemoteProcesses implements ProcessLauncher {
    /** What is known of one remote process before and after it started. */
    private final class Remote {
        final Proc proc;
        final int daemon;
        /** Its output as it arrives; what the pumps take is given back to its node as credit. */
        final ChunkStream out;
        final ChunkStream err;
        final CompletableFuture<Long> started = new CompletableFuture<>();
        final CompletableFuture<DaemonMessage.ProcEnded> ended = new CompletableFuture<>();

        Remote(Proc proc, int daemon) {
            this.proc = proc;
            this.daemon = daemon;
            this.out = new ChunkStream(n -> taken(IofChannel.STDOUT, n));
            this.err = new ChunkStream(n -> taken(IofChannel.STDERR, n));
        }

        private void taken(int channel, long bytes) {
            tree.send(daemon, new DaemonMessage.OutputTaken(proc.nspace(), proc.rank(), channel, bytes));
        }

        /** Stdin sent to its node and not yet written into the process there ({@code StdinTaken} gives it back). */
        final ByteWindow stdin = new ByteWindow(STDIN_WINDOW);
    }

    /**
     * How much stdin may be on its way to a remote process, not yet written into it by its node: as much as a
     * local process's pipe and the writer's buffer hold, about.
     */
    static final long STDIN_WINDOW = 128 * 1024;

    private final Map<String, String> runEnv;
    private final IoForwarder iof;
    private final ToolStdin toolStdin;
    private final ExitListener exits;
    private final Map<Proc, Remote> remotes = new ConcurrentHashMap<>();
    private volatile TreeMember tree;

    /** @param runEnv what every process of the run gets from the options (-x …) */
    RemoteProcesses(Map<String, String> runEnv, IoForwarder iof, ToolStdin toolStdin, ExitListener exits) {
        this.runEnv = runEnv;
        this.iof = iof;
        this.toolStdin = toolStdin;
        this.exits = exits;
    }

    /** The tree it speaks through, once the daemons are started. */
    void attach(TreeMember t) {
        tree = t;
    }

    /**
     * Sends the job to every daemon and waits until each of the request's processes has started on its node;
     * a process a daemon could not start is a LaunchException (those started run on, as on this node).
     */
    @Override
    public void launch(Request r) {
        Job job = r.job();
        String nspace = job.nspace();
        List<Remote> mine = new ArrayList<>();
        for (ProcPlacement s : r.procs()) {
            Remote rp = new Remote(new Proc(nspace, s.rank()), s.node());
            remotes.put(rp.proc, rp);
            mine.add(rp);
        }
        List<Integer> stdinRanks = new ArrayList<>();
        for (ProcPlacement s : job.placement().procs()) {
            boolean launcherStdin = r.stdin() != null && r.stdinRanks().receives(s.rank());
            if (launcherStdin || r.pushedStdin().test(s.rank())) {
                stdinRanks.add(s.rank());
            }
        }
        List<AppContext> apps = new ArrayList<>();
        for (int a = 0; a < job.apps().size(); a++) {
            AppContext app = job.apps().get(a);
            apps.add(new AppContext(app.argv(), app.np(), app.env(), r.wdirs().get(a)));
        }
        JobLayout layout = new JobLayout(apps, runEnv, job.parent(), job.directives(), job.placement(),
                stdinRanks);
        tree.toEvery(new DaemonMessage.LaunchJob(nspace, r.registration(), layout.encode()));
        job.ended().thenRun(() -> {
            tree.toEvery(new DaemonMessage.JobEnded(nspace));
            mine.forEach(rp -> remotes.remove(rp.proc));
        });
        for (Remote rp : mine) {
            long pid;
            try {
                pid = rp.started.join();
            } catch (CompletionException e) {
                throw new LaunchException(e.getCause().getMessage(), 1);
            }
            follow(r, job, rp, pid);
        }
    }

    private void follow(Request r, Job job, Remote rp, long pid) {
        String host = tree.hosts().get(rp.daemon);
        var output = iof.attach(rp.proc, pid, host, job.size(), r.output(), r.printed(), rp.out, rp.err);
        RemoteBody body = new RemoteBody(rp.proc, pid, rp.daemon, host, this::signal, output);
        LaunchedProcess p = new LaunchedProcess(rp.proc, body);
        OutputStream stdin = new RelayedStdin(rp);
        if (r.stdin() != null && r.stdinRanks().receives(rp.proc.rank())) {
            r.stdin().addTarget(rp.proc, stdin);
        } else if (r.pushedStdin().test(rp.proc.rank())) {
            toolStdin.attach(rp.proc, stdin);
        }
        job.add(p);
        rp.ended.thenAccept(e -> {
            if (e.connected()) {
                p.markConnected();
            }
            if (e.finalized()) {
                p.markFinalized();
            }
            body.ended(e.status());
        });
        Thread.ofVirtual().name("wait-" + rp.proc).start(() -> {
            try {
                int status = p.waitFor();
                toolStdin.detach(rp.proc);
                exits.exited(job, p, status);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** What a daemon says about the processes of its node. */
    void message(int origin, DaemonMessage m) {
        // instanceof, not a pattern switch, which is bootstrapped at its first run (a class generated)
        if (m instanceof DaemonMessage.ProcStarted s) {
            with(s.nspace(), s.rank(), rp -> rp.started.complete(s.pid()));
        } else if (m instanceof DaemonMessage.ProcEnded e) {
            with(e.nspace(), e.rank(), rp -> rp.ended.complete(e));
        } else if (m instanceof DaemonMessage.StdinTaken t) {
            with(t.nspace(), t.rank(), rp -> rp.stdin.taken(t.bytes()));
        } else if (m instanceof DaemonMessage.Output o) {
            with(o.nspace(), o.rank(), rp -> {
                ChunkStream s = o.channel() == IofChannel.STDERR ? rp.err : rp.out;
                // an empty chunk is the daemon's end of the stream
                if (o.data().length == 0) {
                    s.end();
                } else {
                    s.feed(o.data());
                }
            });
        } else if (m instanceof DaemonMessage.LaunchRefused refused) {
            String why = "cannot start the processes of job " + refused.nspace() + " on "
                    + tree.hosts().get(origin) + ": " + refused.why();
            remotes.values().stream().filter(rp -> rp.daemon == origin && rp.proc.nspace().equals(refused.nspace()))
                    .forEach(rp -> rp.started.completeExceptionally(new LaunchException(why, 1)));
        }
        // else: the launcher's own broadcasts (LaunchJob, JobEnded, Shutdown) come back to it: nothing to do
    }

    /**
     * Daemons are lost: their processes are gone with them (their output ends, their ends are reported as a
     * SIGKILL), and processes not yet started there never will be.
     */
    void nodesLost(Set<Integer> daemons, String why) {
        for (Remote rp : remotes.values()) {
            if (!daemons.contains(rp.daemon)) {
                continue;
            }
            rp.started.completeExceptionally(new LaunchException(why, 1));
            rp.out.end();
            rp.err.end();
            rp.ended.complete(new DaemonMessage.ProcEnded(rp.proc.nspace(), rp.proc.rank(), 128 + 9, false, false));
        }
    }

    private void with(String nspace, int rank, java.util.function.Consumer<Remote> action) {
        Remote rp = remotes.get(new Proc(nspace, rank));
        if (rp != null) {
            action.accept(rp);
        }
    }

    private void signal(int daemon, Proc proc, String signal, boolean group) {
        tree.send(daemon, new DaemonMessage.Signal(proc.nspace(), List.of(proc.rank()), signal, group));
    }

    /** Stdin for a remote process: each write goes to its daemon; closing it ends the process's stdin. */
    private final class RelayedStdin extends OutputStream {
        private final Remote rp;
        private boolean closed;

        RelayedStdin(Remote rp) {
            this.rp = rp;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws java.io.IOException {
            if (len > 0 && !closed) {
                // waits for the process's end too (looked at every 100 ms), which no credit follows
                if (!rp.stdin.add(len, rp.ended::isDone, 100)) {
                    rp.stdin.taken(len);
                    throw new java.io.InterruptedIOException("interrupted while the stdin of " + rp.proc + " was full");
                }
                tree.send(rp.daemon, new DaemonMessage.Stdin(rp.proc.nspace(), rp.proc.rank(),
                        java.util.Arrays.copyOfRange(b, off, off + len)));
            }
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                tree.send(rp.daemon, new DaemonMessage.Stdin(rp.proc.nspace(), rp.proc.rank(), new byte[0]));
            }
        }
    }
}
