package org.pmix4j.client.request;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.message.RequestMessage;
import org.pmix4j.wire.message.StatusInfosReply;
import org.pmix4j.wire.message.StatusReply;

/**
 * The primary server, which serves our requests, and the sending of request records to it (or to a given
 * connection) with the reading of their replies. The primary changes as connections come and go (a tool may
 * hold several), so it is read afresh for every request.
 */
public final class RequestSender {
    private volatile ServerConnection primary;

    /** The connection to the primary server, or {@code null} when there is none. */
    public ServerConnection primary() {
        return primary;
    }

    public void primary(ServerConnection c) {
        primary = c;
    }

    /** Forgets the primary if it is {@code c} (a connection that ended). */
    public void forget(ServerConnection c) {
        if (primary == c) {
            primary = null;
        }
    }

    /** True while a server serves our requests. */
    public boolean isConnected() {
        ServerConnection c = primary;
        return c != null && c.isOpen();
    }

    /** The server that serves our requests, if any. */
    public Optional<Proc> server() {
        ServerConnection c = primary;
        return c == null ? Optional.empty() : Optional.of(c.server());
    }

    /** Sends a request record to the primary server and reads the answer with {@code reply}. */
    public <R> CompletableFuture<R> send(RequestMessage request, Function<Unpacker, R> reply) {
        return send(primary, request, reply);
    }

    /** Sends a request record over {@code c} and reads the answer with {@code reply}. */
    public <R> CompletableFuture<R> send(ServerConnection c, RequestMessage request, Function<Unpacker, R> reply) {
        if (c == null) {
            return Futures.failed(PmixStatus.PMIX_ERR_UNREACH, "not connected to a PMIx server: cannot "
                    + request.command().name().toLowerCase().replace('_', ' '));
        }
        return c.request(request.payload(c.kind())).thenApply(bytes -> reply.apply(new Unpacker(bytes, c.kind())));
    }

    /** Sends a request whose answer is one STATUS; fails with that status, naming {@code what}, unless success. */
    public CompletableFuture<Void> sendForStatus(RequestMessage request, String what) {
        return sendForStatus(primary, request, what);
    }

    /** {@link #sendForStatus(RequestMessage, String)} on a given connection. */
    public CompletableFuture<Void> sendForStatus(ServerConnection c, RequestMessage request, String what) {
        return send(c, request, u -> {
            StatusReply.read(u).check(what);
            return null;
        });
    }

    /**
     * Sends a request whose answer is a {@link StatusInfosReply}; answers its infos, or fails with its status,
     * naming {@code what}, unless success.
     */
    public CompletableFuture<List<Info>> sendForInfos(RequestMessage request, String what) {
        return send(request, u -> {
            StatusInfosReply r = StatusInfosReply.read(u);
            r.check(what);
            return r.infos();
        });
    }
}
