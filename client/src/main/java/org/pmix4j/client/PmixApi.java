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

    /** What this process knows of its own and its peers' data: job information, fetched values, its own puts. */
    protected final DataStore store;
    /** The event handlers this process registered, and the executor they run on. */
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

    /**
     * Sets up the parts of the API around a data store; subclasses connect to their server.
     *
     * @param store the data store of this process
     * @param kind the buffer encoding its server speaks
     * @param localOutput whether forwarded output this process receives without a handler is written to its own
     *      stdout and stderr
     */
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

    /**
     * This process's identifier.
     *
     * @return our namespace and rank
     */
    public Proc self() {
        return store.self();
    }

    /**
     * Our namespace.
     *
     * @return the namespace of our job
     */
    public String nspace() {
        return self().nspace();
    }

    /**
     * Our rank.
     *
     * @return our rank in our job
     */
    public int rank() {
        return self().rank();
    }

    /**
     * True while a server serves our requests.
     *
     * @return whether a server connection is open
     */
    public boolean isConnected() {
        return sender.isConnected();
    }

    /**
     * The server that serves our requests, if any.
     *
     * @return the server's name; empty when not connected
     */
    public Optional<Proc> server() {
        return sender.server();
    }

    /**
     * Hands a request's future over to the library's executor, so that a caller's continuation never runs on the I/O
     * thread.
     *
     * @param <T> the result's type
     * @param f the request's future
     * @return a stage completed on the library's executor
     */
    protected <T> CompletionStage<T> async(CompletableFuture<T> f) {
        return executors.handOver(f);
    }

    /**
     * The listener every server connection of this process uses: events, output, loss.
     *
     * @return the listener
     */
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
     *
     * @param c the new connection
     * @return completes with the namespace the server named
     */
    protected CompletableFuture<String> requestJobInfo(ServerConnection c, String expected) {
        return values.requestJobInfo(c, expected);
    }

    /**
     * A server connection ended; unless we closed it, handlers of PMIX_ERR_LOST_CONNECTION hear of it.
     *
     * @param c the connection that ended
     * @param requested whether we closed it
     */
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

    /**
     * Whether {@link #shutdownExecutors} was called: the process has finalized.
     *
     * @return true after finalize
     */
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
     *
     * @param proc the process whose value it is (rank wildcard: a job-level value)
     * @param key the key, e.g. {@code "pmix.job.size"} or one of the process's own puts
     * @param directives e.g. PMIX_TIMEOUT, PMIX_IMMEDIATE, PMIX_OPTIONAL
     * @return the value
     */
    public Value get(Proc proc, String key, Info... directives) {
        return Futures.await(values.get(proc, key, List.of(directives)));
    }

    /**
     * {@link #get(Proc, String, Info...)} with the directives as a list.
     *
     * @param proc the process whose value it is (rank wildcard: a job-level value)
     * @param key the key
     * @param directives e.g. PMIX_TIMEOUT, PMIX_IMMEDIATE, PMIX_OPTIONAL
     * @return the value
     * @throws PmixException {@link PmixStatus#PMIX_ERR_NOT_FOUND} when there is no such value
     */
    public Value get(Proc proc, String key, List<Info> directives) {
        return Futures.await(values.get(proc, key, directives));
    }

    /**
     * Get with the attribute's typed value, e.g. {@code get(wildcard, Attributes.JOB_SIZE)}.
     *
     * @param <T> the attribute's Java type
     * @param proc the process whose value it is (rank wildcard: a job-level value)
     * @param attribute the attribute, e.g. {@code Attributes.JOB_SIZE}
     * @param directives e.g. PMIX_TIMEOUT
     * @return the value, as the attribute's Java type
     */
    public <T> T get(Proc proc, Attribute<T> attribute, Info... directives) {
        return attribute.get(get(proc, attribute.key(), directives));
    }

    /**
     * {@link #get(Proc, String, List)} without blocking.
     *
     * @param proc the process whose value it is
     * @param key the key
     * @param directives e.g. PMIX_TIMEOUT
     * @return completes with the value, or with a {@link PmixException}
     */
    public CompletionStage<Value> getAsync(Proc proc, String key, List<Info> directives) {
        return async(values.get(proc, key, directives));
    }

    /**
     * {@link #get(Proc, Attribute, Info...)} without blocking.
     *
     * @param <T> the attribute's Java type
     * @param proc the process whose value it is
     * @param attribute the attribute
     * @param directives e.g. PMIX_TIMEOUT
     * @return completes with the typed value, or with a {@link PmixException}
     */
    public <T> CompletionStage<T> getAsync(Proc proc, Attribute<T> attribute, List<Info> directives) {
        return async(values.get(proc, attribute.key(), directives).thenApply(attribute::get));
    }

    /**
     * A job-level value of our own namespace (rank WILDCARD), typed.
     *
     * @param <T> the attribute's Java type
     * @param attribute a job-level attribute, e.g. {@code Attributes.UNIV_SIZE}
     * @return its value for our job
     */
    public <T> T jobValue(Attribute<T> attribute) {
        return get(Proc.wildcard(nspace()), attribute);
    }

    /**
     * Our job's size (PMIX_JOB_SIZE).
     *
     * @return the number of processes in our job
     */
    public int jobSize() {
        return jobValue(Attributes.JOB_SIZE);
    }

    /**
     * The processes of our job on this node (PMIX_LOCAL_PEERS), in rank order.
     *
     * @return the processes, ourselves included
     */
    public List<Proc> localPeers() {
        return PeerResolution.ranks(nspace(),
                Attributes.LOCAL_PEERS.get(get(Proc.wildcard(nspace()), Attributes.LOCAL_PEERS.key())));
    }

    // ---- publish / lookup -----------------------------------------------------------------------

    /**
     * PMIx_Publish: makes the data visible to Lookup (directives such as PMIX_RANGE go in the same list).
     *
     * @param data the key-value pairs, and directives such as PMIX_RANGE and PMIX_PERSISTENCE
     */
    public void publish(List<Info> data) {
        Futures.await(publishing.publish(data));
    }

    /**
     * {@link #publish} without blocking.
     *
     * @param data the key-value pairs and directives
     * @return completes once published
     */
    public CompletionStage<Void> publishAsync(List<Info> data) {
        return async(publishing.publish(data));
    }

    /**
     * PMIx_Lookup: the published data for these keys. PMIX_WAIT makes the server wait until they are
     * published; without it, missing keys are simply absent (all missing: PMIX_ERR_NOT_FOUND).
     *
     * @param keys the keys to look up
     * @param directives e.g. PMIX_WAIT, PMIX_RANGE, PMIX_TIMEOUT
     * @return the data found, with who published it
     */
    public List<PublishedData> lookup(List<String> keys, Info... directives) {
        return Futures.await(publishing.lookup(keys, List.of(directives)));
    }

    /**
     * {@link #lookup} without blocking.
     *
     * @param keys the keys to look up
     * @param directives e.g. PMIX_WAIT, PMIX_RANGE
     * @return completes with the data found
     */
    public CompletionStage<List<PublishedData>> lookupAsync(List<String> keys, List<Info> directives) {
        return async(publishing.lookup(keys, directives));
    }

    /**
     * PMIx_Unpublish: withdraws our data for these keys (an empty list: all of it).
     *
     * @param keys the keys to withdraw
     * @param directives e.g. PMIX_RANGE
     */
    public void unpublish(List<String> keys, Info... directives) {
        Futures.await(publishing.unpublish(keys, List.of(directives)));
    }

    /**
     * {@link #unpublish} without blocking.
     *
     * @param keys the keys to withdraw
     * @param directives e.g. PMIX_RANGE
     * @return completes once withdrawn
     */
    public CompletionStage<Void> unpublishAsync(List<String> keys, List<Info> directives) {
        return async(publishing.unpublish(keys, directives));
    }

    // ---- spawn, connect --------------------------------------------------------------------------

    /**
     * PMIx_Spawn: starts a job; answers its namespace.
     *
     * @param jobInfo job-level directives: mapping, output forwarding (PMIX_FWD_STDOUT ...), PMIX_NOHUP ...
     * @param apps the applications, each with its command, arguments, environment and process count
     * @return the new job's namespace
     */
    public String spawn(List<Info> jobInfo, List<App> apps) {
        return Futures.await(spawned(jobInfo, apps));
    }

    /**
     * {@link #spawn} without blocking.
     *
     * @param jobInfo job-level directives
     * @param apps the applications
     * @return completes with the new job's namespace
     */
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

    /**
     * PMIx_Connect: a collective that makes the processes' jobs known to each other.
     *
     * @param procs the processes connecting (ranks wildcards for whole jobs); each of them calls it too
     * @param directives e.g. PMIX_TIMEOUT
     */
    public void connect(List<Proc> procs, Info... directives) {
        Futures.await(processes.connect(procs, List.of(directives)));
    }

    /**
     * {@link #connect} without blocking.
     *
     * @param procs the processes connecting
     * @param directives e.g. PMIX_TIMEOUT
     * @return completes once every process has connected
     */
    public CompletionStage<Void> connectAsync(List<Proc> procs, List<Info> directives) {
        return async(processes.connect(procs, directives));
    }

    /**
     * PMIx_Disconnect: the collective that ends a connect.
     *
     * @param procs the processes of the connect
     * @param directives e.g. PMIX_TIMEOUT
     */
    public void disconnect(List<Proc> procs, Info... directives) {
        Futures.await(processes.disconnect(procs, List.of(directives)));
    }

    /**
     * {@link #disconnect} without blocking.
     *
     * @param procs the processes of the connect
     * @param directives e.g. PMIX_TIMEOUT
     * @return completes once every process has disconnected
     */
    public CompletionStage<Void> disconnectAsync(List<Proc> procs, List<Info> directives) {
        return async(processes.disconnect(procs, directives));
    }

    // ---- events ---------------------------------------------------------------------------------

    /**
     * PMIx_Register_event_handler: calls {@code handler} for events with one of these codes (none: every
     * event not marked non-default). The server is told when it must route new codes to us; answers the
     * registration's id.
     *
     * @param codes the event codes (empty: every default event)
     * @param info the registration's directives, e.g. PMIX_EVENT_HDLR_NAME, PMIX_EVENT_AFFECTED_PROC
     * @param handler called for each event, on the event executor
     * @return the registration's id, for {@link #deregisterEventHandler}
     */
    public long registerEventHandler(List<Integer> codes, List<Info> info, EventHandler handler) {
        return Futures.await(eventRequests.register(codes, info, handler));
    }

    /**
     * {@link #registerEventHandler} without blocking.
     *
     * @param codes the event codes
     * @param info the registration's directives
     * @param handler called for each event
     * @return completes with the registration's id
     */
    public CompletionStage<Long> registerEventHandlerAsync(List<Integer> codes, List<Info> info, EventHandler handler) {
        return async(eventRequests.register(codes, info, handler));
    }

    /**
     * PMIx_Deregister_event_handler.
     *
     * @param id what {@link #registerEventHandler} answered
     */
    public void deregisterEventHandler(long id) {
        Futures.await(eventRequests.deregister(id));
    }

    /**
     * {@link #deregisterEventHandler} without blocking.
     *
     * @param id what {@link #registerEventHandler} answered
     * @return completes once deregistered
     */
    public CompletionStage<Void> deregisterEventHandlerAsync(long id) {
        return async(eventRequests.deregister(id));
    }

    /**
     * PMIx_Notify_event: raises an event. The server routes it to the processes in {@code range}; our own
     * handlers see it too unless the range excludes us (PMIX_RANGE_RM). PMIX_RANGE_PROC_LOCAL stays here.
     *
     * @param status the event's code
     * @param source the process it is about ({@code null}: ourselves)
     * @param range who gets it
     * @param info the event's data
     */
    public void notifyEvent(int status, Proc source, DataRange range, List<Info> info) {
        Futures.await(eventRequests.notify(status, source, range, info));
    }

    /**
     * {@link #notifyEvent} without blocking.
     *
     * @param status the event's code
     * @param source the process it is about
     * @param range who gets it
     * @param info the event's data
     * @return completes once the server has taken it
     */
    public CompletionStage<Void> notifyEventAsync(int status, Proc source, DataRange range, List<Info> info) {
        return async(eventRequests.notify(status, source, range, info));
    }

    // ---- query, log, allocation, job control, monitoring ------------------------------------------

    /**
     * PMIx_Query_info: answers the results, each keyed by the query key.
     *
     * @param queries each with its keys (PMIX_QUERY_NAMESPACES, PMIX_QUERY_PROC_TABLE ...) and qualifiers
     * @return the answers
     */
    public List<Info> query(List<Query> queries) {
        return Futures.await(queriesAndLogging.query(queries));
    }

    /**
     * {@link #query} without blocking.
     *
     * @param queries the queries
     * @return completes with the answers
     */
    public CompletionStage<List<Info>> queryAsync(List<Query> queries) {
        return async(queriesAndLogging.query(queries));
    }

    /**
     * PMIx_Log: hands the data (e.g. PMIX_LOG_STDERR) to the host's logging channels.
     *
     * @param data what to log, each key naming a channel
     * @param directives e.g. PMIX_LOG_ONCE
     */
    public void log(List<Info> data, List<Info> directives) {
        Futures.await(queriesAndLogging.log(data, directives));
    }

    /**
     * {@link #log} without blocking.
     *
     * @param data what to log
     * @param directives the log's directives
     * @return completes once logged
     */
    public CompletionStage<Void> logAsync(List<Info> data, List<Info> directives) {
        return async(queriesAndLogging.log(data, directives));
    }

    /**
     * PMIx_Allocation_request.
     *
     * @param directive new, extend, release or reacquire
     * @param info the request: PMIX_ALLOC_NUM_NODES, PMIX_ALLOC_NUM_CPUS, PMIX_ALLOC_TIME ...
     * @return the answer
     */
    public List<Info> allocationRequest(AllocDirective directive, List<Info> info) {
        return Futures.await(processes.allocationRequest(directive, info));
    }

    /**
     * {@link #allocationRequest} without blocking.
     *
     * @param directive new, extend, release or reacquire
     * @param info the request
     * @return completes with the answer
     */
    public CompletionStage<List<Info>> allocationRequestAsync(AllocDirective directive, List<Info> info) {
        return async(processes.allocationRequest(directive, info));
    }

    /**
     * PMIx_Session_control (OpenPMIx 5/6, not in 4.2.2): directives about session {@code sessionId} (-1: every
     * session the caller controls) from a scheduler to the runtime, or a completion report the other way.
     *
     * @param sessionId the session, or -1
     * @param directives what to do
     * @return the reply's infos
     */
    public List<Info> sessionControl(int sessionId, List<Info> directives) {
        return Futures.await(processes.sessionControl(sessionId, directives));
    }

    /**
     * {@link #sessionControl} without blocking.
     *
     * @param sessionId the session, or -1
     * @param directives what to do
     * @return completes with the reply's infos
     */
    public CompletionStage<List<Info>> sessionControlAsync(int sessionId, List<Info> directives) {
        return async(processes.sessionControl(sessionId, directives));
    }

    /**
     * PMIx_Job_control: directives (pause, kill, signal, cleanup ...) for these processes.
     *
     * @param targets the processes (rank wildcard: a whole job)
     * @param directives what to do, e.g. PMIX_JOB_CTRL_KILL, PMIX_JOB_CTRL_SIGNAL
     * @return what the host answered
     */
    public List<Info> jobControl(List<Proc> targets, List<Info> directives) {
        return Futures.await(processes.jobControl(targets, directives));
    }

    /**
     * {@link #jobControl} without blocking.
     *
     * @param targets the processes
     * @param directives what to do
     * @return completes with what the host answered
     */
    public CompletionStage<List<Info>> jobControlAsync(List<Proc> targets, List<Info> directives) {
        return async(processes.jobControl(targets, directives));
    }

    /**
     * PMIx_Process_monitor: asks the host to watch us (heartbeats, files) and raise {@code error} on failure.
     *
     * @param monitor the monitor, e.g. PMIX_MONITOR_HEARTBEAT
     * @param error the status of the event raised when it trips
     * @param directives its parameters, e.g. PMIX_MONITOR_HEARTBEAT_TIME
     * @return what the host answered
     */
    public List<Info> processMonitor(Info monitor, int error, List<Info> directives) {
        return Futures.await(processes.processMonitor(monitor, error, directives));
    }

    /**
     * {@link #processMonitor} without blocking.
     *
     * @param monitor the monitor
     * @param error the status of the event raised when it trips
     * @param directives its parameters
     * @return completes with what the host answered
     */
    public CompletionStage<List<Info>> processMonitorAsync(Info monitor, int error, List<Info> directives) {
        return async(processes.processMonitor(monitor, error, directives));
    }

    /** PMIx_Heartbeat: one beat for a PMIX_MONITOR_HEARTBEAT monitor (an empty message on tag 1). */
    public void heartbeat() {
        processes.heartbeat();
    }

    // ---- credentials ------------------------------------------------------------------------------

    /**
     * PMIx_Get_credential.
     *
     * @param directives e.g. PMIX_CRED_TYPE
     * @return the credential
     */
    public Credential getCredential(List<Info> directives) {
        return Futures.await(credentials.get(directives));
    }

    /**
     * {@link #getCredential} without blocking.
     *
     * @param directives e.g. PMIX_CRED_TYPE
     * @return completes with the credential
     */
    public CompletionStage<Credential> getCredentialAsync(List<Info> directives) {
        return async(credentials.get(directives));
    }

    /**
     * PMIx_Validate_credential: succeeds when the host accepts it, answering what it says about it.
     *
     * @param credential a credential received from another party
     * @param directives the validation's directives
     * @return what the credential says, e.g. PMIX_USERID and PMIX_GRPID
     */
    public List<Info> validateCredential(ByteObject credential, List<Info> directives) {
        return Futures.await(credentials.validate(credential, directives));
    }

    /**
     * {@link #validateCredential} without blocking.
     *
     * @param credential the credential
     * @param directives the validation's directives
     * @return completes with what the credential says
     */
    public CompletionStage<List<Info>> validateCredentialAsync(ByteObject credential, List<Info> directives) {
        return async(credentials.validate(credential, directives));
    }

    // ---- resolution -------------------------------------------------------------------------------

    /**
     * PMIx_Resolve_peers: the processes of {@code nspace} ({@code null}: every namespace we know) on the node
     * {@code nodename} ({@code null}: this node).
     *
     * @param nodename the node, or {@code null}
     * @param nspace the namespace, or {@code null}
     * @return the processes
     */
    public List<Proc> resolvePeers(String nodename, String nspace) {
        return Futures.await(resolution.peers(nodename, nspace));
    }

    /**
     * {@link #resolvePeers} without blocking.
     *
     * @param nodename the node, or {@code null}
     * @param nspace the namespace, or {@code null}
     * @return completes with the processes
     */
    public CompletionStage<List<Proc>> resolvePeersAsync(String nodename, String nspace) {
        return async(resolution.peers(nodename, nspace));
    }

    /**
     * PMIx_Resolve_nodes: the nodes a namespace ({@code null}: ours) runs on.
     *
     * @param nspace the namespace, or {@code null}
     * @return the nodes' names
     */
    public List<String> resolveNodes(String nspace) {
        return Futures.await(resolution.nodes(nspace));
    }

    /**
     * {@link #resolveNodes} without blocking.
     *
     * @param nspace the namespace, or {@code null}
     * @return completes with the nodes' names
     */
    public CompletionStage<List<String>> resolveNodesAsync(String nspace) {
        return async(resolution.nodes(nspace));
    }

    // ---- IO forwarding ----------------------------------------------------------------------------

    /**
     * Hands the output that the server forwards without a pull of ours, the output of the jobs we spawned
     * with PMIX_FWD_STDOUT/STDERR/STDDIAG (and the server's own), to {@code handler}, on the library's IO
     * thread and in order, instead of writing it to this process's stdout and stderr.
     *
     * @param handler receives each piece of output
     */
    public void onForwardedOutput(IofHandler handler) {
        iof.forwardedOutput(handler);
    }

    /**
     * {@link #onForwardedOutput(IofHandler)} with a bound: while {@code maxQueuedBytes} or more wait for
     * {@code handler}, this process reads nothing more from its server, so a handler that writes somewhere
     * slow slows the server's sending (a pmix4j server then stops reading the processes' output: they wait
     * in their writes) instead of the output piling up in this process. {@code handler} must not make the
     * library's blocking calls: their replies would wait behind the output.
     *
     * @param handler receives each piece of output
     * @param maxQueuedBytes how much may wait for it (0: no bound)
     */
    public void onForwardedOutput(IofHandler handler, long maxQueuedBytes) {
        iof.forwardedOutput(handler, maxQueuedBytes);
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
     *
     * @param format the format
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
     *
     * @param sources the processes whose output is wanted (rank wildcard: a whole job)
     * @param channels the streams, bits of {@link org.pmix4j.api.IofChannel}
     * @param directives e.g. PMIX_IOF_TAG_OUTPUT, PMIX_IOF_COPY
     * @param handler receives the output, or {@code null} to write it to this process's stdout and stderr
     * @return the pull's id, for {@link #iofDeregister}
     */
    public long iofPull(List<Proc> sources, int channels, List<Info> directives, IofHandler handler) {
        return Futures.await(forwarding.pull(sources, channels, directives, handler));
    }

    /**
     * {@link #iofPull} without blocking.
     *
     * @param sources the processes whose output is wanted
     * @param channels the streams
     * @param directives the pull's directives
     * @param handler receives the output, or {@code null}
     * @return completes with the pull's id
     */
    public CompletionStage<Long> iofPullAsync(List<Proc> sources, int channels, List<Info> directives,
            IofHandler handler) {
        return async(forwarding.pull(sources, channels, directives, handler));
    }

    /**
     * PMIx_IOF_deregister.
     *
     * @param id what {@link #iofPull} answered
     * @param directives the deregistration's directives
     */
    public void iofDeregister(long id, List<Info> directives) {
        Futures.await(forwarding.deregister(id, directives));
    }

    /**
     * {@link #iofDeregister} without blocking.
     *
     * @param id what {@link #iofPull} answered
     * @param directives the deregistration's directives
     * @return completes once deregistered
     */
    public CompletionStage<Void> iofDeregisterAsync(long id, List<Info> directives) {
        return async(forwarding.deregister(id, directives));
    }

    /**
     * PMIx_IOF_push: sends bytes to the stdin of {@code targets}; {@code null} data signals end of input.
     *
     * @param targets the processes (rank wildcard: every process of a job)
     * @param data the bytes, or {@code null} at the end of input
     * @param directives the push's directives
     */
    public void iofPush(List<Proc> targets, byte[] data, List<Info> directives) {
        Futures.await(forwarding.push(targets, data, directives));
    }

    /**
     * {@link #iofPush} without blocking.
     *
     * @param targets the processes
     * @param data the bytes, or {@code null} at the end of input
     * @param directives the push's directives
     * @return completes once the server has taken the data
     */
    public CompletionStage<Void> iofPushAsync(List<Proc> targets, byte[] data, List<Info> directives) {
        return async(forwarding.push(targets, data, directives));
    }

    // ---- data helpers -----------------------------------------------------------------------------

    /**
     * A fresh buffer for PMIx_Data_pack / PMIx_Data_unpack, in the encoding of our server.
     *
     * @return an empty buffer
     */
    public DataBuffer newDataBuffer() {
        return new DataBuffer(kind);
    }
}
