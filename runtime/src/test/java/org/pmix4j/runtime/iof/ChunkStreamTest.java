package org.pmix4j.runtime.iof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a reader of relayed output gives back as credit: everything it takes off the queue, in steps of at
 * least {@link ChunkStream#TAKEN_STEP} while more waits, and at once when it has caught up (a sender that
 * waits for credit must never wait on a reader that holds it back).
 */
class ChunkStreamTest {
    @Test
    void smallChunksAreCreditedInStepsWhileMoreWaitsAndAtOnceWhenCaughtUp() throws Exception {
        List<Long> told = new ArrayList<>();
        ChunkStream s = new ChunkStream(told::add);
        int chunk = 1000;
        int count = 100; // 100,000 bytes queued before any is read
        for (int i = 0; i < count; i++) {
            s.feed(new byte[chunk]);
        }
        s.end();
        byte[] all = s.readAllBytes();
        assertEquals(chunk * count, all.length);
        assertEquals((long) chunk * count, told.stream().mapToLong(Long::longValue).sum(), "every byte credited");
        for (int i = 0; i < told.size() - 1; i++) {
            assertEquals(true, told.get(i) >= ChunkStream.TAKEN_STEP, "a step of " + told.get(i) + " while more waited");
        }
    }

    @Test
    void aReaderThatCaughtUpCreditsWhatItTookAtOnce() throws Exception {
        List<Long> told = new ArrayList<>();
        ChunkStream s = new ChunkStream(told::add);
        s.feed("hello\n".getBytes());
        byte[] b = new byte[6];
        assertEquals(6, s.read(b, 0, 6));
        assertArrayEquals("hello\n".getBytes(), b);
        assertEquals(List.of(6L), told, "the queue is empty: what was taken is credited now, not held for a step");
    }
}
