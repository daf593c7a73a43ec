package org.pmix4j.runtime.cluster;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;

/** Lists of strings and ints in the daemons' messages: an int32 count, then the items. */
public final class PackedLists {
    /** More items than any real job has: a count above it is a malformed message, not an allocation. */
    private static final int MOST = 10_000_000;

    private PackedLists() {
    }

    public static void strings(Packer p, List<String> items) {
        p.int32(items.size());
        items.forEach(p::string);
    }

    public static List<String> strings(Unpacker u) {
        int n = count(u);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(u.string());
        }
        return out;
    }

    public static void ints(Packer p, List<Integer> items) {
        p.int32(items.size());
        items.forEach(p::int32);
    }

    public static List<Integer> ints(Unpacker u) {
        int n = count(u);
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(u.int32());
        }
        return out;
    }

    private static int count(Unpacker u) {
        int at = u.position();
        int n = u.int32();
        // each item takes at least a byte: a count beyond what is left is refused before a list is made for it
        if (n < 0 || n > MOST || n > u.remaining()) {
            throw new WireFormatException("a list of " + n + " items in a daemon message (" + u.remaining()
                    + " bytes left)", at);
        }
        return n;
    }
}
