package org.pmix4j.runtime.iof;

import java.util.Arrays;

/** A reusable growable byte buffer: one per pump, so formatting a chunk allocates nothing once it is warm. */
final class ByteBuf {
    private byte[] bytes;
    private int size;

    ByteBuf(int initialCapacity) {
        bytes = new byte[Math.max(16, initialCapacity)];
    }

    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void reset() {
        size = 0;
    }

    ByteBuf add(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
        return this;
    }

    ByteBuf add(byte[] b) {
        return add(b, 0, b.length);
    }

    ByteBuf add(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
        return this;
    }

    /** Gives memory back after an unusually long line, so a stream's idle footprint stays small. */
    void trim(int keep) {
        if (bytes.length > keep && size <= keep) {
            bytes = Arrays.copyOf(bytes, keep);
        }
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
