package org.pmix4j.wire;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Conversion between C string bytes and Java strings that loses nothing. C strings are bytes; PMIx peers
 * send UTF-8 in practice, and we decode it as such. A byte that is not valid UTF-8 becomes the lone
 * surrogate U+DC00+byte (the "surrogateescape" rule Python uses for file names), and the encoder turns
 * such a surrogate back into its byte, so any bytes survive a decode-encode round trip unchanged.
 */
public final class CString {
    private CString() {
    }

    public static String decode(byte[] b, int off, int len) {
        boolean ascii = true;
        for (int i = off; i < off + len; i++) {
            if (b[i] < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return new String(b, off, len, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, off, len)).toString();
        } catch (CharacterCodingException e) {
            return decodeEscaping(b, off, len);
        }
    }

    /** Decodes valid UTF-8 sequences and escapes every other byte as a lone surrogate. */
    private static String decodeEscaping(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder(len);
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xff;
            int n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
                    : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
            if (n > 0 && i + n <= end) {
                String piece = strictUtf8(b, i, n);
                if (piece != null) {
                    sb.append(piece);
                    i += n;
                    continue;
                }
            }
            sb.append((char) (0xdc00 + c));
            i++;
        }
        return sb.toString();
    }

    /** One UTF-8 sequence, or null when it is malformed (Java's decoder also refuses encoded surrogates). */
    private static String strictUtf8(byte[] b, int off, int len) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, off, len)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The bytes of a string without its NUL, undoing the escapes of {@link #decode}. */
    public static byte[] encode(String s) {
        ByteArrayOutputStream out = null;
        int runStart = 0;
        for (int i = 0; i < s.length(); i++) {
            if (isEscape(s, i)) {
                if (out == null) {
                    out = new ByteArrayOutputStream(s.length() + 8);
                }
                out.writeBytes(s.substring(runStart, i).getBytes(StandardCharsets.UTF_8));
                out.write(s.charAt(i) - 0xdc00);
                runStart = i + 1;
            }
        }
        if (out == null) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        out.writeBytes(s.substring(runStart).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** A lone low surrogate in U+DC80..U+DCFF stands for the byte that was not valid UTF-8. */
    private static boolean isEscape(String s, int i) {
        char c = s.charAt(i);
        return c >= 0xdc80 && c <= 0xdcff && !(i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
    }
}
