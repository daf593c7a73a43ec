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

    /** A pack of {@code type} as one line: {@code TYPE [item, ...]}. */
    public record Pack(DataType type, List<Value> items) {
        public Pack {
            items = List.copyOf(items);
        }
    }

    /** {@code TYPE payload}. */
    public static String formatTyped(Value v) {
        ValueFormatter f = new ValueFormatter();
        f.typed(v);
        return f.result();
    }

    /** The payload alone. */
    public static String formatPayload(Value v) {
        ValueFormatter f = new ValueFormatter();
        f.payload(v);
        return f.result();
    }

    public static String formatPack(Pack p) {
        ValueFormatter f = new ValueFormatter();
        f.items(p.type(), p.items());
        return p.type().name() + " " + f.result();
    }

    /** Packs, one per line. */
    public static String formatPacks(List<Pack> packs) {
        StringBuilder sb = new StringBuilder();
        for (Pack p : packs) {
            sb.append(formatPack(p)).append('\n');
        }
        return sb.toString();
    }

    public static Value parseTyped(String text) {
        ValueParser p = new ValueParser(text);
        Value v = p.typed();
        requireEnd(p);
        return v;
    }

    public static Value parsePayload(DataType type, String text) {
        ValueParser p = new ValueParser(text);
        Value v = p.payload(type);
        requireEnd(p);
        return v;
    }

    /** Any number of packs, separated by white space (usually one per line). */
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
