package org.pmix4j.client;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.event.EventRegistry;
import org.pmix4j.client.internal.ClientExecutors;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.iof.IofRegistry;
import org.pmix4j.client.iof.OutputFormat;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.client.request.CredentialRequests;
import org.pmix4j.client.request.DataReplies;
import org.pmix4j.client.request.DebuggerStop;
import org.pmix4j.client.request.EventRequests;
import org.pmix4j.client.request.IoForwarding;
import org.pmix4j.client.request.KeyValueExchange;
import org.pmix4j.client.request.PeerResolution;
import org.pmix4j.client.request.ProcessManagement;
import org.pmix4j.client.request.PublishLookup;
import org.pmix4j.client.request.QueriesAndLogging;
import org.pmix4j.client.request.RequestSender;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.protocol.Tags;

/**
 * What clients ({@link PmixClient}) and tools ({@link org.pmix4j.client.tool.PmixTool}) both call: Get,
 * Publish/Lookup, Spawn, Connect, events, Query, Log, allocation, job control, monitoring, credentials, peer
 * and node resolution, and IO forwarding. Requests go to the primary server.
 *
 * <p>Every operation comes blocking ({@code get}) and asynchronous ({@code getAsync}, a {@link CompletionStage}
 * completed on the library's own executor, never on its I/O thread). Failures are {@link PmixException}s
 * carrying the PMIx status. Event handlers and IOF handlers run on two executors of their own.
 *
 * <p>This class is the public face: each operation is carried out by the {@code org.pmix4j.client.request}
 * class of its concern, which answers a future; here it is waited for, or handed over to the async executor.
 */
public abstract class PmixApi implements AutoCloseable {
    /** The library version announced to servers; a 4.2 server treats us as a 4.2 peer. */
    public static final String PROTOCOL_VERSION = "4.2.2";

    protected final DataStore store;
    protected final EventRegistry events;
    /** The primary server, and how requests reach it. */
    protected final RequestSender sender;
    private final BufferKind kind;
    private final IofRegistry iof;
    private final ClientExecutors executors = new ClientExecutors();
    private final KeyValueExchange values;
    private final PeerResolution resolution;
    private final PublishLookup publishing;
    private final ProcessManagement processes;
    private final EventRequests eventRequests;
    private final DebuggerStop debuggerStop;
    private final QueriesAndLogging queriesAndLogging;
    private final CredentialRequests credentials;
    private final IoForwarding forwarding;

    protected PmixApi(DataStore store, BufferKind kind, boolean localOutput) {
        this.store = store;
        this.kind = kind;
        this.sender = new RequestSender();
        this.events = new EventRegistry(executors.events());
        this.iof = new IofRegistry(executors.iof(), localOutput);
        DataReplies replies = new DataReplies(store);
        this.values = new KeyValueExchange(store, sender, replies);
        this.resolution = new PeerResolution(store, values);
        this.publishing = new PublishLookup(sender);
        this.processes = new ProcessManagement(sender, replies);
        this.eventRequests = new EventRequests(events, sender, store);
        this.debuggerStop = new DebuggerStop(store, eventRequests);
        this.queriesAndLogging = new QueriesAndLogging(sender);
        this.credentials = new CredentialRequests(sender);
        this.forwarding = new IoForwarding(iof, sender);
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
        return sender.isConnected();
    }

    /** The server that serves our requests, if any. */
    public Optional<Proc> server() {
        return sender.server();
    }

    protected <T> CompletionStage<T> async(CompletableFuture<T> f) {
        return executors.handOver(f);
    }

    /** The listener every server connection of this process uses: events, output, loss. */
    protected ServerConnection.Listener listener() {
        return new ServerConnection.Listener() {
            @Override
            public void onMessage(ServerConnection c, int tag, byte[] payload) {
                try {
                    if (tag == Tags.NOTIFY) {
                        eventRequests.fromServer(c, payload);
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

    /**
     * REQ_JOB_INFO, the first request on a connection: files the job data the server answers and answers the
     * namespace it names.
     *
     * @param expected the namespace the reply must name, or {@code null} to take what it says (a tool that
     *                 has just been given one)
     */
    protected CompletableFuture<String> requestJobInfo(ServerConnection c, String expected) {
        return values.requestJobInfo(c, expected);
    }

    /** A server connection ended; unless we closed it, handlers of PMIX_ERR_LOST_CONNECTION hear of it. */
    protected void connectionClosed(ServerConnection c, boolean requested) {
        sender.forget(c);
        if (!requested && !executors.isShutdown()) {
            eventRequests.connectionLost(c);
        }
    }

    /** Stops the executors; the subclasses close their connections first. */
    protected void shutdownExecutors() {
        executors.shutdown();
    }

    protected boolean isShutdown() {
        return executors.isShutdown();
    }

    /**
     * A launcher asked us to stop in init for a debugger (job-level PMIX_DEBUG_STOP_IN_INIT, for all ranks or
     * ours): tell the host we are ready (PMIX_READY_FOR_DEBUG) and wait for PMIX_DEBUGGER_RELEASE.
     */
    protected void stopInInitIfAsked() {
        debuggerStop.stopInInitIfAsked();
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
        return Futures.await(values.get(proc, key, List.of(directives)));
    }

    public Value get(Proc proc, String key, List<Info> directives) {
        return Futures.await(values.get(proc, key, directives));
    }

    /** Get with the attribute's typed value, e.g. {@code get(wildcard, Attributes.JOB_SIZE)}. */
    public <T> T get(Proc proc, Attribute<T> attribute, Info... directives) {
        return attribute.get(get(proc, attribute.key(), directives));
    }

    public CompletionStage<Value> getAsync(Proc proc, String key, List<Info> directives) {
        return async(values.get(proc, key, directives));
    }

    public <T> CompletionStage<T> getAsync(Proc proc, Attribute<T> attribute, List<Info> directives) {
        return async(values.get(proc, attribute.key(), directives).thenApply(attribute::get));
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
        return PeerResolution.ranks(nspace(),
                Attributes.LOCAL_PEERS.get(get(Proc.wildcard(nspace()), Attributes.LOCAL_PEERS.key())));
    }

    // ---- publish / lookup -----------------------------------------------------------------------

    /** PMIx_Publish: makes the data visible to Lookup (directives such as PMIX_RANGE go in the same list). */
    public void publish(List<Info> data) {
        Futures.await(publishing.publish(data));
    }

    public CompletionStage<Void> publishAsync(List<Info> data) {
        return async(publishing.publish(data));
    }

    /**
     * PMIx_Lookup: the published data for these keys. PMIX_WAIT makes the server wait until they are
     * published; without it, missing keys are simply absent (all missing: PMIX_ERR_NOT_FOUND).
     */
    public List<PublishedData> lookup(List<String> keys, Info... directives) {
        return Futures.await(publishing.lookup(keys, List.of(directives)));
    }

    public CompletionStage<List<PublishedData>> lookupAsync(List<String> keys, List<Info> directives) {
        return async(publishing.lookup(keys, directives));
    }

    /** PMIx_Unpublish: withdraws our data for these keys (an empty list: all of it). */
    public void unpublish(List<String> keys, Info... directives) {
        Futures.await(publishing.unpublish(keys, List.of(directives)));
    }

    public CompletionStage<Void> unpublishAsync(List<String> keys, List<Info> directives) {
        return async(publishing.unpublish(keys, directives));
    }

    // ---- spawn, connect --------------------------------------------------------------------------

    /** PMIx_Spawn: starts a job; answers its namespace. */
    public String spawn(List<Info> jobInfo, List<App> apps) {
        return Futures.await(spawned(jobInfo, apps));
    }

    public CompletionStage<String> spawnAsync(List<Info> jobInfo, List<App> apps) {
        return async(spawned(jobInfo, apps));
    }

    /** A spawn; the output of the new job that we write ourselves is formatted as its job info asks. */
    private CompletableFuture<String> spawned(List<Info> jobInfo, List<App> apps) {
        return processes.spawn(jobInfo, apps).thenApply(nspace -> {
            iof.jobFormat(nspace, OutputFormat.of(jobInfo));
            return nspace;
        });
    }

    /** PMIx_Connect: a collective that makes the processes' jobs known to each other. */
    public void connect(List<Proc> procs, Info... directives) {
        Futures.await(processes.connect(procs, List.of(directives)));
    }

    public CompletionStage<Void> connectAsync(List<Proc> procs, List<Info> directives) {
        return async(processes.connect(procs, directives));
    }

    /** PMIx_Disconnect: the collective that ends a connect. */
    public void disconnect(List<Proc> procs, Info... directives) {
        Futures.await(processes.disconnect(procs, List.of(directives)));
    }

    public CompletionStage<Void> disconnectAsync(List<Proc> procs, List<Info> directives) {
        return async(processes.disconnect(procs, directives));
    }

    // ---- events ---------------------------------------------------------------------------------

    /**
     * PMIx_Register_event_handler: calls {@code handler} for events with one of these codes (none: every
     * event not marked non-default). The server is told when it must route new codes to us; answers the
     * registration's id.
     */
    public long registerEventHandler(List<Integer> codes, List<Info> info, EventHandler handler) {
        return Futures.await(eventRequests.register(codes, info, handler));
    }

    public CompletionStage<Long> registerEventHandlerAsync(List<Integer> codes, List<Info> info, EventHandler handler) {
        return async(eventRequests.register(codes, info, handler));
    }

    /** PMIx_Deregister_event_handler. */
    public void deregisterEventHandler(long id) {
        Futures.await(eventRequests.deregister(id));
    }

    public CompletionStage<Void> deregisterEventHandlerAsync(long id) {
        return async(eventRequests.deregister(id));
    }

    /**
     * PMIx_Notify_event: raises an event. The server routes it to the processes in {@code range}; our own
     * handlers see it too unless the range excludes us (PMIX_RANGE_RM). PMIX_RANGE_PROC_LOCAL stays here.
     */
    public void notifyEvent(int status, Proc source, DataRange range, List<Info> info) {
        Futures.await(eventRequests.notify(status, source, range, info));
    }

    public CompletionStage<Void> notifyEventAsync(int status, Proc source, DataRange range, List<Info> info) {
        return async(eventRequests.notify(status, source, range, info));
    }

    // ---- query, log, allocation, job control, monitoring ------------------------------------------

    /** PMIx_Query_info: answers the results, each keyed by the query key. */
    public List<Info> query(List<Query> queries) {
        return Futures.await(queriesAndLogging.query(queries));
    }

    public CompletionStage<List<Info>> queryAsync(List<Query> queries) {
        return async(queriesAndLogging.query(queries));
    }

    /** PMIx_Log: hands the data (e.g. PMIX_LOG_STDERR) to the host's logging channels. */
    public void log(List<Info> data, List<Info> directives) {
        Futures.await(queriesAndLogging.log(data, directives));
    }

    public CompletionStage<Void> logAsync(List<Info> data, List<Info> directives) {
        return async(queriesAndLogging.log(data, directives));
    }

    /** PMIx_Allocation_request. */
    public List<Info> allocationRequest(AllocDirective directive, List<Info> info) {
        return Futures.await(processes.allocationRequest(directive, info));
    }

    public CompletionStage<List<Info>> allocationRequestAsync(AllocDirective directive, List<Info> info) {
        return async(processes.allocationRequest(directive, info));
    }

    /**
     * PMIx_Session_control (OpenPMIx 5/6, not in 4.2.2): directives about session {@code sessionId} (-1: every
     * session the caller controls) from a scheduler to the runtime, or a completion report the other way.
     */
    public List<Info> sessionControl(int sessionId, List<Info> directives) {
        return Futures.await(processes.sessionControl(sessionId, directives));
    }

    public CompletionStage<List<Info>> sessionControlAsync(int sessionId, List<Info> directives) {
        return async(processes.sessionControl(sessionId, directives));
    }

    /** PMIx_Job_control: directives (pause, kill, signal, cleanup ...) for these processes. */
    public List<Info> jobControl(List<Proc> targets, List<Info> directives) {
        return Futures.await(processes.jobControl(targets, directives));
    }

    public CompletionStage<List<Info>> jobControlAsync(List<Proc> targets, List<Info> directives) {
        return async(processes.jobControl(targets, directives));
    }

    /** PMIx_Process_monitor: asks the host to watch us (heartbeats, files) and raise {@code error} on failure. */
    public List<Info> processMonitor(Info monitor, int error, List<Info> directives) {
        return Futures.await(processes.processMonitor(monitor, error, directives));
    }

    public CompletionStage<List<Info>> processMonitorAsync(Info monitor, int error, List<Info> directives) {
        return async(processes.processMonitor(monitor, error, directives));
    }

    /** PMIx_Heartbeat: one beat for a PMIX_MONITOR_HEARTBEAT monitor (an empty message on tag 1). */
    public void heartbeat() {
        processes.heartbeat();
    }

    // ---- credentials ------------------------------------------------------------------------------

    /** PMIx_Get_credential. */
    public Credential getCredential(List<Info> directives) {
        return Futures.await(credentials.get(directives));
    }

    public CompletionStage<Credential> getCredentialAsync(List<Info> directives) {
        return async(credentials.get(directives));
    }

    /** PMIx_Validate_credential: succeeds when the host accepts it, answering what it says about it. */
    public List<Info> validateCredential(ByteObject credential, List<Info> directives) {
        return Futures.await(credentials.validate(credential, directives));
    }

    public CompletionStage<List<Info>> validateCredentialAsync(ByteObject credential, List<Info> directives) {
        return async(credentials.validate(credential, directives));
    }

    // ---- resolution -------------------------------------------------------------------------------

    /**
     * PMIx_Resolve_peers: the processes of {@code nspace} ({@code null}: every namespace we know) on the node
     * {@code nodename} ({@code null}: this node).
     */
    public List<Proc> resolvePeers(String nodename, String nspace) {
        return Futures.await(resolution.peers(nodename, nspace));
    }

    public CompletionStage<List<Proc>> resolvePeersAsync(String nodename, String nspace) {
        return async(resolution.peers(nodename, nspace));
    }

    /** PMIx_Resolve_nodes: the nodes a namespace ({@code null}: ours) runs on. */
    public List<String> resolveNodes(String nspace) {
        return Futures.await(resolution.nodes(nspace));
    }

    public CompletionStage<List<String>> resolveNodesAsync(String nspace) {
        return async(resolution.nodes(nspace));
    }

    // ---- IO forwarding ----------------------------------------------------------------------------

    /**
     * Hands the output that the server forwards without a pull of ours, the output of the jobs we spawned
     * with PMIX_FWD_STDOUT/STDERR/STDDIAG (and the server's own), to {@code handler}, on the library's IO
     * thread and in order, instead of writing it to this process's stdout and stderr.
     */
    public void onForwardedOutput(IofHandler handler) {
        iof.forwardedOutput(handler);
    }

    /**
     * Returns once the output that reached this process before the call has been handed to its handlers
     * (they run in order on one thread): after a reply, what the server sent before it has been seen.
     */
    public void awaitDeliveredOutput() {
        CompletableFuture.runAsync(() -> { }, executors.iof()).join();
    }

    /**
     * How the forwarded output this process writes itself is formatted when neither a pull's directives nor
     * the spawn of its job say ({@link OutputFormat}; a tool's init info).
     */
    protected void formatOwnOutput(OutputFormat format) {
        iof.toolFormat(format);
    }

    /** Writes what this process writes itself of forwarded output to the end, unfinished last lines included. */
    protected void finishOwnOutput() {
        // a handler that finalizes runs on the IO thread itself: what came before it has been handed on
        if (!executors.onIofThread()) {
            awaitDeliveredOutput();
        }
        iof.flushLocalOutput();
    }

    /**
     * PMIx_IOF_pull: asks for the output of {@code sources} on {@code channels} (bits of
     * {@link org.pmix4j.api.IofChannel}); {@code handler} receives it as it came. With a null {@code handler}
     * this process writes it to its own stdout and stderr, line by line, formatted as a libpmix tool does when
     * the directives ask (PMIX_IOF_TAG_OUTPUT, PMIX_IOF_RANK_OUTPUT, PMIX_IOF_TIMESTAMP_OUTPUT,
     * PMIX_IOF_XML_OUTPUT …: {@link OutputFormat}), or else as the spawn of the source's job or the tool's
     * init info asked. Answers the id to deregister with.
     */
    public long iofPull(List<Proc> sources, int channels, List<Info> directives, IofHandler handler) {
        return Futures.await(forwarding.pull(sources, channels, directives, handler));
    }

    public CompletionStage<Long> iofPullAsync(List<Proc> sources, int channels, List<Info> directives,
            IofHandler handler) {
        return async(forwarding.pull(sources, channels, directives, handler));
    }

    /** PMIx_IOF_deregister. */
    public void iofDeregister(long id, List<Info> directives) {
        Futures.await(forwarding.deregister(id, directives));
    }

    public CompletionStage<Void> iofDeregisterAsync(long id, List<Info> directives) {
        return async(forwarding.deregister(id, directives));
    }

    /** PMIx_IOF_push: sends bytes to the stdin of {@code targets}; {@code null} data signals end of input. */
    public void iofPush(List<Proc> targets, byte[] data, List<Info> directives) {
        Futures.await(forwarding.push(targets, data, directives));
    }

    public CompletionStage<Void> iofPushAsync(List<Proc> targets, byte[] data, List<Info> directives) {
        return async(forwarding.push(targets, data, directives));
    }

    // ---- data helpers -----------------------------------------------------------------------------

    /** A fresh buffer for PMIx_Data_pack / PMIx_Data_unpack, in the encoding of our server. */
    public DataBuffer newDataBuffer() {
        return new DataBuffer(kind);
    }
}
