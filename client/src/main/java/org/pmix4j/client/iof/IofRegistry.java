package org.pmix4j.client.iof;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.IofChannel;
import org.pmix4j.client.IofHandler;
import org.pmix4j.client.IofOutput;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.message.IofDataMessage;

/**
 * The IO-forwarding requests of one process and the delivery of output messages (tag 2,
 * {@link IofDataMessage}s carrying our id of the request). Our ids start at 1; id 0 is the request
 * a server makes on a tool's behalf at connect time for its own output, which goes to this process's
 * stdout or stderr unless local output was turned off (PMIX_IOF_LOCAL_OUTPUT false).
 */
public final class IofRegistry {
    /** One pull request: ours, and the server's id for it. */
    public record Pull(long localId, IofHandler handler, long serverId) {
    }

    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pull> pulls = new ConcurrentHashMap<>();
    private final Executor executor;
    private volatile boolean localOutput;
    private volatile IofHandler forwarded;

    public IofRegistry(Executor executor, boolean localOutput) {
        this.executor = executor;
        this.localOutput = localOutput;
    }

    public void localOutput(boolean on) {
        localOutput = on;
    }

    /**
     * Where output for id 0 goes instead of this process's stdout/stderr: what a server forwards without a
     * request of ours (the output of a job we spawned with PMIX_FWD_*, the server's own).
     */
    public void forwardedOutput(IofHandler handler) {
        forwarded = handler;
    }

    public long nextId() {
        return ids.incrementAndGet();
    }

    public void add(long localId, IofHandler handler, long serverId) {
        pulls.put(localId, new Pull(localId, handler, serverId));
    }

    public Pull remove(long localId) {
        return pulls.remove(localId);
    }

    /** Parses an output message and hands it to its handler on the IOF executor. */
    public void deliver(byte[] payload, BufferKind kind) {
        IofDataMessage message = IofDataMessage.read(new Unpacker(payload, kind));
        long id = message.requestId();
        int channel = message.channel();
        byte[] data = message.data().bytes();
        boolean complete = Attributes.IOF_COMPLETE.find(message.info()).orElse(false);
        IofOutput out = new IofOutput(message.source(), channel, data, message.info(), complete);
        Pull p = pulls.get(id);
        IofHandler fallback = forwarded;
        if (p == null && id == 0 && fallback != null) {
            p = new Pull(0, fallback, 0);
        }
        if (p != null) {
            Pull pull = p;
            executor.execute(() -> {
                try {
                    pull.handler().output(out);
                } catch (RuntimeException e) {
                    System.err.println("pmix4j: IOF handler #" + id + " failed: " + e);
                }
            });
        } else if (id == 0 && localOutput && data.length > 0) {
            executor.execute(() -> {
                PrintStream s = channel == IofChannel.STDOUT ? System.out : System.err;
                s.write(data, 0, data.length);
                s.flush();
            });
        }
    }
}
