package org.pmix4j.api;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * PMIX_REGEX: a compressed list of node names or ranks as a regex generator produced it. The bytes are
 * exactly the generator's output including the terminating NUL: {@code pmix[...]} (native),
 * {@code raw:...} (raw) or a {@code blob:} header and zlib payload. The array is not copied.
 *
 * @param bytes the generator's output, with its NUL
 */
public record Regex(byte[] bytes) implements Value {
    /** Checks the array is there. */
    public Regex {
        Objects.requireNonNull(bytes, "bytes");
    }

    /**
     * A textual regex ({@code pmix[...]} or {@code raw:...}); the NUL is added.
     *
     * @param text the regex, without NUL
     * @return the regex
     */
    public static Regex ofText(String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        return new Regex(Arrays.copyOf(t, t.length + 1));
    }

    /**
     * The text of a textual regex (up to its NUL), or {@code null} for a binary blob.
     *
     * @return the text
     */
    public String text() {
        if (isBlob()) {
            return null;
        }
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

    /** {@return whether this is a compressed {@code blob:} regex, which has no text} */
    public boolean isBlob() {
        return bytes.length >= 4 && bytes[0] == 'b' && bytes[1] == 'l' && bytes[2] == 'o' && bytes[3] == 'b';
    }

    @Override
    public DataType type() {
        return DataType.REGEX;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Regex r && Arrays.equals(r.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return isBlob() ? "Regex[blob, " + bytes.length + " bytes]" : "Regex[" + text() + "]";
    }
}
