package org.pmix4j.client;

import java.util.Arrays;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Compression;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;

/**
 * The Standard's data buffer ({@code pmix_data_buffer_t}) with PMIx_Data_pack, _unpack, _copy_payload, _load,
 * _unload and _compress/_decompress: values packed here read back in any PMIx 4.2 process, C or Java,
 * byte for byte as libpmix packs them. Packing appends; unpacking reads from the front. Not thread-safe.
 */
public final class DataBuffer {
    private final BufferKind kind;
    private byte[] data = new byte[64];
    private int size;
    private int readPos;

    /** An empty buffer in the default (non-described) encoding. */
    public DataBuffer() {
        this(BufferKind.NON_DESCRIBED);
    }

    /**
     * An empty buffer in the given encoding (that of the server the data is for, {@link PmixApi#newDataBuffer}).
     *
     * @param kind the encoding
     */
    public DataBuffer(BufferKind kind) {
        this.kind = kind;
    }

    /**
     * PMIx_Data_load: a buffer holding these packed bytes, ready to unpack.
     *
     * @param packed bytes packed by a PMIx process
     * @param kind the encoding they were packed in
     * @return the buffer
     */
    public static DataBuffer load(byte[] packed, BufferKind kind) {
        DataBuffer b = new DataBuffer(kind);
        b.append(packed);
        return b;
    }

    /** {@return the encoding of this buffer} */
    public BufferKind kind() {
        return kind;
    }

    /**
     * PMIx_Data_pack: one pack of {@code values}, all of {@code type} (any type when it is VALUE).
     *
     * @param type the values' type
     * @param values the values
     * @return this buffer
     */
    public DataBuffer pack(DataType type, List<? extends Value> values) {
        try {
            append(new Packer(kind).pack(type, values).toByteArray());
        } catch (IllegalArgumentException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "cannot pack " + type + ": " + e.getMessage(), e);
        }
        return this;
    }

    /**
     * PMIx_Data_pack of one value of its own type.
     *
     * @param value the value
     * @return this buffer
     */
    public DataBuffer pack(Value value) {
        return pack(value.type(), List.of(value));
    }

    /**
     * PMIx_Data_unpack: the next pack, which must hold values of {@code type}.
     *
     * @param type the type the pack must hold
     * @return the pack's values
     */
    public List<Value> unpack(DataType type) {
        Unpacker u = reader();
        try {
            List<Value> v = u.unpack(type);
            readPos += u.position();
            return v;
        } catch (WireFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE, "cannot unpack " + type + " at byte " + readPos
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * The next pack, which must hold exactly one value of {@code type}.
     *
     * @param type the type the pack must hold
     * @return the value
     */
    public Value unpackOne(DataType type) {
        List<Value> v = unpack(type);
        if (v.size() != 1) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_INADEQUATE_SPACE, "expected one " + type + ", the pack holds "
                    + v.size());
        }
        return v.get(0);
    }

    /**
     * True while unread packs remain.
     *
     * @return whether anything is left to unpack
     */
    public boolean hasRemaining() {
        return readPos < size;
    }

    /**
     * PMIx_Data_copy_payload: appends the unread bytes of {@code source} (which keeps them).
     *
     * @param source the buffer to copy from
     * @return this buffer
     */
    public DataBuffer copyPayload(DataBuffer source) {
        if (source.kind != kind) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "cannot copy a " + source.kind + " payload into a "
                    + kind + " buffer");
        }
        append(Arrays.copyOfRange(source.data, source.readPos, source.size));
        return this;
    }

    /**
     * PMIx_Data_unload: the unread bytes; the buffer is empty afterwards.
     *
     * @return the bytes
     */
    public byte[] unload() {
        byte[] out = Arrays.copyOfRange(data, readPos, size);
        readPos = 0;
        size = 0;
        return out;
    }

    /**
     * The unread bytes, leaving the buffer as it is.
     *
     * @return a copy of the bytes
     */
    public byte[] bytes() {
        return Arrays.copyOfRange(data, readPos, size);
    }

    /**
     * PMIx_Data_compress, in libpmix's layout (host-order length, then zlib).
     *
     * @param in the bytes
     * @return the compressed form
     */
    public static byte[] compress(byte[] in) {
        return Compression.compressBytes(in).bytes();
    }

    /**
     * PMIx_Data_decompress.
     *
     * @param in bytes compressed by {@link #compress} or by libpmix
     * @return the original bytes
     */
    public static byte[] decompress(byte[] in) {
        return Compression.decompressBytes(new Value.CompressedBytes(in));
    }

    private Unpacker reader() {
        return new Unpacker(Arrays.copyOfRange(data, readPos, size), kind);
    }

    private void append(byte[] b) {
        if (size + b.length > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, size + b.length));
        }
        System.arraycopy(b, 0, data, size, b.length);
        size += b.length;
    }
}
