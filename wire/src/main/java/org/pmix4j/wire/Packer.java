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

    /**
     * An empty buffer of this kind.
     *
     * @param kind non-described (what release builds of libpmix use) or fully-described
     */
    public Packer(BufferKind kind) {
        this(kind, 256);
    }

    /**
     * An empty buffer of this kind, with room for {@code initialCapacity} bytes before it grows.
     *
     * @param kind non-described or fully-described
     * @param initialCapacity the bytes to reserve
     */
    public Packer(BufferKind kind, int initialCapacity) {
        this.kind = kind;
        this.w = new WireWriter(initialCapacity);
    }

    /** {@return the kind of this buffer} */
    public BufferKind kind() {
        return kind;
    }

    /** {@return the number of bytes packed so far} */
    public int size() {
        return w.size();
    }

    /** {@return a copy of the bytes packed so far} */
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
     *
     * @param type the items' type, or VALUE for items of any type
     * @param items the items
     * @return this packer
     * @throws IllegalArgumentException when an item is not of {@code type}
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

    /**
     * One pack holding one item of the item's own type.
     *
     * @param item the item
     * @return this packer
     */
    public Packer pack(Value item) {
        return pack(item.type(), List.of(item));
    }

    // ---- shortcuts for the fields of protocol messages; each is one pack of one item ---------------------

    /**
     * One PMIX_COMMAND: a protocol message's command code.
     *
     * @param code the command
     * @return this packer
     */
    public Packer command(int code) {
        header(DataType.COMMAND, 1);
        w.u8(code);
        return this;
    }

    /**
     * One PMIX_STATUS.
     *
     * @param code the status, see {@link org.pmix4j.api.PmixStatus}
     * @return this packer
     */
    public Packer status(int code) {
        header(DataType.STATUS, 1);
        w.svar(code);
        return this;
    }

    /**
     * One PMIX_STRING.
     *
     * @param s the string, or {@code null} (packed as libpmix packs a NULL string)
     * @return this packer
     */
    public Packer string(String s) {
        header(DataType.STRING, 1);
        w.string(s);
        return this;
    }

    /**
     * One PMIX_SIZE.
     *
     * @param n the count, unsigned
     * @return this packer
     */
    public Packer size(long n) {
        header(DataType.SIZE, 1);
        w.uvar(n);
        return this;
    }

    /**
     * One PMIX_UINT32.
     *
     * @param bits the value's 32 bits
     * @return this packer
     */
    public Packer uint32(int bits) {
        header(DataType.UINT32, 1);
        w.uvar(Integer.toUnsignedLong(bits));
        return this;
    }

    /**
     * One PMIX_INT32.
     *
     * @param v the value
     * @return this packer
     */
    public Packer int32(int v) {
        header(DataType.INT32, 1);
        w.svar(v);
        return this;
    }

    /**
     * One PMIX_BOOL.
     *
     * @param b the value
     * @return this packer
     */
    public Packer bool(boolean b) {
        header(DataType.BOOL, 1);
        w.u8(b ? 1 : 0);
        return this;
    }

    /**
     * One PMIX_PROC_RANK.
     *
     * @param rank the rank, or one of the reserved values of {@link org.pmix4j.api.Rank}
     * @return this packer
     */
    public Packer rank(int rank) {
        header(DataType.PROC_RANK, 1);
        w.uvar(Integer.toUnsignedLong(rank));
        return this;
    }

    /**
     * One PMIX_PROC: a namespace and a rank.
     *
     * @param p the process
     * @return this packer
     */
    public Packer proc(Proc p) {
        header(DataType.PROC, 1);
        StructCodecs.writeProc(w, p);
        return this;
    }

    /**
     * One pack of all the procs (nothing at all when the list is empty is the caller's choice).
     *
     * @param procs the processes
     * @return this packer
     */
    public Packer procs(List<Proc> procs) {
        header(DataType.PROC, procs.size());
        for (Proc p : procs) {
            StructCodecs.writeProc(w, p);
        }
        return this;
    }

    /**
     * One pack of all the infos.
     *
     * @param infos the infos
     * @return this packer
     */
    public Packer infos(List<Info> infos) {
        header(DataType.INFO, infos.size());
        StructCodecs.writeInfos(w, infos);
        return this;
    }

    /**
     * libpmix's usual form for an info list: a SIZE count, then the infos only when there are any.
     *
     * @param infos the infos, possibly none
     * @return this packer
     */
    public Packer sizedInfos(List<Info> infos) {
        size(infos.size());
        if (!infos.isEmpty()) {
            infos(infos);
        }
        return this;
    }

    /**
     * One PMIX_BYTE_OBJECT.
     *
     * @param bytes the bytes
     * @return this packer
     */
    public Packer byteObject(byte[] bytes) {
        header(DataType.BYTE_OBJECT, 1);
        w.byteObject(bytes);
        return this;
    }

    /**
     * One PMIX_BYTE_OBJECT.
     *
     * @param bo the byte object
     * @return this packer
     */
    public Packer byteObject(ByteObject bo) {
        return byteObject(bo.bytes());
    }

    /**
     * One PMIX_KVAL: a key and a typed value, as commits and job data carry them.
     *
     * @param key the key
     * @param value the value
     * @return this packer
     */
    public Packer kval(String key, Value value) {
        header(DataType.KVAL, 1);
        w.string(key);
        Codecs.writeValue(w, value);
        return this;
    }

    /**
     * One PMIX_KVAL.
     *
     * @param kv the key and value
     * @return this packer
     */
    public Packer kval(KeyValue kv) {
        return kval(kv.key(), kv.value());
    }

    /**
     * A PMIX_BUFFER: an inner buffer (already packed, in {@code innerKind}) wrapped with its kind.
     *
     * @param innerKind the inner buffer's kind
     * @param inner its bytes
     * @return this packer
     */
    public Packer buffer(BufferKind innerKind, byte[] inner) {
        header(DataType.BUFFER, 1);
        w.u8(innerKind.code()).byteObject(inner);
        return this;
    }

    /**
     * Appends bytes that are already a sequence of packs (a nested payload copied through).
     *
     * @param packed the packs
     * @return this packer
     */
    public Packer raw(byte[] packed) {
        w.bytes(packed);
        return this;
    }
}
