package org.pmix4j.wire;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.Tuple;
import net.jqwik.api.sessions.JqwikSession;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Coord;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.DiskStats;
import org.pmix4j.api.Endpoint;
import org.pmix4j.api.EnvironmentVariable;
import org.pmix4j.api.Geometry;
import org.pmix4j.api.Info;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.JobState;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.LinkState;
import org.pmix4j.api.NetStats;
import org.pmix4j.api.NodeStats;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.ProcState;
import org.pmix4j.api.ProcStats;
import org.pmix4j.api.Query;
import org.pmix4j.api.Rank;
import org.pmix4j.api.AttributeDescription;
import org.pmix4j.api.Regex;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Topology;
import org.pmix4j.api.Value;

/**
 * jqwik generators of {@link Value}s of every type the 4.2 wire (bfrops module v41) carries, for property
 * tests, fuzzing and interop tests.
 *
 * <p>Two {@link Profile}s: {@link Profile#JAVA} covers everything pmix4j's codec must encode and decode back
 * to an <em>equal</em> value; {@link Profile#LIBPMIX_4_2_2} narrows that to what libpmix 4.2.2 can unpack
 * and re-pack to the same bytes (bfrops-v4.md section 8 and the unpacker limits of 4.14). Nesting (values
 * in infos in arrays in values ...) is bounded by a depth; at depth 0 no container holds another container.
 *
 * <p>Floats and doubles travel as {@code printf("%f")} text, so the generators only produce numbers whose
 * text parses back to the same number (multiples of 1/64 in range, integers beyond 2^24 / 2^53, zeros,
 * infinities, NaN): equality then holds after a round trip. Strings never contain lone surrogates (they
 * have no UTF-8 form); the byte-string generator goes through {@link CString#decode}, so it produces the
 * escapes CString uses for bytes that are not UTF-8.
 */
public final class ValueArbitraries {
    private ValueArbitraries() {
    }

    /** Which values to generate. */
    public enum Profile {
        /** Every value pmix4j's codec must round-trip to an equal value. */
        JAVA,
        /**
         * Only values libpmix 4.2.2 unpacks and re-packs to the same bytes, except PMIX_DATA_TYPE values and
         * REGATTR type fields, which 4.2.2 unpacks as int16 (defect 8.4) and which a test must predict.
         */
        LIBPMIX_4_2_2
    }

    /** The default nesting depth. */
    public static final int DEFAULT_DEPTH = 2;

    /** Every type the 4.2 wire has an encoding for (codes 0 to 69). */
    public static final Set<DataType> WIRE_TYPES;

    static {
        EnumSet<DataType> s = EnumSet.noneOf(DataType.class);
        for (DataType t : DataType.values()) {
            if (t.code() < DataType.DEVICE.code()) {
                s.add(t);
            }
        }
        WIRE_TYPES = Set.copyOf(s);
    }

    /**
     * Types that may appear as top-level pack types. UNDEF is not one (libpmix does not register it, and
     * pmix4j's Unpacker refuses counts of UNDEF items that take no bytes).
     */
    public static Set<DataType> packTypes(Profile p) {
        EnumSet<DataType> s = EnumSet.copyOf(WIRE_TYPES);
        s.remove(DataType.UNDEF);
        if (p == Profile.LIBPMIX_4_2_2) {
            // TOPO: hwloc re-exports the XML differently and a NULL topology crashes the packer;
            // PROC_STATS: 4.2.2's unpacker expects a peak_vsize float the packer never writes (8.5)
            s.remove(DataType.TOPO);
            s.remove(DataType.PROC_STATS);
        }
        return s;
    }

    /** Types a value (pmix_value_t, the value of an info, pdata or kval, a VALUE element) may have. */
    public static Set<DataType> valueTypes(Profile p) {
        EnumSet<DataType> s = EnumSet.copyOf(WIRE_TYPES);
        s.remove(DataType.VALUE); // a value is never of type VALUE itself
        if (p == Profile.LIBPMIX_4_2_2) {
            // structs that do not fit the pmix_value_t union: libpmix would unpack them over its end
            s.removeAll(EnumSet.of(DataType.APP, DataType.INFO, DataType.PDATA, DataType.BUFFER, DataType.KVAL,
                    DataType.QUERY));
            // 4.2.2 defects: see packTypes; a DATA_BUFFER value cannot be packed (8.2)
            s.removeAll(EnumSet.of(DataType.TOPO, DataType.PROC_STATS, DataType.DATA_BUFFER));
        }
        return s;
    }

    /** Element types of non-empty data arrays. */
    public static Set<DataType> arrayElementTypes(Profile p) {
        if (p == Profile.JAVA) {
            EnumSet<DataType> s = EnumSet.copyOf(WIRE_TYPES);
            s.remove(DataType.UNDEF); // an UNDEF array has no elements (see undefArrays below)
            return s;
        }
        // what PMIX_DATA_ARRAY_CONSTRUCT in 4.2.2's pmix_common.h can allocate (bfrops-v4.md 4.14), less
        // PROC_STATS (8.5)
        return EnumSet.of(DataType.INFO, DataType.PROC, DataType.PROC_INFO, DataType.ENVAR, DataType.VALUE,
                DataType.PDATA, DataType.QUERY, DataType.APP, DataType.BYTE_OBJECT, DataType.COMPRESSED_STRING,
                DataType.ALLOC_DIRECTIVE, DataType.PROC_STATE, DataType.PERSIST, DataType.SCOPE, DataType.DATA_RANGE,
                DataType.BYTE, DataType.INT8, DataType.UINT8, DataType.POINTER, DataType.STRING, DataType.SIZE,
                DataType.PID, DataType.INT, DataType.UINT, DataType.STATUS, DataType.IOF_CHANNEL,
                DataType.DATA_TYPE, DataType.INT16, DataType.UINT16, DataType.PROC_RANK,
                DataType.INFO_DIRECTIVES, DataType.INT32, DataType.UINT32, DataType.INT64, DataType.UINT64,
                DataType.FLOAT, DataType.DOUBLE, DataType.TIMEVAL, DataType.TIME, DataType.REGATTR, DataType.BOOL,
                DataType.COORD, DataType.LINK_STATE, DataType.ENDPOINT, DataType.PROC_NSPACE, DataType.DISK_STATS,
                DataType.NET_STATS, DataType.NODE_STATS, DataType.DEVICE_DIST, DataType.GEOMETRY,
                DataType.PROC_CPUSET);
    }

    // ---- entry points --------------------------------------------------------------------------------

    /** Values of {@code type} (for VALUE: values of any value type), JAVA profile, default depth. */
    public static Arbitrary<Value> of(DataType type) {
        return of(type, Profile.JAVA, DEFAULT_DEPTH);
    }

    /** Values of {@code type} in a profile; for VALUE, values of any value type. */
    public static Arbitrary<Value> of(DataType type, Profile p, int depth) {
        if (!WIRE_TYPES.contains(type)) {
            throw new IllegalArgumentException(type + " has no 4.2 wire form");
        }
        return new Gen(p).value(type, depth);
    }

    /** Values of any value type. */
    public static Arbitrary<Value> anyValue(Profile p, int depth) {
        return new Gen(p).any(depth);
    }

    /** A pack type and 1 to {@code maxItems} items of it. */
    public static Arbitrary<Tuple.Tuple2<DataType, List<Value>>> packs(Profile p, int depth, int maxItems) {
        Gen g = new Gen(p);
        return Arbitraries.of(List.copyOf(packTypes(p))).flatMap(t -> {
            Arbitrary<Value> items = g.value(t, depth);
            if (p == Profile.LIBPMIX_4_2_2 && (t == DataType.POINTER || t == DataType.PID)) {
                // 4.2.2 packs and unpacks one pointer sentinel, and one pid type tag, per pack call whatever
                // the count; pmix4j writes one per item (see LiveInteropTest.KNOWN_CODEC_DIFFERENCES)
                return items.list().ofSize(1).map(l -> Tuple.of(t, l));
            }
            return items.list().ofMinSize(1).ofMaxSize(maxItems).map(l -> Tuple.of(t, l));
        });
    }

    /**
     * {@code n} values drawn deterministically from {@code a} with edge cases mixed in (outside a jqwik
     * property too): the same seed gives the same values.
     */
    public static <T> List<T> sample(Arbitrary<T> a, int n, long seed) {
        boolean own = false;
        if (!JqwikSession.isActive()) {
            try {
                JqwikSession.start();
                own = true;
            } catch (RuntimeException insideJqwikLifecycle) {
                // within a jqwik property or example the engine's own context serves
            }
        }
        try {
            RandomGenerator<T> gen = a.generator(100, true);
            Random random = new Random(seed);
            List<T> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(gen.next(random).value());
            }
            return out;
        } finally {
            if (own) {
                JqwikSession.finish();
            }
        }
    }

    // ---- building blocks that other tests may use ----------------------------------------------------

    /** Floats whose %f text parses back to the same float. */
    public static Arbitrary<Float> exactFloats() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(-(1 << 24), 1 << 24).map(n -> n / 64f)),
                Tuple.of(2, Arbitraries.integers().between(-10_000, 10_000).map(n -> (float) n)),
                // beyond 2^23 every float is an integer: %f prints it exactly
                Tuple.of(2, Arbitraries.integers().between(0x4b00_0000, 0x7f7f_ffff)
                        .map(Float::intBitsToFloat).flatMap(f -> Arbitraries.of(f, -f))),
                Tuple.of(1, Arbitraries.of(0f, -0f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.POSITIVE_INFINITY,
                        Float.NEGATIVE_INFINITY, Float.NaN, 0.5f, 1e10f)));
    }

    /** Doubles whose %f text parses back to the same double. */
    public static Arbitrary<Double> exactDoubles() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.longs().between(-(1L << 53), 1L << 53).map(n -> n / 64.0)),
                Tuple.of(2, Arbitraries.longs().between(0x4340_0000_0000_0000L, 0x7fef_ffff_ffff_ffffL)
                        .map(Double::longBitsToDouble).flatMap(d -> Arbitraries.of(d, -d))),
                Tuple.of(1, Arbitraries.of(0.0, -0.0, Double.MAX_VALUE, -Double.MAX_VALUE, 1e20, 1e300,
                        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 2.5, -1234567.875)));
    }

    /** Non-null strings without NUL (C cannot carry one) and without lone surrogates. */
    public static Arbitrary<String> cStrings() {
        Arbitrary<String> ascii = Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z')
                .withCharRange('0', '9').withChars(" ._-:/=,[]\"\\").ofMaxLength(12);
        Arbitrary<String> unicode = Arbitraries.of("é", "ß", "✓", "日本", "𝄞", "\u0001", "\u007f", "\t", "\n", "a", "-",
                "\u00a0", "\uffff", "😀").list().ofMaxSize(6).map(l -> String.join("", l));
        Arbitrary<String> rawBytes = Arbitraries.bytes().filter(b -> b != 0).list().ofMaxSize(12).map(l -> {
            byte[] b = new byte[l.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = l.get(i);
            }
            return CString.decode(b, 0, b.length);
        });
        Arbitrary<String> longOnes = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(100).ofMaxLength(700);
        return Arbitraries.frequencyOf(Tuple.of(8, ascii), Tuple.of(3, unicode), Tuple.of(2, rawBytes),
                Tuple.of(1, longOnes), Tuple.of(1, Arbitraries.just("")));
    }

    /** Strings of at most {@code maxBytes} UTF-8 bytes (C arrays such as nspaces and keys). */
    public static Arbitrary<String> cStrings(int maxBytes) {
        return Arbitraries.frequencyOf(
                Tuple.of(10, cStrings().filter(s -> CString.encode(s).length <= maxBytes)),
                Tuple.of(1, Arbitraries.strings().withCharRange('a', 'z').ofLength(maxBytes)));
    }

    private static byte[] toBytes(List<Byte> l) {
        byte[] b = new byte[l.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = l.get(i);
        }
        return b;
    }

    /** Byte arrays of up to {@code max} bytes. */
    public static Arbitrary<byte[]> byteArrays(int max) {
        return Arbitraries.bytes().list().ofMaxSize(max).map(ValueArbitraries::toBytes);
    }

    // ---- the generators -------------------------------------------------------------------------------

    /** One profile's generators, memoized per (type, depth) so that recursion does not explode. */
    private static final class Gen {
        private static final Map<Profile, Map<String, Arbitrary<?>>> CACHE = new ConcurrentHashMap<>();
        private final Profile p;
        private final boolean c;
        private final Map<String, Arbitrary<?>> cache;

        Gen(Profile p) {
            this.p = p;
            this.c = p == Profile.LIBPMIX_4_2_2;
            this.cache = CACHE.computeIfAbsent(p, k -> new ConcurrentHashMap<>());
        }

        @SuppressWarnings("unchecked")
        private <T> Arbitrary<T> memo(String key, Supplier<Arbitrary<T>> make) {
            Arbitrary<?> a = cache.get(key);
            if (a == null) {
                a = make.get();
                Arbitrary<?> prev = cache.putIfAbsent(key, a);
                if (prev != null) {
                    a = prev;
                }
            }
            return (Arbitrary<T>) a;
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        Arbitrary<Value> any(int depth) {
            return memo("any" + depth, () -> Arbitraries.lazy(() -> {
                List<Tuple.Tuple2<Integer, Arbitrary<Value>>> choices = new ArrayList<>();
                for (DataType t : valueTypes(p)) {
                    boolean container = isContainer(t);
                    if (container && depth <= 0) {
                        continue;
                    }
                    choices.add(Tuple.of(container ? 10 : 3, value(t, depth)));
                }
                return (Arbitrary<Value>) Arbitraries.frequencyOf(choices.toArray(new Tuple.Tuple2[0]));
            }));
        }

        private static boolean isContainer(DataType t) {
            return switch (t) {
                case INFO, PDATA, KVAL, APP, QUERY, DATA_ARRAY -> true;
                default -> false;
            };
        }

        Arbitrary<Value> value(DataType t, int depth) {
            return memo(t + "@" + depth, () -> Arbitraries.lazy(() -> make(t, depth)));
        }

        private Arbitrary<String> str() {
            if (c) {
                return cStrings();
            }
            // pmix4j carries a NUL inside a string (the length says where it ends); C would cut it there
            return Arbitraries.frequencyOf(Tuple.of(12, cStrings()),
                    Tuple.of(1, cStrings().list().ofMinSize(2).ofMaxSize(3).map(l -> String.join("\0", l))));
        }

        private Arbitrary<String> nullableStr() {
            return Arbitraries.frequencyOf(Tuple.of(6, str()), Tuple.of(1, Arbitraries.just(null)));
        }

        /** Strings kept in fixed C arrays (nspace 255 bytes, keys 511): bounded for libpmix. */
        private Arbitrary<String> bounded(int maxBytes) {
            return c ? cStrings(maxBytes) : str();
        }

        private Arbitrary<String> nspace() {
            return bounded(Proc.MAX_NSPACE_LENGTH);
        }

        private Arbitrary<String> key() {
            return bounded(Info.MAX_KEY_LENGTH);
        }

        private Arbitrary<Integer> rank() {
            return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.integers().between(0, 1000)),
                    Tuple.of(2, Arbitraries.of(Rank.UNDEF, Rank.WILDCARD, Rank.LOCAL_NODE, Rank.INVALID,
                            Rank.LOCAL_PEERS, Rank.VALID_MAX, 0)),
                    Tuple.of(1, Arbitraries.integers()));
        }

        private Arbitrary<Proc> proc() {
            return Combinators.combine(nspace(), rank()).as(Proc::new);
        }

        private Arbitrary<Integer> u8(int... named) {
            Integer[] boxed = new Integer[named.length];
            for (int i = 0; i < named.length; i++) {
                boxed[i] = named[i];
            }
            return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(boxed)),
                    Tuple.of(1, Arbitraries.integers().between(0, 255)));
        }

        private Arbitrary<Integer> u16() {
            return Arbitraries.integers().between(0, 0xffff);
        }

        private Arbitrary<Value.TimeVal> timeval() {
            return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(Value.TimeVal::new);
        }

        private Arbitrary<Coord> coord() {
            return Combinators.combine(Arbitraries.integers().between(0, 255),
                    Arbitraries.integers().array(int[].class).ofMaxSize(4)).as(Coord::new);
        }

        private <T> Arbitrary<List<T>> listOf(Arbitrary<T> a, int max) {
            return a.list().ofMaxSize(max);
        }

        private Arbitrary<Info> info(int depth) {
            return Combinators.combine(key(), any(depth - 1), Arbitraries.integers()).as(Info::new);
        }

        private Arbitrary<List<Info>> infos(int depth) {
            return depth <= 0 ? Arbitraries.just(List.of()) : listOf(info(depth), 3);
        }

        private Arbitrary<Float> flt() {
            return exactFloats();
        }

        private Arbitrary<DiskStats> disk() {
            return Combinators.combine(nullableStr(), Arbitraries.longs().array(long[].class).ofSize(11))
                    .as((n, v) -> new DiskStats(n, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10]));
        }

        private Arbitrary<NetStats> net() {
            return Combinators.combine(nullableStr(), Arbitraries.longs().array(long[].class).ofSize(6))
                    .as((n, v) -> new NetStats(n, v[0], v[1], v[2], v[3], v[4], v[5]));
        }

        private Arbitrary<Regex> regex() {
            Arbitrary<String> body = Arbitraries.strings().withCharRange('a', 'z').withCharRange('0', '9')
                    .withChars("[]:-,;").ofMaxLength(40);
            Arbitrary<Regex> nativeForm = body.map(s -> Regex.ofText("pmix[" + s + "]"));
            Arbitrary<Regex> raw = body.map(s -> Regex.ofText("raw:" + s));
            if (c) {
                return Arbitraries.oneOf(nativeForm, raw);
            }
            // a text without a known prefix travels as a nested count and string
            Arbitrary<Regex> plain = cStrings().filter(s -> !s.startsWith("pmix") && !s.startsWith("raw:")
                    && !s.startsWith("blob") && s.equals(new String(s.getBytes(StandardCharsets.UTF_8),
                    StandardCharsets.UTF_8))).map(Regex::ofText);
            // 4.2.2's blob: header, size field, then (as it truncates) just 5 payload bytes
            Arbitrary<Regex> blob = Combinators.combine(Arbitraries.integers().between(0, 99999),
                    byteArrays(5).filter(b -> b.length == 5)).as((n, payload) -> {
                        byte[] head = ("blob:\0component=zlib:\0size=" + n + ":\0").getBytes(StandardCharsets.US_ASCII);
                        byte[] all = new byte[head.length + 5];
                        System.arraycopy(head, 0, all, 0, head.length);
                        System.arraycopy(payload, 0, all, head.length, 5);
                        return new Regex(all);
                    });
            return Arbitraries.frequencyOf(Tuple.of(2, nativeForm), Tuple.of(2, raw), Tuple.of(1, plain),
                    Tuple.of(1, blob));
        }

        private Arbitrary<Cpuset> cpuset() {
            Arbitrary<Cpuset> packable = Arbitraries.of(Cpuset.UNBOUND, new Cpuset(""));
            if (c) {
                return packable; // 4.2.2 cannot pack a cpuset with a bit set (8.1)
            }
            Arbitrary<Cpuset> bits = Arbitraries.integers().between(0, 255).set().ofMaxSize(8).map(s -> {
                BitSet b = new BitSet();
                s.forEach(b::set);
                return Cpuset.of(b);
            });
            return Arbitraries.oneOf(packable, bits, str().map(Cpuset::new));
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private Arbitrary<DataArray> array(int depth) {
            List<Tuple.Tuple2<Integer, Arbitrary<DataArray>>> kinds = new ArrayList<>();
            // empty arrays of any type (nothing to unpack, so libpmix takes any element type), UNDEF included
            kinds.add(Tuple.of(1, Arbitraries.of(List.copyOf(WIRE_TYPES)).map(t -> new DataArray(t, List.of()))));
            List<DataType> elementTypes = new ArrayList<>(arrayElementTypes(p));
            if (depth <= 1) {
                // the elements of an array at depth 1 are at depth 0 (no containers)
                elementTypes.removeIf(t -> isContainer(t) && t != DataType.VALUE);
            }
            kinds.add(Tuple.of(5, Arbitraries.of(elementTypes).flatMap(t -> {
                Arbitrary<Value> element = t == DataType.VALUE ? any(depth - 1) : value(t, depth - 1);
                // one pointer sentinel, one pid tag per array in 4.2.2 (see packs)
                int max = c && (t == DataType.POINTER || t == DataType.PID) ? 1 : 3;
                return element.list().ofMinSize(1).ofMaxSize(max).map(l -> new DataArray(t, l));
            })));
            return (Arbitrary<DataArray>) Arbitraries.frequencyOf(kinds.toArray(new Tuple.Tuple2[0]));
        }

        private Arbitrary<Value> make(DataType t, int depth) {
            Arbitrary<? extends Value> a = switch (t) {
                case UNDEF -> Arbitraries.just(Value.Undef.INSTANCE);
                case BOOL -> Arbitraries.of(Value.Bool.TRUE, Value.Bool.FALSE);
                case BYTE -> Arbitraries.bytes().map(Value.Byte::new);
                case STRING -> nullableStr().map(Value.Str::new);
                case SIZE -> Arbitraries.longs().map(Value.Size::new);
                case PID -> Arbitraries.integers().map(Value.Pid::new);
                case INT -> Arbitraries.integers().map(Value.Int::new);
                case INT8 -> Arbitraries.bytes().map(Value.Int8::new);
                case INT16 -> Arbitraries.shorts().map(Value.Int16::new);
                case INT32 -> Arbitraries.integers().map(Value.Int32::new);
                case INT64 -> Arbitraries.longs().map(Value.Int64::new);
                case UINT -> Arbitraries.integers().map(Value.UInt::new);
                case UINT8 -> Arbitraries.integers().between(0, 255).map(Value.UInt8::new);
                case UINT16 -> u16().map(Value.UInt16::new);
                case UINT32 -> Arbitraries.integers().map(Value.UInt32::new);
                case UINT64 -> Arbitraries.longs().map(Value.UInt64::new);
                case FLOAT -> flt().map(Value.Float::new);
                case DOUBLE -> exactDoubles().map(Value.Double::new);
                case TIMEVAL -> timeval();
                case TIME -> Arbitraries.longs().map(Value.Time::new);
                case STATUS -> Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.integers()),
                        Tuple.of(1, Arbitraries.of(0, PmixStatus.PMIX_ERR_NOT_FOUND, -1, -50)))
                        .map(Value.Status::new);
                case VALUE -> any(depth);
                case PROC -> proc();
                case APP -> Combinators.combine(nullableStr(), listOf(str(), 3), listOf(str(), 3), nullableStr(),
                        Arbitraries.integers(), infos(depth)).as(App::new);
                case INFO -> depth <= 0 ? Combinators.combine(key(), any(0), Arbitraries.integers()).as(Info::new)
                        : info(depth);
                case PDATA -> Combinators.combine(proc(), key(), any(Math.max(0, depth - 1))).as(PublishedData::new);
                case BUFFER -> Combinators.combine(u8(1, 2), byteArrays(16)).as(Value.Buffer::new);
                case BYTE_OBJECT -> byteArrays(40).map(ByteObject::new);
                case KVAL -> Combinators.combine(c ? str() : nullableStr(), any(Math.max(0, depth - 1)))
                        .as(KeyValue::new);
                case PERSIST -> u8(0, 1, 2, 3, 4, 255).map(Persistence::new);
                case POINTER -> Arbitraries.just(Value.Pointer.INSTANCE);
                case SCOPE -> u8(0, 1, 2, 3, 4).map(Scope::new);
                case DATA_RANGE -> u8(0, 1, 2, 3, 4, 5, 6, 7, 255).map(DataRange::new);
                case COMMAND -> Arbitraries.integers().between(0, 255).map(Value.Command::new);
                case INFO_DIRECTIVES -> Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.integers()),
                        Tuple.of(1, Arbitraries.of(0, InfoDirectives.REQUIRED, InfoDirectives.QUALIFIER,
                                InfoDirectives.ARRAY_END))).map(InfoDirectives::new);
                case DATA_TYPE -> Arbitraries.frequencyOf(Tuple.of(1, u16()),
                        Tuple.of(2, Arbitraries.of(DataType.values()).map(DataType::code)))
                        .map(Value.TypeCode::new);
                case PROC_STATE -> u8(0, 1, 5, 20, 50, 63).map(ProcState::new);
                case PROC_INFO -> Combinators.combine(proc(), nullableStr(), nullableStr(), Arbitraries.integers(),
                        u8(0, 5, 20).map(ProcState::new)).as(ProcInfo::new);
                case DATA_ARRAY -> depth <= 0 ? Arbitraries.of(List.copyOf(WIRE_TYPES))
                        .map(x -> new DataArray(x, List.of())) : array(depth);
                case PROC_RANK -> rank().map(Rank::new);
                case QUERY -> Combinators.combine(listOf(str(), 3), infos(depth)).as(Query::new);
                case COMPRESSED_STRING -> byteArrays(24).map(Value.CompressedString::new);
                case ALLOC_DIRECTIVE -> u8(1, 2, 3, 4, 128).map(AllocDirective::new);
                case IOF_CHANNEL -> u16().map(IofChannel::new);
                case ENVAR -> Combinators.combine(nullableStr(), nullableStr(), Arbitraries.integers().between(0, 255))
                        .as(EnvironmentVariable::new);
                case COORD -> coord();
                case REGATTR -> Combinators.combine(nullableStr(), c ? bounded(Info.MAX_KEY_LENGTH) : nullableStr(),
                        Arbitraries.frequencyOf(Tuple.of(1, u16()), Tuple.of(1, Arbitraries.of(0, 1, 3, 9, 24, 39))),
                        listOf(str(), 3)).as(AttributeDescription::new);
                case REGEX -> regex();
                case JOB_STATE -> u8(0, 1, 3, 20, 50).map(JobState::new);
                case LINK_STATE -> u8(0, 1, 2).map(LinkState::new);
                case PROC_CPUSET -> cpuset();
                case GEOMETRY -> Combinators.combine(Arbitraries.longs(), nullableStr(), nullableStr(),
                        listOf(coord(), 3)).as(Geometry::new);
                case DEVICE_DIST -> Combinators.combine(nullableStr(), nullableStr(), Arbitraries.longs(), u16(), u16())
                        .as(DeviceDistance::new);
                case ENDPOINT -> Combinators.combine(nullableStr(), nullableStr(), byteArrays(16)).as(Endpoint::new);
                case TOPO -> Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(new Topology(null, null))),
                        Tuple.of(3, Combinators.combine(str(), byteArrays(Topology.HWLOC_2_9_SUPPORT_BYTES)
                                .filter(b -> b.length == Topology.HWLOC_2_9_SUPPORT_BYTES)).as(Topology::new)));
                case DEVTYPE -> Arbitraries.longs().map(Value.DevType::new);
                case LOCTYPE -> u16().map(Value.LocType::new);
                case COMPRESSED_BYTE_OBJECT -> byteArrays(24).map(Value.CompressedBytes::new);
                case PROC_NSPACE -> (c ? nspace() : nullableStr()).map(Value.Nspace::new);
                case PROC_STATS -> Combinators.combine(Combinators.combine(nullableStr(), proc(),
                        Arbitraries.integers(), nullableStr(), Arbitraries.bytes(), timeval(), Arbitraries.integers(),
                        Arbitraries.shorts()).as(Tuple::of), flt(), flt(), flt(), Arbitraries.shorts(), timeval())
                        .as((h, pss, vsize, rss, cpu, sample) -> new ProcStats(h.get1(), h.get2(), h.get3(), h.get4(),
                                h.get5(), h.get6(), h.get7(), h.get8(), pss, vsize, rss, cpu, sample));
                case DISK_STATS -> disk();
                case NET_STATS -> net();
                case NODE_STATS -> Combinators.combine(nullableStr(), flt().array(float[].class).ofSize(11), timeval(),
                        // 4.2.2 packs the nested stats from the wrong address (8.5): only empty lists
                        c ? Arbitraries.just(List.<DiskStats>of()) : listOf(disk(), 2),
                        c ? Arbitraries.just(List.<NetStats>of()) : listOf(net(), 2))
                        .as((n, f, tv, d, nt) -> new NodeStats(n, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8],
                                f[9], f[10], tv, d, nt));
                case DATA_BUFFER -> byteArrays(24).map(Value.DataBuffer::new);
                case STOR_MEDIUM -> Arbitraries.longs().map(Value.StorMedium::new);
                case STOR_ACCESS -> Arbitraries.longs().map(Value.StorAccess::new);
                case STOR_PERSIST -> Arbitraries.longs().map(Value.StorPersist::new);
                case STOR_ACCESS_TYPE -> u16().map(Value.StorAccessType::new);
                case DEVICE, RESBLOCK_DIRECTIVE, RESOURCE_UNIT, NODE_PID ->
                        throw new IllegalArgumentException(t + " has no 4.2 wire form");
            };
            return a.map(v -> (Value) v);
        }
    }
}
