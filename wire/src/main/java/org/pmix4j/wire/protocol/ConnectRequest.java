package org.pmix4j.wire.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;

/**
 * The body of the first message on a connection, by which a client or tool introduces itself. It is not
 * a bfrops buffer: C strings with their NUL, big-endian 32-bit numbers, and at the end, for tools, a
 * packed list of infos (a SIZE then an INFO pack) in the peer's buffer kind. libpmix counts one byte too
 * many for the body and sends a trailing zero, which we write too and ignore when reading.
 *
 * @param securityModule the psec module used for the credential ("native", "munge" or "none")
 * @param credential     the credential bytes; for "native", the sender's uid and gid in host order; for
 *                       "munge", a munge token and its NUL ({@link org.pmix4j.wire.psec.MungeToken})
 * @param type           what is connecting
 * @param uid            the peer's uid (tools and launchers only, else -1)
 * @param gid            the peer's gid (tools and launchers only, else -1)
 * @param nspace         the peer's namespace when it has one, else {@code null}
 * @param rank           the peer's rank when it has one
 * @param version        the peer's library version ("4.2.2rc2")
 * @param bfrops         the encoding module it speaks ("v41")
 * @param bufferKind     the raw buffer-kind byte (1 or 2)
 * @param gds            the data-store module it chose ("hash")
 * @param info           infos sent by tools (their pid, command line ...); empty for clients
 */
public record ConnectRequest(String securityModule, byte[] credential, PeerType type, int uid, int gid,
        String nspace, int rank, String version, String bfrops, int bufferKind, String gds, List<Info> info) {

    /** A connect body larger than this is refused, as libpmix does (PMIX_MAX_CRED_SIZE). */
    public static final int MAX_BODY = 131072;

    public ConnectRequest {
        info = List.copyOf(info);
    }

    public BufferKind kind() {
        return BufferKind.forCode(bufferKind);
    }

    /** The body bytes, without the header ({@link MessageHeader#connectHeader}). */
    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        cstring(out, securityModule);
        u32(out, credential.length);
        out.writeBytes(credential);
        out.write(type.flag());
        if (type.sendsUidGid()) {
            u32(out, uid);
            u32(out, gid);
        }
        if (type.sendsId()) {
            cstring(out, nspace);
            u32(out, rank);
        }
        cstring(out, version);
        cstring(out, bfrops);
        out.write(bufferKind);
        cstring(out, gds);
        if (!type.isClient()) {
            out.writeBytes(new Packer(kind()).sizedInfos(info).toByteArray());
        }
        out.write(0);
        return out.toByteArray();
    }

    private static void cstring(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        out.write(0);
    }

    private static void u32(ByteArrayOutputStream out, int v) {
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN).putInt(v).array());
    }

    /** Parses a connect body; malformed input raises {@link WireFormatException} with the offset. */
    public static ConnectRequest decode(byte[] body) {
        Reader r = new Reader(body);
        String psec = r.cstring("security module name");
        int credLen = r.u32("credential length");
        byte[] cred = r.bytes(credLen, "credential");
        int flagAt = r.pos;
        int flag = r.u8("peer type");
        PeerType type = PeerType.forFlag(flag);
        if (type == null) {
            throw new WireFormatException("unknown peer type flag " + flag, flagAt);
        }
        int uid = -1;
        int gid = -1;
        if (type.sendsUidGid()) {
            uid = r.u32("uid");
            gid = r.u32("gid");
        }
        String nspace = null;
        int rank = 0;
        if (type.sendsId()) {
            nspace = r.cstring("nspace");
            rank = r.u32("rank");
        }
        String version = r.cstring("version");
        if (version.startsWith("2.0")) {
            throw new WireFormatException("PMIx 2.0 peers (" + version + ") are not supported", flagAt);
        }
        String bfrops = r.cstring("bfrops module name");
        int kindAt = r.pos;
        int kind = r.u8("buffer kind");
        if (kind != 1 && kind != 2) {
            throw new WireFormatException("buffer kind " + kind + " is neither 1 nor 2", kindAt);
        }
        String gds = r.cstring("gds module name");
        List<Info> info = List.of();
        // tools append their infos; a lone trailing zero is libpmix's miscounted length
        if (!type.isClient() && r.remaining() > 1) {
            byte[] blob = r.bytes(r.remaining(), "info");
            try {
                Unpacker u = new Unpacker(blob, BufferKind.forCode(kind));
                info = u.sizedInfos("connect infos");
            } catch (WireFormatException e) {
                throw new WireFormatException("bad info blob in connect request: " + e.getMessage(),
                        r.pos - blob.length + e.offset());
            }
        }
        return new ConnectRequest(psec, cred, type, uid, gid, nspace, rank, version, bfrops, kind, gds, info);
    }

    /** Cursor over the body with bounds checks that name the field. */
    private static final class Reader {
        private final byte[] b;
        private int pos;

        Reader(byte[] b) {
            this.b = b;
        }

        int remaining() {
            return b.length - pos;
        }

        int u8(String what) {
            need(1, what);
            return b[pos++] & 0xff;
        }

        int u32(String what) {
            need(4, what);
            int v = ByteBuffer.wrap(b, pos, 4).order(ByteOrder.BIG_ENDIAN).getInt();
            pos += 4;
            return v;
        }

        byte[] bytes(int n, String what) {
            if (n < 0) {
                throw new WireFormatException("negative " + what + " length " + n, pos);
            }
            need(n, what);
            byte[] out = java.util.Arrays.copyOfRange(b, pos, pos + n);
            pos += n;
            return out;
        }

        String cstring(String what) {
            int end = pos;
            while (end < b.length && b[end] != 0) {
                end++;
            }
            if (end >= b.length) {
                throw new WireFormatException(what + " is not NUL-terminated", pos);
            }
            String s = new String(b, pos, end - pos, StandardCharsets.UTF_8);
            pos = end + 1;
            return s;
        }

        private void need(int n, String what) {
            if (n > b.length - pos) {
                throw new WireFormatException("connect request truncated in " + what, pos);
            }
        }
    }
}
