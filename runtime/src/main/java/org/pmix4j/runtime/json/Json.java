package org.pmix4j.runtime.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON documents pmix4j prints for scripts ({@code --json}; schemas in docs/json.md): an object is
 * built with {@link #object()}, filled in the order its fields are documented, and written on one line
 * with {@link Obj#toString()}. Strings are escaped as RFC 8259 requires (the quote, the backslash and
 * every control character below U+0020); everything else, non-ASCII included, is written as UTF-16 text
 * for the caller's UTF-8 stream. No dependency: the few reports need no more than this.
 */
public final class Json {
    private Json() {
    }

    /** A new, empty object. */
    public static Obj object() {
        return new Obj();
    }

    /** A JSON array of {@code values} (each a value {@link #write} takes). */
    public static List<Object> array(List<?> values) {
        return new ArrayList<>(values);
    }

    /** {@code text} as a JSON string, quotes included. */
    public static String quote(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2);
        appendString(sb, text);
        return sb.toString();
    }

    /**
     * Writes one value: null, a String, a Boolean, a Number (integral or floating; a NaN or an infinity,
     * which JSON cannot hold, is written as null), an {@link Obj}, a Map with String keys or a List.
     */
    public static void write(StringBuilder sb, Object value) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            appendString(sb, s);
        } else if (value instanceof Boolean b) {
            sb.append(b);
        } else if (value instanceof Double d) {
            sb.append(d.isNaN() || d.isInfinite() ? "null" : d.toString());
        } else if (value instanceof Float f) {
            write(sb, f.doubleValue());
        } else if (value instanceof Number n) {
            sb.append(n);
        } else if (value instanceof Obj o) {
            write(sb, o.fields);
        } else if (value instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                appendString(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (value instanceof Iterable<?> list) {
            sb.append('[');
            boolean first = true;
            for (Object o : list) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                write(sb, o);
            }
            sb.append(']');
        } else {
            throw new IllegalArgumentException("no JSON form for a " + value.getClass().getName());
        }
    }

    private static void appendString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || Character.isSurrogate(c) && !paired(s, i)) {
                        // a lone surrogate would not survive UTF-8: its escape keeps it
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** Whether the surrogate at {@code i} is half of a valid pair (high then low). */
    private static boolean paired(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /** A JSON object whose fields keep the order they were put in. */
    public static final class Obj {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        private Obj() {
        }

        /** Sets field {@code name} (a value {@link Json#write} takes); returns this object. */
        public Obj put(String name, Object value) {
            fields.put(name, value);
            return this;
        }

        /** The object on one line, as JSON lines want it. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            write(sb, this);
            return sb.toString();
        }
    }
}
