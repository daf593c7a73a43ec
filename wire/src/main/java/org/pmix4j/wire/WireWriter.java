package org.pmix4j.wire;

import java.util.Arrays;

/**
 * An append-only byte buffer with the primitive encodings of libpmix's v41 bfrops module: raw bytes,
 * the psquash "flex128" varints and C strings. Higher layers ({@link Codecs}, {@link Packer}) build every
 * PMIx type from these.
 */
public final class WireWriter {
    private byte[] buf;
    private int size;

    /** An empty buffer. */
    public WireWriter() {
        this(256);
    }

    /**
     * An empty buffer with room for {@code initialCapacity} bytes before it grows.
     *
     * @param initialCapacity the bytes to reserve
     */
    public WireWriter(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    /**
     * Bytes written so far.
     *
     * @return the count
     */
    public int size() {
        return size;
    }

    /** {@return a copy of the bytes written} */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** Forgets everything written, keeping the storage. */
    public void reset() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    /**
     * One raw byte.
     *
     * @param b the byte, in the low 8 bits
     * @return this writer
     */
    public WireWriter u8(int b) {
        ensure(1);
        buf[size++] = (byte) b;
        return this;
    }

    /**
     * Raw bytes.
     *
     * @param b the bytes
     * @return this writer
     */
    public WireWriter bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    /**
     * Raw bytes of a range of an array.
     *
     * @param b the array
     * @param off where the range starts
     * @param len its length
     * @return this writer
     */
    public WireWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    /**
     * An unsigned flex128 varint: 7 bits a byte, least significant first, high bit = more follows; after 8
     * such bytes a 9th carries the last 8 bits whole, so no value takes more than 9 bytes.
     *
     * @param v the value, unsigned
     * @return this writer
     */
    public WireWriter uvar(long v) {
        ensure(9);
        for (int i = 0; i < 8; i++) {
            if ((v & ~0x7fL) == 0) {
                buf[size++] = (byte) v;
                return this;
            }
            buf[size++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
        return this;
    }

    /**
     * A signed flex128 varint: the zig-zag form of the 64-bit value, as {@link #uvar}.
     *
     * @param v the value
     * @return this writer
     */
    public WireWriter svar(long v) {
        return uvar((v << 1) ^ (v >> 63));
    }

    /**
     * A C string: length with its NUL as a signed varint, the bytes, the NUL. {@code null} is the C NULL
     * pointer: length 0 and nothing else.
     *
     * @param s the string, or {@code null}
     * @return this writer
     */
    public WireWriter string(String s) {
        if (s == null) {
            return u8(0);
        }
        int n = s.length();
        // Most strings in PMIx are ASCII keys and names: write them without an intermediate array.
        ensure(n + 10);
        int start = size;
        uvar(((long) (n + 1)) << 1);
        int p = size;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                size = start;
                return stringBytes(CString.encode(s));
            }
            buf[p++] = (byte) c;
        }
        buf[p++] = 0;
        size = p;
        return this;
    }

    /**
     * A C string given as its bytes without the NUL.
     *
     * @param b the bytes
     * @return this writer
     */
    public WireWriter stringBytes(byte[] b) {
        svar(b.length + 1L);
        ensure(b.length + 1);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
        buf[size++] = 0;
        return this;
    }

    /**
     * A byte object: unsigned varint length, then the bytes.
     *
     * @param b the bytes
     * @return this writer
     */
    public WireWriter byteObject(byte[] b) {
        uvar(b.length);
        return bytes(b);
    }

    /** Overwrites bytes already written (for length fields filled in afterwards). */
    void patch(int at, byte[] b) {
        System.arraycopy(b, 0, buf, at, b.length);
    }
}
