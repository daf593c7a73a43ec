package org.pmix4j.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints and parses bit masks as names joined with '|' ({@code STDOUT|STDERR}); bits without a name are
 * printed in hex so that nothing is lost. Shared by the flag-like value types.
 */
final class BitNames {
    private final Map<String, Long> bits = new LinkedHashMap<>();
    private final String what;

    private BitNames(String what) {
        this.what = what;
    }

    /** {@code of("IOF channel", "STDIN", 1, "STDOUT", 2 ...)}: single bits or named combinations. */
    static BitNames of(String what, Object... pairs) {
        BitNames t = new BitNames(what);
        for (int i = 0; i < pairs.length; i += 2) {
            t.bits.put((String) pairs[i], ((Number) pairs[i + 1]).longValue());
        }
        return t;
    }

    /** Names of the bits set; a named combination that matches exactly wins; "NONE" for zero. */
    String label(long value) {
        for (Map.Entry<String, Long> e : bits.entrySet()) {
            if (Long.bitCount(e.getValue()) > 1 && e.getValue() == value) {
                return e.getKey();
            }
        }
        List<String> parts = new ArrayList<>();
        long rest = value;
        for (Map.Entry<String, Long> e : bits.entrySet()) {
            long b = e.getValue();
            if (Long.bitCount(b) == 1 && (rest & b) != 0) {
                parts.add(e.getKey());
                rest &= ~b;
            }
        }
        if (rest != 0) {
            parts.add("0x" + Long.toHexString(rest));
        }
        return parts.isEmpty() ? "NONE" : String.join("|", parts);
    }

    /** The inverse of {@link #label}: names or numbers joined with '|'. */
    long parse(String text) {
        long value = 0;
        for (String part : text.split("\\|")) {
            String p = part.trim();
            if (p.isEmpty() || p.equals("NONE")) {
                continue;
            }
            Long b = bits.get(p.toUpperCase(Locale.ROOT));
            if (b == null) {
                try {
                    b = Long.decode(p);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + p + "' is not a " + what + " flag; known: " + bits.keySet());
                }
            }
            value |= b;
        }
        return value;
    }
}
