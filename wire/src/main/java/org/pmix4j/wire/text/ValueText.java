package org.pmix4j.wire.text;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Value;

/**
 * The text form of PMIx values and packs (see the package description). Formatting then parsing gives
 * back equal values, and for every value libpmix can send, the same bytes on the wire.
 */
public final class ValueText {
    private ValueText() {
    }

    /**
     * A pack of {@code type} as one line: {@code TYPE [item, ...]}.
     *
     * @param type  the items' type (VALUE: items of any type)
     * @param items the items
     */
    public record Pack(DataType type, List<Value> items) {
        /** Copies the list, so that the pack cannot change after it was made. */
        public Pack {
            items = List.copyOf(items);
        }
    }

    /**
     * {@code TYPE payload}.
     *
     * @param v the value
     * @return e.g. {@code UINT32 4}
     */
    public static String formatTyped(Value v) {
        ValueFormatter f = new ValueFormatter();
        f.typed(v);
        return f.result();
    }

    /**
     * The payload alone.
     *
     * @param v the value
     * @return e.g. {@code 4}
     */
    public static String formatPayload(Value v) {
        ValueFormatter f = new ValueFormatter();
        f.payload(v);
        return f.result();
    }

    /**
     * A pack as one line: {@code TYPE [item, ...]}.
     *
     * @param p the pack
     * @return the line
     */
    public static String formatPack(Pack p) {
        ValueFormatter f = new ValueFormatter();
        f.items(p.type(), p.items());
        return p.type().name() + " " + f.result();
    }

    /**
     * Packs, one per line.
     *
     * @param packs the packs
     * @return the lines
     */
    public static String formatPacks(List<Pack> packs) {
        StringBuilder sb = new StringBuilder();
        for (Pack p : packs) {
            sb.append(formatPack(p)).append('\n');
        }
        return sb.toString();
    }

    /**
     * The value of the text {@link #formatTyped} makes.
     *
     * @param text e.g. {@code STRING "hello"}
     * @return the value
     * @throws IllegalArgumentException naming what could not be parsed, and where
     */
    public static Value parseTyped(String text) {
        ValueParser p = new ValueParser(text);
        Value v = p.typed();
        requireEnd(p);
        return v;
    }

    /**
     * The value of the text {@link #formatPayload} makes, its type given.
     *
     * @param type the value's type
     * @param text the payload's text
     * @return the value
     * @throws IllegalArgumentException naming what could not be parsed, and where
     */
    public static Value parsePayload(DataType type, String text) {
        ValueParser p = new ValueParser(text);
        Value v = p.payload(type);
        requireEnd(p);
        return v;
    }

    /**
     * Any number of packs, separated by white space (usually one per line).
     *
     * @param text the packs' text
     * @return the packs
     * @throws IllegalArgumentException naming what could not be parsed, and where
     */
    public static List<Pack> parsePacks(String text) {
        ValueParser p = new ValueParser(text);
        List<Pack> out = new ArrayList<>();
        while (!p.atEnd()) {
            ValueParser.Pack pk = p.pack();
            out.add(new Pack(pk.type(), pk.items()));
        }
        return out;
    }

    private static void requireEnd(ValueParser p) {
        if (!p.atEnd()) {
            throw p.error("unexpected text after the value");
        }
    }
}
