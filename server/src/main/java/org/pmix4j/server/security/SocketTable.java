package org.pmix4j.server.security;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the kernel's tables of TCP sockets (/proc/net/tcp and /proc/net/tcp6), which say who owns each
 * socket whatever its owner claims. The kernel writes an IPv4 address as the hex of its 32-bit value in
 * host order and an IPv6 one as four such words; ports are plain hex. On a little-endian machine
 * 127.0.0.1:8080 reads {@code 0100007F:1F90}.
 */
final class SocketTable {
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    /** What one read asks of the kernel: a few of its pages (a line is 150 bytes). */
    private static final int CHUNK = 16 * 1024;

    private final Path procNet;

    SocketTable(Path procNet) {
        this.procNet = procNet;
    }

    /**
     * The sockets of one table (IPv4 "tcp" or IPv6 "tcp6") whose local port is one of {@code localPorts}.
     * The table lists every socket of the node (a thousand connected clients make 400 KB of it), so only
     * the lines of those ports are parsed.
     */
    List<KernelSocket> read(String table, Set<Integer> localPorts) throws IOException {
        return read(table, localPorts, null);
    }

    /**
     * As {@link #read(String, Set)}, but stops reading as soon as a held socket has been read for each of
     * {@code sought} (its local end mapped to its remote end; {@code null}: reads it all). The kernel writes the table as it is read, walking its
     * socket hash a page of text at a time: a reading that stops early spares it the rest of the walk, which
     * is most of the cost (a few ms a reading on a loaded node, where the whole table is asked again for every
     * burst of connecting clients).
     */
    List<KernelSocket> read(String table, Set<Integer> localPorts, Map<InetSocketAddress, InetSocketAddress> sought)
            throws IOException {
        List<KernelSocket> out = new ArrayList<>();
        Map<InetSocketAddress, InetSocketAddress> missing = sought == null ? null : new HashMap<>(sought);
        try (InputStream in = Files.newInputStream(procNet.resolve(table))) {
            byte[] buf = new byte[CHUNK];
            int filled = 0;
            boolean header = true;
            while (true) {
                if (filled == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than the buffer: never seen
                }
                int n = in.read(buf, filled, buf.length - filled);
                if (n < 0) {
                    break;
                }
                filled += n;
                // bytes, not lines: the launcher's server reads this while a job's thousand processes start,
                // with its code still cold; a String per line of the whole table cost more than the kernel's walk
                int lineStart = 0;
                int lineEnd;
                while ((lineEnd = indexOf(buf, (byte) '\n', lineStart, filled)) >= 0) {
                    if (header) {
                        header = false;
                    } else if (take(buf, lineStart, lineEnd, localPorts, out, missing) && missing.isEmpty()) {
                        return out;
                    }
                    lineStart = lineEnd + 1;
                }
                System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
                filled -= lineStart;
            }
            if (filled > 0 && !header) {
                take(buf, 0, filled, localPorts, out, missing);
            }
        } catch (NoSuchFileException e) {
            return out; // IPv6 disabled in this kernel
        }
        return out;
    }

    /**
     * Adds the socket of one line if its local port is sought; true when that made one of {@code missing}
     * found.
     */
    private static boolean take(byte[] text, int from, int to, Set<Integer> localPorts, List<KernelSocket> out,
            Map<InetSocketAddress, InetSocketAddress> missing) {
        int port = localPort(text, from, to);
        if (port < 0 || !localPorts.contains(port)) {
            return false;
        }
        KernelSocket s = parse(new String(text, from, to - from, StandardCharsets.ISO_8859_1));
        if (s == null) {
            return false;
        }
        out.add(s);
        return missing != null && s.isHeld() && missing.remove(s.local(), s.remote());
    }

    private static int indexOf(byte[] text, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The local port of a line ("  sl: ADDR:PORT ..."), read without parsing the rest, or -1. */
    private static int localPort(byte[] text, int from, int to) {
        int colon = -1;
        for (int i = from; i < to; i++) {
            if (text[i] == ':') {
                colon = i;
                break;
            }
        }
        if (colon < 0) {
            return -1;
        }
        int end = -1;
        for (int i = colon + 2; i < to; i++) {
            if (text[i] == ' ') {
                end = i;
                break;
            }
        }
        if (end - 4 <= colon) {
            return -1;
        }
        int port = 0;
        for (int i = end - 4; i < end; i++) {
            int d = Character.digit(text[i], 16);
            if (d < 0) {
                return -1;
            }
            port = port * 16 + d;
        }
        return port;
    }

    /** One line of the table ("sl local rem st queues timer retransmits uid timeout inode ..."), or null. */
    static KernelSocket parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 10) {
            return null;
        }
        try {
            return new KernelSocket(endpoint(f[1]), endpoint(f[2]), Integer.parseUnsignedInt(f[7]),
                    Long.parseLong(f[9]));
        } catch (RuntimeException | UnknownHostException e) {
            return null; // a line of a future format: it names no socket we could match
        }
    }

    private static InetSocketAddress endpoint(String hexAddrPort) throws UnknownHostException {
        int colon = hexAddrPort.indexOf(':');
        String hex = hexAddrPort.substring(0, colon);
        int port = Integer.parseInt(hexAddrPort.substring(colon + 1), 16);
        byte[] addr = new byte[hex.length() / 2];
        for (int word = 0; word < addr.length / 4; word++) {
            // each 32-bit word is printed as a host-order integer: on a little-endian machine its bytes
            // come out reversed
            for (int b = 0; b < 4; b++) {
                int at = word * 8 + (LITTLE_ENDIAN ? 3 - b : b) * 2;
                addr[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return new InetSocketAddress(InetAddress.getByAddress(addr), port);
    }
}
