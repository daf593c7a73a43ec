package org.pmix4j.wire;

import org.pmix4j.api.DataType;
import org.pmix4j.api.Value;

/**
 * The encoding of every PMIx data type as libpmix 4.2.2's v41 bfrops module writes it (psquash flex128
 * integers). This is the dispatch point: one {@link TypeCodec} per type code, registered by the families
 * in {@link ScalarCodecs}, {@link StructCodecs} and {@link SystemCodecs}.
 *
 * <p>Three levels of framing exist on the wire: a payload (the type's own bytes), a value (type tag then
 * payload, as in {@code pmix_value_t} and inside infos), and a top-level pack (count then payloads,
 * {@link Packer}).
 */
public final class Codecs {
    private static final TypeCodec<?>[] BY_CODE = new TypeCodec<?>[DataType.values().length + 8];

    static {
        ScalarCodecs.registerAll();
        StructCodecs.registerAll();
        SystemCodecs.registerAll();
    }

    private Codecs() {
    }

    static <T extends Value> void register(DataType type, TypeCodec<T> codec) {
        BY_CODE[type.code()] = codec;
    }

    @SuppressWarnings("unchecked")
    static <T extends Value> TypeCodec<T> codec(DataType type) {
        TypeCodec<?> c = type.code() < BY_CODE.length ? BY_CODE[type.code()] : null;
        if (c == null) {
            throw new UnsupportedTypeException(type);
        }
        return (TypeCodec<T>) c;
    }

    /**
     * Writes the payload of {@code v} (no tag, no count).
     *
     * @param w where to write
     * @param v the value
     */
    public static void writePayload(WireWriter w, Value v) {
        codec(v.type()).write(w, v);
    }

    /**
     * Reads the payload of one item of type {@code type}.
     *
     * @param r where to read
     * @param type the item's type
     * @return the value
     */
    public static Value readPayload(WireReader r, DataType type) {
        return codecForReading(r, type.code()).read(r);
    }

    /**
     * Writes a value as {@code pmix_value_t} travels: its type tag, then its payload.
     *
     * @param w where to write
     * @param v the value
     */
    public static void writeValue(WireWriter w, Value v) {
        writeTag(w, v.type());
        writePayload(w, v);
    }

    /**
     * Reads a tagged value.
     *
     * @param r where to read
     * @return the value
     */
    public static Value readValue(WireReader r) {
        int at = r.position();
        int code = readTag(r);
        r.enter("value");
        try {
            return codecForReading(r, code, at).read(r);
        } finally {
            r.leave();
        }
    }

    /**
     * A type tag: the code as an unsigned 16-bit varint.
     *
     * @param w where to write
     * @param t the type
     */
    public static void writeTag(WireWriter w, DataType t) {
        w.uvar(t.code());
    }

    /**
     * Reads a type tag.
     *
     * @param r where to read
     * @return the code, not checked
     */
    public static int readTag(WireReader r) {
        return (int) r.uvar(2, "type tag");
    }

    /**
     * The type a tag names, or a decoding error naming the unknown code.
     *
     * @param r the reader, for the message
     * @param code the tag's code
     * @param at the tag's offset, for the message
     * @return the type
     */
    public static DataType typeOf(WireReader r, int code, int at) {
        DataType t = DataType.forCode(code);
        if (t == null || t.code() >= BY_CODE.length || BY_CODE[t.code()] == null) {
            throw r.errorAt("unknown or unsupported data type code " + code
                    + (t != null ? " (" + t.macroName() + ")" : ""), at);
        }
        return t;
    }

    static TypeCodec<?> codecForReading(WireReader r, int code) {
        return codecForReading(r, code, r.position());
    }

    private static TypeCodec<?> codecForReading(WireReader r, int code, int at) {
        return BY_CODE[typeOf(r, code, at).code()];
    }

    /** The fewest bytes an item of this type takes on the wire (0 only for UNDEF). */
    static int minBytes(DataType t) {
        return codec(t).minBytes();
    }
}
