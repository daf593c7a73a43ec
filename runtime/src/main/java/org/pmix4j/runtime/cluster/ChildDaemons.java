package org.pmix4j.runtime.cluster;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.pmix4j.api.internal.Log;

/**
 * The daemons one daemon starts and relays for: its children in the {@link DaemonTree}. They are started
 * by the {@link DaemonStarter} (the launch agent per child, or one srun for all), handed the secret on
 * stdin, and join back over TCP ({@link TreeJoin}); once joined each is attached to the router and told
 * the tree's {@link DaemonMessage.Layout}, from which it starts its own children.
 */
public final class ChildDaemons implements AutoCloseable {
    private static final Log LOG = Log.of(ChildDaemons.class);

    /** Hears of a child that could not be started or joined: its id, host and why. */
    public interface StartFailure {
        void failed(int id, String host, String why);
    }

    private final DaemonRouter router;
    private final DaemonMessage.Layout layout;
    private final DaemonStarter starter;
    private final LinkSecret secret;
    private final long silenceLimitMs;
    private final StartFailure failures;
    private final Consumer<String> stderr;
    private final ServerSocket listener;
    private final Set<Integer> joined = ConcurrentHashMap.newKeySet();
    private volatile DaemonStarter.Started started;
    private volatile boolean closed;

    /**
     * @param stderr where the starter's stderr lines go (with the host in front)
     */
    ChildDaemons(DaemonRouter router, DaemonMessage.Layout layout, DaemonStarter starter, LinkSecret secret,
            long silenceLimitMs, StartFailure failures, Consumer<String> stderr) throws IOException {
        this.router = router;
        this.layout = layout;
        this.starter = starter;
        this.secret = secret;
        this.silenceLimitMs = silenceLimitMs;
        this.failures = failures;
        this.stderr = stderr;
        // every interface: the children are on other hosts, and which of our addresses reaches them is theirs
        // to find out (they try each); a connection that cannot prove the secret is dropped
        this.listener = new ServerSocket(0, 512);
    }

    /** Starts every child and accepts their joins. */
    void start() {
        List<Integer> children = router.tree().children(router.self());
        if (children.isEmpty()) {
            return;
        }
        Thread.ofPlatform().daemon().name("daemon-joins").start(this::acceptJoins);
        String addresses = String.join(",", addresses(listener.getLocalPort()));
        started = starter.start(new DaemonStarter.Request(children, layout.hosts(), layout.daemonCommand(), addresses,
                silenceLimitMs, secret.encode()), new DaemonStarter.Progress() {
                    @Override
                    public boolean joined(int id) {
                        // once closed, a starter's end is expected
                        return closed || joined.contains(id);
                    }

                    @Override
                    public void failed(int id, String host, String why) {
                        if (!closed && !joined.contains(id)) {
                            failures.failed(id, host, why);
                        }
                    }

                    @Override
                    public void stderr(String line) {
                        stderr.accept(line);
                    }
                });
    }

    private void acceptJoins() {
        Set<Integer> children = Set.copyOf(router.tree().children(router.self()));
        while (!closed) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("daemon joins: {}", e.toString());
                }
                return;
            }
            Thread.ofVirtual().start(() -> join(s, children));
        }
    }

    private void join(Socket s, Set<Integer> children) {
        String from = s.getRemoteSocketAddress().toString();
        DaemonLink link;
        try {
            link = new DaemonLink(s, "a daemon at " + from, silenceLimitMs);
        } catch (IOException e) {
            closeQuietly(s);
            return;
        }
        try {
            int id = TreeJoin.accept(link, secret, c -> children.contains(c) && !joined.contains(c));
            joined.add(id);
            DaemonLink named = link;
            router.attach(id, named);
            router.send(id, layout);
            LOG.debug("daemon {} on {} joined from {}", id, layout.hosts().get(id), from);
        } catch (IOException | RuntimeException e) {
            // a stranger, or one of ours that failed: nothing more is said to it
            LOG.warn("refused a daemon connection from {}: {}", from, e.getMessage());
            link.close();
        }
    }

    /** This host's IPv4 addresses other than loopback, each with the port, loopback last (a one-host tree). */
    static List<String> addresses(int port) {
        List<String> out = new ArrayList<>();
        List<String> loopback = new ArrayList<>();
        try {
            for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nif.isUp()) {
                    continue;
                }
                for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                    if (a instanceof Inet4Address) {
                        (a.isLoopbackAddress() ? loopback : out).add(a.getHostAddress() + ":" + port);
                    }
                }
            }
        } catch (SocketException e) {
            LOG.debug("listing interfaces: {}", e.toString());
        }
        out.addAll(loopback);
        return out;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            LOG.debug("closing: {}", e.toString());
        }
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        DaemonStarter.Started s = started;
        if (s != null) {
            s.close();
        }
    }

    private static void closeQuietly(ServerSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            LOG.debug("closing: {}", e.toString());
        }
    }
}
