package org.pmix4j.wire.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.WireFormatException;

/**
 * The server's raw answer to a connect request (no header, big-endian).
 * <ul>
 * <li>client: status, then the index the client must put in its headers (8 bytes);</li>
 * <li>tool or launcher: status; for peers that needed a name, their assigned nspace (256 bytes, NUL padded)
 * and rank; the server's own nspace (256 bytes) and rank; the credential-validation status. A non-zero
 * first status ends the reply there.</li>
 * </ul>
 */
public final class ConnectReply {
    /** Room for an nspace in the reply: PMIX_MAX_NSLEN + 1. */
    public static final int NSPACE_FIELD = 256;

    private ConnectReply() {
    }

    public static byte[] client(int status, int index) {
        return ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putInt(status).putInt(index).array();
    }

    public static byte[] toolRefused(int status) {
        return ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN).putInt(status).array();
    }

    /** @param assigned the name given to a tool that needed one, or {@code null} */
    public static byte[] tool(Proc assigned, Proc server, int validationStatus) {
        int size = 4 + (assigned != null ? NSPACE_FIELD + 4 : 0) + NSPACE_FIELD + 4 + 4;
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.BIG_ENDIAN);
        b.putInt(0);
        if (assigned != null) {
            putProc(b, assigned);
        }
        putProc(b, server);
        b.putInt(validationStatus);
        return b.array();
    }

    private static void putProc(ByteBuffer b, Proc p) {
        byte[] ns = p.nspace().getBytes(StandardCharsets.UTF_8);
        if (ns.length >= NSPACE_FIELD) {
            throw new IllegalArgumentException("nspace '" + p.nspace() + "' is longer than " + (NSPACE_FIELD - 1) + " bytes");
        }
        int start = b.position();
        b.put(ns);
        b.position(start + NSPACE_FIELD);
        b.putInt(p.rank());
    }

    /** Reads an nspace field of the reply. */
    public static Proc readProc(ByteBuffer b) {
        byte[] ns = new byte[NSPACE_FIELD];
        int at = b.position();
        b.get(ns);
        int len = 0;
        while (len < ns.length && ns[len] != 0) {
            len++;
        }
        if (len == ns.length) {
            throw new WireFormatException("nspace field of the connect reply is not NUL-terminated", at);
        }
        return new Proc(new String(ns, 0, len, StandardCharsets.UTF_8), b.order(ByteOrder.BIG_ENDIAN).getInt());
    }
}
