package org.pmix4j.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.pmix4j.api.Regex;

/**
 * PMIX_REGEX is not a length-prefixed string: libpmix hands it to the regex component that made it, and
 * the first bytes decide which one reads it back.
 * <ul>
 * <li>{@code pmix[...]} and {@code raw:...}: the text and its NUL, no length before it.</li>
 * <li>{@code blob:}: a header of three NUL-terminated parts ({@code blob:}, {@code component=zlib:},
 * {@code size=N:}) and a zlib payload. libpmix 4.2.2 computes the length from the wrong offset, so it
 * packs and unpacks only the header and the first 5 payload bytes; we do exactly the same, since that is
 * what 4.2.2 peers send and expect.</li>
 * <li>anything else: libpmix's packer crashes on it, and its unpacker expects a nested count and string,
 * which is what we write.</li>
 * </ul>
 */
final class RegexCodec implements TypeCodec<Regex> {
    private static final byte[] PMIX = ascii("pmix");
    private static final byte[] RAW = ascii("raw:");
    private static final byte[] BLOB = ascii("blob");
    private static final byte[] ZLIB = ascii("component=zlib:");
    /** strlen("blob: component=zlib: size="), which 4.2.2 adds to the size it fails to parse. */
    private static final int BLOB_PREFIX_LENGTH = 27;

    @Override
    public void write(WireWriter w, Regex v) {
        byte[] b = v.bytes();
        if (startsWith(b, PMIX) || startsWith(b, RAW) || startsWith(b, BLOB)) {
            w.bytes(b);
        } else {
            int end = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
            w.svar(1).stringBytes(Arrays.copyOf(b, end));
        }
    }

    @Override
    public Regex read(WireReader r) {
        int at = r.position();
        if (r.bytesAt(at, BLOB)) {
            return new Regex(r.bytes(blobLength(r, at), "regex blob"));
        }
        if (r.bytesAt(at, PMIX) || r.bytesAt(at, RAW)) {
            int nul = r.indexOf((byte) 0, at);
            if (nul < 0) {
                throw r.errorAt("regex text has no terminating NUL", at);
            }
            return new Regex(r.bytes(nul - at + 1, "regex"));
        }
        int n = r.count("regex string count", 1);
        if (n != 1) {
            throw r.errorAt("a plain regex must be one string, not " + n, at);
        }
        return Regex.ofText(StructCodecs.requiredString(r, "regex"));
    }

    /** The length 4.2.2 gives a blob: 27 + strlen("size=N:") + 1, whatever N says. */
    private static int blobLength(WireReader r, int at) {
        int firstNul = r.indexOf((byte) 0, at);
        if (firstNul < 0 || !r.bytesAt(firstNul + 1, ZLIB)) {
            throw r.errorAt("regex blob without a 'component=zlib:' header", at);
        }
        int sizeField = firstNul + 1 + ZLIB.length + 1;
        int sizeEnd = r.indexOf((byte) 0, sizeField);
        if (sizeEnd < 0) {
            throw r.errorAt("regex blob header has no terminating NUL after its size", at);
        }
        int total = BLOB_PREFIX_LENGTH + (sizeEnd - sizeField) + 1;
        if (total > r.remaining()) {
            throw r.errorAt("regex blob of " + total + " bytes is longer than the " + r.remaining() + " left", at);
        }
        return total;
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
