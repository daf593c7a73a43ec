package org.pmix4j.server.security;

/**
 * Text a peer sent, made safe to put in a log line: control characters (a newline would let a peer forge
 * a line of its own) are escaped, and anything past 64 characters is cut (a connect request may carry
 * names of 128 KB).
 */
public final class PeerText {
    static final int MAX = 64;

    private PeerText() {
    }

    public static String quote(String s) {
        if (s == null) {
            return "(none)";
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX) + 2);
        int shown = Math.min(s.length(), MAX);
        for (int i = 0; i < shown; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c == '\ufffd') {
                b.append(String.format("\\x%02x", (int) c & 0xff));
            } else {
                b.append(c);
            }
        }
        if (s.length() > MAX) {
            b.append("...(").append(s.length()).append(" characters)");
        }
        return b.toString();
    }
}
