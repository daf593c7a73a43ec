package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.KeyValue;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireReader;

/**
 * What one process has made available with Put and Commit, in one scope: the last value of each key, kept
 * encoded (one KVAL pack per key) because that is also what a GET reply and a fence blob carry, so serving
 * a peer in the same buffer kind copies the bytes without encoding anything.
 *
 * <p>A new value of a key replaces the old one rather than being appended: a libpmix client sends ALL its
 * values of a scope with every PMIx_Commit, not only the new ones, so appending made the data (and every
 * GET reply) grow with the square of the number of commits — 100 commits of one 1 KB key each made a
 * 5 MB reply per Get. Resent values are recognised by their bytes, not decoded again: the client sends
 * them in the same order every time, so each is compared with the pack that stood at its place in the last
 * commit (a process that has put 200 keys committed them all, decoded, in 100-400 µs of the server's loop).
 */
final class CommittedData {
    private final BufferKind kind;
    /** The last value of every key as its own KVAL pack, in the order the keys first came. */
    private final Map<String, byte[]> byKey = new LinkedHashMap<>();
    /** The packs of {@link #byKey} one after the other, made again when a commit changes them. */
    private byte[] bytes = new byte[0];
    /** The packs of the last commit in the order they came, with their keys (in our kind only). */
    private List<Known> lastRun = List.of();

    /** A pack as a commit held it, and its key. */
    private record Known(String key, byte[] pack) {
    }

    CommittedData(BufferKind kind) {
        this.kind = kind;
    }

    /**
     * Files a run of KVAL packs in {@code from}'s kind: new keys are added, known ones take the new value.
     *
     * @return the keys whose value is new or changed (a client resends the unchanged ones with every commit)
     */
    List<KeyValue> append(byte[] packed, BufferKind from) {
        List<KeyValue> changed = new ArrayList<>();
        List<Known> run = new ArrayList<>(lastRun.size() + 1);
        Unpacker u = new Unpacker(new WireReader(packed), from);
        while (u.hasRemaining()) {
            // the value that stood here last time, unchanged and still the key's latest: nothing to decode
            Known same = from == kind && run.size() < lastRun.size() ? lastRun.get(run.size()) : null;
            if (same != null && byKey.get(same.key()) == same.pack() && u.skipIfNext(same.pack())) {
                run.add(same);
                continue;
            }
            int start = u.position();
            KeyValue kv = u.kval();
            // in our own kind the client's pack is kept as it came (no encoding); otherwise packed again
            byte[] pack = from == kind ? java.util.Arrays.copyOfRange(packed, start, u.position())
                    : new Packer(kind).kval(kv).toByteArray();
            byte[] before = byKey.get(kv.key());
            if (before != null && java.util.Arrays.equals(before, pack)) {
                pack = before; // the same value: the pack held stays, a later commit is compared with it
            } else {
                byKey.put(kv.key(), pack);
                changed.add(kv);
            }
            run.add(new Known(kv.key(), pack));
        }
        lastRun = from == kind ? run : List.of();
        if (changed.isEmpty()) {
            return changed;
        }
        int len = 0;
        for (byte[] b : byKey.values()) {
            len += b.length;
        }
        byte[] joined = new byte[len];
        int at = 0;
        for (byte[] b : byKey.values()) {
            System.arraycopy(b, 0, joined, at, b.length);
            at += b.length;
        }
        bytes = joined;
        return changed;
    }

    boolean has(String key) {
        return byKey.containsKey(key);
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
