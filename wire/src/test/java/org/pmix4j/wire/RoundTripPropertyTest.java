package org.pmix4j.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Value;
import org.pmix4j.wire.ValueArbitraries.Profile;
import org.pmix4j.wire.text.ValueText;

/**
 * Property tests of the codec against itself: for arbitrary values of every 4.2-wire type, in both buffer
 * kinds, Packer then Unpacker gives equal values and consumes every byte, and the text form
 * (ValueText.formatPacks then parsePacks) gives equal values. The generators (ValueArbitraries, JAVA
 * profile) only produce floats whose %f text is exact, so equals() of the records is the right test.
 */
class RoundTripPropertyTest {
    private static final HexFormat HEX = HexFormat.of();

    @Provide
    Arbitrary<Tuple.Tuple2<DataType, List<Value>>> packs() {
        return ValueArbitraries.packs(Profile.JAVA, ValueArbitraries.DEFAULT_DEPTH, 3);
    }

    @Provide
    Arbitrary<Tuple.Tuple2<DataType, List<Value>>> deepPacks() {
        return ValueArbitraries.packs(Profile.JAVA, 4, 2);
    }

    @Provide
    Arbitrary<List<ValueText.Pack>> packSequences() {
        return packs().map(t -> new ValueText.Pack(t.get1(), t.get2())).list().ofMinSize(1).ofMaxSize(4);
    }

    @Property(tries = 1500, seed = "20251121")
    void packThenUnpackGivesEqualValues(@ForAll("packs") Tuple.Tuple2<DataType, List<Value>> pack,
            @ForAll BufferKind kind) {
        assertBinaryRoundTrip(pack.get1(), pack.get2(), kind);
    }

    @Property(tries = 300, seed = "20251122")
    void deeplyNestedValuesRoundTrip(@ForAll("deepPacks") Tuple.Tuple2<DataType, List<Value>> pack,
            @ForAll BufferKind kind) {
        assertBinaryRoundTrip(pack.get1(), pack.get2(), kind);
    }

    /** Several packs in one buffer: each decoder stops exactly where the next pack starts. */
    @Property(tries = 400, seed = "20251123")
    void consecutivePacksRoundTrip(@ForAll("packSequences") List<ValueText.Pack> packs, @ForAll BufferKind kind) {
        Packer packer = new Packer(kind);
        for (ValueText.Pack p : packs) {
            packer.pack(p.type(), p.items());
        }
        byte[] bytes = packer.toByteArray();
        Unpacker u = new Unpacker(bytes, kind);
        for (ValueText.Pack p : packs) {
            assertEquals(p.items(), u.unpack(p.type()), () -> "pack of " + p.type() + " in " + HEX.formatHex(bytes));
        }
        assertFalse(u.hasRemaining(), () -> u.remaining() + " bytes left in " + HEX.formatHex(bytes));
    }

    @Property(tries = 1000, seed = "20251124")
    void textFormThenParseGivesEqualValues(@ForAll("packSequences") List<ValueText.Pack> packs) {
        String text = ValueText.formatPacks(packs);
        List<ValueText.Pack> parsed = ValueText.parsePacks(text);
        assertEquals(packs, parsed, () -> "text:\n" + text);
        // and the text of the parsed packs is the same text
        assertEquals(text, ValueText.formatPacks(parsed));
    }

    @Property(tries = 500, seed = "20251125")
    void typedTextOfAnyValueParsesBack(@ForAll("anyValue") Value v) {
        String text = ValueText.formatTyped(v);
        assertEquals(v, ValueText.parseTyped(text), () -> "text: " + text);
    }

    @Provide
    Arbitrary<Value> anyValue() {
        return ValueArbitraries.anyValue(Profile.JAVA, ValueArbitraries.DEFAULT_DEPTH);
    }

    /**
     * Every pack type, deterministically: 25 values each (edge cases mixed in), alone and as one pack of
     * all 25, both kinds, binary and text. A random type choice above could miss a type; this cannot.
     */
    @Example
    void everyTypeRoundTrips() {
        long seed = 7;
        for (DataType t : ValueArbitraries.packTypes(Profile.JAVA)) {
            List<Value> values = ValueArbitraries.sample(ValueArbitraries.of(t, Profile.JAVA, 2), 25, seed++);
            for (BufferKind kind : BufferKind.values()) {
                for (Value v : values) {
                    assertBinaryRoundTrip(t, List.of(v), kind);
                }
                assertBinaryRoundTrip(t, values, kind);
            }
            List<ValueText.Pack> packs = List.of(new ValueText.Pack(t, values));
            assertEquals(packs, ValueText.parsePacks(ValueText.formatPacks(packs)), () -> "text of " + t);
        }
    }

    /** Floats and doubles from the generators survive the %f text exactly (the premise of the tests above). */
    @Property(tries = 2000, seed = "20251126")
    void generatedFloatsAreExactInText(@ForAll("floats") float f, @ForAll("doubles") double d) {
        assertEquals(Float.floatToIntBits(f), Float.floatToIntBits(CFloat.parseFloat(CFloat.format(f))),
                () -> "float " + f + " -> " + CFloat.format(f));
        assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(CFloat.parseDouble(CFloat.format(d))),
                () -> "double " + d + " -> " + CFloat.format(d));
    }

    @Provide
    Arbitrary<Float> floats() {
        return ValueArbitraries.exactFloats();
    }

    @Provide
    Arbitrary<Double> doubles() {
        return ValueArbitraries.exactDoubles();
    }

    /** Arbitrary C bytes survive CString decoding and encoding unchanged. */
    @Property(tries = 1000, seed = "20251127")
    void cStringBytesSurvive(@ForAll("bytes") byte[] b) {
        String s = CString.decode(b, 0, b.length);
        assertEquals(HEX.formatHex(b), HEX.formatHex(CString.encode(s)), () -> "decoded as " + s);
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.frequencyOf(Tuple.of(1, ValueArbitraries.byteArrays(40)),
                Tuple.of(1, Arbitraries.of((byte) 0xc3, (byte) 0xa9, (byte) 0xe2, (byte) 0x9c, (byte) 0x93, (byte) 0xf0,
                        (byte) 0x9d, (byte) 0x84, (byte) 0x9e, (byte) 0xed, (byte) 0xa0, (byte) 0x80, (byte) 'a',
                        (byte) 0xff, (byte) 0xc0).list().ofMaxSize(16).map(l -> {
                            byte[] r = new byte[l.size()];
                            for (int i = 0; i < r.length; i++) {
                                r[i] = l.get(i);
                            }
                            return r;
                        })));
    }

    static void assertBinaryRoundTrip(DataType type, List<Value> items, BufferKind kind) {
        byte[] bytes = new Packer(kind).pack(type, items).toByteArray();
        Unpacker u = new Unpacker(bytes, kind);
        List<Value> back;
        try {
            back = u.unpack(type);
        } catch (WireFormatException e) {
            throw new AssertionError(kind + " " + type + " " + items + ": decoding our own bytes "
                    + HEX.formatHex(bytes) + " failed: " + e.getMessage(), e);
        }
        assertEquals(items, back, () -> kind + " " + type + " bytes " + HEX.formatHex(bytes));
        assertFalse(u.hasRemaining(), () -> kind + " " + type + " " + items + ": " + u.remaining()
                + " bytes left of " + HEX.formatHex(bytes));
    }
}
