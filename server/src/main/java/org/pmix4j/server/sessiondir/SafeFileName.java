package org.pmix4j.server.sessiondir;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Turns any string (a namespace, typically) into one path element that is safe on every POSIX file
 * system, and different strings into different names.
 *
 * <p>Letters, digits and {@code . _ - + @ , =} stay as they are, so ordinary namespaces such as
 * {@code prterun-node1-4242@1} or {@code slurm.pmix.12.0} keep their name; every other byte of the UTF-8
 * form becomes {@code %XX} (upper-case hex), {@code %} included, which keeps the mapping one-to-one.
 * The names {@code .} and {@code ..} have their dots encoded. A result longer than 255 bytes (NAME_MAX)
 * is cut to 200 characters followed by {@code ~} and 32 hex digits of the SHA-256 of the original.
 */
public final class SafeFileName {
    /** Longest file name most file systems accept. */
    static final int NAME_MAX = 255;

    private SafeFileName() {
    }

    /** The file name for {@code s}; fails for the empty string. */
    public static String encode(String s) {
        if (s.isEmpty()) {
            throw new IllegalArgumentException("an empty string has no file name");
        }
        if (s.equals(".") || s.equals("..")) {
            return s.replace(".", "%2E");
        }
        StringBuilder b = new StringBuilder(s.length());
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (isPlain(c)) {
                b.append((char) c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        if (b.length() <= NAME_MAX) {
            return b.toString();
        }
        return b.substring(0, 200) + "~" + sha256Hex(s).substring(0, 32);
    }

    /** True when {@code s} is its own file name (no character needs encoding). */
    public static boolean isPlain(String s) {
        return !s.isEmpty() && encode(s).equals(s);
    }

    private static boolean isPlain(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '.' || c == '_' || c == '-' || c == '+' || c == '@' || c == ',' || c == '=';
    }

    private static String sha256Hex(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError("every JDK has SHA-256", e);
        }
    }
}
