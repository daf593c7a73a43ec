package org.pmix4j.server.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.function.Predicate;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.server.net.Connection;
import org.pmix4j.server.net.EventLoop;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.security.IdentityResolver;
import org.pmix4j.server.security.ProcessLineage;
import org.pmix4j.server.security.RateLimitedLog;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.message.RequestMessage;
import org.pmix4j.wire.message.RequestMessages;
import org.pmix4j.wire.message.StatusReply;
import org.pmix4j.wire.protocol.MessageHeader;
import org.pmix4j.wire.protocol.PmixCommand;
import org.pmix4j.wire.protocol.Tags;

/**
 * The server's state and the routing of what arrives: connections become peers ({@link ConnectAcceptor}, which
 * gets the namespaces, the peer table and the listeners it needs, not the core),
 * requests go to the handler of their command, lost peers are cleaned up. Everything here runs on the
 * event loop, so nothing is locked.
 */
public final class ServerCore implements Connection.Listener {
    private static final Log LOG = Log.of(ServerCore.class);

    private final ServerConfig config;
    private final HostModule host;
    private final EventLoop loop;
    private final Proc self;
    private final Map<PmixCommand, Registration<?>> handlers = new EnumMap<>(PmixCommand.class);
    private final Map<String, Namespace> namespaces = new HashMap<>();
    private final PeerTable peers = new PeerTable();
    private final PeerListeners peerListeners = new PeerListeners();
    private final List<MessageSink> sinks = new ArrayList<>();
    private final RequestCounts requestCounts = new RequestCounts();
    private final ConnectAcceptor acceptor;
    private final IdentityResolver identities = IdentityResolver.forThisNode();
    private final ProcessLineage lineage = ProcessLineage.forThisNode();
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);

    /** @param sharedStoreServes whether the shared-memory store holds a namespace (its clients may choose it) */
    public ServerCore(ServerConfig config, HostModule host, EventLoop loop, Predicate<String> sharedStoreServes) {
        this.config = config;
        this.host = host;
        this.loop = loop;
        this.self = new Proc(config.nspace(), config.rank());
        this.acceptor = new ConnectAcceptor(config, host, loop, namespaces::get, peers, peerListeners, identities,
                lineage, sharedStoreServes);
    }

    public ServerConfig config() {
        return config;
    }

    public HostModule host() {
        return host;
    }

    public EventLoop loop() {
        return loop;
    }

    /** The server's own name. */
    public Proc self() {
        return self;
    }

    /**
     * Installs the handler of a command (once, at start-up); {@code type} is the record
     * {@link RequestMessages#read} makes of the command's requests.
     */
    public <M extends RequestMessage> void handle(PmixCommand cmd, Class<M> type, CommandHandler<M> handler) {
        handlers.put(cmd, new Registration<>(type, handler));
    }

    /** A handler with the type of the record it takes, so that dispatch can hand it over checked. */
    private record Registration<M extends RequestMessage>(Class<M> type, CommandHandler<M> handler) {
        void handle(Request req, RequestMessage message) {
            handler.handle(req, type.cast(message));
        }
    }

    // ---- namespaces and clients -------------------------------------------------------------------------

    public Namespace namespace(String name) {
        return namespaces.get(name);
    }

    public Collection<Namespace> namespaces() {
        return namespaces.values();
    }

    public Namespace addNamespace(String name, int localProcs) {
        if (namespaces.containsKey(name)) {
            throw new PmixException(PmixStatus.PMIX_ERR_DUPLICATE_KEY, "namespace '" + name + "' is already registered");
        }
        Namespace ns = new Namespace(name, localProcs);
        namespaces.put(name, ns);
        return ns;
    }

    /** Forgets a namespace; its connected clients are disconnected. */
    public Namespace removeNamespace(String name) {
        Namespace ns = namespaces.remove(name);
        if (ns != null) {
            for (LocalClient c : List.copyOf(ns.clients())) {
                if (c.peer() != null) {
                    c.peer().close("namespace " + name + " deregistered");
                }
            }
        }
        return ns;
    }

    public LocalClient registerClient(Proc p, int uid, int gid) {
        Namespace ns = namespaces.get(p.nspace());
        if (ns == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_INVALID_NAMESPACE,
                    "register_client " + p + ": namespace '" + p.nspace() + "' is not registered");
        }
        if (ns.client(p.rank()) != null) {
            throw new PmixException(PmixStatus.PMIX_ERR_DUPLICATE_KEY, "client " + p + " is already registered");
        }
        return ns.addClient(p, uid, gid);
    }

    /**
     * The host started {@code p} as {@code pid}. A client that connected before the host said so (a race
     * the host may lose) from a process that is neither that one nor a descendant of it (a fork/exec agent's
     * child: {@link ProcessLineage}) is an impostor: its connection is closed.
     */
    public void clientStarted(Proc p, long pid) {
        Namespace ns = namespaces.get(p.nspace());
        LocalClient c = ns == null ? null : ns.client(p.rank());
        if (c == null) {
            return; // deregistered meanwhile
        }
        c.startedPid(pid);
        if (c.peer() != null && c.connectedPid() > 0 && !lineage.isSelfOrDescendant(c.connectedPid(), pid)) {
            warnings.warn(p, "impostor", "client " + p + " connected from pid " + c.connectedPid()
                    + " but the host started it as pid " + pid + ": closing its connection");
            c.peer().close("connected from a process other than the one the host started");
        }
    }

    public void deregisterClient(Proc p) {
        Namespace ns = namespaces.get(p.nspace());
        LocalClient c = ns == null ? null : ns.removeClient(p.rank());
        if (c != null && c.peer() != null) {
            c.peer().close("client " + p + " deregistered");
        }
    }

    /** The registered local client behind a peer, or {@code null} for tools. */
    public LocalClient clientOf(Peer peer) {
        if (!peer.isClient()) {
            return null;
        }
        Namespace ns = namespaces.get(peer.proc().nspace());
        return ns == null ? null : ns.client(peer.proc().rank());
    }

    public void markFinalized(Peer peer) {
        peer.markFinalized();
        LocalClient c = clientOf(peer);
        if (c != null) {
            c.markFinalized();
        }
    }

    /** Tells the parts of the server that keep per-job state that a namespace is gone. */
    public void namespaceGone(String nspace) {
        peerListeners.namespaceGone(nspace);
    }

    /** Likewise for a deregistered client. */
    public void clientGone(Proc p) {
        peerListeners.clientGone(p);
    }

    /** Finalize: every connection closes; what was waiting on them is failed by the listeners. */
    public void shutdown() {
        for (Peer p : List.copyOf(peers.all())) {
            p.close("server finalized");
        }
        identities.close();
    }

    // ---- peers ------------------------------------------------------------------------------------------

    public Collection<Peer> peers() {
        return peers.all();
    }

    /** Parts of the server that care when peers come and go. */
    public interface PeerListener {
        default void connected(Peer peer, List<Info> info) {
        }

        void lost(Peer peer, String why);

        default void namespaceGone(String nspace) {
        }

        default void clientGone(Proc proc) {
        }
    }

    public void addPeerListener(PeerListener l) {
        peerListeners.add(l);
    }

    /**
     * Adds a listener that hears of peers before every listener added so far. The host's loss listener
     * goes first: it records when a process was lost, and that must come before the server's own
     * listeners fail the fences and collectives the process was in, whose error makes its peers exit.
     */
    public void addFirstPeerListener(PeerListener l) {
        peerListeners.addFirst(l);
    }

    // ---- what the connections deliver -------------------------------------------------------------------

    @Override
    public void onConnect(Connection c, byte[] body) {
        acceptor.accept(c, body);
    }

    @Override
    public void onMessage(Connection c, MessageHeader h, byte[] payload) {
        if (c.attachment() instanceof ConnectAcceptor.Refused refused) {
            c.close("refused tool spoke: " + refused.why());
            return;
        }
        Peer peer = (Peer) c.attachment();
        if (peer == null) {
            // a tool still waiting for the host's verdict has nothing to say yet
            LOG.warn("message before the connection was accepted from {}; closing", c.remote());
            c.close("spoke before being accepted");
            return;
        }
        int tag = h.tag();
        if (tag == Tags.HEARTBEAT) {
            return;
        }
        if (Integer.compareUnsigned(tag, Tags.DYNAMIC) <= 0) {
            for (MessageSink s : sinks) {
                if (s.accepts(tag)) {
                    s.message(peer, tag, payload);
                    return;
                }
            }
            LOG.debug("ignoring message with tag {} from {}", tag, peer);
            return;
        }
        dispatch(peer, tag, payload);
    }

    /** Receivers of the untagged message kinds (IO forwarded by tools). */
    public interface MessageSink {
        boolean accepts(int tag);

        void message(Peer peer, int tag, byte[] payload);
    }

    /** How many requests of each command clients and tools sent so far. */
    public Map<PmixCommand, Long> requestCounts() {
        return requestCounts.snapshot();
    }

    public void addMessageSink(MessageSink s) {
        sinks.add(s);
    }

    private void dispatch(Peer peer, int tag, byte[] payload) {
        if (payload.length == 0) {
            peer.close("empty request (libpmix's sign of a lost connection)");
            return;
        }
        Unpacker body = new Unpacker(payload, peer.kind());
        int code;
        try {
            code = body.command();
        } catch (WireFormatException e) {
            warnings.warn(peer, "malformed request", "bad request from " + peer + ": " + e.getMessage());
            peer.send(tag, StatusReply.of(PmixStatus.PMIX_ERR_UNPACK_FAILURE).payload(peer.kind()));
            return;
        }
        PmixCommand cmd = PmixCommand.forCode(code);
        if (cmd != null) {
            requestCounts.count(cmd);
        }
        Request req = new Request(peer, tag, cmd);
        Registration<?> h = cmd == null ? null : handlers.get(cmd);
        if (h == null) {
            LOG.debug("{} sent {} (command {}), which this server does not serve", peer, cmd, code);
            if (cmd == null || cmd.expectsReply()) {
                req.replyStatus(PmixStatus.PMIX_ERR_NOT_SUPPORTED);
            }
            return;
        }
        try {
            h.handle(req, RequestMessages.read(cmd, body));
        } catch (WireFormatException e) {
            warnings.warn(peer, "malformed request", "malformed " + cmd + " request from " + peer + ": " + e.getMessage());
            answerError(req, PmixStatus.PMIX_ERR_UNPACK_FAILURE);
        } catch (PmixException e) {
            LOG.debug("{} from {} failed: {}", cmd, peer, e.getMessage());
            answerError(req, e.status());
        } catch (RuntimeException e) {
            LOG.error("{} from {} failed unexpectedly", cmd, peer, e);
            answerError(req, PmixStatus.PMIX_ERROR);
        }
    }

    private static void answerError(Request req, int status) {
        if (!req.isAnswered() && req.command().expectsReply()) {
            req.replyStatus(status);
        }
    }

    @Override
    public void onClosed(Connection c, String why) {
        if (!(c.attachment() instanceof Peer peer)) {
            return; // never accepted
        }
        peers.remove(peer);
        LocalClient lc = clientOf(peer);
        if (lc != null && lc.peer() == peer) {
            lc.peer(null);
        }
        peerListeners.lost(peer, why);
        warnings.forget(peer);
        LOG.debug("{} left: {}", peer, why);
    }

    /** The PMIx status behind a failed host stage or anything else that went wrong. */
    public static int statusOf(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e instanceof PmixException pe ? pe.status() : PmixStatus.PMIX_ERROR;
    }
}
