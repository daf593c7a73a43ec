package org.pmix4j.runtime.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.pmix4j.runtime.ProcessStarter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemons one daemon starts and relays for: its children in the {@link DaemonTree}. Each is started
 * through the launch agent ({@code AGENT HOST DAEMON-COMMAND --parent ADDRESSES --id N}), handed the
 * secret as the first line of the agent's stdin, and joins back over TCP ({@link TreeJoin}); once joined
 * it is attached to the router and told the tree's {@link DaemonMessage.Layout}, from which it starts its
 * own children. The agent's stderr (the remote daemon's log, or ssh's complaint) is passed to ours with the
 * host's name in front. An agent that ends before its daemon joined is a start failure, named with the
 * agent's status and last words.
 */
public final class ChildDaemons implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChildDaemons.class);

    /** Hears of a child that could not be started or joined: its id, host and why. */
    public interface StartFailure {
        void failed(int id, String host, String why);
    }

    private final DaemonRouter router;
    private final DaemonMessage.Layout layout;
    private final LinkSecret secret;
    private final long silenceLimitMs;
    private final StartFailure failures;
    private final Consumer<String> stderr;
    private final ServerSocket listener;
    private final Set<Integer> joined = ConcurrentHashMap.newKeySet();
    private final Map<Integer, Process> agents = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /**
     * @param stderr where the agents' stderr lines go (with the host in front)
     */
    ChildDaemons(DaemonRouter router, DaemonMessage.Layout layout, LinkSecret secret, long silenceLimitMs,
            StartFailure failures, Consumer<String> stderr) throws IOException {
        this.router = router;
        this.layout = layout;
        this.secret = secret;
        this.silenceLimitMs = silenceLimitMs;
        this.failures = failures;
        this.stderr = stderr;
        // every interface: the children are on other hosts, and which of our addresses reaches them is theirs
        // to find out (they try each); a connection that cannot prove the secret is dropped
        this.listener = new ServerSocket(0, 512);
    }

    /** Starts every child through the agent and accepts their joins. */
    void start() {
        List<Integer> children = router.tree().children(router.self());
        if (children.isEmpty()) {
            return;
        }
        Thread.ofPlatform().daemon().name("daemon-joins").start(this::acceptJoins);
        String addresses = String.join(",", addresses(listener.getLocalPort()));
        for (int c : children) {
            Thread.ofVirtual().name("agent-" + c).start(() -> startChild(c, addresses));
        }
    }

    private void startChild(int id, String addresses) {
        String host = layout.hosts().get(id);
        List<String> command = new ArrayList<>(layout.daemonCommand());
        command.addAll(List.of("--parent", addresses, "--id", Integer.toString(id), "--silence-limit",
                Long.toString(silenceLimitMs)));
        List<String> argv = new LaunchAgent(layout.agent()).commandFor(host, command);
        LOG.debug("starting daemon {} on {}: {}", id, host, argv);
        Process agent;
        try {
            agent = ProcessStarter.shared().startGroupLeader(new ProcessBuilder(argv)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD));
        } catch (IOException e) {
            failures.failed(id, host, "cannot run the launch agent " + layout.agent().get(0) + ": " + e.getMessage());
            return;
        }
        agents.put(id, agent);
        try {
            OutputStream in = agent.getOutputStream();
            in.write((secret.encode() + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
            // stdin stays open: ssh then keeps the remote side's stdin open too, which some agents need
        } catch (IOException e) {
            LOG.debug("writing the secret to the agent for {}: {}", host, e.toString());
        }
        Deque<String> last = new ArrayDeque<>();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(agent.getErrorStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                stderr.accept("[" + host + "] " + line);
                last.addLast(line);
                if (last.size() > 3) {
                    last.removeFirst();
                }
            }
        } catch (IOException e) {
            LOG.debug("reading the agent's stderr for {}: {}", host, e.toString());
        }
        int status;
        try {
            status = agent.waitFor();
        } catch (InterruptedException e) {
            return;
        }
        if (!joined.contains(id) && !closed) {
            failures.failed(id, host, "the launch agent (" + layout.agent().get(0) + ") exited with status " + status
                    + " before the daemon joined" + (last.isEmpty() ? "" : ": " + String.join(" / ", last)));
        }
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
        // the agents go with their daemons (the daemons end when their link to us closes); an agent
        // still trying to connect is ended here
        agents.values().forEach(Process::destroy);
    }

    private static void closeQuietly(ServerSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            LOG.debug("closing: {}", e.toString());
        }
    }
}
