package org.pmix4j.client.request;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.client.EventHandler;
import org.pmix4j.client.event.EventRegistry;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.message.DeregisterEventsRequest;
import org.pmix4j.wire.message.EventNotification;
import org.pmix4j.wire.message.NotifyRequest;
import org.pmix4j.wire.message.RegisterEventsRequest;

/**
 * Events: our handlers (kept by the {@link EventRegistry}), what the server must be told so that it routes
 * events to us, the events we raise, and those the server sends.
 */
public final class EventRequests {
    private final EventRegistry events;
    private final RequestSender sender;
    private final DataStore store;

    /** @param store where our identity is read, which a tool only learns from its first server */
    public EventRequests(EventRegistry events, RequestSender sender, DataStore store) {
        this.events = events;
        this.sender = sender;
        this.store = store;
    }

    /** PMIx_Register_event_handler: answers the registration's id. */
    public CompletableFuture<Long> register(List<Integer> codes, List<Info> info, EventHandler handler) {
        EventRegistry.Added a = events.add(codes, info, handler);
        if (!a.tellServer() || !sender.isConnected()) {
            return CompletableFuture.completedFuture(a.id());
        }
        return sender.sendForStatus(new RegisterEventsRequest(codes, EventRegistry.serverDirectives(info)),
                "register event handler for " + codes).handle((v, e) -> {
            if (e == null) {
                return a.id();
            }
            Throwable c = Futures.unwrap(e);
            if (c instanceof PmixException p && p.status() == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                // a server without event routing: local events still reach the handler
                return a.id();
            }
            events.remove(a.id());
            throw c instanceof RuntimeException r ? r : new PmixException(PmixStatus.PMIX_ERROR, c.toString(), c);
        });
    }

    /** PMIx_Deregister_event_handler. */
    public CompletableFuture<Void> deregister(long id) {
        List<Integer> gone = events.remove(id);
        if (gone == null) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "no event handler is registered with id " + id);
        }
        ServerConnection c = sender.primary();
        if (!gone.isEmpty() && c != null && c.isOpen()) {
            try {
                // DEREGEVENTS is the one request a server never answers
                c.sendWithoutReply(new DeregisterEventsRequest(gone).payload(c.kind()));
            } catch (PmixException e) {
                // the server is gone, and our registration with it
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    /**
     * PMIx_Notify_event: the server routes it to the processes in {@code range}; our own handlers see it too
     * unless the range excludes us. PMIX_RANGE_PROC_LOCAL stays here.
     */
    public CompletableFuture<Void> notify(int status, Proc source, DataRange range, List<Info> info) {
        Proc src = source == null ? store.self() : source;
        CompletableFuture<Void> sent;
        if (range.code() == DataRange.PROC_LOCAL.code()) {
            sent = CompletableFuture.completedFuture(null);
        } else if (!sender.isConnected()) {
            return Futures.failed(PmixStatus.PMIX_ERR_UNREACH, "not connected: cannot notify event " + status
                    + " to range " + range);
        } else {
            sent = sender.sendForStatus(new NotifyRequest(status, range, info), "notify event " + status);
        }
        if (includesSelf(range, info)) {
            events.deliver(status, src, info);
        }
        return sent;
    }

    private boolean includesSelf(DataRange range, List<Info> info) {
        if (range.code() == DataRange.RM.code()) {
            return false;
        }
        if (range.code() == DataRange.CUSTOM.code()) {
            Optional<DataArray> custom = Attributes.EVENT_CUSTOM_RANGE.find(info);
            if (custom.isPresent()) {
                Proc me = store.self();
                for (Value v : custom.get().elements()) {
                    if (v instanceof Proc p && p.nspace().equals(me.nspace())
                            && (p.rank() == me.rank() || p.rank() == Rank.WILDCARD)) {
                        return true;
                    }
                }
                return false;
            }
        }
        return true;
    }

    /** An event the server sent (tag NOTIFY): to our handlers. */
    public void fromServer(ServerConnection c, byte[] payload) {
        EventNotification e = EventNotification.read(new Unpacker(payload, c.kind()));
        events.deliver(e.code(), e.source(), e.info());
    }

    /** A server connection ended without our asking: handlers of PMIX_ERR_LOST_CONNECTION hear of it. */
    public void connectionLost(ServerConnection c) {
        events.deliver(PmixStatus.PMIX_ERR_LOST_CONNECTION, c.server(),
                List.of(Attributes.EVENT_AFFECTED_PROC.info(c.server())));
    }
}
