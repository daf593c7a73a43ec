package org.pmix4j.wire.message;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/** The runs of fields several messages share, written and read in one place. */
final class MessageFields {
    private MessageFields() {
    }

    /** SIZE n, then PROC[n] only when n is not 0 (libpmix skips the empty pack). */
    static void writeProcs(Packer p, List<Proc> procs) {
        p.size(procs.size());
        if (!procs.isEmpty()) {
            p.procs(procs);
        }
    }

    static List<Proc> readProcs(Unpacker u, String what) {
        int n = u.sizeCount(what);
        return n == 0 ? List.of() : u.procs();
    }

    /** SIZE n, then one pack of the n items of {@code type} only when n is not 0 (QUERY, APP, DEVICE_DIST). */
    static void writeSized(Packer p, DataType type, List<? extends Value> items) {
        p.size(items.size());
        if (!items.isEmpty()) {
            p.pack(type, items);
        }
    }

    /** What {@link #writeSized} writes; as libpmix, the pack's own count is taken over the SIZE. */
    static <T extends Value> List<T> readSized(Unpacker u, DataType type, Class<T> as, String what) {
        int n = u.sizeCount(what);
        return n == 0 ? List.of() : u.unpack(type).stream().map(as::cast).toList();
    }

    /** SIZE n, then each key as a STRING pack of its own (LOOKUP and UNPUBLISH). */
    static void writeKeys(Packer p, List<String> keys) {
        p.size(keys.size());
        for (String k : keys) {
            p.string(k);
        }
    }

    static List<String> readKeys(Unpacker u, String what) {
        int n = u.sizeCount(what);
        List<String> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keys.add(u.string());
        }
        return keys;
    }

    /** BYTE_OBJECTs until the end of the message. */
    static List<ByteObject> readByteObjects(Unpacker u) {
        List<ByteObject> out = new ArrayList<>();
        while (u.hasRemaining()) {
            out.add(new ByteObject(u.byteObject()));
        }
        return out;
    }

    static void writeByteObjects(Packer p, List<ByteObject> objects) {
        for (ByteObject o : objects) {
            p.byteObject(o);
        }
    }

    /** A list copy that, unlike List.copyOf, keeps nulls (a key or string libpmix packs as NULL). */
    static <T> List<T> copyKeepingNulls(List<T> l) {
        return java.util.Collections.unmodifiableList(new ArrayList<>(l));
    }
}
