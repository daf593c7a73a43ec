package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.pmix4j.runtime.iof.ProcessOutput;

/**
 * A process this JVM forked, with the forwarding of its output. The output may be attached after the body
 * is made: a job's processes join their job as each is spawned (so that a rank's question about its own
 * job, or a pause, sees every process already running), and their output pumps are started once all are.
 */
final class LocalBody implements ProcessBody {
    private final Process process;
    private final CompletableFuture<ProcessOutput> output = new CompletableFuture<>();
    private final String node;
    private final CompletableFuture<Long> exitTime;
    private volatile long waitedNanos = Long.MAX_VALUE;

    LocalBody(Process process, ProcessOutput output, String node) {
        this(process, node);
        attachOutput(output);
    }

    /** A body whose output is {@linkplain #attachOutput attached} later. */
    LocalBody(Process process, String node) {
        this.process = process;
        this.node = node;
        // taken on the reaper thread as soon as the process is gone: the JDK's handle's (its Process.onExit
        // would first hop to a pool, which on a busy machine can reorder two ends); one started by posix_spawn
        // (ProcessStarter) completes its own onExit on its reaper, where its handle's would start another
        // thread to wait for the same end
        CompletableFuture<?> end = startedByTheJdk(process) ? process.toHandle().onExit() : process.onExit();
        this.exitTime = end.thenApply(x -> System.nanoTime());
    }

    /** The forwarding of the process's output, which {@link #waitFor} waits for before it returns. */
    void attachOutput(ProcessOutput po) {
        output.complete(po);
    }

    private static boolean startedByTheJdk(Process process) {
        return process.getClass().getModule() == Process.class.getModule();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public String node() {
        return node;
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public int waitFor() throws InterruptedException {
        int st = process.waitFor();
        waitedNanos = System.nanoTime();
        ProcessOutput output;
        try {
            output = this.output.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("never completed exceptionally", e);
        }
        // children left behind that still hold the output open (re-parented, so no longer descendants) are
        // ended with it: the job must not wait for them, nor may they outlive it
        if (!output.await(100, TimeUnit.MILLISECONDS)) {
            killGroup();
            output.await(5, TimeUnit.SECONDS);
        }
        return st;
    }

    @Override
    public boolean waitForExit(long timeout, TimeUnit unit) throws InterruptedException {
        return process.waitFor(timeout, unit);
    }

    @Override
    public long exitNanos() {
        // the JDK completes onExit on the common pool, where a task of its own can block behind a pipe that an
        // orphaned grandchild holds open: never wait for it, the moment waitFor returned is late but certain
        Long seen = exitTime.getNow(null);
        return seen != null ? seen : waitedNanos;
    }

    @Override
    public void signalTree(String signal) {
        switch (signal) {
            case "TERM" -> {
                process.descendants().forEach(ProcessHandle::destroy);
                // the Process's own destroy: a process held at exec for a debugger also needs a SIGCONT to act on it
                process.destroy();
            }
            case "KILL" -> {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.toHandle().destroyForcibly();
            }
            default -> Kill.send(signal, treePids(List.of(this)));
        }
    }

    @Override
    public void killGroup() {
        killGroups(List.of(this));
    }

    @Override
    public String kernelState() {
        return ProcessStates.kernelState(pid());
    }

    /** The live processes and everything they started, for one kill(1). */
    static List<Long> treePids(List<LocalBody> bodies) {
        List<Long> pids = new java.util.ArrayList<>();
        for (LocalBody b : bodies) {
            if (b.process.isAlive()) {
                b.process.descendants().forEach(d -> pids.add(d.pid()));
                pids.add(b.process.pid());
            }
        }
        return pids;
    }

    /** {@link #killGroup} for many at once (one kill(1)); their groups need no watching after. */
    static void killGroups(List<LocalBody> bodies) {
        if (bodies.isEmpty()) {
            return;
        }
        Kill.send("KILL", bodies.stream().map(b -> -b.pid()).toList());
        ProcessStarter.shared().groupsEnded(bodies.stream().map(LocalBody::pid).toList());
    }
}
