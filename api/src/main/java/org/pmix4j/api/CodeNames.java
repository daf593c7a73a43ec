package org.pmix4j.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A two-way table between the numbers of a small PMIx enumeration and their short names, used by the
 * enumeration records ({@link Scope}, {@link DataRange} ...) to print and parse themselves. A number
 * without a name prints as the number, so nothing received from a peer is lost.
 */
final class CodeNames {
    private final Map<Integer, String> names = new LinkedHashMap<>();
    private final Map<String, Integer> codes = new LinkedHashMap<>();

    /** Pairs of (code, name), e.g. {@code of(1, "LOCAL", 2, "REMOTE")}. */
    static CodeNames of(Object... pairs) {
        CodeNames t = new CodeNames();
        for (int i = 0; i < pairs.length; i += 2) {
            int code = (Integer) pairs[i];
            String name = (String) pairs[i + 1];
            t.names.putIfAbsent(code, name);
            t.codes.put(name, code);
        }
        return t;
    }

    String name(int code) {
        String n = names.get(code);
        return n != null ? n : Integer.toString(code);
    }

    /** The code for a name (case-insensitive) or a decimal number; throws when it is neither. */
    int parse(String text, String what) {
        Integer c = codes.get(text.toUpperCase(java.util.Locale.ROOT));
        if (c != null) {
            return c;
        }
        try {
            return Integer.decode(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a " + what + "; known: " + codes.keySet());
        }
    }
}
