package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * Standard input that tools send with {@code PMIx_IOF_push}, written to the stdin of the processes it
 * targets: the host's {@code pushStdin} upcall hands each push to {@link #push}.
 *
 * <p>Which processes take their stdin from tools is up to the launcher: it {@link #attach}es the stdin pipe
 * ({@code process.getOutputStream()}) of each process of a job started with PMIX_FWD_STDIN (that rank, or
 * every rank when the attribute is true) instead of connecting the process to the launcher's own stdin
 * ({@link StdinRouter}) or to /dev/null, and {@link #detach}es it when the process has ended.
 *
 * <p>A push names its targets: a process, or a whole job with the WILDCARD rank (every attached process of
 * it). Each target has a writer of its own, so a slow reader holds up neither the server nor the other
 * targets, and its bytes arrive in the order they were pushed. A push completes once its bytes are written
 * to every target (the tool's next push waits for that: backpressure). The end of the input ({@code data}
 * null, or PMIX_IOF_COMPLETE among the directives after the bytes) closes the targets' stdin, which they
 * read as end-of-file. Answers:
 * <ul>
 *   <li>PMIX_ERR_NOT_FOUND when no target is a process that takes its stdin from tools;</li>
 *   <li>PMIX_ERR_IOF_COMPLETE when every target's input has already ended (closed by an earlier end of
 *       input, or the process closed its stdin or exited): libpmix's stdin reader stops on it;</li>
 *   <li>success otherwise, even when some of the targets have ended: the others got the bytes.</li>
 * </ul>
 */
public final class ToolStdin implements AutoCloseable {
    private final Map<Proc, Target> targets = new ConcurrentHashMap<>();

    /**
     * Which ranks of a job take their stdin from tools, by the spawn's PMIX_FWD_STDIN: the rank it names,
     * every rank for WILDCARD or {@code true} (libpmix reads the attribute as a flag too), none when it is
     * absent or {@code false}.
     *
     * @throws PmixException PMIX_ERR_BAD_PARAM for a value of another type or a special rank other than WILDCARD
     */
    public static StdinTarget targetsOf(List<Info> jobInfo) {
        for (Info i : jobInfo) {
            if (!i.key().equals(Attributes.FWD_STDIN.key())) {
                continue;
            }
            if (i.value() instanceof Rank r) {
                if (r.value() == Rank.WILDCARD) {
                    return StdinTarget.ALL;
                }
                if (r.value() < 0) {
                    throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_FWD_STDIN: rank " + r
                            + " names no process; give a rank or WILDCARD");
                }
                return new StdinTarget(false, r.value());
            }
            if (i.value() instanceof Value.Bool || i.value() instanceof Value.Undef) {
                return i.isTrue() ? StdinTarget.ALL : StdinTarget.NONE;
            }
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_FWD_STDIN: " + i.value()
                    + " is neither a rank nor a flag");
        }
        return StdinTarget.NONE;
    }

    /** A process whose stdin tools feed from now on. */
    public void attach(Proc proc, OutputStream stdin) {
        Objects.requireNonNull(stdin, "stdin");
        if (proc.rank() == Rank.WILDCARD) {
            throw new IllegalArgumentException("stdin belongs to one process, not to " + proc);
        }
        Target old = targets.put(proc, new Target(proc, stdin));
        if (old != null) {
            old.end();
        }
    }

    /** The process has ended: its stdin is closed and forgotten. */
    public void detach(Proc proc) {
        Target t = targets.remove(proc);
        if (t != null) {
            t.end();
        }
    }

    /** Whether a process takes its stdin from tools. */
    public boolean attached(Proc proc) {
        return targets.containsKey(proc);
    }

    /**
     * Writes {@code data} to the stdin of {@code targets}, or ends their input when {@code data} is null.
     *
     * @param source     the tool that pushed (for messages)
     * @param directives the push's directives: PMIX_IOF_COMPLETE ends the input after the bytes
     */
    public CompletionStage<Void> push(Proc source, List<Proc> targetNames, List<Info> directives, byte[] data) {
        List<Target> chosen = resolve(targetNames);
        if (chosen.isEmpty()) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "stdin from "
                    + source + ": no process among " + targetNames + " takes its stdin from tools (a job "
                    + "reads a tool's stdin when it was spawned with PMIX_FWD_STDIN)"));
        }
        boolean end = data == null || Attributes.IOF_COMPLETE.find(directives).orElse(false);
        List<CompletableFuture<Boolean>> writes = new ArrayList<>();
        for (Target t : chosen) {
            writes.add(t.write(data, end));
        }
        return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).thenApply(x -> {
            if (writes.stream().noneMatch(CompletableFuture::join)) {
                // an end of input after the end, too: libpmix's stdin reader sends its end again after each
                // success, and this answer is what stops it
                throw new PmixException(PmixStatus.PMIX_ERR_IOF_COMPLETE, "stdin from " + source
                        + ": the input of " + targetNames + " has already ended");
            }
            return null;
        });
    }

    private List<Target> resolve(List<Proc> names) {
        List<Target> out = new ArrayList<>();
        for (Proc n : names) {
            if (n.rank() == Rank.WILDCARD) {
                for (Target t : targets.values()) {
                    if (t.proc.nspace().equals(n.nspace()) && !out.contains(t)) {
                        out.add(t);
                    }
                }
            } else {
                Target t = targets.get(n);
                if (t != null && !out.contains(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /** Ends every target's input. */
    @Override
    public void close() {
        for (Proc p : List.copyOf(targets.keySet())) {
            detach(p);
        }
    }

    /** One process's stdin, written in order by a thread of its own. */
    private static final class Target {
        final Proc proc;
        final OutputStream stdin;
        final ExecutorService writer;
        /** Touched only by the writer thread. */
        boolean ended;

        Target(Proc proc, OutputStream stdin) {
            this.proc = proc;
            this.stdin = stdin;
            this.writer = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("tool-stdin-" + proc).factory());
        }

        /** True when the bytes were written (or, for an end, the input was still open and is now closed). */
        CompletableFuture<Boolean> write(byte[] data, boolean end) {
            CompletableFuture<Boolean> done = new CompletableFuture<>();
            try {
                writer.execute(() -> done.complete(writeNow(data, end)));
            } catch (java.util.concurrent.RejectedExecutionException e) {
                done.complete(false); // detached meanwhile: its input has ended
            }
            return done;
        }

        private boolean writeNow(byte[] data, boolean end) {
            if (ended) {
                return false;
            }
            try {
                if (data != null) {
                    stdin.write(data);
                    stdin.flush();
                }
            } catch (IOException e) {
                // the process exited or closed its stdin: it wants no more
                close();
                return false;
            }
            if (end) {
                close();
            }
            return true;
        }

        private void close() {
            ended = true;
            try {
                stdin.close();
            } catch (IOException e) {
                // already gone
            }
        }

        void end() {
            try {
                writer.execute(this::close);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                return;
            }
            writer.shutdown();
        }
    }
}
