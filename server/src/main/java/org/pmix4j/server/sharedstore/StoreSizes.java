package org.pmix4j.server.sharedstore;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sizes of the store's segments: the initial segment (the namespace list), a meta segment and a data
 * segment. libpmix reads them on both sides from INITIAL_SEG_SIZE, NS_META_SEG_SIZE and NS_DATA_SEG_SIZE
 * (bytes; a value under a page counts as a page), else 4 KiB, 4 MiB and 4 MiB; the server takes them from
 * its environment and hands them to its clients, so both sides map the same sizes.
 */
public record StoreSizes(long initial, long meta, long data) {
    static final String INITIAL = "INITIAL_SEG_SIZE";
    static final String META = "NS_META_SEG_SIZE";
    static final String DATA = "NS_DATA_SEG_SIZE";
    private static final long PAGE = 4096;

    /** The sizes {@code env} gives. */
    public static StoreSizes from(Map<String, String> env) {
        return new StoreSizes(size(env, INITIAL, PAGE), size(env, META, 4L << 20), size(env, DATA, 4L << 20));
    }

    private static long size(Map<String, String> env, String name, long otherwise) {
        String s = env.get(name);
        if (s == null || s.isBlank()) {
            return otherwise;
        }
        long v;
        try {
            v = Long.parseUnsignedLong(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + s + " is not a size in bytes");
        }
        return v == 0 ? otherwise : Math.max(v, PAGE);
    }

    /** The variables that make a client map these sizes. */
    Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(INITIAL, Long.toString(initial));
        env.put(META, Long.toString(meta));
        env.put(DATA, Long.toString(data));
        return env;
    }
}
