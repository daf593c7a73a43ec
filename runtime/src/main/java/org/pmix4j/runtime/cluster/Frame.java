package org.pmix4j.runtime.cluster;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * One message between daemons as it travels: a header a relay reads without decoding the body
 * (destination, origin, kind) and the body, packed with the PMIx codec ({@link DaemonMessage}). On the
 * stream: int32 length of what follows, int32 destination, int32 origin, int32 kind, then the body, all
 * big-endian.
 *
 * @param destination the daemon it is for, or {@link #EVERY_DAEMON} for all of them
 * @param origin      the daemon that sent it
 * @param kind        {@link DaemonMessage#kind()} of the body
 */
record Frame(int destination, int origin, int kind, byte[] body) {
    /** The destination of a message every daemon acts on (and passes down its subtree). */
    static final int EVERY_DAEMON = -1;
    /** The largest frame taken from a peer: a job's data for 100,000 processes fits many times over. */
    static final int MAX_LENGTH = 256 << 20;

    void writeTo(DataOutputStream out) throws IOException {
        out.writeInt(12 + body.length);
        out.writeInt(destination);
        out.writeInt(origin);
        out.writeInt(kind);
        out.write(body);
    }

    /** The largest frame of the join handshake, read before the peer proved anything. */
    static final int MAX_HANDSHAKE_LENGTH = 4096;

    static Frame readFrom(DataInputStream in) throws IOException {
        return readFrom(in, MAX_LENGTH);
    }

    /** Reads a frame of at most {@code limit} bytes. */
    static Frame readFrom(DataInputStream in, int limit) throws IOException {
        int length = in.readInt();
        if (length < 12 || length > limit) {
            throw new IOException("a daemon frame of " + length + " bytes (the header alone is 12, the limit "
                    + limit + ")");
        }
        int destination = in.readInt();
        int origin = in.readInt();
        int kind = in.readInt();
        // read as it arrives rather than into a buffer of the claimed size: a peer's first frame is read
        // before it proved anything, and twelve bytes must not cost the daemon 256 MB
        byte[] body = in.readNBytes(length - 12);
        if (body.length != length - 12) {
            throw new EOFException("a daemon frame of " + length + " bytes ended after " + (12 + body.length));
        }
        return new Frame(destination, origin, kind, body);
    }
}
