package org.pmix4j.runtime.cluster;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret the daemons of one runtime share, and the proofs with which two of them show each other they
 * hold it. It is made by the launcher for each run and handed to each daemon on the standard input of its
 * launch agent: never on a command line (every user can read those) nor in any process's environment. A
 * proof is an HMAC-SHA256 of the other side's fresh nonce, the joining daemon's id and the prover's role,
 * so a proof seen once is good for nothing else.
 */
final class LinkSecret {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final byte[] key;

    private LinkSecret(byte[] key) {
        this.key = key.clone();
    }

    /** A fresh secret for a new runtime. */
    static LinkSecret generate() {
        byte[] k = new byte[32];
        RANDOM.nextBytes(k);
        return new LinkSecret(k);
    }

    /** The secret as one line of hex (what a launch agent's stdin carries). */
    String encode() {
        return HexFormat.of().formatHex(key);
    }

    static LinkSecret decode(String line) {
        String s = line == null ? "" : line.strip();
        if (!s.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("the daemon secret on stdin is not 64 hex digits (got "
                    + s.length() + " characters)");
        }
        return new LinkSecret(HexFormat.of().parseHex(s));
    }

    static byte[] nonce() {
        byte[] n = new byte[32];
        RANDOM.nextBytes(n);
        return n;
    }

    /** The proof a daemon in {@code role} ("parent" or "child") gives over {@code nonce} for daemon {@code id}. */
    byte[] proof(String role, int id, byte[] nonce) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(role.getBytes(StandardCharsets.US_ASCII));
            mac.update(new byte[] {(byte) (id >>> 24), (byte) (id >>> 16), (byte) (id >>> 8), (byte) id});
            return mac.doFinal(nonce);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Whether {@code proof} is this secret's for the role, id and nonce (compared in constant time). */
    boolean verifies(byte[] proof, String role, int id, byte[] nonce) {
        return MessageDigest.isEqual(proof, proof(role, id, nonce));
    }
}
