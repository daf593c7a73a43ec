package org.pmix4j.wire.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 16-byte header of every message on a PMIx socket: sender index, tag, payload length and 4 bytes of
 * padding, all big-endian — except in the very first message of a connection (the connect request), where
 * libpmix writes the length in host byte order (little-endian on every platform it runs on here).
 *
 * @param pindex the sender's index (clients send the one the server gave them; never used by receivers)
 * @param tag    the message tag ({@link Tags})
 * @param length the payload length in bytes, unsigned
 */
public record MessageHeader(int pindex, int tag, long length) {
    public static final int SIZE = 16;

    public MessageHeader {
        if (length < 0 || length > 0xffff_ffffL) {
            throw new IllegalArgumentException("payload length " + length + " does not fit 32 bits");
        }
    }

    /** Writes the header into {@code out} at its position. */
    public void write(ByteBuffer out) {
        out.order(ByteOrder.BIG_ENDIAN).putInt(pindex).putInt(tag).putInt((int) length).putInt(0);
    }

    public byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        write(b);
        return b.array();
    }

    /** Reads a header from 16 bytes at {@code in}'s position. */
    public static MessageHeader read(ByteBuffer in) {
        ByteBuffer b = in.duplicate().order(ByteOrder.BIG_ENDIAN);
        MessageHeader h = new MessageHeader(b.getInt(), b.getInt(), Integer.toUnsignedLong(b.getInt()));
        in.position(in.position() + SIZE);
        return h;
    }

    /** The header of a connect request: pindex -1, tag 0xffffffff, the length in little-endian order. */
    public static byte[] connectHeader(int bodyLength) {
        ByteBuffer b = ByteBuffer.allocate(SIZE).order(ByteOrder.BIG_ENDIAN);
        b.putInt(-1).putInt(-1);
        b.order(ByteOrder.LITTLE_ENDIAN).putInt(bodyLength).putInt(0);
        return b.array();
    }

    /** The body length of a connect request header (little-endian at offset 8). */
    public static long connectLength(ByteBuffer in) {
        return Integer.toUnsignedLong(in.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(in.position() + 8));
    }
}
