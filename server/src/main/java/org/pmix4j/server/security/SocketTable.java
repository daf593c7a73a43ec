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

    /** Every TCP socket of this node's network namespace, IPv4 and IPv6. */
    List<KernelSocket> read() throws IOException {
        List<KernelSocket> out = new ArrayList<>();
        readFile(procNet.resolve("tcp"), out);
        readFile(procNet.resolve("tcp6"), out);
        return out;
    }

    private static void readFile(Path file, List<KernelSocket> out) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            return; // IPv6 disabled in this kernel
        }
        for (int i = 1; i < lines.size(); i++) {
            KernelSocket s = parse(lines.get(i));
            if (s != null) {
                out.add(s);
            }
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
