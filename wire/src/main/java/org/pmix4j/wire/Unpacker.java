package org.pmix4j.wire;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * Reads a bfrops buffer pack by pack, the counterpart of {@link Packer}. Each method reads one top-level
 * pack; the caller must know the sequence of types, as every PMIx peer does. Any malformed input raises
 * {@link WireFormatException} naming the problem and the offset.
 */
public final class Unpacker {
    private final WireReader r;
    private final BufferKind kind;

    /**
     * Reads a buffer from its start.
     *
     * @param data the packed bytes (not copied: do not change them while reading)
     * @param kind the buffer's kind, which its bytes do not say
     */
    public Unpacker(byte[] data, BufferKind kind) {
        this(new WireReader(data), kind);
    }

    /**
     * Reads packs from where {@code reader} stands, e.g. the rest of a message whose header was read.
     *
     * @param reader the reader
     * @param kind the buffer's kind
     */
    public Unpacker(WireReader reader, BufferKind kind) {
        this.r = reader;
        this.kind = kind;
    }

    /** {@return the kind of this buffer} */
    public BufferKind kind() {
        return kind;
    }

    /** {@return whether unread bytes remain} */
    public boolean hasRemaining() {
        return r.hasRemaining();
    }

    /** {@return the offset of the next unread byte} */
    public int position() {
        return r.position();
    }

    /**
     * Reads past the next bytes when they are exactly {@code pack} (a whole pack seen before, in this kind);
     * reads nothing otherwise. A pack decodes the same way wherever it stands, so bytes equal to a whole pack
     * are that pack.
     *
     * @param pack the bytes of a pack
     * @return whether they were next (and are now read)
     */
    public boolean skipIfNext(byte[] pack) {
        return r.skipIfNext(pack);
    }

    /** {@return the number of unread bytes} */
    public int remaining() {
        return r.remaining();
    }

    /**
     * The unread bytes, consumed: packs a message carries through without reading them here (the job data
     * KVALs of a reply, filed by the receiver's store).
     *
     * @return the unread bytes; none remain afterwards
     */
    public byte[] rest() {
        byte[] b = r.remainingBytes();
        r.skip(b.length, "rest of the message");
        return b;
    }

    /**
     * Reads the header of a pack of {@code type}: its count, checking the type tags of a fully-described
     * buffer, and refusing counts the remaining bytes cannot hold.
     *
     * @param type the type the pack must hold
     * @return the pack's count
     */
    public int count(DataType type) {
        int at = r.position();
        if (kind == BufferKind.FULLY_DESCRIBED) {
            int tag = Codecs.readTag(r);
            if (tag != DataType.INT32.code()) {
                throw r.errorAt("pack count is tagged as type " + tag + ", expected PMIX_INT32 (9)", at);
            }
        }
        if (type == DataType.UNDEF) {
            throw r.error("libpmix has no unpacker for PMIX_UNDEF items");
        }
        int minBytes = Codecs.minBytes(type);
        int n = r.count("count of " + type + " items", minBytes);
        if (kind == BufferKind.FULLY_DESCRIBED) {
            int tagAt = r.position();
            int tag = Codecs.readTag(r);
            if (tag != type.code()) {
                DataType found = DataType.forCode(tag);
                throw r.errorAt("pack holds " + (found != null ? found.macroName() : "type " + tag) + ", expected "
                        + type.macroName(), tagAt);
            }
        }
        return n;
    }

    /**
     * The item type of the next pack of a fully-described buffer, read without consuming anything; a
     * non-described buffer does not say, so asking it is an error.
     *
     * @return the type of the next pack's items
     */
    public DataType peekPackType() {
        if (kind != BufferKind.FULLY_DESCRIBED) {
            throw new IllegalStateException("a non-described buffer does not carry the types of its packs");
        }
        WireReader probe = new WireReader(r.remainingBytes());
        int at = r.position();
        int tag = Codecs.readTag(probe);
        if (tag != DataType.INT32.code()) {
            throw r.errorAt("pack count is tagged as type " + tag + ", expected PMIX_INT32 (9)", at);
        }
        probe.svar(4, "pack count");
        int typeAt = at + probe.position();
        return Codecs.typeOf(r, Codecs.readTag(probe), typeAt);
    }

    /**
     * The items of the next pack, which must be of {@code type}.
     *
     * @param type the type of the items
     * @return the items
     */
    public List<Value> unpack(DataType type) {
        int n = count(type);
        return Codecs.codecForReading(r, type.code()).readRun(r, n);
    }

    /**
     * The item of a pack that must hold exactly one.
     *
     * @param type the item's type
     * @return the item
     */
    public Value unpackOne(DataType type) {
        int at = r.position();
        int n = count(type);
        if (n != 1) {
            throw r.errorAt("expected one " + type + " item, the pack holds " + n, at);
        }
        return Codecs.codecForReading(r, type.code()).readRun(r, 1).get(0);
    }

    private void one(DataType type) {
        int at = r.position();
        int n = count(type);
        if (n != 1) {
            throw r.errorAt("expected one " + type + " item, the pack holds " + n, at);
        }
    }

    /**
     * One PMIX_COMMAND.
     *
     * @return the command code
     */
    public int command() {
        one(DataType.COMMAND);
        return r.u8("command");
    }

    /**
     * One PMIX_STATUS.
     *
     * @return the status
     */
    public int status() {
        one(DataType.STATUS);
        return (int) r.svar(4, "status");
    }

    /**
     * One PMIX_STRING.
     *
     * @return the string, or {@code null} for a NULL string
     */
    public String string() {
        one(DataType.STRING);
        return r.string("string");
    }

    /**
     * One PMIX_SIZE.
     *
     * @return the count, unsigned
     */
    public long size() {
        one(DataType.SIZE);
        return r.uvar(8, "size");
    }

    /**
     * A SIZE that counts items to follow, checked against what the rest of the buffer can hold.
     *
     * @param what what the count counts, for the message when it is too large
     * @return the count
     */
    public int sizeCount(String what) {
        one(DataType.SIZE);
        return r.sizeCount(what, 1);
    }

    /**
     * One PMIX_UINT32.
     *
     * @return the value's 32 bits
     */
    public int uint32() {
        one(DataType.UINT32);
        return (int) r.uvar(4, "uint32");
    }

    /**
     * One PMIX_INT32.
     *
     * @return the value
     */
    public int int32() {
        one(DataType.INT32);
        return (int) r.svar(4, "int32");
    }

    /**
     * One PMIX_BOOL.
     *
     * @return the value
     */
    public boolean bool() {
        one(DataType.BOOL);
        return r.u8("bool") != 0;
    }

    /**
     * One PMIX_PROC_RANK.
     *
     * @return the rank
     */
    public int rank() {
        one(DataType.PROC_RANK);
        return (int) r.uvar(4, "rank");
    }

    /**
     * One PMIX_PROC.
     *
     * @return the process
     */
    public Proc proc() {
        one(DataType.PROC);
        return StructCodecs.readProc(r);
    }

    /**
     * A pack of procs of any count.
     *
     * @return the processes
     */
    public List<Proc> procs() {
        int n = count(DataType.PROC);
        List<Proc> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(StructCodecs.readProc(r));
        }
        return out;
    }

    /**
     * A pack of infos of any count.
     *
     * @return the infos
     */
    public List<Info> infos() {
        return StructCodecs.readInfos(r, count(DataType.INFO));
    }

    /**
     * libpmix's usual info list: a SIZE count, then (only when non-zero) a pack of that many infos.
     *
     * @param what what the infos are, for messages
     * @return the infos, possibly none
     */
    public List<Info> sizedInfos(String what) {
        int at = r.position();
        int n = sizeCount("number of " + what);
        if (n == 0) {
            return List.of();
        }
        List<Info> infos = infos();
        if (infos.size() != n) {
            throw r.errorAt(what + ": announced " + n + " infos, the pack holds " + infos.size(), at);
        }
        return infos;
    }

    /**
     * One PMIX_BYTE_OBJECT.
     *
     * @return its bytes
     */
    public byte[] byteObject() {
        one(DataType.BYTE_OBJECT);
        return r.byteObject("byte object");
    }

    /**
     * One PMIX_KVAL: a key and a typed value.
     *
     * @return the key and value
     */
    public KeyValue kval() {
        one(DataType.KVAL);
        String key = r.string("key");
        return new KeyValue(key, Codecs.readValue(r));
    }

    /**
     * A PMIX_BUFFER: returns the inner bytes; their kind is checked to be a known one.
     *
     * @return the inner buffer
     */
    public Value.Buffer buffer() {
        one(DataType.BUFFER);
        int at = r.position();
        int innerKind = r.u8("buffer kind");
        if (innerKind != 1 && innerKind != 2) {
            throw r.errorAt("buffer kind " + innerKind + " is neither 1 nor 2", at);
        }
        return new Value.Buffer(innerKind, r.byteObject("buffer"));
    }
}
