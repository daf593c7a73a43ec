package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;

/**
 * A daemon's output forwarding: each stream of a process is read in chunks as they come and handed, raw and
 * in order, to the {@link ChunkSender} (towards the launcher, which formats them as it formats its own
 * processes' output); its end is an empty chunk. Nothing is buffered here beyond one read, so output is
 * never held back on a node waiting for a line to end.
 *
 * <p>Each stream has a credit of {@link #WINDOW} bytes: what was sent and not yet taken by the launcher
 * ({@link #taken}, from its {@link ChunkStream}) may not exceed it, so a process whose output the launcher
 * cannot write out as fast (a slow terminal, a pipe nobody reads) waits in its own write, as it would on the
 * launcher's node, instead of filling the launcher's memory.
 */
public final class OutputRelay implements OutputForwarding {
    private static final Log LOG = Log.of(OutputRelay.class);
    private static final int CHUNK = 64 * 1024;
    /** Sent but not yet taken, per stream, at most; more than a chunk and a {@link ChunkStream#TAKEN_STEP}. */
    static final int WINDOW = 128 * 1024;

    private final Map<Stream, Semaphore> credits = new ConcurrentHashMap<>();

    /** One stream of one process. */
    private record Stream(Proc proc, int channel) {
        // equals and hashCode by hand: a record's own are bootstrapped through method handles at their first
        // call (8 classes generated in a daemon as its first process writes)
        @Override
        public boolean equals(Object o) {
            return o instanceof Stream s && s.channel == channel && s.proc.equals(proc);
        }

        @Override
        public int hashCode() {
            return proc.hashCode() * 31 + channel;
        }
    }

    /** Sends a chunk of a process's output on a channel (IofChannel bits); empty: the stream ended. */
    public interface ChunkSender {
        void send(Proc proc, int channel, byte[] data);
    }

    private final ChunkSender sender;

    public OutputRelay(ChunkSender sender) {
        this.sender = sender;
    }

    @Override
    public ProcessOutput attach(Proc proc, long pid, int jobSize, OutputOptions jobOptions, int printed,
            InputStream out, InputStream err) {
        int streams = (out != null ? 1 : 0) + (err != null ? 1 : 0);
        ProcessOutput po = new ProcessOutput(proc, streams);
        if (out != null) {
            start(proc, IofChannel.STDOUT, out, po);
        }
        if (err != null) {
            start(proc, IofChannel.STDERR, err, po);
        }
        return po;
    }

    /** The launcher took {@code bytes} more of this stream off its queue: that much more may be sent. */
    public void taken(Proc proc, int channel, long bytes) {
        Semaphore credit = credits.get(new Stream(proc, channel));
        if (credit != null) {
            credit.release((int) Math.min(bytes, WINDOW));
        }
    }

    private void start(Proc proc, int channel, InputStream in, ProcessOutput po) {
        Stream stream = new Stream(proc, channel);
        Semaphore credit = new Semaphore(WINDOW);
        credits.put(stream, credit);
        Thread.ofPlatform().daemon().name("relay-" + proc + "-" + channel).stackSize(256 * 1024).start(() -> {
            byte[] buf = new byte[CHUNK];
            try (in) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    credit.acquire(n);
                    sender.send(proc, channel, Arrays.copyOf(buf, n));
                }
            } catch (IOException e) {
                LOG.debug("reading the output of {}: {}", proc, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                credits.remove(stream);
                sender.send(proc, channel, new byte[0]);
                po.streamDone();
            }
        });
    }
}
