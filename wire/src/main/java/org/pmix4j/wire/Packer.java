package org.pmix4j.wire;

import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * Builds a bfrops buffer the way {@code PMIx_Data_pack} does: each call appends one top-level pack, a
 * count (an int32) followed by that many items of one type. In a fully-described buffer the count and
 * the items are each preceded by their type. Protocol messages are sequences of such packs.
 */
public final class Packer {
    private final WireWriter w;
    private final BufferKind kind;

    public Packer(BufferKind kind) {
        this(kind, 256);
    }

    public Packer(BufferKind kind, int initialCapacity) {
        this.kind = kind;
        this.w = new WireWriter(initialCapacity);
    }

    public BufferKind kind() {
        return kind;
    }

    public int size() {
        return w.size();
    }

    public byte[] toByteArray() {
        return w.toByteArray();
    }

    /** The header of a pack: its count, and in a fully-described buffer the types around it. */
    private void header(DataType type, int count) {
        if (kind == BufferKind.FULLY_DESCRIBED) {
            Codecs.writeTag(w, DataType.INT32);
        }
        w.svar(count);
        if (kind == BufferKind.FULLY_DESCRIBED) {
            Codecs.writeTag(w, type);
        }
    }

    /**
     * One pack of {@code items} of {@code type}. For type VALUE the items may be of any type (each gets its
     * tag); otherwise each must be of {@code type}.
     */
    public Packer pack(DataType type, List<? extends Value> items) {
        if (type == DataType.UNDEF) {
            throw new IllegalArgumentException("libpmix has no packer for PMIX_UNDEF items; pack VALUEs instead");
        }
        TypeCodec<Value> codec = Codecs.codec(type);
        for (int i = 0; i < items.size(); i++) {
            DataType t = items.get(i).type();
            if (type != DataType.VALUE && t != type) {
                throw new IllegalArgumentException("item " + i + " of a " + type + " pack is a " + t);
            }
        }
        header(type, items.size());
        codec.writeRun(w, items);
        return this;
    }

    /** One pack holding one item of the item's own type. */
    public Packer pack(Value item) {
        return pack(item.type(), List.of(item));
    }

    // ---- shortcuts for the fields of protocol messages; each is one pack of one item ---------------------

    public Packer command(int code) {
        header(DataType.COMMAND, 1);
        w.u8(code);
        return this;
    }

    public Packer status(int code) {
        header(DataType.STATUS, 1);
        w.svar(code);
        return this;
    }

    public Packer string(String s) {
        header(DataType.STRING, 1);
        w.string(s);
        return this;
    }

    public Packer size(long n) {
        header(DataType.SIZE, 1);
        w.uvar(n);
        return this;
    }

    public Packer uint32(int bits) {
        header(DataType.UINT32, 1);
        w.uvar(Integer.toUnsignedLong(bits));
        return this;
    }

    public Packer int32(int v) {
        header(DataType.INT32, 1);
        w.svar(v);
        return this;
    }

    public Packer bool(boolean b) {
        header(DataType.BOOL, 1);
        w.u8(b ? 1 : 0);
        return this;
    }

    public Packer rank(int rank) {
        header(DataType.PROC_RANK, 1);
        w.uvar(Integer.toUnsignedLong(rank));
        return this;
    }

    public Packer proc(Proc p) {
        header(DataType.PROC, 1);
        StructCodecs.writeProc(w, p);
        return this;
    }

    /** One pack of all the procs (nothing at all when the list is empty is the caller's choice). */
    public Packer procs(List<Proc> procs) {
        header(DataType.PROC, procs.size());
        for (Proc p : procs) {
            StructCodecs.writeProc(w, p);
        }
        return this;
    }

    /** One pack of all the infos. */
    public Packer infos(List<Info> infos) {
        header(DataType.INFO, infos.size());
        StructCodecs.writeInfos(w, infos);
        return this;
    }

    /** libpmix's usual form for an info list: a SIZE count, then the infos only when there are any. */
    public Packer sizedInfos(List<Info> infos) {
        size(infos.size());
        if (!infos.isEmpty()) {
            infos(infos);
        }
        return this;
    }

    public Packer byteObject(byte[] bytes) {
        header(DataType.BYTE_OBJECT, 1);
        w.byteObject(bytes);
        return this;
    }

    public Packer byteObject(ByteObject bo) {
        return byteObject(bo.bytes());
    }

    public Packer kval(String key, Value value) {
        header(DataType.KVAL, 1);
        w.string(key);
        Codecs.writeValue(w, value);
        return this;
    }

    public Packer kval(KeyValue kv) {
        return kval(kv.key(), kv.value());
    }

    /** A PMIX_BUFFER: an inner buffer (already packed, in {@code innerKind}) wrapped with its kind. */
    public Packer buffer(BufferKind innerKind, byte[] inner) {
        header(DataType.BUFFER, 1);
        w.u8(innerKind.code()).byteObject(inner);
        return this;
    }

    /** Appends bytes that are already a sequence of packs (a nested payload copied through). */
    public Packer raw(byte[] packed) {
        w.bytes(packed);
        return this;
    }
}
