package org.pmix4j.wire;

import java.io.ByteArrayOutputStream;
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

    /**
     * The string of C string bytes (without their NUL), invalid UTF-8 kept as escapes.
     *
     * @param b the bytes
     * @param off where the string starts
     * @param len its length in bytes
     * @return the string
     */
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
        return decodeUtf8(b, off, len);
    }

    /**
     * Decodes UTF-8 by hand, in one pass and without exceptions (an exception per bad byte made hostile
     * input costly): a well-formed sequence becomes its character, and every byte that does not start or
     * belong to one becomes an escape character U+DC00+byte.
     */
    private static String decodeUtf8(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder(len);
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xff;
            int n = sequenceLength(b, i, end);
            if (n == 0) {
                sb.append((char) (0xdc00 + c));
                i++;
                continue;
            }
            int cp = switch (n) {
                case 1 -> c;
                case 2 -> ((c & 0x1f) << 6) | (b[i + 1] & 0x3f);
                case 3 -> ((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f);
                default -> ((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f);
            };
            sb.appendCodePoint(cp);
            i += n;
        }
        return sb.toString();
    }

    /** The length of the well-formed UTF-8 sequence at {@code i} (RFC 3629 table), or 0 if there is none. */
    private static int sequenceLength(byte[] b, int i, int end) {
        int c = b[i] & 0xff;
        if (c < 0x80) {
            return 1;
        }
        int n;
        int lo = 0x80;
        int hi = 0xbf;
        if (c >= 0xc2 && c <= 0xdf) {
            n = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 3;
            if (c == 0xe0) {
                lo = 0xa0; // no overlong forms
            } else if (c == 0xed) {
                hi = 0x9f; // no surrogates
            }
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 4;
            if (c == 0xf0) {
                lo = 0x90;
            } else if (c == 0xf4) {
                hi = 0x8f; // nothing above U+10FFFF
            }
        } else {
            return 0;
        }
        if (i + n > end) {
            return 0;
        }
        int second = b[i + 1] & 0xff;
        if (second < lo || second > hi) {
            return 0;
        }
        for (int k = 2; k < n; k++) {
            int x = b[i + k] & 0xff;
            if (x < 0x80 || x > 0xbf) {
                return 0;
            }
        }
        return n;
    }

    /**
     * The bytes of a string without its NUL, undoing the escapes of {@link #decode}.
     *
     * @param s a string, possibly holding escapes made by {@link #decode}
     * @return its bytes
     */
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
