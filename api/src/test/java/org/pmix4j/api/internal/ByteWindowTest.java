package org.pmix4j.api.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ByteWindowTest {
    /** Runs {@code add} on a thread of its own; the latch opens once it returned. */
    private static CountDownLatch giving(Runnable add) {
        CountDownLatch done = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            add.run();
            done.countDown();
        });
        return done;
    }
    @Test
    void aGiverWaitsWhileTheWindowIsFullAndGoesOnWhenRoomIsGivenBack() throws Exception {
        ByteWindow w = new ByteWindow(100);
        assertTrue(w.add(60));
        assertTrue(w.add(60), "below the bound a hand-off goes, even one that passes it");
        CountDownLatch done = giving(() -> w.add(10));
        assertFalse(done.await(200, TimeUnit.MILLISECONDS), "120 of 100 are out: the giver waits");
        w.taken(30);
        assertTrue(done.await(5, TimeUnit.SECONDS), "90 of 100 out: room again");
    }

    @Test
    void aGiverStopsWaitingWhenToldTo() throws Exception {
        ByteWindow w = new ByteWindow(10);
        w.add(10);
        AtomicBoolean gone = new AtomicBoolean();
        CountDownLatch done = giving(() -> w.add(5, gone::get, 20));
        assertFalse(done.await(200, TimeUnit.MILLISECONDS));
        gone.set(true);
        assertTrue(done.await(5, TimeUnit.SECONDS), "the taker went away: no room will come");
    }

    @Test
    void anInterruptedWaitCountsTheBytesAndSaysSo() throws Exception {
        ByteWindow w = new ByteWindow(10);
        w.add(10);
        AtomicBoolean waited = new AtomicBoolean(true);
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread giver = Thread.ofPlatform().start(() -> {
            waited.set(w.add(5));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        Thread.sleep(100);
        giver.interrupt();
        giver.join(5000);
        assertFalse(waited.get());
        assertTrue(stillInterrupted.get(), "the interrupt is kept");
        CountDownLatch done = giving(() -> w.add(1));
        assertFalse(done.await(200, TimeUnit.MILLISECONDS), "the interrupted giver's 5 are out, with the 10");
        w.taken(10);
        assertTrue(done.await(5, TimeUnit.SECONDS), "5 of 10 out: room again");
    }
}
