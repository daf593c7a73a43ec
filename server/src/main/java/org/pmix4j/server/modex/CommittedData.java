package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.KeyValue;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireReader;

/**
 * What one process has made available with Put and Commit, in one scope. The bytes are kept as they
 * arrived (a run of KVAL packs), because that is also what a GET reply and a fence blob carry: serving a
 * peer in the same buffer kind copies them without decoding. Later commits are appended; a reader that
 * files them in order lets the last value of a key win, as the client does.
 */
final class CommittedData {
    private final BufferKind kind;
    private byte[] bytes = new byte[0];
    private final Set<String> keys = new HashSet<>();

    CommittedData(BufferKind kind) {
        this.kind = kind;
    }

    /** Appends a run of KVAL packs in {@code from}'s kind, re-encoding only when the kinds differ. */
    void append(byte[] packed, BufferKind from) {
        List<KeyValue> kvs = decode(packed, from);
        for (KeyValue kv : kvs) {
            keys.add(kv.key());
        }
        byte[] add = from == kind ? packed : encode(kvs, kind);
        byte[] joined = new byte[bytes.length + add.length];
        System.arraycopy(bytes, 0, joined, 0, bytes.length);
        System.arraycopy(add, 0, joined, bytes.length, add.length);
        bytes = joined;
    }

    boolean has(String key) {
        return keys.contains(key);
    }

    boolean isEmpty() {
        return bytes.length == 0;
    }

    /** The KVAL packs in the requested kind. */
    byte[] bytes(BufferKind want) {
        return want == kind ? bytes : encode(decode(bytes, kind), want);
    }

    static List<KeyValue> decode(byte[] packed, BufferKind kind) {
        Unpacker u = new Unpacker(new WireReader(packed), kind);
        List<KeyValue> out = new ArrayList<>();
        while (u.hasRemaining()) {
            out.add(u.kval());
        }
        return out;
    }

    static byte[] encode(List<KeyValue> kvs, BufferKind kind) {
        Packer p = new Packer(kind);
        for (KeyValue kv : kvs) {
            p.kval(kv);
        }
        return p.toByteArray();
    }
}
