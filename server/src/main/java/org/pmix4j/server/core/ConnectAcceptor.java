package org.pmix4j.server.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.sharedstore.SharedStore;
import java.util.function.LongSupplier;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.server.net.Connection;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.security.IdentityResolver;
import org.pmix4j.server.security.KernelIdentity;
import org.pmix4j.server.security.MungeCredentials;
import org.pmix4j.server.security.PeerText;
import org.pmix4j.server.security.ProcessLineage;
import org.pmix4j.server.security.RateLimitedLog;
import org.pmix4j.server.security.SecurityPolicy;
import org.pmix4j.server.sessiondir.ProcessIds;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.protocol.ConnectReply;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.protocol.PeerType;

/**
 * Decides whether a connecting process may in, and answers its connect request.
 *
 * <p>Who a peer is comes from the kernel ({@link IdentityResolver}: the owner of its socket, the process
 * holding it and that process's gid), never from its handshake: the 'native' credential and the uid/gid a
 * tool claims must only agree with it. libpmix 4.2.2 believes the credential over TCP, so that any local
 * user could claim to be root. A connection the kernel does not list comes from another node, where a
 * native claim proves nothing: it is refused.
 *
 * <p>A client must belong to a registered namespace, be a registered rank of it, and be run by the uid and
 * gid the host registered it with; a tool must be run by this server's user or root, unless the host
 * admits tools of other users ({@link HostModule#admitsToolOf}), and the host must accept it (and name it,
 * if it has no name). As libpmix does, a refused client gets no answer, the socket is just closed; the
 * reason goes to the log (once per kind and remote host, then counted: {@link RateLimitedLog}), and every other peer is served as
 * before.
 *
 * <p>A tool's name must be its own: one that a connected, not finalized process has, that of a
 * registered client (unless the tool says a server started it, as the host may register such a tool as a
 * client), or the server's own is refused with PMIX_ERR_EXISTS, whether the tool asked for it or the host
 * gave it. libpmix 4.2.2 leaves this to its host and would let two peers share a name, so that messages
 * for one reach the other.
 */
final class ConnectAcceptor {
    private static final Log LOG = Log.of(ConnectAcceptor.class);

    private final ServerConfig config;
    private final HostModule host;
    private final Executor loop;
    private final Proc self;
    private final Function<String, Namespace> namespaces;
    private final PeerTable peers;
    private final PeerListeners listeners;
    private final IdentityResolver identities;
    private final ProcessLineage lineage;
    private final long serverUid = ProcessIds.current().uid();
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);
    private final MungeCredentials munge;
    /** Whether the shared-memory store holds a namespace: its clients may then choose it. */
    private final Predicate<String> sharedStoreServes;

    ConnectAcceptor(ServerConfig config, HostModule host, Executor loop, Function<String, Namespace> namespaces,
            PeerTable peers, PeerListeners listeners, IdentityResolver identities, ProcessLineage lineage,
            Predicate<String> sharedStoreServes) {
        this.config = config;
        this.sharedStoreServes = sharedStoreServes;
        this.lineage = lineage;
        this.identities = identities;
        this.host = host;
        this.loop = loop;
        this.self = new Proc(config.nspace(), config.rank());
        this.namespaces = namespaces;
        this.peers = peers;
        this.listeners = listeners;
        this.munge = new MungeCredentials(config.security().mungeClient());
    }

    void accept(Connection c, byte[] body) {
        ConnectRequest req;
        try {
            req = ConnectRequest.decode(body);
        } catch (WireFormatException e) {
            refuse(c, "malformed connect request: " + e.getMessage());
            return;
        }
        String problem = checkProtocol(req);
        if (problem != null) {
            refuse(c, req.type() + " " + who(req) + ": " + problem);
            return;
        }
        // a module this server does not take is refused before its credential is read; whether the peer's
        // node allows the module is known only once the kernel has said where the peer is
        String notTaken = config.security().refusal(req.securityModule(), true);
        if (notTaken != null) {
            refuse(c, req.type() + " " + who(req) + ": " + notTaken);
            return;
        }
        NativeCredential proven = provenIds(c, req);
        if (proven == null) {
            return;
        }
        if (c.peerAddress() == null) {
            c.close("gone before its handshake was read");
            return;
        }
        identities.resolve(c.peerAddress(), c.localAddress(), startedPid(req), claimedPid(req)).whenCompleteAsync((id, err) -> {
            if (c.isClosed()) {
                return;
            }
            if (err != null) {
                refuse(c, req.type() + " " + who(req) + ": the kernel could not say who it is: " + err.getMessage());
                return;
            }
            String notAccepted = config.security().refusal(req.securityModule(), id.local());
            if (notAccepted != null) {
                refuse(c, req.type() + " " + who(req) + ": " + notAccepted);
                return;
            }
            // from another node the credential is all there is (munge's vouched ids, or a native claim
            // where the site allows it); from this one it must agree with the kernel
            KernelIdentity identity = id.local() ? id : KernelIdentity.vouched(proven.uid(), proven.gid());
            String forged = id.local() ? forgedClaim(req, proven, id) : null;
            if (forged != null) {
                refuse(c, req.type() + " " + who(req) + " from " + id + ": " + forged);
            } else if (req.type().isClient()) {
                acceptClient(c, req, identity);
            } else {
                acceptTool(c, req, identity);
            }
        }, loop);
    }

    /**
     * The pid a tool says it has (PMIX_PROC_PID in its connect request, as pmix4j's tools send it), -1 for a
     * client (whose process the host started) or a tool that says none: where the kernel's answer is looked
     * for first.
     */
    private static long claimedPid(ConnectRequest req) {
        if (req.type().isClient()) {
            return -1;
        }
        for (Info i : req.info()) {
            if (i.key().equals(Attributes.PROC_PID.key())) {
                try {
                    return Attributes.PROC_PID.get(i.value());
                } catch (PmixException e) {
                    return -1; // a mistyped claim: the search without it
                }
            }
        }
        return -1;
    }

    /** The pid the host started a connecting client as, when it says; -1 otherwise (and for tools). */
    private LongSupplier startedPid(ConnectRequest req) {
        Namespace ns = req.type().isClient() ? namespaces.apply(req.nspace()) : null;
        LocalClient lc = ns == null ? null : ns.client(req.rank());
        return lc == null ? () -> -1 : lc::startedPid;
    }

    /**
     * Why what a peer of this node says of itself (its credential's ids: claimed for native, vouched by
     * munged for munge; and a tool's stated ids) disagrees with what the kernel says, or null when it
     * agrees; also when the kernel could not find the process.
     */
    private static String forgedClaim(ConnectRequest req, NativeCredential cred, KernelIdentity id) {
        if (id.uid() == -1) {
            return "its socket was not in the kernel's table of this node's connections, however often looked for";
        }
        if (!id.processKnown()) {
            return "the process holding its socket (owned by uid " + Integer.toUnsignedString(id.uid())
                    + ") was not found in /proc";
        }
        if (cred.uid() != id.uid() || cred.gid() != id.gid()) {
            return "its " + req.securityModule() + " credential is for uid " + Integer.toUnsignedString(cred.uid()) + " gid "
                    + Integer.toUnsignedString(cred.gid()) + " but the kernel says uid " + Integer.toUnsignedString(id.uid())
                    + " gid " + Integer.toUnsignedString(id.gid());
        }
        if (!req.type().isClient() && (req.uid() != id.uid() || req.gid() != id.gid())) {
            return "it claims uid " + Integer.toUnsignedString(req.uid()) + " gid " + Integer.toUnsignedString(req.gid())
                    + " but the kernel says uid " + Integer.toUnsignedString(id.uid()) + " gid "
                    + Integer.toUnsignedString(id.gid());
        }
        return null;
    }

    /**
     * What we cannot serve: another encoding; a data store other than "hash", or "ds21" (the shared-memory
     * store) for a tool or for a client of a namespace the store does not hold.
     */
    private String checkProtocol(ConnectRequest req) {
        if (!req.bfrops().equals("v41") && !req.bfrops().equals("v4")) {
            return "speaks bfrops module '" + PeerText.quote(req.bfrops()) + "' (library " + PeerText.quote(req.version())
                    + "); pmix4j speaks v41/v4 (PMIx 4.x and later)";
        }
        if (req.gds().equals(SharedStore.MODULE)) {
            if (!req.type().isClient() || !sharedStoreServes.test(req.nspace())) {
                return "chose data-store module '" + SharedStore.MODULE + "', which this server does not offer "
                        + (req.type().isClient() ? "to namespace " + PeerText.quote(req.nspace()) : "to tools")
                        + "; it serves 'hash' (PMIX_GDS_MODULE in the children's environment names what each may choose:"
                        + " was it overridden?)";
            }
        } else if (!req.gds().equals("hash")) {
            return "chose data-store module '" + PeerText.quote(req.gds()) + "'; pmix4j serves 'hash' and, to clients"
                    + " it offers it to, '" + SharedStore.MODULE + "' (PMIX_GDS_MODULE in the children's environment: was it"
                    + " overridden?)";
        }
        return null;
    }

    /**
     * The uid and gid the credential stands for: for munge, those munged vouches for; for native, those the
     * peer states (8 bytes). Null, the connection refused, when the credential is bad.
     */
    private NativeCredential provenIds(Connection c, ConnectRequest req) {
        if (req.securityModule().equals(SecurityPolicy.MUNGE)) {
            try {
                MungeCredentials.Identity id = munge.verify(req.credential());
                return new NativeCredential(id.uid(), id.gid());
            } catch (PmixException e) {
                refuse(c, req.type() + " " + who(req) + ": " + e.getMessage());
                return null;
            }
        }
        NativeCredential cred = NativeCredential.decode(req.credential());
        if (cred == null) {
            refuse(c, who(req) + ": a 'native' credential is 8 bytes, got " + req.credential().length);
        }
        return cred;
    }

    private void acceptClient(Connection c, ConnectRequest req, KernelIdentity id) {
        Namespace ns = namespaces.apply(req.nspace());
        if (ns == null) {
            refuse(c, "client " + who(req) + ": namespace '" + req.nspace() + "' is not registered");
            return;
        }
        LocalClient lc = ns.client(req.rank());
        if (lc == null) {
            refuse(c, "client " + who(req) + ": rank " + Rank.label(req.rank()) + " was not registered as a local client");
            return;
        }
        if (lc.uid() != id.uid() || lc.gid() != id.gid()) {
            refuse(c, "client " + who(req) + ": run by " + id + ", not by the registered uid "
                    + Integer.toUnsignedString(lc.uid()) + " gid " + Integer.toUnsignedString(lc.gid()));
            return;
        }
        // the process the host started, or one it started in turn: a fork/exec agent forks the client
        // (PMIX_FORKEXEC_AGENT). Walked only when the pids differ: a few small /proc reads on the loop, for
        // an agent's client alone
        if (lc.startedPid() > 0 && lc.startedPid() != id.pid()
                && !lineage.isSelfOrDescendant(id.pid(), lc.startedPid())) {
            refuse(c, "client " + who(req) + ": connected from pid " + id.pid() + ", which is neither the process"
                    + " the host started it as (pid " + lc.startedPid() + ") nor a descendant of it");
            return;
        }
        Peer peer = new Peer(c, peers.nextIndex(), lc.proc(), req.type(), req.kind(), req.version(), id.uid(),
                id.gid(), req.gds().equals(SharedStore.MODULE));
        lc.connectedPid(id.pid());
        c.attachment(peer);
        peers.add(peer);
        lc.peer(peer);
        ns.firstClientVersion(req.version());
        c.send(ConnectReply.client(PmixStatus.PMIX_SUCCESS, peer.index()));
        LOG.debug("client {} connected", peer);
        host.clientConnected(lc.proc()).whenCompleteAsync((ok, err) -> {
            if (err != null && !(ServerCore.statusOf(err) == PmixStatus.PMIX_ERR_NOT_SUPPORTED)) {
                LOG.warn("host refused client {}: {}", peer, err.getMessage());
                peer.close("host refused the client");
            }
        }, loop);
    }

    private void acceptTool(Connection c, ConnectRequest req, KernelIdentity id) {
        if (!config.toolSupport()) {
            refuse(c, req.type() + " " + who(req) + ": this server was started without tool support");
            return;
        }
        boolean otherUser = Integer.toUnsignedLong(id.uid()) != serverUid && id.uid() != 0;
        if (otherUser && !host.admitsToolOf(id.uid(), id.gid())) {
            warnings.warn(c.remoteHost(), "tool of another user", req.type() + " " + who(req)
                    + " from " + id + " refused (PMIX_ERR_NO_PERMISSIONS): this server serves tools of uid "
                    + serverUid + " and root only, and its host admits no other user's");
            answerRefusal(c, PmixStatus.PMIX_ERR_NO_PERMISSIONS, "tools of another user are not admitted");
            return;
        }
        if (req.type().sendsId()) {
            String taken = identityTaken(new Proc(req.nspace(), req.rank()), req.type());
            if (taken != null) {
                refuseTool(c, req, "asked for " + taken);
                return;
            }
        }
        List<Info> info = new ArrayList<>(req.info());
        info.add(Attributes.USERID.info(req.uid()));
        info.add(Attributes.GRPID.info(req.gid()));
        info.add(Attributes.VERSION_INFO.info(req.version()));
        if (req.type().sendsId()) {
            info.add(Attributes.NSPACE.info(req.nspace()));
            info.add(Attributes.RANK.info(req.rank()));
        }
        if (req.type().isLauncher()) {
            info.add(Attributes.LAUNCHER.info(true));
        }
        host.toolConnected(info).whenCompleteAsync((assigned, err) -> {
            if (c.isClosed()) {
                return;
            }
            Proc name = assigned;
            if (err != null) {
                int st = ServerCore.statusOf(err);
                if (st == PmixStatus.PMIX_ERR_NOT_SUPPORTED && req.type().sendsId()) {
                    name = new Proc(req.nspace(), req.rank());
                } else {
                    LOG.warn("{} {} refused: {}", req.type(), who(req), err.getMessage());
                    answerRefusal(c, st, "the host refused it: " + err.getMessage());
                    return;
                }
            }
            if (name == null) {
                name = req.type().sendsId() ? new Proc(req.nspace(), req.rank()) : null;
            }
            if (name == null) {
                answerRefusal(c, PmixStatus.PMIX_ERR_BAD_PARAM, "the host named no identity for the tool");
                return;
            }
            // checked again now: another tool may have taken the name while the host was deciding
            String taken = identityTaken(name, req.type());
            if (taken != null) {
                boolean asked = req.type().sendsId() && name.equals(new Proc(req.nspace(), req.rank()));
                refuseTool(c, req, (asked ? "asked for " : "was given by the host ") + taken);
                return;
            }
            Peer peer = new Peer(c, peers.nextIndex(), name, req.type(), req.kind(), req.version(), id.uid(),
                    id.gid(), false);
            c.attachment(peer);
            peers.add(peer);
            listeners.connected(peer, req.info());
            c.send(ConnectReply.tool(req.type().needsId() ? name : null, self, PmixStatus.PMIX_SUCCESS));
            LOG.debug("{} connected", peer);
        }, loop);
    }

    /** Why {@code name} is not free for a tool of this type, or null when it is. */
    private String identityTaken(Proc name, PeerType type) {
        if (name.equals(self)) {
            return name + ", the server's own name";
        }
        for (Peer p : peers.all()) {
            // one that has finalized is leaving: its name is free again (its successor may be quicker
            // to connect than this loop to see the old connection close)
            if (p.proc() != null && p.proc().equals(name) && !p.isFinalized()) {
                return name + ", which the connected " + p + " already has";
            }
        }
        Namespace ns = namespaces.apply(name.nspace());
        boolean launchedByAServer = type == PeerType.TOOL_CLIENT || type == PeerType.LAUNCHER_CLIENT;
        if (ns != null && ns.client(name.rank()) != null && !launchedByAServer) {
            return name + ", the name of a registered client";
        }
        return null;
    }

    /** A tool whose name is taken gets the status, so its PMIx_tool_init fails with it; logged once, at info. */
    private static void refuseTool(Connection c, ConnectRequest req, String why) {
        LOG.info("{} {} refused (PMIX_ERR_EXISTS): it {}", req.type(), who(req), why);
        answerRefusal(c, PmixStatus.PMIX_ERR_EXISTS, "its name is in use");
    }

    /**
     * Tells a tool it is refused, and closes the connection only when it next speaks (or leaves). A libpmix
     * 4.2.2 tool ignores the refusal's status and goes on to ask for its job data; a connection closed
     * before that request is sent leaves its PMIx_tool_init waiting for ever, while one closed on the
     * request makes it fail at once. {@link Refused} marks the connection for {@link ServerCore#onMessage}.
     */
    private static void answerRefusal(Connection c, int status, String why) {
        c.attachment(new Refused(why));
        c.send(ConnectReply.toolRefused(status));
    }

    /** The attachment of a refused tool's connection, kept until the tool speaks or leaves. */
    record Refused(String why) {
    }

    /** Closes a refused connection; the reason is logged once per remote host and minute, then counted. */
    private void refuse(Connection c, String reason) {
        warnings.warn(c.remoteHost(), "refused connection", "refused connection from " + c.remote() + ": " + reason);
        c.close(reason);
    }

    private static String who(ConnectRequest req) {
        return req.nspace() != null ? PeerText.quote(req.nspace()) + ":" + Rank.label(req.rank())
                : "(uid " + Integer.toUnsignedString(req.uid()) + ")";
    }

}
