package org.pmix4j.wire.psec;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The messages of munged's socket protocol (message format 4, munge 0.5.x), written from its documented
 * layout. Every number is big-endian; a message is an 11-byte header then a body:
 *
 * <pre>
 * header   u32 magic 0x00606D4B, u8 format version 4, u8 type, u8 retry count, u32 body length
 * ENCODE request (type 2):  u8 cipher, u8 mac, u8 zip, u8 realm length, realm, u32 ttl,
 *                           u32 uid allowed to decode, u32 gid allowed to decode, u32 length, payload
 * ENCODE reply   (type 3):  u8 error, u8 error-text length, error text\0, u32 length, token\0
 * DECODE request (type 4):  u32 length, token\0
 * DECODE reply   (type 5):  u8 error, u8 error-text length, error text\0, u8 cipher, u8 mac, u8 zip,
 *                           u8 realm length, realm, u32 ttl, u8 address length, address, u32 encode time,
 *                           u32 decode time, u32 uid, u32 gid, u32 uid allowed, u32 gid allowed,
 *                           u32 length, payload
 * </pre>
 * Lengths of strings count their NUL. An encode request of all defaults asks munged for its default
 * cipher, mac and time to live, no compression, no realm, decodable by anyone, and no payload.
 */
final class MungeMessages {
    static final int MAGIC = 0x00606D4B;
    static final int FORMAT_VERSION = 4;
    static final int HEADER_SIZE = 11;
    static final int ENCODE_REQUEST = 2;
    static final int ENCODE_REPLY = 3;
    static final int DECODE_REQUEST = 4;
    static final int DECODE_REPLY = 5;
    /** munged refuses a request longer than this; a reply longer than it is not munged's. */
    static final int MAX_BODY = 1 << 20;

    private static final int DEFAULT = 1;
    private static final int ANY_ID = -1;

    private MungeMessages() {
    }

    /** A whole ENCODE request of munged's defaults, header included. */
    static ByteBuffer encodeRequest() {
        ByteBuffer body = ByteBuffer.allocate(4 + 4 + 4 + 4 + 4);
        body.put((byte) DEFAULT).put((byte) DEFAULT).put((byte) 0) // cipher, mac: munged's; zip: none
                .put((byte) 0)                                       // no realm
                .putInt(0)                                           // ttl: munged's default
                .putInt(ANY_ID).putInt(ANY_ID)                      // anyone may decode it
                .putInt(0);                                          // no payload
        return frame(ENCODE_REQUEST, body.flip());
    }

    /** A whole DECODE request for {@code token}, header included. */
    static ByteBuffer decodeRequest(String token) {
        byte[] t = MungeToken.toCredential(token);
        ByteBuffer body = ByteBuffer.allocate(4 + t.length).putInt(t.length).put(t);
        return frame(DECODE_REQUEST, body.flip());
    }

    private static ByteBuffer frame(int type, ByteBuffer body) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE + body.remaining());
        b.putInt(MAGIC).put((byte) FORMAT_VERSION).put((byte) type).put((byte) 0).putInt(body.remaining()).put(body);
        return b.flip();
    }

    /** The body length a header announces; fails when it is not a munged header of {@code type}. */
    static int bodyLength(ByteBuffer header, int type) throws BadReply {
        int magic = header.getInt();
        int version = header.get() & 0xff;
        int got = header.get() & 0xff;
        header.get(); // retry count: only the requester's business
        int length = header.getInt();
        if (magic != MAGIC) {
            throw new BadReply("reply does not start with munge's magic number (got 0x" + Integer.toHexString(magic)
                    + "): is this munged's socket?");
        }
        if (version != FORMAT_VERSION) {
            throw new BadReply("reply is in message format " + version + "; this client speaks format "
                    + FORMAT_VERSION + " (munge 0.5.x)");
        }
        if (got != type) {
            throw new BadReply("reply has message type " + got + ", expected " + type);
        }
        if (length < 0 || length > MAX_BODY) {
            throw new BadReply("reply announces a body of " + Integer.toUnsignedString(length) + " bytes");
        }
        return length;
    }

    /** The token in an ENCODE reply, or the error munged sent. */
    static Encoded readEncodeReply(ByteBuffer body) throws BadReply {
        try {
            MungeError error = MungeError.of(body.get() & 0xff);
            String text = readString(body, body.get() & 0xff);
            byte[] token = bytes(body, body.getInt());
            // a refusal comes without a token
            return new Encoded(error, text, error == MungeError.SUCCESS ? MungeToken.fromCredential(token) : "");
        } catch (RuntimeException e) {
            throw new BadReply("malformed encode reply: " + e.getMessage());
        }
    }

    /** What an ENCODE reply said. */
    record Encoded(MungeError error, String errorText, String token) {
    }

    /** The identity in a DECODE reply (also filled in on some errors), or the error munged sent. */
    static Decoded readDecodeReply(ByteBuffer body) throws BadReply {
        try {
            MungeError error = MungeError.of(body.get() & 0xff);
            String text = readString(body, body.get() & 0xff);
            body.get(); // cipher
            body.get(); // mac
            body.get(); // zip
            bytes(body, body.get() & 0xff); // realm
            int ttl = body.getInt();
            byte[] addr = bytes(body, body.get() & 0xff);
            long encoded = Integer.toUnsignedLong(body.getInt());
            long decoded = Integer.toUnsignedLong(body.getInt());
            int uid = body.getInt();
            int gid = body.getInt();
            body.getInt(); // uid allowed to decode
            body.getInt(); // gid allowed to decode
            bytes(body, body.getInt()); // payload: we put none in, and want none out
            MungeCredential cred = new MungeCredential(uid, gid, address(addr), Instant.ofEpochSecond(encoded),
                    Instant.ofEpochSecond(decoded), ttl);
            return new Decoded(error, text, cred);
        } catch (RuntimeException e) {
            throw new BadReply("malformed decode reply: " + e.getMessage());
        }
    }

    /** What a DECODE reply said. */
    record Decoded(MungeError error, String errorText, MungeCredential credential) {
    }

    private static String address(byte[] addr) {
        if (addr.length != 4 && addr.length != 16) {
            return "";
        }
        try {
            return InetAddress.getByAddress(addr).getHostAddress();
        } catch (UnknownHostException e) {
            return "";
        }
    }

    private static byte[] bytes(ByteBuffer b, int n) {
        if (n < 0 || n > b.remaining()) {
            throw new IllegalArgumentException("a field of " + Integer.toUnsignedString(n) + " bytes, "
                    + b.remaining() + " left");
        }
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    /** A string field of {@code n} bytes, its NUL (and anything after it) dropped. */
    private static String readString(ByteBuffer b, int n) {
        byte[] s = bytes(b, n);
        int end = 0;
        while (end < s.length && s[end] != 0) {
            end++;
        }
        return new String(s, 0, end, StandardCharsets.UTF_8);
    }

    /** munged's reply is not what the protocol says. */
    static final class BadReply extends Exception {
        private static final long serialVersionUID = 1L;

        BadReply(String message) {
            super(message);
        }
    }
}
