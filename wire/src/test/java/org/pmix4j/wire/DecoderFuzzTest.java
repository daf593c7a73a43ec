package org.pmix4j.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.statistics.Statistics;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Value;
import org.pmix4j.wire.ValueArbitraries.Profile;

/**
 * Bounded-time fuzzing of the decoder. Inputs are the real libpmix vectors of
 * {@code src/test/resources/vectors/bfrops} and buffers packed from ValueArbitraries, mutated (bit flips,
 * bytes replaced by 00/7f/80/ff, truncation, inserted runs of varint continuation bytes, duplicated
 * slices) and decoded as their own type(s) and as random other types, in both buffer kinds. For every
 * input:
 * <ul>
 * <li>the only exception that leaves Unpacker is WireFormatException, or UnsupportedTypeException when we
 * ask for a type the 4.2 wire has no form for (codes 70 to 73);</li>
 * <li>decoding finishes within {@link #PER_INPUT} (assertTimeoutPreemptively);</li>
 * <li>the decoding thread allocates at most {@code 512 * input length + 1 MiB} bytes
 * (com.sun.management.ThreadMXBean), i.e. no count or length read from the input makes the decoder
 * allocate more than the remaining bytes can justify.</li>
 * </ul>
 * The seeds are fixed, so a run is reproducible; a failure message carries the hex input.
 */
class DecoderFuzzTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Duration PER_INPUT = Duration.ofSeconds(2);
    private static final long ALLOCATION_PER_BYTE = 512;
    private static final long ALLOCATION_BASE = 1 << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final List<DataType> ALL_TYPES = List.of(DataType.values());

    /** A starting input: its name, the types of its packs in order, its kind and bytes. */
    record Seed(String name, List<DataType> types, BufferKind kind, byte[] bytes) {
        @Override
        public String toString() {
            return name + " " + types + " " + kind + " " + HEX.formatHex(bytes);
        }
    }

    private static final List<Seed> VECTORS = loadVectors();

    static {
        warmUp();
    }

    /**
     * The first decode in a JVM initialises the codec's classes and tables (about 5 MB, once); that is not
     * the input's doing, so it happens here, before any allocation is measured.
     */
    private static void warmUp() {
        for (Seed s : VECTORS) {
            for (DataType t : ALL_TYPES) {
                try {
                    Unpacker u = new Unpacker(s.bytes(), s.kind());
                    u.unpack(t);
                } catch (RuntimeException ignored) {
                    // WireFormatException mostly; anything else is found by the properties
                }
            }
        }
        for (DataType t : ValueArbitraries.packTypes(Profile.JAVA)) {
            for (Value v : ValueArbitraries.sample(ValueArbitraries.of(t, Profile.JAVA, 2), 3, t.code())) {
                for (BufferKind kind : BufferKind.values()) {
                    new Unpacker(new Packer(kind).pack(v.type() == t ? t : DataType.VALUE, List.of(v)).toByteArray(),
                            kind).unpack(v.type() == t ? t : DataType.VALUE);
                }
            }
        }
    }

    private static List<Seed> loadVectors() {
        String dir = "/vectors/bfrops/";
        List<Seed> out = new ArrayList<>();
        for (String line : resource(dir + "vectors.tsv").split("\n")) {
            String[] f = line.split("\t");
            if (f.length < 4 || f[0].equals("case")) {
                continue;
            }
            List<DataType> types = new ArrayList<>();
            for (String t : f[1].split("\\+")) {
                DataType dt = DataType.forName(t.trim());
                if (dt == null) {
                    throw new IllegalStateException("vectors.tsv: unknown type " + t + " in " + line);
                }
                types.add(dt);
            }
            BufferKind kind = f[0].startsWith("fd_") ? BufferKind.FULLY_DESCRIBED : BufferKind.NON_DESCRIBED;
            out.add(new Seed(f[0], types, kind, HEX.parseHex(resource(dir + f[3].trim()).trim())));
        }
        if (out.size() < 200) {
            throw new IllegalStateException("only " + out.size() + " vectors found");
        }
        return List.copyOf(out);
    }

    private static String resource(String path) {
        try (InputStream in = DecoderFuzzTest.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + path + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- mutations ----------------------------------------------------------------------------------------

    private static final byte[] SPECIAL = {0x00, 0x7f, (byte) 0x80, (byte) 0xff};

    /** One edit; positions are fractions of the current length so that edits compose on any input. */
    record Mutation(int op, double at, double span, int arg) {
        byte[] apply(byte[] b) {
            int n = b.length;
            int pos = n == 0 ? 0 : Math.min(n - 1, (int) (at * n));
            return switch (op) {
                case 0 -> { // flip one bit
                    if (n == 0) {
                        yield b;
                    }
                    byte[] c = b.clone();
                    c[pos] ^= (byte) (1 << (arg & 7));
                    yield c;
                }
                case 1 -> { // replace a byte by 00 / 7f / 80 / ff
                    if (n == 0) {
                        yield b;
                    }
                    byte[] c = b.clone();
                    c[pos] = SPECIAL[arg & 3];
                    yield c;
                }
                case 2 -> Arrays.copyOf(b, (int) (at * n)); // truncate
                case 3 -> { // insert a run of continuation bytes (80 or ff), sometimes terminated
                    int len = 1 + arg % 40;
                    ByteArrayOutputStream o = new ByteArrayOutputStream();
                    o.write(b, 0, Math.min(n, pos));
                    for (int k = 0; k < len; k++) {
                        o.write((arg & 64) != 0 ? 0xff : 0x80);
                    }
                    if ((arg & 128) != 0) {
                        o.write(0x01);
                    }
                    o.write(b, Math.min(n, pos), n - Math.min(n, pos));
                    yield o.toByteArray();
                }
                default -> { // duplicate a slice of up to 64 bytes somewhere
                    if (n == 0) {
                        yield b;
                    }
                    int len = Math.max(1, Math.min(n - pos, (int) (span * 64)));
                    int to = arg % (n + 1);
                    ByteArrayOutputStream o = new ByteArrayOutputStream();
                    o.write(b, 0, to);
                    o.write(b, pos, len);
                    o.write(b, to, n - to);
                    yield o.toByteArray();
                }
            };
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        return Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.doubles().between(0, 1),
                Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(0, 1 << 20)).as(Mutation::new)
                .list().ofMinSize(1).ofMaxSize(4);
    }

    /** The types to decode an input as: its own, then two random ones (any code, 4.2 wire or not). */
    @Provide
    Arbitrary<List<DataType>> otherTypes() {
        return Arbitraries.of(ALL_TYPES).list().ofSize(2);
    }

    @Provide
    Arbitrary<Seed> vectors() {
        return Arbitraries.of(VECTORS);
    }

    @Provide
    Arbitrary<Seed> packedValues() {
        return Combinators.combine(ValueArbitraries.packs(Profile.JAVA, 3, 3), Arbitraries.of(BufferKind.class))
                .as((p, kind) -> new Seed("packed " + p.get1(), List.of(p.get1()), kind,
                        new Packer(kind).pack(p.get1(), p.get2()).toByteArray()));
    }

    // ---- the properties ---------------------------------------------------------------------------------

    @Property(tries = 16000, seed = "1421")
    void mutatedVectorsOnlyFailCleanly(@ForAll("vectors") Seed seed, @ForAll("mutations") List<Mutation> edits,
            @ForAll("otherTypes") List<DataType> others, @ForAll boolean otherKind) {
        fuzzOne(seed, edits, others, otherKind);
    }

    @Property(tries = 10000, seed = "1422")
    void mutatedPackedValuesOnlyFailCleanly(@ForAll("packedValues") Seed seed,
            @ForAll("mutations") List<Mutation> edits, @ForAll("otherTypes") List<DataType> others,
            @ForAll boolean otherKind) {
        fuzzOne(seed, edits, others, otherKind);
    }

    /** Random bytes, no structure at all. */
    @Property(tries = 5000, seed = "1423")
    void randomBytesOnlyFailCleanly(@ForAll("randomBytes") byte[] bytes, @ForAll("otherTypes") List<DataType> types,
            @ForAll BufferKind kind) {
        List<Job> jobs = types.stream().map(t -> new Job(List.of(t), true)).toList();
        Statistics.label("random bytes").collect(checkedDecodes(bytes, kind, jobs, "random bytes").get(0));
    }

    @Provide
    Arbitrary<byte[]> randomBytes() {
        return Arbitraries.frequencyOf(Tuple.of(3, ValueArbitraries.byteArrays(64)),
                Tuple.of(1, Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0x02, (byte) 0x09, (byte) 0x15,
                        (byte) 0x18, (byte) 0x27, (byte) 0x7f, (byte) 0x80, (byte) 0xff).list().ofMaxSize(200)
                        .map(l -> {
                            byte[] b = new byte[l.size()];
                            for (int i = 0; i < b.length; i++) {
                                b[i] = l.get(i);
                            }
                            return b;
                        })));
    }

    private static void fuzzOne(Seed seed, List<Mutation> edits, List<DataType> others, boolean otherKind) {
        byte[] b = seed.bytes();
        for (Mutation m : edits) {
            b = m.apply(b);
        }
        // mostly the seed's own kind, sometimes the other one
        BufferKind kind = otherKind && edits.size() == 1 ? flip(seed.kind()) : seed.kind();
        List<Job> jobs = new ArrayList<>();
        jobs.add(new Job(seed.types(), false)); // the seed's own sequence of packs, as a peer reads it
        for (DataType t : seed.types()) {
            jobs.add(new Job(List.of(t), true));
        }
        for (DataType t : others) {
            jobs.add(new Job(List.of(t), true));
        }
        List<String> outcomes = checkedDecodes(b, kind, jobs, seed.name() + " mutated by " + edits);
        Statistics.label("own type").collect(outcomes.get(0));
        Statistics.label("other types").collect(outcomes.get(outcomes.size() - 1));
    }

    private static BufferKind flip(BufferKind k) {
        return k == BufferKind.NON_DESCRIBED ? BufferKind.FULLY_DESCRIBED : BufferKind.NON_DESCRIBED;
    }

    // ---- the checked decode -------------------------------------------------------------------------------

    private static final AtomicLong MOST_ALLOCATED = new AtomicLong();
    private static final AtomicLong MOST_ALLOCATED_PER_BYTE = new AtomicLong();

    @AfterContainer
    static void reportAllocation() {
        System.out.println("DecoderFuzzTest: most bytes allocated by one decode: " + MOST_ALLOCATED.get()
                + "; most per input byte: " + MOST_ALLOCATED_PER_BYTE.get() + " (bound " + ALLOCATION_PER_BYTE
                + " per byte + " + ALLOCATION_BASE + ")");
    }

    /** Packs of {@code types}, one each in turn; with {@code repeat}, again and again until the input ends. */
    record Job(List<DataType> types, boolean repeat) {
    }

    /** Decodes packs of {@code type} until the input is used up or refused. */
    static String checkedDecode(byte[] input, BufferKind kind, DataType type, String what) {
        return checkedDecodes(input, kind, List.of(new Job(List.of(type), true)), what + ", as " + type).get(0);
    }

    /**
     * Runs the decoder on {@code input} for each job, all in one thread of its own under one timeout,
     * measures what that thread allocates for each job, and fails on any exception but WireFormatException
     * (or UnsupportedTypeException for a type the 4.2 wire lacks). Returns each job's outcome: "decoded",
     * "decoded, bytes left", "refused" or "unsupported type".
     */
    static List<String> checkedDecodes(byte[] input, BufferKind kind, List<Job> jobs, String what) {
        String where = what + " (" + kind + ", " + input.length + " bytes: " + shortHex(input) + ")";
        long bound = ALLOCATION_PER_BYTE * input.length + ALLOCATION_BASE;
        return assertTimeoutPreemptively(PER_INPUT, () -> {
            List<String> outcomes = new ArrayList<>();
            for (Job job : jobs) {
                String outcome;
                long before = THREADS.getCurrentThreadAllocatedBytes();
                try {
                    Unpacker u = new Unpacker(input, kind);
                    do {
                        for (DataType t : job.types()) {
                            u.unpack(t);
                        }
                    } while (job.repeat() && u.hasRemaining());
                    outcome = u.hasRemaining() ? "decoded, bytes left" : "decoded";
                } catch (WireFormatException expected) {
                    outcome = "refused"; // the one way to refuse bad input
                } catch (UnsupportedTypeException e) {
                    if (job.types().stream().allMatch(ValueArbitraries.WIRE_TYPES::contains)) {
                        throw new AssertionError(where + " as " + job.types()
                                + ": UnsupportedTypeException for a 4.2-wire type", e);
                    }
                    outcome = "unsupported type";
                } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                    throw new AssertionError(where + " as " + job.types() + ": the decoder let out " + e, e);
                }
                long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
                MOST_ALLOCATED.accumulateAndGet(allocated, Math::max);
                MOST_ALLOCATED_PER_BYTE.accumulateAndGet(allocated / Math.max(1, input.length), Math::max);
                if (allocated > bound) {
                    throw new AssertionError(where + " as " + job.types() + ": decoding allocated " + allocated
                            + " bytes, more than " + bound);
                }
                outcomes.add(outcome);
            }
            return outcomes;
        }, () -> where + ": decoding took longer than " + PER_INPUT);
    }

    private static String shortHex(byte[] b) {
        return b.length <= 512 ? HEX.formatHex(b) : HEX.formatHex(b, 0, 512) + "...";
    }

    // ---- hand-written hostile inputs -----------------------------------------------------------------------

    private static byte[] bytes(int... b) {
        byte[] r = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            r[i] = (byte) b[i];
        }
        return r;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }

    private static byte[] uvar(long v) {
        WireWriter w = new WireWriter();
        w.uvar(v);
        return w.toByteArray();
    }

    private static byte[] svar(long v) {
        WireWriter w = new WireWriter();
        w.svar(v);
        return w.toByteArray();
    }

    private static final byte[] TEN = bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

    /** The input must be refused with a WireFormatException, within the time and allocation bounds. */
    private static void assertRefused(byte[] input, BufferKind kind, DataType type, String what) {
        assertEquals("refused", checkedDecode(input, kind, type, what), what);
        assertThrows(WireFormatException.class, () -> {
            Unpacker u = new Unpacker(input, kind);
            do {
                u.unpack(type);
            } while (u.hasRemaining());
        }, what + ": " + shortHex(input));
    }

    @Example
    void hugeCountsWithTenBytesLeft() {
        byte[] count = svar(Integer.MAX_VALUE);
        for (DataType t : List.of(DataType.INFO, DataType.BOOL, DataType.VALUE, DataType.STRING, DataType.APP,
                DataType.DATA_ARRAY, DataType.POINTER, DataType.PROC)) {
            assertRefused(concat(count, TEN), BufferKind.NON_DESCRIBED, t, "2^31-1 " + t + " items");
            assertRefused(concat(bytes(0x09), count, uvar(t.code()), TEN), BufferKind.FULLY_DESCRIBED, t,
                    "2^31-1 " + t + " items, fully described");
        }
        byte[] maxSize = uvar(-1L); // 2^64-1
        byte[] intMax = uvar(Integer.MAX_VALUE);
        // a data array of 2^31-1 / 2^64-1 infos, int32s, values, nested arrays
        for (DataType el : List.of(DataType.INFO, DataType.INT32, DataType.VALUE, DataType.DATA_ARRAY, DataType.UNDEF)) {
            assertRefused(concat(bytes(0x02), uvar(el.code()), intMax, TEN), BufferKind.NON_DESCRIBED,
                    DataType.DATA_ARRAY, "array of 2^31-1 " + el);
            assertRefused(concat(bytes(0x02), uvar(el.code()), maxSize, TEN), BufferKind.NON_DESCRIBED,
                    DataType.DATA_ARRAY, "array of 2^64-1 " + el);
        }
        // the counts inside structures
        assertRefused(concat(bytes(0x02, 0x00), svar(Integer.MAX_VALUE), TEN), BufferKind.NON_DESCRIBED, DataType.APP,
                "app argc 2^31-1");
        assertRefused(concat(bytes(0x02, 0x00, 0x00, 0x00, 0x00, 0x02), maxSize, TEN), BufferKind.NON_DESCRIBED,
                DataType.APP, "app ninfo 2^64-1");
        assertRefused(concat(bytes(0x02), svar(Integer.MAX_VALUE), TEN), BufferKind.NON_DESCRIBED, DataType.QUERY,
                "query nkeys 2^31-1");
        assertRefused(concat(bytes(0x02, 0x01), maxSize, TEN), BufferKind.NON_DESCRIBED, DataType.COORD,
                "coord dims 2^64-1");
        assertRefused(concat(bytes(0x02, 0x01), intMax, TEN), BufferKind.NON_DESCRIBED, DataType.COORD,
                "coord dims 2^31-1");
        assertRefused(concat(bytes(0x02), maxSize, TEN), BufferKind.NON_DESCRIBED, DataType.BYTE_OBJECT,
                "byte object of 2^64-1 bytes");
        assertRefused(concat(bytes(0x02), intMax, TEN), BufferKind.NON_DESCRIBED, DataType.DATA_BUFFER,
                "data buffer of 2^31-1 bytes");
        assertRefused(concat(bytes(0x02, 0x00, 0x00, 0x00), intMax, TEN), BufferKind.NON_DESCRIBED,
                DataType.GEOMETRY, "geometry of 2^31-1 coordinates");
    }

    @Example
    void negativeAndOversizedStringLengths() {
        assertRefused(concat(bytes(0x02), svar(-5), bytes('a', 'b', 'c', 'd', 0)), BufferKind.NON_DESCRIBED,
                DataType.STRING, "string of length -5");
        assertRefused(concat(bytes(0x02), svar(Integer.MIN_VALUE), TEN), BufferKind.NON_DESCRIBED, DataType.STRING,
                "string of length INT32_MIN");
        assertRefused(concat(bytes(0x02), svar(11), TEN), BufferKind.NON_DESCRIBED, DataType.STRING,
                "string one byte longer than the input");
        assertRefused(concat(bytes(0x02), svar(-5), TEN), BufferKind.NON_DESCRIBED, DataType.INFO,
                "info key of length -5");
        assertRefused(concat(bytes(0x02), svar(-1), TEN), BufferKind.NON_DESCRIBED, DataType.PROC,
                "nspace of length -1");
        assertRefused(concat(bytes(0x02, 0x10), svar(-5), TEN), BufferKind.NON_DESCRIBED, DataType.VALUE,
                "float text of length -5");
        assertRefused(concat(bytes(0x02, 0x31), svar(-5), TEN), BufferKind.NON_DESCRIBED, DataType.VALUE,
                "plain regex with count -5");
    }

    @Example
    void tenByteVarints() {
        byte[] ten = bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01);
        // as the count: 64 significant bits cannot be an int32
        for (DataType t : List.of(DataType.INT32, DataType.INT64, DataType.UINT64, DataType.STRING, DataType.INFO)) {
            assertRefused(concat(ten, TEN), BufferKind.NON_DESCRIBED, t, "10-byte varint count for " + t);
        }
        // as an int32, uint16, rank, string length: too wide for the C type
        assertRefused(concat(bytes(0x02), ten), BufferKind.NON_DESCRIBED, DataType.INT32, "10-byte INT32");
        assertRefused(concat(bytes(0x02), ten), BufferKind.NON_DESCRIBED, DataType.UINT16, "10-byte UINT16");
        assertRefused(concat(bytes(0x02), ten), BufferKind.NON_DESCRIBED, DataType.PROC_RANK, "10-byte rank");
        assertRefused(concat(bytes(0x02), ten), BufferKind.NON_DESCRIBED, DataType.STRING, "10-byte string length");
        // as an int64 the first nine bytes are a whole value (flex128 stops there): the tenth byte is left over
        byte[] int64 = concat(bytes(0x02), ten);
        checkedDecode(int64, BufferKind.NON_DESCRIBED, DataType.INT64, "10-byte INT64");
        Unpacker u = new Unpacker(int64, BufferKind.NON_DESCRIBED);
        assertEquals(List.of(new Value.Int64(Long.MIN_VALUE)), u.unpack(DataType.INT64));
        assertTrue(u.hasRemaining(), "the tenth byte of a varint is not part of it");
        assertRefused(int64, BufferKind.NON_DESCRIBED, DataType.INT64, "10-byte INT64, read on");
        // a run of 100 continuation bytes anywhere
        byte[] run = new byte[100];
        Arrays.fill(run, (byte) 0x80);
        for (DataType t : List.of(DataType.INT32, DataType.SIZE, DataType.VALUE, DataType.DATA_ARRAY, DataType.INFO)) {
            assertRefused(concat(bytes(0x02), run), BufferKind.NON_DESCRIBED, t, "100 continuation bytes as " + t);
        }
    }

    @Example
    void deeplyNestedValuesAndArrays() {
        int levels = 100_000;
        // a VALUE holding a DATA_ARRAY of one DATA_ARRAY of one DATA_ARRAY ...
        ByteArrayOutputStream arrays = new ByteArrayOutputStream();
        arrays.writeBytes(bytes(0x02, 0x27));
        for (int i = 0; i < levels; i++) {
            arrays.writeBytes(bytes(0x27, 0x01));
        }
        assertRefused(arrays.toByteArray(), BufferKind.NON_DESCRIBED, DataType.VALUE, "100000 nested arrays");
        byte[] asArrayPack = arrays.toByteArray().clone();
        asArrayPack[1] = 0x27; // count 1, then the arrays directly: 02 27 01 27 01 ...
        assertRefused(concat(bytes(0x02), Arrays.copyOfRange(asArrayPack, 2, asArrayPack.length)),
                BufferKind.NON_DESCRIBED, DataType.DATA_ARRAY, "100000 nested arrays, as an array pack");
        // arrays of one VALUE that is an array of one VALUE ...
        ByteArrayOutputStream values = new ByteArrayOutputStream();
        values.writeBytes(bytes(0x02, 0x27));
        for (int i = 0; i < levels; i++) {
            values.writeBytes(bytes(0x15, 0x01, 0x27));
        }
        assertRefused(values.toByteArray(), BufferKind.NON_DESCRIBED, DataType.VALUE, "100000 nested VALUE arrays");
        // infos whose value is an array of one info whose value ...
        ByteArrayOutputStream infos = new ByteArrayOutputStream();
        infos.writeBytes(bytes(0x02));
        for (int i = 0; i < levels; i++) {
            infos.writeBytes(bytes(0x04, 'k', 0x00, 0x00, 0x27, 0x18, 0x01));
        }
        assertRefused(infos.toByteArray(), BufferKind.NON_DESCRIBED, DataType.INFO, "100000 nested infos");
        // kvals holding kvals inside values
        ByteArrayOutputStream kvals = new ByteArrayOutputStream();
        kvals.writeBytes(bytes(0x02));
        for (int i = 0; i < levels; i++) {
            kvals.writeBytes(bytes(0x00, 0x1c));
        }
        assertRefused(kvals.toByteArray(), BufferKind.NON_DESCRIBED, DataType.KVAL, "100000 nested kvals");
        // and as deep as allowed decodes
        ByteArrayOutputStream ok = new ByteArrayOutputStream();
        ok.writeBytes(bytes(0x02, 0x27));
        for (int i = 0; i < WireReader.MAX_DEPTH - 2; i++) {
            ok.writeBytes(bytes(0x27, 0x01));
        }
        ok.writeBytes(bytes(0x09, 0x01, 0x54));
        Unpacker u = new Unpacker(ok.toByteArray(), BufferKind.NON_DESCRIBED);
        assertEquals(1, u.unpack(DataType.VALUE).size());
        assertFalse(u.hasRemaining());
    }

    /**
     * Arrays nested 70 deep, each claiming every remaining byte as its size: each level may size its list
     * by what remains, so this is the decoder's worst pre-allocation (about 4 bytes per input byte per
     * level with compressed references), and it must still stay within the bound before the depth limit
     * refuses it.
     */
    @Example
    void nestedArraysEachClaimingAllRemainingBytes() {
        int total = 256 * 1024;
        WireWriter w = new WireWriter();
        w.svar(1);
        for (int i = 0; i < 70; i++) {
            w.uvar(DataType.DATA_ARRAY.code()).uvar(total - 4 * 70);
        }
        w.bytes(new byte[total - w.size()]);
        assertRefused(w.toByteArray(), BufferKind.NON_DESCRIBED, DataType.DATA_ARRAY, "70 greedy nested arrays");
    }

    /**
     * A long string of bytes that are not UTF-8 (each escaped on its own) stays within the allocation
     * bound: the decoder once threw and caught an exception per bad byte, costing 2.3 KB per input byte.
     */
    @Example
    void invalidUtf8StringsStayWithinTheAllocationBound() {
        int n = 20_000;
        byte[] c3 = new byte[n];
        Arrays.fill(c3, (byte) 0xc3);
        byte[] input = concat(bytes(0x02), svar(n + 1L), c3, bytes(0));
        long bound = ALLOCATION_PER_BYTE * input.length + ALLOCATION_BASE;
        long allocated = assertTimeoutPreemptively(PER_INPUT, () -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            new Unpacker(input, BufferKind.NON_DESCRIBED).unpack(DataType.STRING);
            return THREADS.getCurrentThreadAllocatedBytes() - before;
        });
        assertTrue(allocated <= bound, () -> "decoding " + n + " bytes of invalid UTF-8 allocates " + allocated
                + " bytes, more than the bound " + bound);
    }

    @Example
    void unknownTypeTags() {
        for (int tag : new int[] {29, 44, 74, 200, 499, 500, 0xffff}) {
            byte[] t = uvar(tag);
            assertRefused(concat(bytes(0x02), t, TEN), BufferKind.NON_DESCRIBED, DataType.VALUE, "value tag " + tag);
            assertRefused(concat(bytes(0x02), t, bytes(0x01), TEN), BufferKind.NON_DESCRIBED, DataType.DATA_ARRAY,
                    "array element type " + tag);
            assertRefused(concat(bytes(0x02, 0x04, 'k', 0x00, 0x00), t, TEN), BufferKind.NON_DESCRIBED, DataType.INFO,
                    "info value type " + tag);
            assertRefused(concat(bytes(0x02, 0x04, 'k', 0x00), t, TEN), BufferKind.NON_DESCRIBED, DataType.KVAL,
                    "kval value type " + tag);
            for (DataType asked : List.of(DataType.INT32, DataType.VALUE, DataType.INFO)) {
                assertRefused(concat(bytes(0x09, 0x02), t, TEN), BufferKind.FULLY_DESCRIBED, asked,
                        "fully described pack tagged " + tag + " read as " + asked);
                assertRefused(concat(t, bytes(0x02), uvar(asked.code()), TEN), BufferKind.FULLY_DESCRIBED, asked,
                        "fully described count tagged " + tag);
            }
        }
        // asking for a 6.x type is not an error of the input
        for (DataType t : List.of(DataType.DEVICE, DataType.RESBLOCK_DIRECTIVE, DataType.RESOURCE_UNIT,
                DataType.NODE_PID)) {
            checkedDecode(concat(bytes(0x02), TEN), BufferKind.NON_DESCRIBED, t, "asked for " + t);
            assertRefused(concat(bytes(0x02), uvar(t.code()), TEN), BufferKind.NON_DESCRIBED, DataType.VALUE,
                    "value of 6.x type " + t);
        }
    }

    @Example
    void pidsTaggedWithOtherTypes() {
        // a string, a byte object, a proc, a value, an unknown code: none is an integer type
        for (int tag : new int[] {0x03, 0x1b, 0x16, 0x15, 0x10, 0x00, 200}) {
            byte[] input = concat(bytes(0x02), uvar(tag), bytes(0x04, 'x', 0x00), TEN);
            assertRefused(input, BufferKind.NON_DESCRIBED, DataType.PID, "pid tagged " + tag);
            assertRefused(concat(bytes(0x02, 0x05), uvar(tag), bytes(0x04, 'x', 0x00)), BufferKind.NON_DESCRIBED,
                    DataType.VALUE, "pid value tagged " + tag);
            // proc {"n", 0}, hostname "h", executable NULL, then the pid
            assertRefused(concat(bytes(0x02, 0x04, 'n', 0x00, 0x00, 0x04, 'h', 0x00, 0x00), uvar(tag),
                    bytes(0x04, 'x', 0x00, 0x05)), BufferKind.NON_DESCRIBED, DataType.PROC_INFO,
                    "proc info pid tagged " + tag);
        }
        // an integer tag other than UINT32 is converted, as libpmix does (probe: 0f d2 09 = 1234)
        Unpacker u = new Unpacker(bytes(0x02, 0x0f, 0xd2, 0x09), BufferKind.NON_DESCRIBED);
        assertEquals(List.of(new Value.Pid(1234)), u.unpack(DataType.PID));
        // but not when the value does not fit the integer type the tag names
        assertRefused(bytes(0x02, 0x0d, 0xff, 0xff, 0x07), BufferKind.NON_DESCRIBED, DataType.PID,
                "pid tagged UINT16 with 17 bits");
    }

    /** Texts with non-ASCII digits, which Java's parsers refuse and strtod stops at (they once escaped). */
    static final List<String> UNICODE_DIGIT_TEXTS = List.of("\u0661", "\u0661.\u0662", "1e\u0663", "0x\uff11",
            "\uff11.5");

    /** The float text is parsed like strtod; any text must decode or be refused, never throw otherwise. */
    @Example
    void oddFloatTexts() {
        List<String> texts = new ArrayList<>(List.of("", "-", ".", "e5", "1e", "1e+", "0x", "0x.p1", "0x1p",
                "0x1.8p99999", "1e999999999999", "-nan(0x7)", "INFINITY", "   12", "1,5", "\u00b2", "1_0", "NaN",
                "+-1", "0x1.fffffffffffffffffffp1023", "4.9e-325", "\u0130nf", "\uff0d1"));
        texts.addAll(UNICODE_DIGIT_TEXTS);
        for (String text : texts) {
            byte[] t = text.getBytes(StandardCharsets.UTF_8);
            byte[] input = concat(bytes(0x02), svar(t.length + 1L), t, bytes(0));
            for (DataType type : List.of(DataType.FLOAT, DataType.DOUBLE)) {
                String what = type + " text '" + text + "'";
                checkedDecode(input, BufferKind.NON_DESCRIBED, type, what);
            }
        }
    }
}
