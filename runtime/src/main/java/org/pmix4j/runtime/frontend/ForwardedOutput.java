package org.pmix4j.runtime.frontend;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.internal.ByteWindow;
import org.pmix4j.client.IofOutput;
import org.pmix4j.runtime.iof.ChunkStream;
import org.pmix4j.runtime.iof.IoForwarder;
import org.pmix4j.runtime.iof.ProcessOutput;

/**
 * The output a DVM forwards for our job, written as {@code pmix4j run} writes a local process's: each
 * process's stdout and stderr become a {@link ChunkStream} read by the same {@link IoForwarder} (line
 * buffering, tags, timestamps, XML, files), ended by PMIX_IOF_COMPLETE. What comes from the job as a whole
 * (rank WILDCARD: the DVM's messages about the job and its map) and the DVM's own diagnostics (why it
 * refused the job) are written as they are, diagnostics to stderr. Chunks arrive in order on the tool library's
 * output-handler thread.
 *
 * <p>At most {@link #QUEUED_LIMIT} bytes wait to be written: beyond that the handler thread waits until the
 * writers catch up (our stdout is a pipe nobody reads, or a terminal scrolled back); the library's reader then
 * waits behind it (prun gives it the same bound), the socket is not read, the DVM's queue for us fills and it
 * stops reading the job's output (its IofBacklog) instead of either process's heap filling up.
 */
final class ForwardedOutput {
    static final long QUEUED_LIMIT = 4L << 20;
    private final IoForwarder iof;
    private final int jobSize;
    private final Map<Stream, ChunkStream> streams = new ConcurrentHashMap<>();
    private final Map<Stream, ProcessOutput> written = new ConcurrentHashMap<>();
    private final java.util.Set<Stream> ended = ConcurrentHashMap.newKeySet();
    /** What is fed to the streams and not yet taken by their writers. */
    private final ByteWindow queued = new ByteWindow(QUEUED_LIMIT);

    private record Stream(Proc source, int channel) {
        // written out: a record's own equals and hashCode are bound by an invokedynamic at their first call,
        // which spun method handles for ~20 ms of a front end's life on the first line of output (as Proc's)
        @Override
        public boolean equals(Object o) {
            return o instanceof Stream s && channel == s.channel && source.equals(s.source);
        }

        @Override
        public int hashCode() {
            return 31 * source.hashCode() + channel;
        }
    }

    ForwardedOutput(IoForwarder iof, int jobSize) {
        this.iof = iof;
        this.jobSize = jobSize;
    }

    void accept(IofOutput o) {
        if (o.source().rank() == Rank.WILDCARD || o.channel() == IofChannel.STDDIAG) {
            if (o.data().length > 0) {
                // the DVM speaks after the output it speaks of: let what already ended be written first
                awaitWritten();
                String text = new String(o.data(), StandardCharsets.UTF_8);
                if (o.channel() == IofChannel.STDOUT) {
                    iof.launcherOutput(text);
                } else {
                    iof.launcherMessage(text);
                }
            }
            return;
        }
        if (o.channel() != IofChannel.STDOUT && o.channel() != IofChannel.STDERR) {
            return;
        }
        Stream key = new Stream(o.source(), o.channel());
        ChunkStream s = streams.computeIfAbsent(key, this::open);
        queued.add(o.data().length); // interrupted (the front end stopping): fed with the rest
        s.feed(o.data()); // each message's bytes are its own: no copy
        if (o.complete()) {
            s.end();
            ended.add(key);
            synchronized (this) {
                notifyAll();
            }
        }
    }

    private ChunkStream open(Stream key) {
        ChunkStream s = new ChunkStream(queued::taken);
        boolean out = key.channel() == IofChannel.STDOUT;
        written.put(key, iof.attach(key.source(), -1, jobSize, iof.options(), IofChannel.STDOUT | IofChannel.STDERR,
                out ? s : null, out ? null : s));
        return s;
    }

    /** Waits (briefly) until the streams that have ended are written out. */
    private void awaitWritten() {
        for (Stream done : ended) {
            try {
                written.get(done).await(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Waits (at most {@code millis}) until every process's stdout and stderr has ended, then ends those that
     * have not (the DVM lost them), so that what arrived is written.
     */
    void awaitComplete(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        synchronized (this) {
            while (ended.size() < 2 * jobSize) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
        streams.values().forEach(ChunkStream::end);
    }
}
