package org.pmix4j.wire.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The credential of psec module "native" over TCP: the sender's effective uid and gid, 4 bytes each, in
 * host byte order (little-endian here). The receiver compares them with what it expects for that peer.
 */
public record NativeCredential(int uid, int gid) {
    public static final String MODULE = "native";

    public byte[] encode() {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(uid).putInt(gid).array();
    }

    /** The uid and gid in a native credential, or {@code null} when it is not 8 bytes. */
    public static NativeCredential decode(byte[] cred) {
        if (cred.length != 8) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(cred).order(ByteOrder.LITTLE_ENDIAN);
        return new NativeCredential(b.getInt(), b.getInt());
    }
}
