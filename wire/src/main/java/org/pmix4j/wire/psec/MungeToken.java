package org.pmix4j.wire.psec;

import java.nio.charset.StandardCharsets;

/**
 * A munge token as the psec module "munge" carries it in the connect handshake: the token's text
 * ("MUNGE:...:", base64 between the colons) followed by one NUL, as libpmix sends it (its credential's
 * size is the string's length plus one).
 */
public final class MungeToken {
    /** Every token munged makes starts so. */
    public static final String PREFIX = "MUNGE:";
    /** Far above a real token (~150 bytes without payload): munged itself takes up to 1 MiB. */
    public static final int MAX_LENGTH = 64 * 1024;

    private MungeToken() {
    }

    /** The handshake's credential bytes for {@code token}: its ASCII text and a NUL. */
    public static byte[] toCredential(String token) {
        byte[] t = token.getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[t.length + 1];
        System.arraycopy(t, 0, out, 0, t.length);
        return out;
    }

    /**
     * The token in a handshake credential: the bytes before the terminating NUL (which may be missing).
     * Fails, naming what is wrong, for an empty credential, one too long, a NUL inside the text, or a byte
     * that cannot be in a token; whether the token is genuine only munged can tell.
     */
    public static String fromCredential(byte[] credential) {
        int n = credential.length;
        if (n > 0 && credential[n - 1] == 0) {
            n--;
        }
        if (n == 0) {
            throw new IllegalArgumentException("the munge credential is empty");
        }
        if (n > MAX_LENGTH) {
            throw new IllegalArgumentException("the munge credential is " + n + " bytes, more than " + MAX_LENGTH);
        }
        for (int i = 0; i < n; i++) {
            int c = credential[i] & 0xff;
            if (c == 0) {
                throw new IllegalArgumentException("the munge credential has a NUL at byte " + i + " of " + n);
            }
            if (c < 0x20 || c > 0x7e) {
                throw new IllegalArgumentException("the munge credential has byte 0x" + Integer.toHexString(c)
                        + " at " + i + "; a token is printable ASCII");
            }
        }
        return new String(credential, 0, n, StandardCharsets.US_ASCII);
    }
}
