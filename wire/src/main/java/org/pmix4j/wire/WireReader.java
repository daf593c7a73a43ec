package org.pmix4j.wire;

import java.util.Arrays;

/**
 * Reads the primitive encodings that {@link WireWriter} writes, from a byte array, refusing anything that
 * does not fit: every read checks the bytes are there, every length is checked against what remains
 * before memory is allocated for it, varints may not run past 9 bytes, and nesting is bounded. Problems
 * are reported as {@link WireFormatException} with the offset from the start of the buffer.
 */
public final class WireReader {
    /** How deeply values may nest (values in arrays in infos in arrays ...) before we refuse. */
    public static final int MAX_DEPTH = 64;

    private final byte[] buf;
    private final int start;
    private final int limit;
    private int pos;
    private int depth;

    /**
     * Reads a whole array (not copied: do not change it while reading).
     *
     * @param buf the bytes
     */
    public WireReader(byte[] buf) {
        this(buf, 0, buf.length);
    }

    /**
     * Reads a range of an array; offsets are counted from the range's start.
     *
     * @param buf the bytes
     * @param offset where the range starts
     * @param length its length
     */
    public WireReader(byte[] buf, int offset, int length) {
        if (offset < 0 || length < 0 || offset + length > buf.length) {
            throw new IllegalArgumentException("range " + offset + "+" + length + " outside " + buf.length + " bytes");
        }
        this.buf = buf;
        this.start = offset;
        this.pos = offset;
        this.limit = offset + length;
    }

    /**
     * Offset of the next byte, from the start of this reader's range.
     *
     * @return the offset
     */
    public int position() {
        return pos - start;
    }

    /** {@return the number of unread bytes} */
    public int remaining() {
        return limit - pos;
    }

    /** {@return whether unread bytes remain} */
    public boolean hasRemaining() {
        return pos < limit;
    }

    /**
     * An exception for a problem found at the current position.
     *
     * @param problem what is wrong
     * @return the exception, to throw
     */
    public WireFormatException error(String problem) {
        return new WireFormatException(problem, position());
    }

    /**
     * An exception for a problem found at an earlier position (from {@link #position}).
     *
     * @param problem what is wrong
     * @param offset where it was found
     * @return the exception, to throw
     */
    public WireFormatException errorAt(String problem, int offset) {
        return new WireFormatException(problem, offset);
    }

    private void need(int n, String what) {
        if (n > limit - pos) {
            throw error("truncated " + what + ": needs " + n + " bytes, " + (limit - pos) + " left");
        }
    }

    /**
     * One raw byte.
     *
     * @param what what it is, for the message when it is missing
     * @return the byte, 0 to 255
     */
    public int u8(String what) {
        need(1, what);
        return buf[pos++] & 0xff;
    }

    /**
     * The next {@code n} bytes, copied.
     *
     * @param n how many
     * @param what what they are, for the message when they are missing
     * @return the bytes
     */
    public byte[] bytes(int n, String what) {
        need(n, what);
        byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
        pos += n;
        return b;
    }

    /**
     * A copy of the unread bytes, leaving them unread.
     *
     * @return the bytes
     */
    public byte[] remainingBytes() {
        return Arrays.copyOfRange(buf, pos, limit);
    }

    /**
     * Reads past {@code n} bytes without copying them.
     *
     * @param n how many
     * @param what what they are, for the message when they are missing
     */
    public void skip(int n, String what) {
        need(n, what);
        pos += n;
    }

    /**
     * An unsigned varint whose value must fit in {@code widthBytes} bytes (2, 4 or 8), as libpmix requires
     * of the C type it unpacks into.
     *
     * @param widthBytes 2, 4 or 8
     * @param what what it is, for messages
     * @return the value (unsigned in a long for width 8)
     */
    public long uvar(int widthBytes, String what) {
        int at = pos;
        long v = 0;
        int shift = 0;
        for (int i = 0; i < 8; i++) {
            if (pos >= limit) {
                throw errorAt("truncated varint in " + what, at - start);
            }
            int b = buf[pos++];
            v |= (long) (b & 0x7f) << shift;
            shift += 7;
            if (b >= 0) {
                return checkWidth(v, widthBytes, what, at);
            }
        }
        if (pos >= limit) {
            throw errorAt("truncated varint in " + what + " (9th byte missing)", at - start);
        }
        v |= (long) (buf[pos++] & 0xff) << 56;
        return checkWidth(v, widthBytes, what, at);
    }

    private long checkWidth(long v, int widthBytes, String what, int at) {
        if (widthBytes < 8 && (v >>> (widthBytes * 8)) != 0) {
            throw errorAt("varint in " + what + " is " + Long.toUnsignedString(v) + ", too large for "
                    + widthBytes * 8 + " bits", at - start);
        }
        return v;
    }

    /**
     * A signed (zig-zag) varint whose encoded form must fit in {@code widthBytes} bytes.
     *
     * @param widthBytes 2, 4 or 8
     * @param what what it is, for messages
     * @return the value
     */
    public long svar(int widthBytes, String what) {
        long z = uvar(widthBytes, what);
        long v = (z >>> 1) ^ -(z & 1);
        return switch (widthBytes) {
            case 2 -> (short) v;
            case 4 -> (int) v;
            default -> v;
        };
    }

    /**
     * An int32 count or length that must be between 0 and what the remaining bytes can hold.
     *
     * @param what what it counts, for messages
     * @param minBytesEach the fewest bytes each counted item takes
     * @return the count
     */
    public int count(String what, int minBytesEach) {
        int at = position();
        long n = svar(4, what);
        if (n < 0) {
            throw errorAt("negative " + what + " " + n, at);
        }
        if (minBytesEach > 0 && n > (long) remaining() / minBytesEach) {
            throw errorAt(what + " " + n + " is more than the " + remaining() + " remaining bytes can hold", at);
        }
        return (int) n;
    }

    /**
     * A size_t count (unsigned varint) that the remaining bytes can hold.
     *
     * @param what what it counts, for messages
     * @param minBytesEach the fewest bytes each counted item takes
     * @return the count
     */
    public int sizeCount(String what, int minBytesEach) {
        int at = position();
        long n = uvar(8, what);
        if (n < 0 || (minBytesEach > 0 && n > (long) remaining() / minBytesEach)
                || (minBytesEach == 0 && n > Integer.MAX_VALUE)) {
            throw errorAt(what + " " + Long.toUnsignedString(n) + " is more than the " + remaining()
                    + " remaining bytes can hold", at);
        }
        return (int) n;
    }

    /**
     * A C string as {@link WireWriter#string} writes it; {@code null} for the NULL pointer.
     *
     * @param what what it is, for messages
     * @return the string, or {@code null}
     */
    public String string(String what) {
        int at = position();
        int len = count("length of " + what, 1);
        if (len == 0) {
            return null;
        }
        if (buf[pos + len - 1] != 0) {
            throw errorAt(what + " of " + len + " bytes does not end with a NUL", at);
        }
        String s = CString.decode(buf, pos, len - 1);
        pos += len;
        return s;
    }

    /**
     * A byte object: unsigned varint length, then that many bytes.
     *
     * @param what what it is, for messages
     * @return the bytes
     */
    public byte[] byteObject(String what) {
        int n = sizeCount("size of " + what, 1);
        return bytes(n, what);
    }

    /**
     * The byte at {@code position} (from the start of the range) without consuming it; -1 past the end.
     *
     * @param position an offset from the range's start
     * @return the byte, 0 to 255, or -1
     */
    public int byteAt(int position) {
        int i = start + position;
        return i >= pos && i < limit ? buf[i] & 0xff : -1;
    }

    /**
     * True when the unread bytes at {@code position} are exactly {@code expect}.
     *
     * @param position an offset from the range's start
     * @param expect the bytes expected
     * @return whether they are there
     */
    public boolean bytesAt(int position, byte[] expect) {
        for (int k = 0; k < expect.length; k++) {
            if (byteAt(position + k) != (expect[k] & 0xff)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads past the next bytes when they are exactly {@code expect}; reads nothing otherwise. For a reader
     * that knows what a pack looked like last time and needs no second decoding of it.
     *
     * @param expect the bytes expected next
     * @return whether they were there (and are now read)
     */
    public boolean skipIfNext(byte[] expect) {
        if (limit - pos < expect.length || !Arrays.equals(buf, pos, pos + expect.length, expect, 0, expect.length)) {
            return false;
        }
        pos += expect.length;
        return true;
    }

    /**
     * Raw access for decoders that must scan (the regex forms end at a NUL, not at a length).
     *
     * @param b the byte
     * @param fromPos the offset to search from
     * @return its offset, or -1 when it does not occur
     */
    public int indexOf(byte b, int fromPos) {
        for (int i = start + fromPos; i < limit; i++) {
            if (buf[i] == b) {
                return i - start;
            }
        }
        return -1;
    }

    /**
     * Enters one level of nesting; {@link #leave} undoes it.
     *
     * @param what what is nested, for the message when it is too deep
     */
    public void enter(String what) {
        if (++depth > MAX_DEPTH) {
            throw error(what + " nested more than " + MAX_DEPTH + " levels deep");
        }
    }

    /** Leaves a level of nesting entered with {@link #enter}. */
    public void leave() {
        depth--;
    }
}
