package org.pmix4j.server.security;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the kernel's tables of TCP sockets (/proc/net/tcp and /proc/net/tcp6), which say who owns each
 * socket whatever its owner claims. The kernel writes an IPv4 address as the hex of its 32-bit value in
 * host order and an IPv6 one as four such words; ports are plain hex. On a little-endian machine
 * 127.0.0.1:8080 reads {@code 0100007F:1F90}.
 */
final class SocketTable {
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

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
        List<KernelSocket> out = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(procNet.resolve(table));
        } catch (NoSuchFileException e) {
            return out; // IPv6 disabled in this kernel
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int port = localPort(line);
            if (port >= 0 && localPorts.contains(port)) {
                KernelSocket s = parse(line);
                if (s != null) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /** The local port of a line, read without parsing the rest ("  sl: ADDR:PORT ..."), or -1. */
    private static int localPort(String line) {
        int start = line.indexOf(':');
        int end = start < 0 ? -1 : line.indexOf(' ', start + 2);
        if (end < 5) {
            return -1;
        }
        try {
            return Integer.parseInt(line, end - 4, end, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
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
