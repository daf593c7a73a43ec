package org.pmix4j.server.security;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.util.Optional;
import org.pmix4j.server.foreign.CFunction;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

/**
 * One TCP socket looked up by its two ends through the kernel's socket diagnostics (a NETLINK_SOCK_DIAG
 * socket, SOCK_DIAG_BY_FAMILY without NLM_F_DUMP: the kernel answers for exactly the socket named, with the
 * uid that owns it and its inode, as {@code ss} reads them). The JDK opens no netlink socket, so the C
 * library's socket calls are reached through java.lang.foreign. Layouts are those of the kernel's uapi headers
 * {@code linux/netlink.h} and {@code linux/inet_diag.h}, which are fixed ABI.
 *
 * <p>One request, one answer: the kernel builds the answer while it handles the request, so it is waiting by
 * the time {@code send} returns and is read without blocking.
 */
final class NetlinkSocketLookup implements SocketLookup {
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    private static final int AF_NETLINK = 16;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int NETLINK_SOCK_DIAG = 4;
    private static final int IPPROTO_TCP = 6;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int ENOENT = 2;

    // struct nlmsghdr { u32 len; u16 type; u16 flags; u32 seq; u32 pid; }
    private static final int NLMSG_HDRLEN = 16;
    private static final short NLMSG_ERROR = 2;
    private static final short SOCK_DIAG_BY_FAMILY = 20;
    private static final short NLM_F_REQUEST = 1;
    // struct inet_diag_req_v2 { u8 family, protocol, ext, pad; u32 states; struct inet_diag_sockid id; }
    // struct inet_diag_sockid { be16 sport, dport; be32 src[4], dst[4]; u32 if; u32 cookie[2]; }
    private static final int SOCKID_LEN = 48;
    private static final int REQ_LEN = NLMSG_HDRLEN + 8 + SOCKID_LEN;
    // struct inet_diag_msg { u8 family, state, timer, retrans; sockid id; u32 expires, rqueue, wqueue, uid, inode; }
    private static final int MSG_ID = NLMSG_HDRLEN + 4;
    private static final int MSG_UID = MSG_ID + SOCKID_LEN + 12;
    private static final int MSG_INODE = MSG_UID + 4;
    private static final int ANSWER_ROOM = 8192;

    private static final ValueLayout.OfShort NET_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort HOST_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt HOST_INT = ValueLayout.JAVA_INT_UNALIGNED;

    private static final String NEED = "socket diagnostics need it";
    private static final CFunction SOCKET = CFunction.libc("socket", NEED);
    private static final CFunction SEND = CFunction.libc("send", NEED);
    private static final CFunction RECV = CFunction.libc("recv", NEED);
    private static final CFunction CLOSE = CFunction.libc("close", NEED);

    private final int fd;
    private int seq;
    private boolean closed;

    NetlinkSocketLookup() throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = CFunction.callState(arena);
            int s = (int) SOCKET.call(state, AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
            if (s < 0) {
                throw new IOException("the kernel refused a socket-diagnostics netlink socket (errno "
                        + CFunction.errno(state) + ")");
            }
            this.fd = s;
        }
    }

    @Override
    public Optional<KernelSocket> find(InetSocketAddress local, InetSocketAddress remote) throws IOException {
        if (closed) {
            throw new IOException("the netlink lookup is closed");
        }
        InetAddress l = local.getAddress();
        InetAddress r = remote.getAddress();
        if (l instanceof Inet4Address && r instanceof Inet4Address) {
            // the socket of an IPv4 end is an IPv4 socket, or a dual-stack IPv6 one (a Java peer's, by default)
            // that the kernel files under its IPv4-mapped addresses
            Optional<KernelSocket> v4 = ask(AF_INET, local, remote, l.getAddress(), r.getAddress());
            return v4.isPresent() ? v4 : ask(AF_INET6, local, remote, mapped(l), mapped(r));
        }
        return ask(AF_INET6, local, remote, v6(l), v6(r));
    }

    private Optional<KernelSocket> ask(int family, InetSocketAddress local, InetSocketAddress remote, byte[] src,
            byte[] dst) throws IOException {
        int mySeq = ++seq;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = CFunction.callState(arena);
            MemorySegment req = arena.allocate(REQ_LEN, 8);
            req.set(HOST_INT, 0, REQ_LEN);
            req.set(HOST_SHORT, 4, SOCK_DIAG_BY_FAMILY);
            req.set(HOST_SHORT, 6, NLM_F_REQUEST);
            req.set(HOST_INT, 8, mySeq);
            req.set(JAVA_BYTE, NLMSG_HDRLEN, (byte) family);
            req.set(JAVA_BYTE, NLMSG_HDRLEN + 1, (byte) IPPROTO_TCP);
            req.set(HOST_INT, NLMSG_HDRLEN + 4, -1); // every TCP state
            long id = NLMSG_HDRLEN + 8;
            req.set(NET_SHORT, id, (short) local.getPort());
            req.set(NET_SHORT, id + 2, (short) remote.getPort());
            MemorySegment.copy(src, 0, req, JAVA_BYTE, id + 4, src.length);
            MemorySegment.copy(dst, 0, req, JAVA_BYTE, id + 20, dst.length);
            req.set(HOST_INT, id + 40, -1); // INET_DIAG_NOCOOKIE: found by its ends, not by a cookie
            req.set(HOST_INT, id + 44, -1);
            long sent = SEND.call(state, fd, req.address(), REQ_LEN, 0);
            if (sent != REQ_LEN) {
                throw new IOException("socket diagnostics: send failed (errno " + CFunction.errno(state) + ")");
            }
            MemorySegment answer = arena.allocate(ANSWER_ROOM, 8);
            while (true) {
                long got = RECV.call(state, fd, answer.address(), ANSWER_ROOM, MSG_DONTWAIT);
                if (got < NLMSG_HDRLEN) {
                    throw new IOException("socket diagnostics: no answer from the kernel ("
                            + (got < 0 ? "errno " + CFunction.errno(state) : got + " bytes") + ")");
                }
                if (answer.get(HOST_INT, 8) != mySeq) {
                    continue; // the late answer to an earlier request that failed half-way
                }
                short type = answer.get(HOST_SHORT, 4);
                if (type == NLMSG_ERROR) {
                    int error = got >= NLMSG_HDRLEN + 4 ? -answer.get(HOST_INT, NLMSG_HDRLEN) : -1;
                    if (error == ENOENT) {
                        return Optional.empty();
                    }
                    throw new IOException("socket diagnostics: the kernel answered errno " + error);
                }
                if (type != SOCK_DIAG_BY_FAMILY || got < MSG_INODE + 4) {
                    throw new IOException("socket diagnostics: an answer of type " + type + " and " + got + " bytes");
                }
                int uid = answer.get(HOST_INT, MSG_UID);
                long inode = Integer.toUnsignedLong(answer.get(HOST_INT, MSG_INODE));
                return Optional.of(new KernelSocket(local, remote, uid, inode));
            }
        }
    }

    private static byte[] mapped(InetAddress v4) {
        byte[] out = new byte[16];
        out[10] = (byte) 0xff;
        out[11] = (byte) 0xff;
        System.arraycopy(v4.getAddress(), 0, out, 12, 4);
        return out;
    }

    private static byte[] v6(InetAddress a) {
        return a instanceof Inet4Address ? mapped(a) : a.getAddress();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            CLOSE.call(fd); // a failure leaves nothing to do: the descriptor goes with the process at the latest
        }
    }
}
