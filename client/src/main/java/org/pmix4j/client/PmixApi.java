package org.pmix4j.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.client.event.EventRegistry;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.iof.IofRegistry;
import org.pmix4j.client.net.LocalIdentity;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.client.request.DataReplies;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.client.store.GetQuery;
import org.pmix4j.client.store.KeyLevels;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.message.AllocRequest;
import org.pmix4j.wire.message.ConnectProcsRequest;
import org.pmix4j.wire.message.CredentialReply;
import org.pmix4j.wire.message.DeregisterEventsRequest;
import org.pmix4j.wire.message.DisconnectRequest;
import org.pmix4j.wire.message.EventNotification;
import org.pmix4j.wire.message.GetCredentialRequest;
import org.pmix4j.wire.message.GetRequest;
import org.pmix4j.wire.message.IofDeregisterRequest;
import org.pmix4j.wire.message.IofPullReply;
import org.pmix4j.wire.message.IofPullRequest;
import org.pmix4j.wire.message.IofPushRequest;
import org.pmix4j.wire.message.JobControlRequest;
import org.pmix4j.wire.message.JobInfoRequest;
import org.pmix4j.wire.message.LogRequest;
import org.pmix4j.wire.message.LookupRequest;
import org.pmix4j.wire.message.MonitorRequest;
import org.pmix4j.wire.message.NotifyRequest;
import org.pmix4j.wire.message.PublishRequest;
import org.pmix4j.wire.message.QueryRequest;
import org.pmix4j.wire.message.RegisterEventsRequest;
import org.pmix4j.wire.message.RequestMessage;
import org.pmix4j.wire.message.SpawnRequest;
import org.pmix4j.wire.message.StatusInfosReply;
import org.pmix4j.wire.message.StatusReply;
import org.pmix4j.wire.message.UnpublishRequest;
import org.pmix4j.wire.message.ValidateCredentialRequest;
import org.pmix4j.wire.protocol.Tags;

/**
 * What clients ({@link PmixClient}) and tools ({@link org.pmix4j.client.tool.PmixTool}) both call: Get,
 * Publish/Lookup, Spawn, Connect, events, Query, Log, allocation, job control, monitoring, credentials, peer
 * and node resolution, and IO forwarding. Requests go to the primary server.
 *
 * <p>Every operation comes blocking ({@code get}) and asynchronous ({@code getAsync}, a {@link CompletionStage}
 * completed on the library's own executor, never on its I/O thread). Failures are {@link PmixException}s
 * carrying the PMIx status. Event handlers and IOF handlers run on two executors of their own.
 */
public abstract class PmixApi implements AutoCloseable {
    /** The library version announced to servers; a 4.2 server treats us as a 4.2 peer. */
    public static final String PROTOCOL_VERSION = "4.2.2";

    protected final DataStore store;
    private final DataReplies dataReplies;
    protected final BufferKind kind;
    protected final EventRegistry events;
    protected final IofRegistry iof;
    private final ExecutorService eventExecutor;
    private final ExecutorService iofExecutor;
    private final ExecutorService asyncExecutor;
    private final AtomicBoolean shutdown = new AtomicBoolean();
    private volatile ServerConnection primary;

    protected PmixApi(DataStore store, BufferKind kind, boolean localOutput) {
        this.store = store;
        this.dataReplies = new DataReplies(store);
        this.kind = kind;
        this.eventExecutor = Executors.newSingleThreadExecutor(daemon("pmix4j-events"));
        this.iofExecutor = Executors.newSingleThreadExecutor(daemon("pmix4j-iof"));
        this.asyncExecutor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("pmix4j-async-", 0).factory());
        this.events = new EventRegistry(eventExecutor);
        this.iof = new IofRegistry(iofExecutor, localOutput);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** PMIx_Finalize (clients) or PMIx_tool_finalize (tools). */
    @Override
    public abstract void close();

    // ---- identity and connection ----------------------------------------------------------------

    /** This process's identifier. */
    public Proc self() {
        return store.self();
    }

    /** Our namespace. */
    public String nspace() {
        return self().nspace();
    }

    /** Our rank. */
    public int rank() {
        return self().rank();
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

    protected ServerConnection primary() {
        return primary;
    }

    protected void primary(ServerConnection c) {
        primary = c;
    }

    /** Sends a request record to the primary server and reads the answer with {@code reply}. */
    protected <R> CompletableFuture<R> send(RequestMessage request, Function<Unpacker, R> reply) {
        return send(primary, request, reply);
    }

    protected <R> CompletableFuture<R> send(ServerConnection c, RequestMessage request, Function<Unpacker, R> reply) {
        if (c == null) {
            return Futures.failed(PmixStatus.PMIX_ERR_UNREACH, "not connected to a PMIx server: cannot "
                    + request.command().name().toLowerCase().replace('_', ' '));
        }
        return c.request(request.payload(c.kind())).thenApply(bytes -> reply.apply(new Unpacker(bytes, c.kind())));
    }

    /** {@link #sendForStatus(RequestMessage, String)} on a given connection. */
    protected CompletableFuture<Void> sendForStatus(ServerConnection c, RequestMessage request, String what) {
        return send(c, request, u -> {
            StatusReply.read(u).check(what);
            return null;
        });
    }

    /**
     * Sends a request whose answer is a {@link StatusInfosReply}; answers its infos, or fails with its status,
     * naming {@code what}, unless success.
     */
    protected CompletableFuture<List<Info>> sendForInfos(RequestMessage request, String what) {
        return send(request, u -> {
            StatusInfosReply r = StatusInfosReply.read(u);
            r.check(what);
            return r.infos();
        });
    }

    /** Sends a request whose answer is one STATUS; fails with that status, naming {@code what}, unless success. */
    protected CompletableFuture<Void> sendForStatus(RequestMessage request, String what) {
        return sendForStatus(primary, request, what);
    }

    protected <T> CompletionStage<T> async(CompletableFuture<T> f) {
        return Futures.handOver(f, asyncExecutor);
    }

    protected Executor asyncExecutor() {
        return asyncExecutor;
    }

    /** The listener every server connection of this process uses: events, output, loss. */
    protected ServerConnection.Listener listener() {
        return new ServerConnection.Listener() {
            @Override
            public void onMessage(ServerConnection c, int tag, byte[] payload) {
                try {
                    if (tag == Tags.NOTIFY) {
                        eventFromServer(c, payload);
                    } else if (tag == Tags.IOF) {
                        iof.deliver(payload, c.kind());
                    }
                } catch (RuntimeException e) {
                    System.err.println("pmix4j: dropped a malformed message on tag " + tag + " from " + c.server()
                            + ": " + e.getMessage());
                }
            }

            @Override
            public void onClosed(ServerConnection c, boolean requested) {
                connectionClosed(c, requested);
            }
        };
    }

    private void eventFromServer(ServerConnection c, byte[] payload) {
        EventNotification e = EventNotification.read(new Unpacker(payload, c.kind()));
        events.deliver(e.code(), e.source(), e.info());
    }

    /**
     * REQ_JOB_INFO, the first request on a connection: files the job data the server answers and answers the
     * namespace it names.
     *
     * @param expected the namespace the reply must name, or {@code null} to take what it says (a tool that
     *                 has just been given one)
     */
    protected CompletableFuture<String> requestJobInfo(ServerConnection c, String expected) {
        return send(c, new JobInfoRequest(), u -> dataReplies.jobInfo(u, expected));
    }

    /** A server connection ended; unless we closed it, handlers of PMIX_ERR_LOST_CONNECTION hear of it. */
    protected void connectionClosed(ServerConnection c, boolean requested) {
        if (primary == c) {
            primary = null;
        }
        if (!requested && !shutdown.get()) {
            events.deliver(PmixStatus.PMIX_ERR_LOST_CONNECTION, c.server(),
                    List.of(Attributes.EVENT_AFFECTED_PROC.info(c.server())));
        }
    }

    /** Stops the executors; the subclasses close their connections first. */
    protected void shutdownExecutors() {
        if (shutdown.compareAndSet(false, true)) {
            eventExecutor.shutdown();
            iofExecutor.shutdown();
            asyncExecutor.shutdown();
        }
    }

    protected boolean isShutdown() {
        return shutdown.get();
    }

    /**
     * A launcher asked us to stop in init for a debugger (job-level PMIX_DEBUG_STOP_IN_INIT, for all ranks or
     * ours): tell the host we are ready (PMIX_READY_FOR_DEBUG) and wait for PMIX_DEBUGGER_RELEASE.
     */
    protected void stopInInitIfAsked() {
        Optional<Value> v = store.find(Proc.wildcard(nspace()), Attributes.DEBUG_STOP_IN_INIT.key(), GetQuery.NONE);
        if (v.isEmpty() || !stopsRank(v.get(), rank())) {
            return;
        }
        CompletableFuture<Void> released = new CompletableFuture<>();
        registerEventHandler(List.of(PmixStatus.PMIX_DEBUGGER_RELEASE),
                List.of(Attributes.EVENT_HDLR_NAME.info("WAIT-FOR-DEBUGGER"), Attributes.EVENT_ONESHOT.info(true)),
                e -> {
                    released.complete(null);
                    return EventOutcome.COMPLETE;
                });
        notifyRaw(PmixStatus.PMIX_READY_FOR_DEBUG, self(), DataRange.RM,
                List.of(Attributes.EVENT_NON_DEFAULT.info(true), Attributes.BREAKPOINT.info("pmix-init")));
        Futures.await(released);
    }

    private static boolean stopsRank(Value v, int rank) {
        return switch (v) {
            case Value.Bool b -> b.value();
            case Value.Undef u -> true;
            case Rank r -> r.value() == Rank.WILDCARD || r.value() == rank;
            default -> {
                try {
                    int r = Attributes.NODEID.get(v);
                    yield r == Rank.WILDCARD || r == rank;
                } catch (PmixException e) {
                    yield true;
                }
            }
        };
    }

    // ---- Get ------------------------------------------------------------------------------------

    /**
     * PMIx_Get: the value of {@code key} for {@code proc} ({@code null} or an empty namespace means ours).
     * Job information and data already fetched are answered here; anything else is asked of the server,
     * which may wait until the process commits it (PMIX_TIMEOUT bounds the wait, PMIX_IMMEDIATE forbids it,
     * PMIX_OPTIONAL forbids asking at all). A {@code null} key asks for all data of the process, as an array
     * of infos.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_NOT_FOUND} when there is no such value
     */
    public Value get(Proc proc, String key, Info... directives) {
        return Futures.await(getRaw(proc, key, List.of(directives)));
    }

    public Value get(Proc proc, String key, List<Info> directives) {
        return Futures.await(getRaw(proc, key, directives));
    }

    /** Get with the attribute's typed value, e.g. {@code get(wildcard, Attributes.JOB_SIZE)}. */
    public <T> T get(Proc proc, Attribute<T> attribute, Info... directives) {
        return attribute.get(get(proc, attribute.key(), directives));
    }

    public CompletionStage<Value> getAsync(Proc proc, String key, List<Info> directives) {
        return async(getRaw(proc, key, directives));
    }

    public <T> CompletionStage<T> getAsync(Proc proc, Attribute<T> attribute, List<Info> directives) {
        return async(getRaw(proc, attribute.key(), directives).thenApply(attribute::get));
    }

    /** A job-level value of our own namespace (rank WILDCARD), typed. */
    public <T> T jobValue(Attribute<T> attribute) {
        return get(Proc.wildcard(nspace()), attribute);
    }

    /** Our job's size (PMIX_JOB_SIZE). */
    public int jobSize() {
        return jobValue(Attributes.JOB_SIZE);
    }

    /** The processes of our job on this node (PMIX_LOCAL_PEERS), in rank order. */
    public List<Proc> localPeers() {
        return peersOf(nspace(), Attributes.LOCAL_PEERS.get(get(Proc.wildcard(nspace()), Attributes.LOCAL_PEERS.key())));
    }

    protected CompletableFuture<Value> getRaw(Proc proc, String key, List<Info> directives) {
        Proc self = self();
        Proc target = proc == null ? self
                : proc.nspace().isEmpty() ? new Proc(self.nspace(), proc.rank()) : proc;
        GetQuery q = GetQuery.of(directives);
        if (!q.refresh()) {
            Optional<Value> v = store.find(target, key, q);
            if (v.isPresent()) {
                return CompletableFuture.completedFuture(v.get());
            }
            if (q.optional()) {
                return notFound(target, key, " (PMIX_OPTIONAL: the server was not asked)");
            }
        }
        if (!isConnected()) {
            return notFound(target, key, " and no server to ask");
        }
        boolean reserved = key == null || KeyLevels.isReserved(key);
        Proc ask = target;
        List<Info> dirs = directives;
        if (reserved && !q.refresh()) {
            if (!target.nspace().equals(self.nspace()) && !store.knows(target.nspace())) {
                // we know nothing of that job yet: its job-level data comes first
                ask = Proc.wildcard(target.nspace());
            } else if (!q.immediate()) {
                // reserved keys come with the job information; if it lacks one, do not let the server wait
                dirs = with(directives, Attributes.IMMEDIATE.info(true));
            }
        }
        Proc asked = ask;
        List<Info> askedDirs = dirs;
        return fetch(ask, key, dirs).thenCompose(x -> {
            Optional<Value> v = store.find(target, key, q);
            if (v.isPresent()) {
                return CompletableFuture.completedFuture(v.get());
            }
            if (!asked.equals(target) && Rank.isValid(target.rank())) {
                return fetch(target, key, with(askedDirs, Attributes.IMMEDIATE.info(true)))
                        .thenCompose(y -> store.find(target, key, q).map(CompletableFuture::completedFuture)
                                .orElseGet(() -> notFound(target, key, "")));
            }
            return notFound(target, key, "");
        });
    }

    /** Asks the server for the target's data (the key, or all of it) and files everything it answers. */
    private CompletableFuture<Void> fetch(Proc target, String key, List<Info> directives) {
        return send(new GetRequest(target, directives, key), u -> dataReplies.get(u, target, key));
    }

    private static <T> CompletableFuture<T> notFound(Proc target, String key, String why) {
        return Futures.failed(PmixStatus.PMIX_ERR_NOT_FOUND, (key == null ? "no data" : "no value for '" + key + "'")
                + " of " + target + why);
    }

    protected static List<Info> with(List<Info> infos, Info extra) {
        List<Info> out = new ArrayList<>(infos);
        out.add(extra);
        return out;
    }

    /** "0,1,3" (ranges such as "4-6" too) as processes of {@code nspace}. */
    protected static List<Proc> peersOf(String nspace, String list) {
        List<Proc> out = new ArrayList<>();
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String part : list.split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            if (dash > 0) {
                int lo = Integer.parseInt(p.substring(0, dash));
                int hi = Integer.parseInt(p.substring(dash + 1));
                for (int r = lo; r <= hi; r++) {
                    out.add(new Proc(nspace, r));
                }
            } else if (!p.isEmpty()) {
                out.add(new Proc(nspace, Integer.parseUnsignedInt(p)));
            }
        }
        return out;
    }

    // ---- publish / lookup -----------------------------------------------------------------------

    /** PMIx_Publish: makes the data visible to Lookup (directives such as PMIX_RANGE go in the same list). */
    public void publish(List<Info> data) {
        Futures.await(publishRaw(data));
    }

    public CompletionStage<Void> publishAsync(List<Info> data) {
        return async(publishRaw(data));
    }

    private CompletableFuture<Void> publishRaw(List<Info> data) {
        return sendForStatus(new PublishRequest(LocalIdentity.current().uid(), data), "publish");
    }

    /**
     * PMIx_Lookup: the published data for these keys. PMIX_WAIT makes the server wait until they are
     * published; without it, missing keys are simply absent (all missing: PMIX_ERR_NOT_FOUND).
     */
    public List<PublishedData> lookup(List<String> keys, Info... directives) {
        return Futures.await(lookupRaw(keys, List.of(directives)));
    }

    public CompletionStage<List<PublishedData>> lookupAsync(List<String> keys, List<Info> directives) {
        return async(lookupRaw(keys, directives));
    }

    private CompletableFuture<List<PublishedData>> lookupRaw(List<String> keys, List<Info> directives) {
        return send(new LookupRequest(LocalIdentity.current().uid(), keys, directives),
                u -> DataReplies.lookup(u, keys));
    }

    /** PMIx_Unpublish: withdraws our data for these keys (an empty list: all of it). */
    public void unpublish(List<String> keys, Info... directives) {
        Futures.await(unpublishRaw(keys, List.of(directives)));
    }

    public CompletionStage<Void> unpublishAsync(List<String> keys, List<Info> directives) {
        return async(unpublishRaw(keys, directives));
    }

    private CompletableFuture<Void> unpublishRaw(List<String> keys, List<Info> directives) {
        return sendForStatus(new UnpublishRequest(LocalIdentity.current().uid(), keys, directives),
                "unpublish of " + keys);
    }

    // ---- spawn, connect --------------------------------------------------------------------------

    /** PMIx_Spawn: starts a job; answers its namespace. */
    public String spawn(List<Info> jobInfo, List<App> apps) {
        return Futures.await(spawnRaw(jobInfo, apps));
    }

    public CompletionStage<String> spawnAsync(List<Info> jobInfo, List<App> apps) {
        return async(spawnRaw(jobInfo, apps));
    }

    private CompletableFuture<String> spawnRaw(List<Info> jobInfo, List<App> apps) {
        if (apps.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "spawn needs at least one application");
        }
        // the new job's data comes along when its server has it, so that Gets about it need no round trip
        return send(new SpawnRequest(jobInfo, apps), u -> dataReplies.spawn(u, apps));
    }

    /** PMIx_Connect: a collective that makes the processes' jobs known to each other. */
    public void connect(List<Proc> procs, Info... directives) {
        Futures.await(connectRaw(procs, List.of(directives), false));
    }

    public CompletionStage<Void> connectAsync(List<Proc> procs, List<Info> directives) {
        return async(connectRaw(procs, directives, false));
    }

    /** PMIx_Disconnect: the collective that ends a connect. */
    public void disconnect(List<Proc> procs, Info... directives) {
        Futures.await(connectRaw(procs, List.of(directives), true));
    }

    public CompletionStage<Void> disconnectAsync(List<Proc> procs, List<Info> directives) {
        return async(connectRaw(procs, directives, true));
    }

    private CompletableFuture<Void> connectRaw(List<Proc> procs, List<Info> directives, boolean disconnect) {
        if (procs.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, (disconnect ? "disconnect" : "connect")
                    + " needs the processes taking part");
        }
        if (disconnect) {
            return sendForStatus(new DisconnectRequest(procs, directives), "disconnect from " + procs);
        }
        return send(new ConnectProcsRequest(procs, directives), u -> dataReplies.connect(u, procs));
    }

    // ---- events ---------------------------------------------------------------------------------

    /**
     * PMIx_Register_event_handler: calls {@code handler} for events with one of these codes (none: every
     * event not marked non-default). The server is told when it must route new codes to us; answers the
     * registration's id.
     */
    public long registerEventHandler(List<Integer> codes, List<Info> info, EventHandler handler) {
        return Futures.await(registerRaw(codes, info, handler));
    }

    public CompletionStage<Long> registerEventHandlerAsync(List<Integer> codes, List<Info> info, EventHandler handler) {
        return async(registerRaw(codes, info, handler));
    }

    private CompletableFuture<Long> registerRaw(List<Integer> codes, List<Info> info, EventHandler handler) {
        EventRegistry.Added a = events.add(codes, info, handler);
        if (!a.tellServer() || !isConnected()) {
            return CompletableFuture.completedFuture(a.id());
        }
        return sendForStatus(new RegisterEventsRequest(codes, EventRegistry.serverDirectives(info)),
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
    public void deregisterEventHandler(long id) {
        Futures.await(deregisterRaw(id));
    }

    public CompletionStage<Void> deregisterEventHandlerAsync(long id) {
        return async(deregisterRaw(id));
    }

    private CompletableFuture<Void> deregisterRaw(long id) {
        List<Integer> gone = events.remove(id);
        if (gone == null) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "no event handler is registered with id " + id);
        }
        ServerConnection c = primary;
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
     * PMIx_Notify_event: raises an event. The server routes it to the processes in {@code range}; our own
     * handlers see it too unless the range excludes us (PMIX_RANGE_RM). PMIX_RANGE_PROC_LOCAL stays here.
     */
    public void notifyEvent(int status, Proc source, DataRange range, List<Info> info) {
        Futures.await(notifyRaw(status, source, range, info));
    }

    public CompletionStage<Void> notifyEventAsync(int status, Proc source, DataRange range, List<Info> info) {
        return async(notifyRaw(status, source, range, info));
    }

    protected CompletableFuture<Void> notifyRaw(int status, Proc source, DataRange range, List<Info> info) {
        Proc src = source == null ? self() : source;
        CompletableFuture<Void> sent;
        if (range.code() == DataRange.PROC_LOCAL.code()) {
            sent = CompletableFuture.completedFuture(null);
        } else if (!isConnected()) {
            return Futures.failed(PmixStatus.PMIX_ERR_UNREACH, "not connected: cannot notify event " + status
                    + " to range " + range);
        } else {
            sent = sendForStatus(new NotifyRequest(status, range, info), "notify event " + status);
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
                Proc me = self();
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

    // ---- query, log, allocation, job control, monitoring ------------------------------------------

    /** PMIx_Query_info: answers the results, each keyed by the query key. */
    public List<Info> query(List<Query> queries) {
        return Futures.await(queryRaw(queries));
    }

    public CompletionStage<List<Info>> queryAsync(List<Query> queries) {
        return async(queryRaw(queries));
    }

    private CompletableFuture<List<Info>> queryRaw(List<Query> queries) {
        if (queries.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "query needs at least one query");
        }
        return send(new QueryRequest(queries), DataReplies::query);
    }

    /** PMIx_Log: hands the data (e.g. PMIX_LOG_STDERR) to the host's logging channels. */
    public void log(List<Info> data, List<Info> directives) {
        Futures.await(logRaw(data, directives));
    }

    public CompletionStage<Void> logAsync(List<Info> data, List<Info> directives) {
        return async(logRaw(data, directives));
    }

    private CompletableFuture<Void> logRaw(List<Info> data, List<Info> directives) {
        long ts = Attributes.LOG_TIMESTAMP.find(directives).orElse(0L);
        return sendForStatus(new LogRequest(ts, data, directives), "log");
    }

    /** PMIx_Allocation_request. */
    public List<Info> allocationRequest(AllocDirective directive, List<Info> info) {
        return Futures.await(sendForInfos(new AllocRequest(directive, info), "allocation request"));
    }

    public CompletionStage<List<Info>> allocationRequestAsync(AllocDirective directive, List<Info> info) {
        return async(sendForInfos(new AllocRequest(directive, info), "allocation request"));
    }

    /** PMIx_Job_control: directives (pause, kill, signal, cleanup ...) for these processes. */
    public List<Info> jobControl(List<Proc> targets, List<Info> directives) {
        return Futures.await(sendForInfos(new JobControlRequest(targets, directives), "job control"));
    }

    public CompletionStage<List<Info>> jobControlAsync(List<Proc> targets, List<Info> directives) {
        return async(sendForInfos(new JobControlRequest(targets, directives), "job control"));
    }

    /** PMIx_Process_monitor: asks the host to watch us (heartbeats, files) and raise {@code error} on failure. */
    public List<Info> processMonitor(Info monitor, int error, List<Info> directives) {
        return Futures.await(sendForInfos(new MonitorRequest(monitor, error, directives),
                "process monitor " + monitor.key()));
    }

    public CompletionStage<List<Info>> processMonitorAsync(Info monitor, int error, List<Info> directives) {
        return async(sendForInfos(new MonitorRequest(monitor, error, directives),
                "process monitor " + monitor.key()));
    }

    /** PMIx_Heartbeat: one beat for a PMIX_MONITOR_HEARTBEAT monitor (an empty message on tag 1). */
    public void heartbeat() {
        ServerConnection c = primary;
        if (c == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "not connected: no heartbeat to send");
        }
        c.send(Tags.HEARTBEAT, new byte[0]);
    }

    // ---- credentials ------------------------------------------------------------------------------

    /** PMIx_Get_credential. */
    public Credential getCredential(List<Info> directives) {
        return Futures.await(credentialRaw(directives));
    }

    public CompletionStage<Credential> getCredentialAsync(List<Info> directives) {
        return async(credentialRaw(directives));
    }

    private CompletableFuture<Credential> credentialRaw(List<Info> directives) {
        return send(new GetCredentialRequest(directives), u -> {
            CredentialReply r = CredentialReply.read(u);
            r.check("get credential");
            return new Credential(r.credential(), r.info());
        });
    }

    /** PMIx_Validate_credential: succeeds when the host accepts it, answering what it says about it. */
    public List<Info> validateCredential(ByteObject credential, List<Info> directives) {
        return Futures.await(sendForInfos(new ValidateCredentialRequest(credential, directives),
                "validate credential"));
    }

    public CompletionStage<List<Info>> validateCredentialAsync(ByteObject credential, List<Info> directives) {
        return async(sendForInfos(new ValidateCredentialRequest(credential, directives),
                "validate credential"));
    }

    // ---- resolution -------------------------------------------------------------------------------

    /**
     * PMIx_Resolve_peers: the processes of {@code nspace} ({@code null}: every namespace we know) on the node
     * {@code nodename} ({@code null}: this node).
     */
    public List<Proc> resolvePeers(String nodename, String nspace) {
        return Futures.await(resolvePeersRaw(nodename, nspace));
    }

    public CompletionStage<List<Proc>> resolvePeersAsync(String nodename, String nspace) {
        return async(resolvePeersRaw(nodename, nspace));
    }

    private CompletableFuture<List<Proc>> resolvePeersRaw(String nodename, String nspace) {
        List<String> namespaces = nspace == null || nspace.isEmpty() ? store.namespaces() : List.of(nspace);
        List<Info> qual = nodename == null ? List.of() : List.of(Attributes.HOSTNAME.info(nodename));
        List<CompletableFuture<List<Proc>>> parts = new ArrayList<>();
        for (String ns : namespaces) {
            parts.add(getRaw(Proc.wildcard(ns), Attributes.LOCAL_PEERS.key(), qual)
                    .thenApply(v -> peersOf(ns, Attributes.LOCAL_PEERS.get(v)))
                    .exceptionally(e -> namespaces.size() > 1 ? List.of() : null));
        }
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).thenCompose(x -> {
            List<Proc> out = new ArrayList<>();
            for (CompletableFuture<List<Proc>> p : parts) {
                List<Proc> l = p.join();
                if (l != null) {
                    out.addAll(l);
                }
            }
            if (out.isEmpty() && parts.stream().anyMatch(p -> p.join() == null)) {
                return Futures.failed(PmixStatus.PMIX_ERR_NOT_FOUND, "no processes of " + namespaces + " known on "
                        + (nodename == null ? "this node" : "node " + nodename));
            }
            return CompletableFuture.completedFuture(out);
        });
    }

    /** PMIx_Resolve_nodes: the nodes a namespace ({@code null}: ours) runs on. */
    public List<String> resolveNodes(String nspace) {
        return Futures.await(resolveNodesRaw(nspace));
    }

    public CompletionStage<List<String>> resolveNodesAsync(String nspace) {
        return async(resolveNodesRaw(nspace));
    }

    private CompletableFuture<List<String>> resolveNodesRaw(String nspace) {
        String ns = nspace == null || nspace.isEmpty() ? nspace() : nspace;
        return getRaw(Proc.wildcard(ns), Attributes.NODE_LIST.key(), List.of())
                .thenApply(v -> Arrays.stream(Attributes.NODE_LIST.get(v).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList());
    }

    // ---- IO forwarding ----------------------------------------------------------------------------

    /**
     * PMIx_IOF_pull: asks for the output of {@code sources} on {@code channels} (bits of
     * {@link org.pmix4j.api.IofChannel}); {@code handler} receives it. Answers the id to deregister with.
     */
    public long iofPull(List<Proc> sources, int channels, List<Info> directives, IofHandler handler) {
        return Futures.await(iofPullRaw(sources, channels, directives, handler));
    }

    public CompletionStage<Long> iofPullAsync(List<Proc> sources, int channels, List<Info> directives,
            IofHandler handler) {
        return async(iofPullRaw(sources, channels, directives, handler));
    }

    private CompletableFuture<Long> iofPullRaw(List<Proc> sources, int channels, List<Info> directives,
            IofHandler handler) {
        long id = iof.nextId();
        // registered first: output may follow the reply at once
        iof.add(id, handler, -1);
        return send(new IofPullRequest(sources, directives, channels, id), u -> {
            IofPullReply r = IofPullReply.read(u);
            r.check("IOF pull from " + sources);
            return r.serverId();
        }).handle((serverId, e) -> {
            if (e != null) {
                iof.remove(id);
                Throwable c = Futures.unwrap(e);
                throw c instanceof RuntimeException r ? r : new PmixException(PmixStatus.PMIX_ERROR, c.toString(), c);
            }
            iof.add(id, handler, serverId);
            return id;
        });
    }

    /** PMIx_IOF_deregister. */
    public void iofDeregister(long id, List<Info> directives) {
        Futures.await(iofDeregisterRaw(id, directives));
    }

    public CompletionStage<Void> iofDeregisterAsync(long id, List<Info> directives) {
        return async(iofDeregisterRaw(id, directives));
    }

    private CompletableFuture<Void> iofDeregisterRaw(long id, List<Info> directives) {
        IofRegistry.Pull p = iof.remove(id);
        if (p == null) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "no IOF request with id " + id);
        }
        return sendForStatus(new IofDeregisterRequest(directives, p.serverId()), "IOF deregistration");
    }

    /** PMIx_IOF_push: sends bytes to the stdin of {@code targets}; {@code null} data signals end of input. */
    public void iofPush(List<Proc> targets, byte[] data, List<Info> directives) {
        Futures.await(iofPushRaw(targets, data, directives));
    }

    public CompletionStage<Void> iofPushAsync(List<Proc> targets, byte[] data, List<Info> directives) {
        return async(iofPushRaw(targets, data, directives));
    }

    private CompletableFuture<Void> iofPushRaw(List<Proc> targets, byte[] data, List<Info> directives) {
        return sendForStatus(new IofPushRequest(targets, directives, data == null ? null : new ByteObject(data)),
                "IOF push to " + targets);
    }

    // ---- data helpers -----------------------------------------------------------------------------

    /** A fresh buffer for PMIx_Data_pack / PMIx_Data_unpack, in the encoding of our server. */
    public DataBuffer newDataBuffer() {
        return new DataBuffer(kind);
    }
}
