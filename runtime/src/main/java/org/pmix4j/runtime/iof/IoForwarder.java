package org.pmix4j.runtime.iof;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;

/**
 * The output side of {@code pmix4j run}'s IO forwarding: it copies the stdout and stderr of every process
 * of every job to the launcher's stdout and stderr and/or to files, formatted as {@code --output} says
 * ({@link OutputOptions}), and offers every chunk to {@link OutputListener}s (PMIx tools).
 *
 * <p>Guarantees: lines of different processes never mix (each batch of whole lines of one stream is
 * written under the destination's lock, and a process's unfinished last line is separated from what
 * follows it); everything a process wrote is written before its {@link ProcessOutput} is done, the last
 * unfinished line of a process that died included; memory is bounded per stream (no accumulation: a
 * process writing 100 MB is streamed through a 64 KiB buffer); a slow destination slows only the writers
 * behind it (a child blocks on its full pipe, nothing is dropped).
 *
 * <p>Use: one per launcher run. {@link #attach} each process right after it is forked, with
 * {@code process.getInputStream()} and {@code process.getErrorStream()}; wait for {@link ProcessOutput#await}
 * before treating the process as ended (PRRTE also waits for both exit and end of output); {@link #awaitAll}
 * then {@link #close} before the launcher exits. With {@code --output xml} the output is wrapped in
 * {@code <pmix4j>} ... {@code </pmix4j>} on stdout (PRRTE uses its tool name, {@code <prterun>}).
 */
public final class IoForwarder implements OutputForwarding, AutoCloseable {
    private static final String XML_ROOT = "pmix4j";

    private final OutputOptions options;
    private final String hostname;
    private final Clock clock;
    private final Sink stdout;
    private final Sink stderr;
    private final List<OutputListener> listeners = new CopyOnWriteArrayList<>();
    private final OutputTakers takers = new OutputTakers();
    private final Map<Path, FileSink> files = new HashMap<>();
    private final Object launcherSource = new Object();
    private int running;
    private boolean started;
    private boolean closed;

    /**
     * @param options  how output is presented (the default for every job)
     * @param stdout   the launcher's stdout (not closed by this class)
     * @param stderr   the launcher's stderr (may be the same stream as {@code stdout})
     * @param hostname this node's name, for {@code tag-detailed} and the {@code %h} of file patterns
     */
    public IoForwarder(OutputOptions options, OutputStream stdout, OutputStream stderr, String hostname) {
        this(options, stdout, stderr, hostname, LocalClock.INSTANCE);
    }

    /** As above, with the clock that {@code timestamp} reads (tests). */
    public IoForwarder(OutputOptions options, OutputStream stdout, OutputStream stderr, String hostname, Clock clock) {
        this.options = Objects.requireNonNull(options, "options");
        this.hostname = hostname;
        this.clock = clock;
        this.stdout = new Sink(Objects.requireNonNull(stdout, "stdout"));
        this.stderr = stderr == stdout ? this.stdout : new Sink(Objects.requireNonNull(stderr, "stderr"));
    }

    public OutputOptions options() {
        return options;
    }

    /** The output tools take away from the launcher's stdout and stderr (PMIx_IOF_pull without PMIX_IOF_COPY). */
    public OutputTakers takers() {
        return takers;
    }

    /** Every chunk read from any process from now on is also offered to {@code l}. */
    public void addListener(OutputListener l) {
        listeners.add(Objects.requireNonNull(l));
    }

    public void removeListener(OutputListener l) {
        listeners.remove(l);
    }

    /** Writes what precedes all output ({@code <pmix4j>} for XML). Done by the first {@link #attach} if not before. */
    public synchronized void start() {
        if (started || closed) {
            return;
        }
        started = true;
        if (options.xml()) {
            raw(stdout, "<" + XML_ROOT + ">\n");
        }
    }

    /** Forwards a process's output with the launcher's options. */
    public ProcessOutput attach(Proc proc, long pid, int jobSize, InputStream out, InputStream err) {
        return attach(proc, pid, jobSize, options, IofChannel.STDOUT | IofChannel.STDERR, out, err);
    }

    /**
     * Forwards a process's output: reads each stream until it ends (a child's pipes by the launcher's one
     * shared reader where they can be watched, other streams by a thread each).
     *
     * @param proc       the process (its nspace and rank appear in tags and file names)
     * @param pid        its OS pid (for {@code tag-detailed}), or -1
     * @param jobSize    the number of processes of its job (file names pad the rank to its width)
     * @param jobOptions this job's options: {@link #options()}, or those a spawn request asked for
     *                   ({@link OutputOptions#withDirectives})
     * @param printed    the channels ({@link IofChannel} bits) written to the launcher's stdout/stderr (files
     *                   and listeners get every channel): output a tool takes is not printed here as well;
     *                   of those, what a tool's pull redirects later ({@link #takers}) is left out while it lasts
     * @param out        its stdout, or null if it has none to forward
     * @param err        its stderr, or null
     */
    public ProcessOutput attach(Proc proc, long pid, int jobSize, OutputOptions jobOptions, int printed,
            InputStream out, InputStream err) {
        return attach(proc, pid, hostname, jobSize, jobOptions, printed, out, err);
    }

    /**
     * {@link #attach(Proc, long, int, OutputOptions, int, InputStream, InputStream)} for a process of another
     * node, its output relayed by that node's daemon: {@code host} is its node in tags and file names.
     */
    public ProcessOutput attach(Proc proc, long pid, String host, int jobSize, OutputOptions jobOptions, int printed,
            InputStream out, InputStream err) {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(jobOptions, "jobOptions");
        start();
        int streams = (out != null ? 1 : 0) + (err != null ? 1 : 0);
        ProcessOutput po = new ProcessOutput(proc, streams);
        List<StreamPump> pumps = new ArrayList<>(2);
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the output forwarder is closed; cannot forward the output of " + proc);
            }
            if (out != null) {
                pumps.add(pump(proc, pid, host, jobSize, jobOptions, (printed & IofChannel.STDOUT) != 0,
                        OutputChannel.STDOUT, out, po));
            }
            if (err != null) {
                pumps.add(pump(proc, pid, host, jobSize, jobOptions, (printed & IofChannel.STDERR) != 0,
                        OutputChannel.STDERR, err, po));
            }
            running += pumps.size();
        }
        for (StreamPump p : pumps) {
            p.start();
        }
        return po;
    }

    private StreamPump pump(Proc proc, long pid, String host, int jobSize, OutputOptions o, boolean print,
            OutputChannel ch, InputStream in, ProcessOutput po) {
        List<Sink> sinks = new ArrayList<>(2);
        Path path = FileNames.path(o, ch, proc.nspace(), proc.rank(), jobSize, host);
        FileSink file = null;
        if (path != null) {
            file = files.computeIfAbsent(path, p -> new FileSink(p, (f, e) -> launcherMessage(
                    "pmix4j run: cannot write the output of " + proc + " to " + f + " (" + e.getMessage()
                            + "); it is discarded")));
            file.acquire();
            sinks.add(file);
        }
        Sink terminal = null;
        if (o.toTerminal() && print) {
            terminal = ch == OutputChannel.STDOUT || o.merge() ? stdout : stderr;
            sinks.add(terminal);
        }
        FileSink acquired = file;
        OutputFormatter format = new OutputFormatter(o, proc, pid, host, ch, clock);
        return new StreamPump(proc, ch, in, format, o.raw(), List.copyOf(sinks), terminal, takers, listeners, () -> {
            if (acquired != null) {
                acquired.release();
            }
            po.streamDone();
            synchronized (this) {
                running--;
                notifyAll();
            }
        });
    }

    /**
     * Writes one of the launcher's own messages to its stderr as a whole line, never in the middle of a
     * process's line (use this rather than writing to stderr directly while processes run).
     */
    public void launcherMessage(String text) {
        String line = text.endsWith("\n") ? text : text + "\n";
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        stderr.write(launcherSource, true, b, 0, b.length);
    }

    /** Writes text to the launcher's stdout as a whole, never in the middle of a process's line. */
    public void launcherOutput(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        stdout.write(launcherSource, true, b, 0, b.length);
    }

    /** Waits until the output of every attached process has been written. */
    public synchronized void awaitAll() throws InterruptedException {
        while (running > 0) {
            wait();
        }
    }

    /** Waits at most this long; {@code false} if some output is still coming. */
    public synchronized boolean awaitAll(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (running > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /**
     * Ends the output: writes what follows it ({@code </pmix4j>}), flushes, and closes the files. It does
     * not wait: call {@link #awaitAll} first. Should a stream still be running (say, held open by a
     * background grandchild), what it writes later is not lost: a closed file is reopened for appending.
     */
    @Override
    public void close() {
        List<FileSink> all;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            all = List.copyOf(files.values());
        }
        if (started && options.xml()) {
            raw(stdout, "</" + XML_ROOT + ">\n");
        }
        for (FileSink f : all) {
            f.close();
        }
        stdout.close();
        stderr.close();
    }

    private void raw(Sink sink, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        sink.write(launcherSource, true, b, 0, b.length);
    }
}
