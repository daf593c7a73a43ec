package org.pmix4j.runtime.cluster;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;

/**
 * A daemon's place in the tree of one runtime: its links (to its parent and to the children it starts),
 * the routing between them, and the work every daemon does alike (the collectives and the direct modex).
 * Daemon 0, the launcher or DVM, makes the tree ({@link #root}); every other daemon joins it
 * ({@link #join}). What is particular to one side (launching, output, exits) goes to its {@link Events}.
 */
public final class TreeMember implements AutoCloseable {
    private static final Log LOG = Log.of(TreeMember.class);

    /** What the daemon hears from the tree. */
    public interface Events {
        /** A message for this daemon (on a link's thread: hand long work to another). */
        void message(int origin, DaemonMessage m);

        /**
         * Daemon {@code id} on {@code host}, and what is below it, could not be started or is lost. Told to
         * daemon 0 (from wherever it was noticed); a daemon whose parent is lost hears it with its parent's id.
         */
        void daemonLost(int id, String host, String why);
    }

    /** How this node's server takes part: which nodes hold processes, and its own processes' data. */
    public record LocalServer(TreeCollectives.Locator locator, ToIntFunction<Proc> nodeOf,
            Function<Proc, CompletableFuture<byte[]>> data) {
    }

    private final DaemonRouter router;
    private final DaemonMessage.Layout layout;
    private final Events events;
    private final TreeCollectives collectives;
    private final DirectModex dmodex;
    private ChildDaemons children;

    private TreeMember(int self, DaemonMessage.Layout layout, Events events, LocalServer server) {
        this.layout = layout;
        this.events = events;
        this.router = new DaemonRouter(self, new DaemonTree(layout.hosts().size(), layout.radix()), this::receive,
                this::linkLost);
        this.collectives = new TreeCollectives(router, server.locator());
        this.dmodex = new DirectModex(router, server.nodeOf(), server.data());
    }

    /**
     * Daemon 0: starts the daemons of {@code layout.hosts()} 1 … n−1 as a tree (its own children here, theirs
     * by them). Returns at once; each daemon announces itself to {@code events} with a NodeReport, a failure
     * with {@link Events#daemonLost}.
     *
     * @param starter how daemon 0 starts its children (the daemons below start theirs with the layout's agent)
     * @param stderr  where the starter's stderr lines go
     */
    public static TreeMember root(DaemonMessage.Layout layout, DaemonStarter starter, long silenceLimitMs,
            Events events, LocalServer server, Consumer<String> stderr) throws IOException {
        TreeMember m = new TreeMember(0, layout, events, server);
        m.startChildren(starter, LinkSecret.generate(), silenceLimitMs, stderr);
        return m;
    }

    /**
     * Daemon {@code id}: joins its parent at one of {@code parentAddresses} with the secret its agent gave
     * on stdin, learns the tree, and starts its own children.
     */
    public static TreeMember join(List<String> parentAddresses, int id, String secretLine, long silenceLimitMs,
            Events events, LocalServer server, Consumer<String> stderr) throws IOException {
        LinkSecret secret = LinkSecret.decode(secretLine);
        DaemonLink parent = TreeJoin.join(parentAddresses, id, secret, silenceLimitMs);
        Frame f = parent.readNow();
        DaemonMessage first = DaemonMessage.read(f.kind(), f.body());
        if (!(first instanceof DaemonMessage.Layout layout)) {
            parent.close();
            throw new IOException("the parent daemon sent message kind " + first.kind() + " instead of the tree's layout");
        }
        TreeMember m = new TreeMember(id, layout, events, server);
        m.router.attach(m.router.tree().parent(id), parent);
        m.startChildren(new AgentStarter(new LaunchAgent(layout.agent())), secret, silenceLimitMs, stderr);
        return m;
    }

    private void startChildren(DaemonStarter starter, LinkSecret secret, long silenceLimitMs, Consumer<String> stderr)
            throws IOException {
        children = new ChildDaemons(router, layout, starter, secret, silenceLimitMs, this::childFailed, stderr);
        children.start();
    }

    public int self() {
        return router.self();
    }

    /** The runtime's namespace (each daemon's server is its rank = daemon id). */
    public String nspace() {
        return layout.nspace();
    }

    /** The hosts of the tree, by daemon id. */
    public List<String> hosts() {
        return layout.hosts();
    }

    public void send(int daemon, DaemonMessage m) {
        router.send(daemon, m);
    }

    /** To every daemon, this one included. */
    public void toEvery(DaemonMessage m) {
        router.toEvery(m);
    }

    public TreeCollectives collectives() {
        return collectives;
    }

    public DirectModex directModex() {
        return dmodex;
    }

    private void receive(int origin, DaemonMessage m) {
        // instanceof, not a pattern switch, which is bootstrapped at its first run in each fresh daemon
        if (m instanceof DaemonMessage.FenceUp up) {
            collectives.up(origin, up);
        } else if (m instanceof DaemonMessage.FenceDown down) {
            collectives.down(down);
        } else if (m instanceof DaemonMessage.DmodexAsk ask) {
            dmodex.asked(origin, ask);
        } else if (m instanceof DaemonMessage.DmodexAnswer answer) {
            dmodex.answered(answer);
        } else if (m instanceof DaemonMessage.DaemonLost lost) {
            events.daemonLost(lost.id(), lost.host(), lost.why());
        } else {
            events.message(origin, m);
        }
    }

    private void childFailed(int id, String host, String why) {
        lostBelow(id, host, "could not be started: " + why);
    }

    private void linkLost(int neighbour, String peer, String why) {
        if (neighbour == router.tree().parent(router.self())) {
            LOG.debug("the link to the parent daemon is lost: {}", why);
            fail("the parent daemon (" + layout.hosts().get(neighbour) + ") is lost: " + why);
            events.daemonLost(neighbour, layout.hosts().get(neighbour), why);
            return;
        }
        lostBelow(neighbour, layout.hosts().get(neighbour), "was lost: " + why);
    }

    /** A child and its subtree are gone: collectives and asks fail, and daemon 0 hears of it. */
    private void lostBelow(int id, String host, String why) {
        fail("the daemon on " + host + " " + why);
        if (router.self() == 0) {
            events.daemonLost(id, host, why);
        } else {
            router.send(0, new DaemonMessage.DaemonLost(id, host, why));
        }
    }

    private void fail(String why) {
        collectives.nodeLost(why);
        dmodex.nodeLost(why);
    }

    @Override
    public void close() {
        if (children != null) {
            children.close();
        }
        router.close();
    }
}
