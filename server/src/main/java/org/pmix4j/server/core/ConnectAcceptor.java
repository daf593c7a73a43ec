package org.pmix4j.server.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.ServerConfig;
import org.pmix4j.server.net.Connection;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.protocol.ConnectReply;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.NativeCredential;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a connecting process may in, and answers its connect request.
 *
 * <p>A client must belong to a registered namespace, be a registered rank of it, and present the uid and
 * gid the host registered it with; a tool must present a credential that matches the uid and gid it
 * claims, and the host must accept it (and name it, if it has no name). As libpmix does, a refused client
 * gets no answer, the socket is just closed; the reason goes to the log, and every other peer is served
 * as before.
 */
final class ConnectAcceptor {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectAcceptor.class);

    private final ServerConfig config;
    private final HostModule host;
    private final Executor loop;
    private final Proc self;
    private final Function<String, Namespace> namespaces;
    private final PeerTable peers;
    private final PeerListeners listeners;

    ConnectAcceptor(ServerConfig config, HostModule host, Executor loop, Function<String, Namespace> namespaces,
            PeerTable peers, PeerListeners listeners) {
        this.config = config;
        this.host = host;
        this.loop = loop;
        this.self = new Proc(config.nspace(), config.rank());
        this.namespaces = namespaces;
        this.peers = peers;
        this.listeners = listeners;
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
        NativeCredential cred = NativeCredential.decode(req.credential());
        if (cred == null) {
            refuse(c, who(req) + ": a 'native' credential is 8 bytes, got " + req.credential().length);
            return;
        }
        if (req.type().isClient()) {
            acceptClient(c, req, cred);
        } else {
            acceptTool(c, req, cred);
        }
    }

    /** What we cannot serve: another encoding, the shared-memory data store, another security module. */
    private static String checkProtocol(ConnectRequest req) {
        if (!req.bfrops().equals("v41") && !req.bfrops().equals("v4")) {
            return "speaks bfrops module '" + req.bfrops() + "' (library " + req.version()
                    + "); pmix4j speaks v41/v4 (PMIx 4.x and later)";
        }
        if (!req.gds().equals("hash")) {
            return "chose data-store module '" + req.gds() + "'; pmix4j serves only 'hash' (the server sets"
                    + " PMIX_GDS_MODULE=hash in its children's environment: was it overridden?)";
        }
        if (!req.securityModule().equals(NativeCredential.MODULE)) {
            return "used security module '" + req.securityModule() + "'; pmix4j accepts only 'native'";
        }
        return null;
    }

    private void acceptClient(Connection c, ConnectRequest req, NativeCredential cred) {
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
        if (lc.uid() != cred.uid() || lc.gid() != cred.gid()) {
            refuse(c, "client " + who(req) + ": credential uid " + Integer.toUnsignedString(cred.uid()) + " gid "
                    + Integer.toUnsignedString(cred.gid()) + " differs from the registered uid " + Integer.toUnsignedString(lc.uid())
                    + " gid " + Integer.toUnsignedString(lc.gid()));
            return;
        }
        Peer peer = new Peer(c, peers.nextIndex(), lc.proc(), req.type(), req.kind(), req.version(), cred.uid(),
                cred.gid());
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

    private void acceptTool(Connection c, ConnectRequest req, NativeCredential cred) {
        if (!config.toolSupport()) {
            refuse(c, req.type() + " " + who(req) + ": this server was started without tool support");
            return;
        }
        if (cred.uid() != req.uid() || cred.gid() != req.gid()) {
            refuse(c, req.type() + " " + who(req) + ": credential uid/gid " + Integer.toUnsignedString(cred.uid()) + "/"
                    + Integer.toUnsignedString(cred.gid()) + " differ from the claimed " + Integer.toUnsignedString(req.uid())
                    + "/" + Integer.toUnsignedString(req.gid()));
            return;
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
                    c.send(ConnectReply.toolRefused(st));
                    c.closeAfterFlush("tool refused");
                    return;
                }
            }
            if (name == null) {
                name = req.type().sendsId() ? new Proc(req.nspace(), req.rank()) : null;
            }
            if (name == null) {
                c.send(ConnectReply.toolRefused(PmixStatus.PMIX_ERR_BAD_PARAM));
                c.closeAfterFlush("the host named no identity for the tool");
                return;
            }
            Peer peer = new Peer(c, peers.nextIndex(), name, req.type(), req.kind(), req.version(), req.uid(),
                    req.gid());
            c.attachment(peer);
            peers.add(peer);
            listeners.connected(peer, req.info());
            c.send(ConnectReply.tool(req.type().needsId() ? name : null, self, PmixStatus.PMIX_SUCCESS));
            LOG.debug("{} connected", peer);
        }, loop);
    }

    private void refuse(Connection c, String reason) {
        LOG.warn("refused connection from {}: {}", c.remote(), reason);
        c.close(reason);
    }

    private static String who(ConnectRequest req) {
        return req.nspace() != null ? req.nspace() + ":" + Rank.label(req.rank()) : "(uid " + req.uid() + ")";
    }

}
