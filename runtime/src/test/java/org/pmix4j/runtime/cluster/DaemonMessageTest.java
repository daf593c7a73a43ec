package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.statistics.Statistics;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.WireFormatException;

/**
 * The daemons' messages: every kind packed then read gives an equal message, and any body a peer may send
 * (random, truncated, mutated, read as another kind) is read or refused with a RuntimeException, which
 * {@code DaemonRouter.route} catches and logs, and {@code TreeJoin} turns into a refused join; never an
 * Error, a loop without end, or an allocation out of proportion to the body (a list count read from the
 * body is checked before anything is allocated for it). The bound on allocation is that of the codec's
 * DecoderFuzzTest: 512 bytes per body byte plus 1 MiB.
 */
class DaemonMessageTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Duration PER_INPUT = Duration.ofSeconds(2);
    private static final long ALLOCATION_PER_BYTE = 512;
    private static final long ALLOCATION_BASE = 1 << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final AtomicLong MOST_ALLOCATED = new AtomicLong();

    static {
        // the first read of each kind loads the codec's classes; that is not the body's doing
        for (DaemonMessage m : DaemonMessageArbitraries.messages().sampleStream().limit(200).toList()) {
            DaemonMessage.read(m.kind(), m.body());
        }
    }

    @Provide
    Arbitrary<DaemonMessage> messages() {
        return DaemonMessageArbitraries.messages();
    }

    // ---- round trips ----------------------------------------------------------------------------------------

    @Property(tries = 1000, seed = "1511")
    void everyKindRoundTrips(@ForAll("messages") DaemonMessage m) {
        Statistics.label("kind").collect(m.getClass().getSimpleName());
        byte[] body = m.body();
        DaemonMessage back = DaemonMessage.read(m.kind(), body);
        assertSameMessage(m, back, HEX.formatHex(body));
    }

    /** Through a frame on a stream, as a link carries it. */
    @Property(tries = 300, seed = "1512")
    void framesRoundTrip(@ForAll("messages") DaemonMessage m, @ForAll int destination, @ForAll int origin)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        new Frame(destination, origin, m.kind(), m.body()).writeTo(out);
        new Frame(Frame.EVERY_DAEMON, origin, m.kind(), m.body()).writeTo(out);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        Frame f = Frame.readFrom(in);
        assertEquals(destination, f.destination());
        assertEquals(origin, f.origin());
        assertEquals(m.kind(), f.kind());
        assertSameMessage(m, DaemonMessage.read(f.kind(), f.body()), "frame");
        Frame g = Frame.readFrom(in);
        assertEquals(Frame.EVERY_DAEMON, g.destination());
        assertSameMessage(m, DaemonMessage.read(g.kind(), g.body()), "second frame");
        assertEquals(0, in.available());
    }

    @Example
    void everyKindIsGeneratedAndKindsAreDistinct() {
        Set<Integer> kinds = new TreeSet<>(DaemonMessageArbitraries.KINDS);
        assertEquals(DaemonMessageArbitraries.KINDS.size(), kinds.size(), "two messages share a kind");
        assertEquals(DaemonMessage.class.getPermittedSubclasses().length, kinds.size(),
                "a message record is missing from the tests' list");
        Set<Integer> generated = new TreeSet<>();
        DaemonMessageArbitraries.messages().sampleStream().limit(3000).forEach(m -> generated.add(m.kind()));
        assertEquals(kinds, generated);
    }

    // ---- bad bodies ---------------------------------------------------------------------------------------

    @Example
    void anUnknownKindIsAWireFormatExceptionNamingIt() {
        for (int kind : new int[] {0, 26, 99, -1, Integer.MIN_VALUE}) {
            WireFormatException e = assertThrows(WireFormatException.class,
                    () -> DaemonMessage.read(kind, new byte[0]));
            assertTrue(e.getMessage().contains("kind " + kind), e.getMessage());
        }
    }

    @Example
    void anEmptyBodyOfAKindWithFieldsIsRefused() {
        for (int kind : DaemonMessageArbitraries.KINDS) {
            if (kind == DaemonMessage.Heartbeat.KIND) {
                assertInstanceOf(DaemonMessage.Heartbeat.class, DaemonMessage.read(kind, new byte[0]));
                continue;
            }
            assertThrows(WireFormatException.class, () -> DaemonMessage.read(kind, new byte[0]), "kind " + kind);
        }
    }

    /** A list count of 2^31-1 (or any count the body cannot hold) is refused before a list is made for it. */
    @Example
    void hugeListCountsAreRefusedBeforeAllocating() {
        for (int count : new int[] {Integer.MAX_VALUE, -1, Integer.MIN_VALUE, 10_000_001, 10_000_000, 1_000_000}) {
            // Layout: nspace, then the hosts' count
            Packer layout = new Packer(BufferKind.NON_DESCRIBED).string("ns").int32(count).string("h0");
            WireFormatException e = assertRefusedCheaply(DaemonMessage.Layout.KIND, layout.toByteArray(),
                    "Layout with " + count + " hosts");
            assertTrue(e.getMessage().contains(Integer.toString(count)), e.getMessage());
            // Signal: nspace, then the ranks' count
            Packer signal = new Packer(BufferKind.NON_DESCRIBED).string("ns").int32(count).int32(0);
            assertRefusedCheaply(DaemonMessage.Signal.KIND, signal.toByteArray(), "Signal with " + count + " ranks");
        }
    }

    private static WireFormatException assertRefusedCheaply(int kind, byte[] body, String what) {
        long[] allocated = new long[1];
        WireFormatException e = assertTimeoutPreemptively(PER_INPUT, () -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            try {
                DaemonMessage.read(kind, body);
            } catch (WireFormatException refused) {
                allocated[0] = THREADS.getCurrentThreadAllocatedBytes() - before;
                return refused;
            }
            throw new AssertionError(what + " was read");
        });
        long bound = ALLOCATION_PER_BYTE * body.length + ALLOCATION_BASE;
        assertTrue(allocated[0] <= bound, what + ": allocated " + allocated[0] + " bytes for a body of "
                + body.length + " (bound " + bound + ")");
        return e;
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        return Combinators.combine(Arbitraries.integers().between(0, 3), Arbitraries.doubles().between(0, 1),
                Arbitraries.integers().between(0, 1 << 20)).as(Mutation::new).list().ofMinSize(1).ofMaxSize(4);
    }

    @Provide
    Arbitrary<Integer> kinds() {
        return Arbitraries.oneOf(Arbitraries.of(DaemonMessageArbitraries.KINDS), Arbitraries.integers());
    }

    /** A message's body, mutated, read as its own kind and as another. */
    @Property(tries = 2000, seed = "1513")
    void mutatedBodiesOnlyFailCleanly(@ForAll("messages") DaemonMessage m, @ForAll("mutations") List<Mutation> edits,
            @ForAll("kinds") int other) {
        byte[] b = m.body();
        for (Mutation e : edits) {
            b = e.apply(b);
        }
        Statistics.label("own kind").collect(checkedRead(m.kind(), b, m + " mutated by " + edits));
        Statistics.label("other kind").collect(checkedRead(other, b, m + " mutated by " + edits + " as " + other));
    }

    /** Every prefix of a body is read or refused cleanly (a frame cut short by its sender). */
    @Property(tries = 80, seed = "1514")
    void truncatedBodiesOnlyFailCleanly(@ForAll("messages") DaemonMessage m) {
        byte[] b = m.body();
        for (int n = 0; n < b.length; n++) {
            checkedRead(m.kind(), Arrays.copyOf(b, n), m + " cut to " + n + " bytes");
        }
    }

    @Property(tries = 1500, seed = "1515")
    void randomBodiesOnlyFailCleanly(@ForAll("randomBytes") byte[] body, @ForAll("kinds") int kind) {
        Statistics.label("random").collect(checkedRead(kind, body, "random body"));
    }

    @Provide
    Arbitrary<byte[]> randomBytes() {
        return Arbitraries.oneOf(Arbitraries.bytes().array(byte[].class).ofMaxSize(80),
                Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0x02, (byte) 0x03, (byte) 0x06, (byte) 0x09,
                        (byte) 0x1b, (byte) 0x7f, (byte) 0x80, (byte) 0xfe, (byte) 0xff).list().ofMaxSize(120)
                        .map(l -> {
                            byte[] out = new byte[l.size()];
                            for (int i = 0; i < out.length; i++) {
                                out[i] = l.get(i);
                            }
                            return out;
                        }));
    }

    /** Reads {@code body} as {@code kind} under the bounds; says how it ended. */
    private static String checkedRead(int kind, byte[] body, String what) {
        long bound = ALLOCATION_PER_BYTE * body.length + ALLOCATION_BASE;
        Object[] outcome = new Object[2];
        assertTimeoutPreemptively(PER_INPUT, () -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            try {
                DaemonMessage.read(kind, body);
                outcome[0] = "read";
            } catch (RuntimeException e) {
                outcome[0] = e instanceof WireFormatException ? "refused" : e.getClass().getSimpleName();
            } catch (Throwable t) {
                outcome[1] = t;
            }
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            MOST_ALLOCATED.accumulateAndGet(allocated, Math::max);
            assertTrue(allocated <= bound, () -> what + ": allocated " + allocated + " bytes for a body of "
                    + body.length + " (bound " + bound + "): " + HEX.formatHex(body));
        }, () -> what + " took longer than " + PER_INPUT + ": " + HEX.formatHex(body));
        if (outcome[1] != null) {
            throw new AssertionError(what + " threw " + outcome[1] + " (not a RuntimeException): "
                    + HEX.formatHex(body), (Throwable) outcome[1]);
        }
        return (String) outcome[0];
    }

    @AfterContainer
    static void reportAllocation() {
        System.out.println("DaemonMessageTest: most bytes allocated by one read: " + MOST_ALLOCATED.get());
    }

    /** One edit, at a fraction of the current length: flip a bit, set a special byte, truncate, insert runs. */
    record Mutation(int op, double at, int arg) {
        private static final byte[] SPECIAL = {0x00, 0x7f, (byte) 0x80, (byte) 0xff};

        byte[] apply(byte[] b) {
            int n = b.length;
            int pos = n == 0 ? 0 : Math.min(n - 1, (int) (at * n));
            return switch (op) {
                case 0 -> {
                    if (n == 0) {
                        yield b;
                    }
                    byte[] c = b.clone();
                    c[pos] ^= (byte) (1 << (arg & 7));
                    yield c;
                }
                case 1 -> {
                    if (n == 0) {
                        yield b;
                    }
                    byte[] c = b.clone();
                    c[pos] = SPECIAL[arg & 3];
                    yield c;
                }
                case 2 -> Arrays.copyOf(b, (int) (at * n));
                default -> { // a run of varint continuation bytes, sometimes ended: huge counts and lengths
                    ByteArrayOutputStream o = new ByteArrayOutputStream();
                    o.write(b, 0, pos);
                    for (int k = 0; k < 1 + arg % 12; k++) {
                        o.write((arg & 64) != 0 ? 0xff : 0x80);
                    }
                    if ((arg & 128) != 0) {
                        o.write(0x07);
                    }
                    o.write(b, pos, n - pos);
                    yield o.toByteArray();
                }
            };
        }
    }

    /** Records equal component by component, byte arrays by content. */
    static void assertSameMessage(DaemonMessage expected, DaemonMessage actual, String context) {
        assertEquals(expected.getClass(), actual.getClass(), context);
        for (RecordComponent c : expected.getClass().getRecordComponents()) {
            try {
                Object a = c.getAccessor().invoke(expected);
                Object b = c.getAccessor().invoke(actual);
                if (a instanceof byte[] x) {
                    assertTrue(b instanceof byte[] y && Arrays.equals(x, y), () -> c.getName() + " of " + expected
                            + ": " + HEX.formatHex(x) + " read back as " + (b instanceof byte[] y
                            ? HEX.formatHex(y) : b) + " in " + context);
                } else {
                    assertEquals(a, b, () -> c.getName() + " of " + expected + " in " + context);
                }
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }
}
