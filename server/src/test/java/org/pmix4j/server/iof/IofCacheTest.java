package org.pmix4j.server.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.iof.IofRouter.Output;

/** The cache of output nobody pulled yet: its policies per job, the bounds of a pull, the ends of streams. */
class IofCacheTest {
    private static final Proc A0 = new Proc("a", 0);
    private static final Proc A1 = new Proc("a", 1);
    private static final Proc B0 = new Proc("b", 0);

    private static Output out(Proc p, int channel, String s, Info... info) {
        return new Output(p, channel, s.getBytes(StandardCharsets.UTF_8), List.of(info));
    }

    private static String text(List<Output> outs) {
        StringBuilder b = new StringBuilder();
        for (Output o : outs) {
            b.append(o.source().nspace()).append(o.source().rank()).append(':')
                    .append(new String(o.data(), StandardCharsets.UTF_8)).append(o.data().length == 0 ? "<end>" : "")
                    .append(' ');
        }
        return b.toString().strip();
    }

    @Test
    void theDefaultKeepsTheOldestBytesAndDropsTheNewest() {
        assertFalse(CachePolicy.DEFAULT.dropOldest(), "the Standard's default is drop-newest");
        IofCache c = new IofCache();
        c.setPolicy("a", new CachePolicy(6, false));
        c.add(out(A0, IofChannel.STDOUT, "abcd"));
        c.add(out(A0, IofChannel.STDOUT, "efgh"));
        c.add(out(A0, IofChannel.STDOUT, "ijkl"));
        c.add(out(A0, IofChannel.STDERR, "err"));
        assertEquals("a0:abcd a0:ef a0:err", text(c.take(o -> true)));
        assertEquals(6, c.droppedBytes());
        assertEquals(IofChannel.STDOUT, c.lostChannels("a"), "later requesters are told which channel lost output");
        assertEquals(0, c.lostChannels("b"));
        assertEquals(0, c.bytes());
    }

    @Test
    void dropOldestKeepsTheNewestBytesOfEachChannelOfTheJob() {
        IofCache c = new IofCache();
        c.setPolicy("a", new CachePolicy(6, true));
        c.add(out(A0, IofChannel.STDOUT, "abcd"));
        c.add(out(A1, IofChannel.STDOUT, "efgh"));
        c.add(out(A0, IofChannel.STDERR, "12345678"));
        c.add(out(B0, IofChannel.STDOUT, "other job, other policy"));
        assertEquals("a0:cd a1:efgh a0:345678 b0:other job, other policy", text(c.take(o -> true)));
    }

    @Test
    void theEndOfAStreamTakesNoRoomAndIsNeverDropped() {
        IofCache c = new IofCache();
        c.setPolicy("a", new CachePolicy(4, true));
        Info end = Attributes.IOF_COMPLETE.info(true);
        c.add(out(A0, IofChannel.STDOUT, "abcd"));
        c.add(out(A0, IofChannel.STDOUT, "", end));
        c.add(out(A1, IofChannel.STDOUT, "efgh"));
        assertEquals("a0:<end> a1:efgh", text(c.take(o -> true)));
        c.setPolicy("a", new CachePolicy(0, false));
        c.add(out(A0, IofChannel.STDOUT, "dropped"));
        c.add(out(A0, IofChannel.STDOUT, "", end));
        assertEquals("a0:<end>", text(c.take(o -> true)));
    }

    @Test
    void takeRemovesOnlyWhatIsWantedInTheOrderItCame() {
        IofCache c = new IofCache();
        c.add(out(A0, IofChannel.STDOUT, "1"));
        c.add(out(B0, IofChannel.STDOUT, "2"));
        c.add(out(A0, IofChannel.STDERR, "3"));
        c.add(out(A0, IofChannel.STDOUT, "4"));
        assertEquals("a0:1 a0:3 a0:4", text(c.take(o -> o.source().nspace().equals("a"))));
        assertEquals(1, c.pieces());
        c.dropJob("b");
        assertEquals(0, c.pieces());
        assertEquals(0, c.bytes());
    }

    @Test
    void aPullsBoundTakesTheFirstOrTheLastBytesOfEachChannel() {
        List<Output> cached = List.of(out(A0, IofChannel.STDOUT, "abc"), out(A0, IofChannel.STDERR, "xyz"),
                out(A0, IofChannel.STDOUT, "def"));
        assertEquals("a0:abc a0:xyz a0:d", text(IofCache.limit(cached, new CachePolicy(4, false))));
        assertEquals("a0:c a0:xyz a0:def", text(IofCache.limit(cached, new CachePolicy(4, true))));
    }

    @Test
    void policiesAreReadFromInfosAndBadOnesRefusedByName() {
        CachePolicy p = CachePolicy.read(List.of(Attributes.IOF_CACHE_SIZE.info(100),
                Attributes.IOF_DROP_OLDEST.info(true)), CachePolicy.DEFAULT);
        assertEquals(new CachePolicy(100, true), p);
        assertEquals(new CachePolicy(100, false), CachePolicy.read(List.of(Attributes.IOF_DROP_NEWEST.info(true)), p));
        assertEquals(CachePolicy.DEFAULT, CachePolicy.read(List.of(), CachePolicy.DEFAULT));
        PmixException both = assertThrows(PmixException.class, () -> CachePolicy.read(List.of(
                Attributes.IOF_DROP_OLDEST.info(true), Attributes.IOF_DROP_NEWEST.info(true)), CachePolicy.DEFAULT));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, both.status());
        PmixException type = assertThrows(PmixException.class, () -> CachePolicy.read(
                List.of(Info.of(Attributes.IOF_CACHE_SIZE.key(), "big")), CachePolicy.DEFAULT));
        assertTrue(type.getMessage().contains("pmix.iof.csize") || type.getMessage().contains("PMIX_IOF_CACHE_SIZE"),
                type.getMessage());
    }
}
