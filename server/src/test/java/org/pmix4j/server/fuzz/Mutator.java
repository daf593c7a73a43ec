package org.pmix4j.server.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

/**
 * Edits of a byte string as a hostile or broken peer would make them: bit flips, bytes set to 00/7f/80/ff,
 * truncation, runs of varint continuation bytes, duplicated slices and splices with another message. Driven
 * by the caller's {@link Random}, so that a seed gives the same edits.
 */
final class Mutator {
    private static final byte[] SPECIAL = {0x00, 0x7f, (byte) 0x80, (byte) 0xff};

    private final Random random;

    Mutator(Random random) {
        this.random = random;
    }

    /** One to three edits of {@code b}; {@code other} is spliced in by some of them. */
    byte[] mutate(byte[] b, byte[] other) {
        int edits = 1 + random.nextInt(3);
        for (int i = 0; i < edits; i++) {
            b = edit(b, other);
        }
        return b;
    }

    private byte[] edit(byte[] b, byte[] other) {
        int n = b.length;
        int pos = n == 0 ? 0 : random.nextInt(n);
        switch (random.nextInt(7)) {
            case 0 -> { // flip a bit
                if (n == 0) {
                    return b;
                }
                byte[] c = b.clone();
                c[pos] ^= (byte) (1 << random.nextInt(8));
                return c;
            }
            case 1 -> { // an extreme byte
                if (n == 0) {
                    return b;
                }
                byte[] c = b.clone();
                c[pos] = SPECIAL[random.nextInt(SPECIAL.length)];
                return c;
            }
            case 2 -> { // truncate
                return Arrays.copyOf(b, pos);
            }
            case 3 -> { // a run of varint continuation bytes, a huge count or length
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                o.write(b, 0, pos);
                int len = 1 + random.nextInt(12);
                for (int k = 0; k < len; k++) {
                    o.write(random.nextBoolean() ? 0xff : 0x80);
                }
                o.write(random.nextInt(0x80));
                o.write(b, pos, n - pos);
                return o.toByteArray();
            }
            case 4 -> { // duplicate a slice
                if (n == 0) {
                    return b;
                }
                int len = 1 + random.nextInt(Math.min(64, n - pos));
                int to = random.nextInt(n + 1);
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                o.write(b, 0, to);
                o.write(b, pos, len);
                o.write(b, to, n - to);
                return o.toByteArray();
            }
            case 5 -> { // splice: our head, the other message's tail
                if (other.length == 0) {
                    return b;
                }
                int from = random.nextInt(other.length);
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                o.write(b, 0, pos);
                o.write(other, from, other.length - from);
                return o.toByteArray();
            }
            default -> { // replace a 4-byte word by an extreme number
                if (n < 4) {
                    return b;
                }
                byte[] c = b.clone();
                int at = random.nextInt(n - 3);
                int v = switch (random.nextInt(4)) {
                    case 0 -> -1;
                    case 1 -> Integer.MAX_VALUE;
                    case 2 -> Integer.MIN_VALUE;
                    default -> random.nextInt();
                };
                for (int k = 0; k < 4; k++) {
                    c[at + k] = (byte) (v >>> (8 * k));
                }
                return c;
            }
        }
    }

    /** {@code n} random bytes. */
    byte[] garbage(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
