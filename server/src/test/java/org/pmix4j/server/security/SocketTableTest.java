package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pmix4j.server.sessiondir.ProcessIds;

/** The kernel's socket tables read, and a real connection's owner found through them. */
class SocketTableTest {

    @Test
    void readsTheKernelsIpv4AndIpv6Lines() throws Exception {
        KernelSocket v4 = SocketTable.parse("   3: 0100007F:A789 0100007F:1F90 01 00000000:00000000 00:00000000"
                + " 00000000  1001        0 4480459 1 00000000539cb6ed 20 4 30 10 -1");
        assertEquals(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0xA789), v4.local());
        assertEquals(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 8080), v4.remote());
        assertEquals(1001, v4.uid());
        assertEquals(4480459L, v4.inode());
        // an IPv4 peer on a dual-stack socket: ::ffff:127.0.0.1, four host-order words
        KernelSocket mapped = SocketTable.parse("   0: 0000000000000000FFFF00000100007F:1F90"
                + " 00000000000000000000000001000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 77 1");
        assertEquals(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 8080), mapped.local());
        assertEquals(new InetSocketAddress(InetAddress.getByName("::1"), 0), mapped.remote());
        assertNull(SocketTable.parse("  sl  local_address rem_address   st tx_queue"), "the header line");
        KernelSocket orphan = SocketTable.parse("   9: 0100007F:A789 0100007F:1F90 06 00000000:00000000 03:00000F3A"
                + " 00000000     0        0 0 3");
        assertTrue(!orphan.isHeld(), "a socket nobody holds (inode 0, uid shown as 0) is never anyone's");
    }

    @Test
    void findsTheOwnerOfARealConnection() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket peer = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept();
                IdentityResolver resolver = IdentityResolver.forThisNode()) {
            KernelIdentity id = resolver.resolve((InetSocketAddress) accepted.getRemoteSocketAddress(),
                    (InetSocketAddress) accepted.getLocalSocketAddress()).get(30, TimeUnit.SECONDS);
            ProcessIds me = ProcessIds.current();
            assertEquals(new KernelIdentity(true, (int) me.uid(), (int) me.gid(), ProcessHandle.current().pid()), id);
        }
    }

    @Test
    void aConnectionTheKernelDoesNotListIsRemote() throws Exception {
        try (IdentityResolver resolver = IdentityResolver.forThisNode()) {
            // TEST-NET-1: no socket of this node has that end
            KernelIdentity id = resolver.resolve(new InetSocketAddress(InetAddress.getByName("192.0.2.7"), 40000),
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 1)).get(30, TimeUnit.SECONDS);
            assertEquals(false, id.local());
        }
    }

    @Test
    void aSocketOfThisNodeTheTableDoesNotShowIsNotFoundNeverRemote() throws Exception {
        try (IdentityResolver resolver = IdentityResolver.forThisNode()) {
            // a loopback end no socket has: looked for again and again, then reported as not found
            KernelIdentity id = resolver.resolve(new InetSocketAddress(InetAddress.getLoopbackAddress(), 1),
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 2)).get(30, TimeUnit.SECONDS);
            assertEquals(new KernelIdentity(true, -1, -1, -1), id);
            assertTrue(!id.processKnown());
        }
    }

    @Test
    void aReadingStopsOnceTheSoughtSocketsAreFoundAndReadsLinesAcrossItsChunks(@TempDir Path net) throws Exception {
        StringBuilder table = new StringBuilder("  sl  local_address rem_address   st tx_queue rx_queue\n");
        // 300 lines of other sockets (45 KB: several of the reader's chunks), then the sought one, then more
        for (int i = 0; i < 300; i++) {
            table.append(String.format("  %3d: 0100007F:%04X 0100007F:1F90 01 00000000:00000000 00:00000000"
                    + " 00000000  1001        0 %d 1 00000000539cb6ed 20 4 30 10 -1%n", i, 20000 + i, 1000 + i));
        }
        table.append("  300: 0100007F:A789 0100007F:1F90 01 00000000:00000000 00:00000000"
                + " 00000000  1002        0 4480459 1 00000000539cb6ed 20 4 30 10 -1\n");
        table.append("  301: 0100007F:A789 0100007F:1F91 01 00000000:00000000 00:00000000"
                + " 00000000  1003        0 4480460 1 00000000539cb6ed 20 4 30 10 -1\n");
        Files.writeString(net.resolve("tcp"), table);
        InetSocketAddress peer = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0xA789);
        InetSocketAddress server = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 8080);
        SocketTable t = new SocketTable(net);

        List<KernelSocket> all = t.read("tcp", Set.of(0xA789, 20000 + 150));
        assertEquals(List.of(1150L, 4480459L, 4480460L), all.stream().map(KernelSocket::inode).toList());
        List<KernelSocket> sought = t.read("tcp", Set.of(0xA789), Map.of(peer, server));
        assertEquals(List.of(4480459L), sought.stream().map(KernelSocket::inode).toList(),
                "the line after the sought socket is not read");
        assertEquals(1002, sought.get(0).uid());
        assertEquals(List.of(), t.read("tcp6", Set.of(0xA789), Map.of(peer, server)), "no such table: no IPv6");
    }
}
