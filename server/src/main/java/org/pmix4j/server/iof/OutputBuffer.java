package org.pmix4j.server.iof;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.collective.Timers;
import org.pmix4j.server.iof.IofRouter.Output;

/**
 * Gathers one request's output by its {@link Buffering} before handing it to {@code send}: per source
 * and channel, until {@code bytes} have gathered or the first of them has waited {@code seconds}. The end
 * of a stream (PMIX_IOF_COMPLETE) sends what gathered at once, with the end's info; {@link #flush} (the
 * requester deregisters) sends everything that waits, as the Standard asks. Without buffering every piece
 * goes straight through.
 *
 * <p>Loop thread only (the timers run there).
 */
final class OutputBuffer {
    private record StreamKey(Proc source, int channel) {
    }

    private static final class Pending {
        final ByteArrayOutputStream data = new ByteArrayOutputStream();
        Runnable cancelTimer;
    }

    private final Buffering buffering;
    private final Timers timers;
    private final Consumer<Output> send;
    private final Map<StreamKey, Pending> pending = new LinkedHashMap<>();

    OutputBuffer(Buffering buffering, Timers timers, Consumer<Output> send) {
        this.buffering = buffering;
        this.timers = timers;
        this.send = send;
    }

    void offer(Output out) {
        if (buffering.none()) {
            send.accept(out);
            return;
        }
        StreamKey key = new StreamKey(out.source(), out.channel());
        boolean end = CachePolicy.isTrue(out.info(), Attributes.IOF_COMPLETE.key());
        Pending p = pending.get(key);
        if (p == null) {
            if (end) {
                send.accept(out);
                return;
            }
            p = new Pending();
            pending.put(key, p);
        }
        p.data.writeBytes(out.data());
        if (end) {
            send(key, out.info());
        } else if (buffering.bytes() > 0 && p.data.size() >= buffering.bytes()) {
            send(key, List.of());
        } else if (buffering.seconds() > 0 && p.cancelTimer == null) {
            p.cancelTimer = timers.after(buffering.seconds(), () -> send(key, List.of()));
        }
    }

    private void send(StreamKey key, List<Info> info) {
        Pending p = pending.remove(key);
        if (p == null) {
            return;
        }
        if (p.cancelTimer != null) {
            p.cancelTimer.run();
        }
        send.accept(new Output(key.source(), key.channel(), p.data.toByteArray(), info));
    }

    /** Sends everything that gathered. */
    void flush() {
        for (StreamKey key : new ArrayList<>(pending.keySet())) {
            send(key, List.of());
        }
    }

    /** Forgets what gathered (its requester is gone). */
    void discard() {
        for (Pending p : pending.values()) {
            if (p.cancelTimer != null) {
                p.cancelTimer.run();
            }
        }
        pending.clear();
    }

    /** How many bytes wait, for tests. */
    int waiting() {
        return pending.values().stream().mapToInt(p -> p.data.size()).sum();
    }
}
