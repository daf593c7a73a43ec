package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;

/**
 * A daemon's output forwarding: each stream of a process is read in chunks as they come and handed, raw and
 * in order, to the {@link ChunkSender} (towards the launcher, which formats them as it formats its own
 * processes' output); its end is an empty chunk. Nothing is buffered here beyond one read, so output is
 * never held back on a node waiting for a line to end.
 */
public final class OutputRelay implements OutputForwarding {
    private static final Log LOG = Log.of(OutputRelay.class);
    private static final int CHUNK = 64 * 1024;

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

    private void start(Proc proc, int channel, InputStream in, ProcessOutput po) {
        Thread.ofPlatform().daemon().name("relay-" + proc + "-" + channel).stackSize(256 * 1024).start(() -> {
            byte[] buf = new byte[CHUNK];
            try (in) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    sender.send(proc, channel, Arrays.copyOf(buf, n));
                }
            } catch (IOException e) {
                LOG.debug("reading the output of {}: {}", proc, e.toString());
            } finally {
                sender.send(proc, channel, new byte[0]);
                po.streamDone();
            }
        });
    }
}
