package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pmix4j.server.sessiondir.ProcessIds;

/**
 * The kernel's own lookup of one socket (netlink socket diagnostics) against its socket tables, on real
 * connections: IPv4 from a dual-stack Java socket, from a plain IPv4 one, and IPv6; both ways of resolving a
 * peer give the same identity.
 */
class SocketLookupTest {
    private SocketTable table;

    @BeforeEach
    void needsTheLookup() {
        Assumptions.assumeTrue(Runtime.version().feature() >= 22, "skipped: the netlink lookup needs a JDK 22+");
        table = new SocketTable(Path.of("/proc/net"));
    }

    private static SocketLookup lookup() {
        Optional<SocketLookup> l = SocketLookups.forThisNode();
        assertTrue(l.isPresent(), "a JDK 22+ build on Linux has the netlink lookup");
        return l.get();
    }

    /** The table's line of the socket whose local end is {@code local} and remote end {@code remote}. */
    private KernelSocket fromTables(InetSocketAddress local, InetSocketAddress remote) throws Exception {
        for (String t : List.of("tcp", "tcp6")) {
            for (KernelSocket s : table.read(t, Set.of(local.getPort()), Map.of(local, remote))) {
                if (s.local().equals(local) && s.remote().equals(remote) && s.isHeld()) {
                    return s;
                }
            }
        }
        throw new AssertionError("no line for " + local + " -> " + remote);
    }

    private void agreesWithTheTables(Socket accepted) throws Exception {
        InetSocketAddress peer = (InetSocketAddress) accepted.getRemoteSocketAddress();
        InetSocketAddress ours = (InetSocketAddress) accepted.getLocalSocketAddress();
        try (SocketLookup l = lookup()) {
            KernelSocket found = l.find(peer, ours).orElseThrow(() -> new AssertionError("not found: " + peer));
            KernelSocket listed = fromTables(peer, ours);
            assertEquals(listed.uid(), found.uid());
            assertEquals(listed.inode(), found.inode());
            assertEquals((int) ProcessIds.current().uid(), found.uid());
            // and our own end, looked up the other way round
            KernelSocket mine = l.find(ours, peer).orElseThrow();
            assertEquals(fromTables(ours, peer).inode(), mine.inode());
        }
    }

    @Test
    void findsADualStackJavaSocketOnIpv4Loopback() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
                Socket peer = new Socket(InetAddress.getByName("127.0.0.1"), server.getLocalPort());
                Socket accepted = server.accept()) {
            agreesWithTheTables(accepted);
        }
    }

    @Test
    void findsAPlainIpv4Socket() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.INET)
                .bind(new InetSocketAddress("127.0.0.1", 0));
                SocketChannel peer = SocketChannel.open(StandardProtocolFamily.INET);
                SocketChannel accepted = connect(server, peer)) {
            agreesWithTheTables(accepted.socket());
        }
    }

    @Test
    void findsAnIpv6Socket() throws Exception {
        InetAddress v6 = InetAddress.getByName("::1");
        Assumptions.assumeTrue(v6 instanceof Inet6Address && java.net.NetworkInterface.getByInetAddress(v6) != null,
                "skipped: no IPv6 loopback here");
        try (ServerSocket server = new ServerSocket(0, 50, v6);
                Socket peer = new Socket(v6, server.getLocalPort());
                Socket accepted = server.accept()) {
            agreesWithTheTables(accepted);
        }
    }

    @Test
    void aSocketThatIsNotThereIsNotFound() throws Exception {
        try (SocketLookup l = lookup()) {
            assertEquals(Optional.empty(), l.find(new InetSocketAddress("127.0.0.1", 1), new InetSocketAddress("127.0.0.1", 2)));
            assertEquals(Optional.empty(), l.find(new InetSocketAddress("192.0.2.7", 40000),
                    new InetSocketAddress("127.0.0.1", 2)));
        }
    }

    @Test
    void theResolverGivesTheSameIdentityEitherWay() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket peer = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept();
                IdentityResolver withLookup = new IdentityResolver(Path.of("/proc"), SocketLookupTest::lookup);
                IdentityResolver tablesOnly = new IdentityResolver(Path.of("/proc"), () -> null)) {
            InetSocketAddress p = (InetSocketAddress) accepted.getRemoteSocketAddress();
            InetSocketAddress s = (InetSocketAddress) accepted.getLocalSocketAddress();
            KernelIdentity a = withLookup.resolve(p, s).get(30, TimeUnit.SECONDS);
            KernelIdentity b = tablesOnly.resolve(p, s).get(30, TimeUnit.SECONDS);
            assertEquals(b, a);
            assertEquals(ProcessHandle.current().pid(), a.pid());
        }
    }

    private static SocketChannel connect(ServerSocketChannel server, SocketChannel peer) throws Exception {
        peer.connect(server.getLocalAddress());
        return server.accept();
    }
}
