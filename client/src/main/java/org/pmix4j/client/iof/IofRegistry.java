package org.pmix4j.client.iof;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.internal.ByteWindow;
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
 *
 * <p>Output for a pull with a handler goes to the handler as it came. Output this process writes itself
 * (a pull without a handler, and id 0's) goes through {@link LocalOutput}, line by line, formatted as the
 * first of these asks ({@link OutputFormat}): the pull's directives, the job info of our spawn of the
 * source's job, our init info. libpmix 4.2.2 does the same, except that it ignores a pull's directives.
 */
public final class IofRegistry {
    /**
     * One pull request: ours, and the server's id for it. A null {@code handler} writes the output to our
     * stdout/stderr, formatted as {@code format} says (null: as our spawn of the job or our init said).
     */
    public record Pull(long localId, IofHandler handler, long serverId, OutputFormat format) {
    }

    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pull> pulls = new ConcurrentHashMap<>();
    private final Executor executor;
    private volatile boolean localOutput;
    private volatile IofHandler forwarded;
    /** What of the forwarded output may wait for its handler ({@link #forwardedOutput}), or null: no bound. */
    private volatile ByteWindow forwardedWindow;
    private volatile OutputFormat toolFormat = OutputFormat.NONE;
    private final Map<String, OutputFormat> jobFormats = new ConcurrentHashMap<>();
    private final LocalOutput local = new LocalOutput();

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
        forwardedOutput(handler, 0);
    }

    /**
     * As {@link #forwardedOutput(IofHandler)}, but while {@code limit} bytes or more wait for the handler the
     * connection's reader waits too (0: no limit): a handler that writes somewhere slow then slows the server's
     * sending, by TCP, instead of the output piling up here. The handler must not call the library's blocking
     * calls, whose replies that reader would then not read.
     */
    public void forwardedOutput(IofHandler handler, long limit) {
        forwardedWindow = limit > 0 ? new ByteWindow(limit) : null;
        forwarded = handler;
    }

    /** How output we write ourselves is formatted when nothing more particular says (a tool's init info). */
    public void toolFormat(OutputFormat format) {
        toolFormat = format;
    }

    /** How the output of a job we spawned is formatted when we write it (the spawn's job info). */
    public void jobFormat(String nspace, OutputFormat format) {
        if (format.set()) {
            jobFormats.put(nspace, format);
        }
    }

    /** Writes the unfinished last lines of output we write ourselves (at finalize). */
    public void flushLocalOutput() {
        local.flush();
    }

    public long nextId() {
        return ids.incrementAndGet();
    }

    public void add(long localId, IofHandler handler, long serverId, OutputFormat format) {
        pulls.put(localId, new Pull(localId, handler, serverId, format));
    }

    public Pull remove(long localId) {
        return pulls.remove(localId);
    }

    private OutputFormat formatOf(Pull p, String nspace) {
        if (p != null && p.format() != null && p.format().set()) {
            return p.format();
        }
        return jobFormats.getOrDefault(nspace, toolFormat);
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
        ByteWindow window = null;
        if (p == null && id == 0 && fallback != null) {
            p = new Pull(0, fallback, 0, null);
            window = forwardedWindow;
        }
        if (p != null && p.handler() != null) {
            Pull pull = p;
            ByteWindow counted = window;
            if (counted != null) {
                counted.add(data.length); // interrupted (the connection closing): handed on with the rest
            }
            executor.execute(() -> {
                try {
                    pull.handler().output(out);
                } catch (RuntimeException e) {
                    System.err.println("pmix4j: IOF handler #" + id + " failed: " + e);
                } finally {
                    if (counted != null) {
                        counted.taken(data.length);
                    }
                }
            });
        } else if (p != null || (id == 0 && localOutput)) {
            OutputFormat format = formatOf(p, message.source().nspace());
            executor.execute(() -> {
                local.write(format, message.source(), channel, data);
                if (complete) {
                    local.end(message.source(), channel);
                }
            });
        }
    }
}
