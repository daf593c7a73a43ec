package org.pmix4j.server.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.server.collective.Timers;
import org.pmix4j.server.iof.IofRouter.Output;

/** A request's buffering: by size, by time, the end of a stream, and the flush at deregistration. */
class OutputBufferTest {
    private static final Proc P = new Proc("j", 0);

    /** Timers the test fires by hand. */
    private static final class ManualTimers implements Timers {
        final List<Runnable> due = new ArrayList<>();
        final List<Long> delays = new ArrayList<>();

        @Override
        public Runnable after(long seconds, Runnable task) {
            due.add(task);
            delays.add(seconds);
            return () -> due.remove(task);
        }

        void fire() {
            for (Runnable r : List.copyOf(due)) {
                r.run();
            }
            due.clear();
        }
    }

    private final List<String> sent = new ArrayList<>();
    private final ManualTimers timers = new ManualTimers();

    private OutputBuffer buffer(long bytes, long seconds) {
        return new OutputBuffer(new Buffering(bytes, seconds), timers, o -> sent.add(
                IofChannel.label(o.channel()) + ":" + new String(o.data(), StandardCharsets.UTF_8)
                        + (Attributes.IOF_COMPLETE.isIn(o.info()) ? "<end>" : "")));
    }

    private static Output out(int channel, String s) {
        return new Output(P, channel, s.getBytes(StandardCharsets.UTF_8), List.of());
    }

    @Test
    void withoutBufferingEveryPieceGoesAtOnce() {
        OutputBuffer b = buffer(0, 0);
        b.offer(out(IofChannel.STDOUT, "a"));
        b.offer(out(IofChannel.STDOUT, "b"));
        assertEquals(List.of("STDOUT:a", "STDOUT:b"), sent);
    }

    @Test
    void bySizePiecesOfAtLeastTheSizeGoPerChannelAndTheRestAtTheEndOrTheFlush() {
        OutputBuffer b = buffer(4, 0);
        b.offer(out(IofChannel.STDOUT, "ab"));
        b.offer(out(IofChannel.STDERR, "xy"));
        b.offer(out(IofChannel.STDOUT, "cde"));
        assertEquals(List.of("STDOUT:abcde"), sent);
        b.offer(new Output(P, IofChannel.STDERR, new byte[0], List.of(Attributes.IOF_COMPLETE.info(true))));
        assertEquals(List.of("STDOUT:abcde", "STDERR:xy<end>"), sent);
        b.offer(out(IofChannel.STDOUT, "f"));
        assertEquals(1, b.waiting());
        b.flush();
        assertEquals(List.of("STDOUT:abcde", "STDERR:xy<end>", "STDOUT:f"), sent);
        assertEquals(0, b.waiting());
        assertTrue(timers.due.isEmpty(), "no timer without a time bound");
    }

    @Test
    void byTimeWhatGatheredGoesWhenTheFirstByteHasWaited() {
        OutputBuffer b = buffer(0, 2);
        b.offer(out(IofChannel.STDOUT, "a"));
        b.offer(out(IofChannel.STDOUT, "b"));
        assertEquals(List.of(), sent);
        assertEquals(List.of(2L), timers.delays, "one timer per gathering, of the asked seconds");
        timers.fire();
        assertEquals(List.of("STDOUT:ab"), sent);
        b.offer(out(IofChannel.STDOUT, "c"));
        timers.fire();
        assertEquals(List.of("STDOUT:ab", "STDOUT:c"), sent);
    }

    @Test
    void sizeAndTimeTogetherWhicheverComesFirstAndADiscardSendsNothing() {
        OutputBuffer b = buffer(3, 5);
        b.offer(out(IofChannel.STDOUT, "abc"));
        assertEquals(List.of("STDOUT:abc"), sent);
        assertTrue(timers.due.isEmpty(), "the size sent it: its timer is called off");
        b.offer(out(IofChannel.STDOUT, "d"));
        b.discard();
        timers.fire();
        assertEquals(List.of("STDOUT:abc"), sent);
    }

    @Test
    void bufferingIsReadFromInfos() {
        assertEquals(Buffering.NONE, Buffering.read(List.of()));
        assertEquals(new Buffering(100, 3), Buffering.read(List.of(Attributes.IOF_BUFFERING_SIZE.info(100),
                Attributes.IOF_BUFFERING_TIME.info(3))));
    }
}
