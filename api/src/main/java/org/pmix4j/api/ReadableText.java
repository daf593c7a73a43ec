package org.pmix4j.api;

import java.time.Instant;
import java.util.HexFormat;

/**
 * How the scalar values print for a person reading a log line or a debugger's view: the value as one would
 * write it, unsigned types as unsigned numbers, codes by their names. A record's generated
 * {@code Pid[value=17325]} says which Java class holds the number, which a reader does not need; the PMIx
 * type is one call away ({@link Value#type()}), and {@code org.pmix4j.wire.text.ValueText} gives the
 * typed, parseable form when the type matters.
 */
final class ReadableText {
    private ReadableText() {
    }

    static String of(Value v) {
        return switch (v) {
            case Value.Undef u -> "undef";
            case Value.Bool b -> Boolean.toString(b.value());
            case Value.Byte b -> "0x" + HexFormat.of().toHexDigits(b.value());
            case Value.Str s -> quoted(s.value());
            case Value.Size s -> Long.toUnsignedString(s.value());
            case Value.Pid p -> "pid " + p.value();
            case Value.Int i -> Integer.toString(i.value());
            case Value.Int8 i -> Byte.toString(i.value());
            case Value.Int16 i -> Short.toString(i.value());
            case Value.Int32 i -> Integer.toString(i.value());
            case Value.Int64 i -> Long.toString(i.value());
            case Value.UInt i -> Integer.toUnsignedString(i.value());
            case Value.UInt8 i -> Integer.toString(i.value());
            case Value.UInt16 i -> Integer.toString(i.value());
            case Value.UInt32 i -> Integer.toUnsignedString(i.value());
            case Value.UInt64 i -> Long.toUnsignedString(i.value());
            case Value.Float f -> java.lang.Float.toString(f.value());
            case Value.Double d -> java.lang.Double.toString(d.value());
            case Value.TimeVal t -> String.format("%d.%06d s", t.seconds(), t.micros());
            case Value.Time t -> Instant.ofEpochSecond(t.seconds()).toString();
            case Value.Status s -> PmixStatus.name(s.code());
            case Value.Pointer p -> "pointer";
            case Value.Command c -> "command " + c.code();
            case Value.TypeCode t -> typeName(t.code());
            case Value.Nspace n -> n.value() == null ? "NULL" : n.value();
            case Value.DevType d -> "devtype 0x" + Long.toHexString(d.bits());
            case Value.LocType l -> "locality 0x" + Integer.toHexString(l.bits());
            case Value.StorMedium s -> "storage medium 0x" + Long.toHexString(s.bits());
            case Value.StorAccess s -> "storage access 0x" + Long.toHexString(s.bits());
            case Value.StorPersist s -> "storage persistence 0x" + Long.toHexString(s.bits());
            case Value.StorAccessType s -> "storage access type 0x" + Integer.toHexString(s.bits());
            // the structured types print themselves (each has its own toString)
            default -> v.toString();
        };
    }

    /** A C string as a Java literal would show it: quoted, with quotes, backslashes and controls escaped. */
    static String quoted(String s) {
        if (s == null) {
            return "NULL";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    private static String typeName(int code) {
        DataType t = DataType.forCode(code);
        return t != null ? t.name() : "data type " + code;
    }
}
