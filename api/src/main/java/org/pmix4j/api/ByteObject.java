package org.pmix4j.api;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * PMIX_BYTE_OBJECT: an opaque run of bytes. The array is not copied; do not change it afterwards.
 *
 * @param bytes the bytes
 */
public record ByteObject(byte[] bytes) implements Value {
    /** No bytes. */
    public static final ByteObject EMPTY = new ByteObject(new byte[0]);

    /** Checks the array is there. */
    public ByteObject {
        Objects.requireNonNull(bytes, "bytes");
    }

    @Override
    public DataType type() {
        return DataType.BYTE_OBJECT;
    }

    /** {@return the number of bytes} */
    public int size() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteObject b && Arrays.equals(b.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return bytes.length <= 64 ? "ByteObject[" + HexFormat.of().formatHex(bytes) + "]"
                : "ByteObject[" + bytes.length + " bytes]";
    }
}
