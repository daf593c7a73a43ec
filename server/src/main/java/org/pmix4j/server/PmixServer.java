package org.pmix4j.server;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.AttributeSupport;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.attrs.ServerLibraryAttributes;
import org.pmix4j.server.core.LocalClient;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.handler.AvailableServers;
import org.pmix4j.server.handler.Handlers;
import org.pmix4j.server.handler.ServerParts;
import org.pmix4j.server.net.EventLoop;
import org.pmix4j.server.net.ListenAddress;
import org.pmix4j.server.net.Listener;
import org.pmix4j.server.regex.NodeRegex;
import org.pmix4j.server.security.SecurityPolicy;
import org.pmix4j.server.sharedstore.SharedJobData;
import org.pmix4j.server.sharedstore.SharedStores;
import org.pmix4j.server.sessiondir.ServerIdentity;
import org.pmix4j.server.sessiondir.SessionDirectories;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.server.store.SessionDirs;
import org.pmix4j.wire.psec.MungeClient;

/**
 * The PMIx server a resource manager embeds: the Java counterpart of {@code PMIx_server_init} and the
 * server support functions. Start it with {@link #start}; register each job ({@link #registerNspace}) and
 * each local process ({@link #registerClient}) before launching it with the environment of
 * {@link #setupFork}; {@link #close} is {@code PMIx_server_finalize}.
 *
 * <p>The methods may be called from any thread. The server's state (the job store, the clients, the
 * collectives, the events) belongs to its event loop alone, so every method that reads or changes it runs
 * there: the registration methods queue their work and are asynchronous, like their C counterparts
 * ({@code join()} the result to wait); {@link #setupFork}, synchronous like {@code PMIx_server_setup_fork},
 * waits for the loop's answer.
 */
public final class PmixServer implements AutoCloseable {
    private static final Log LOG = Log.of(PmixServer.class);

    /**
     * The library version the server announces (to children as PMIX_VERSION, to tools in rendezvous files):
     * the OpenPMIx release whose wire protocol pmix4j speaks, in the major.minor.release form clients parse.
     */
    public static final String PMIX_VERSION = "4.2.2";

    /**
     * Set in the environment of a run that trains an AOT cache (bin/pmix4j does): the server runs the
     * shared-memory store's writer once at its start, which Java clients never make it run.
     */
    public static final String AOT_TRAINING_VARIABLE = "PMIX4J_AOT_TRAINING";

    private final ServerConfig config;
    private final EventLoop loop;
    private final ServerCore core;
    private final SessionDirectories dirs;
    private final JobStore store;
    private final ServerParts parts;
    private final Listener listener;
    private final String uri;
    private final List<String> securityModes;
    private final Thread cleanupOnExit = new Thread(this::close, "pmix4j-server-cleanup");
    private final ClientDepartures departures = new ClientDepartures();
    private volatile boolean closed;

    private PmixServer(ServerConfig config, SessionDirectories dirs, EventLoop loop, ServerCore core, ServerParts parts,
            Listener listener, String uri, List<String> securityModes) {
        this.config = config;
        this.securityModes = securityModes;
        this.dirs = dirs;
        this.loop = loop;
        this.core = core;
        this.store = parts.jobs();
        this.parts = parts;
        this.listener = listener;
        this.uri = uri;
        // last of the listeners: a departure is told once the server's own parts have handled it
        loop.execute(() -> core.addPeerListener(departures));
        // a JVM that exits without finalizing us (System.exit, a signal) must still leave no files behind
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
    }

    /**
     * {@code PMIx_server_init} with the process environment. {@code host} may be null (local service only).
     *
     * @param host the resource manager's upcalls; {@code null} for a server that serves only what it was told
     * @param info the attributes of {@code PMIx_server_init}, e.g. {@code Attributes.SERVER_TMPDIR.info(dir)}
     * @return the running server, listening
     * @throws PmixException with PMIX_ERR_INIT when it cannot listen or make its directories
     */
    public static PmixServer start(HostModule host, List<Info> info) {
        return start(host, info, System.getenv());
    }

    /**
     * Makes ahead, on threads of its own, what a server's first registration takes long to make in a cold JVM
     * (the shared-memory store's calls into the C library, 100-250 ms on a loaded node): for a runtime that
     * has time to spare before its first job, such as a node daemon joining its tree.
     *
     * @param env the environment the server will start with (whether it will use the store)
     */
    public static void prepareFirstRegistration(Map<String, String> env) {
        SharedStores.prepare(env);
    }

    /**
     * {@code PMIx_server_init}; {@code env} stands for the environment libpmix would read.
     *
     * @param host the resource manager's upcalls; {@code null} for a server that serves only what it was told
     * @param info the attributes of {@code PMIx_server_init}
     * @param env the environment variables the server reads (PMIX_MCA_*, PMIX_SERVER_TMPDIR ...)
     * @return the running server, listening
     * @throws PmixException with PMIX_ERR_INIT when it cannot listen or make its directories
     */
    public static PmixServer start(HostModule host, List<Info> info, Map<String, String> env) {
        ServerConfig config = ServerConfig.parse(info, env);
        List<String> securityModes = offeredSecurityModes(config.security());
        SessionDirectories dirs = SessionDirectories.create(
                ServerIdentity.ofThisProcess(config.nspace(), config.rank(), config.hostname()), info, env);
        EventLoop loop = new EventLoop("pmix4j-server-" + config.nspace());
        try {
            JobStore store = new JobStore(config.hostname(), new SessionDirs(dirs.serverTmpdir().toString(),
                    ns -> dirs.namespaceDir(ns).toString(), (ns, rank) -> dirs.procDir(ns, rank).toString()));
            SharedJobData shared = new SharedJobData(SharedStores.open(dirs::serverDirectory, env), store);
            ServerCore core = new ServerCore(config, host == null ? HostModule.NONE : host, loop, shared::serves);
            AttributeSupport attributes = new AttributeSupport();
            ServerLibraryAttributes.registerAll(attributes);
            ServerParts parts = ServerParts.assemble(core, store, shared, attributes);
            Handlers.install(core, parts, new AvailableServers(List.of(dirs.systemTmpdir(), dirs.serverTmpdir())));
            Listener listener = onLoop(loop, () -> openListener(config, loop, core));
            if (env.containsKey(AOT_TRAINING_VARIABLE)) {
                onLoop(loop, () -> {
                    shared.rehearse();
                    return null;
                });
            }
            InetSocketAddress a = listener.address();
            String host4or6 = a.getAddress() instanceof Inet6Address ? "tcp6://" : "tcp4://";
            String uri = config.nspace() + "." + Integer.toUnsignedString(config.rank()) + ";" + host4or6
                    + a.getAddress().getHostAddress() + ":" + a.getPort();
            dirs.writeRendezvousFiles(uri, PMIX_VERSION);
            UriReport.report(config.reportUri(), uri, PMIX_VERSION, List.of("PMIX_SERVER_URI41", "PMIX_SERVER_URI4"));
            LOG.debug("PMIx server {} listening at {}", core.self(), uri);
            return new PmixServer(config, dirs, loop, core, parts, listener, uri, securityModes);
        } catch (RuntimeException | IOException e) {
            loop.close();
            dirs.close();
            if (e instanceof IOException io) {
                throw new PmixException(PmixStatus.PMIX_ERR_INIT, "cannot start the server: " + io.getMessage());
            }
            throw (RuntimeException) e;
        }
    }

    /**
     * The security modules for PMIX_SECURITY_MODE, decided once as libpmix does at init: munge first when the
     * site's policy offers it and munged answers (libpmix's munge module asks munged for a token to know).
     */
    private static List<String> offeredSecurityModes(SecurityPolicy policy) {
        boolean munged = policy.munge() != SecurityPolicy.MungeUse.OFF && policy.mungeClient().reachable();
        List<String> modes = policy.offeredModules(munged);
        LOG.debug("security modes offered: {} (munged at {} {})", modes, policy.mungeSocket(),
                munged ? "answers" : "not used or not answering");
        return modes;
    }

    private static Listener openListener(ServerConfig config, EventLoop loop, ServerCore core) {
        boolean ipv6 = config.disableIpv4();
        InetAddress address = ListenAddress.choose(config.remoteConnections(), ipv6, config.ifInclude(),
                config.ifExclude());
        int port = ipv6 ? config.ipv6Port() : config.ipv4Port();
        try {
            return Listener.open(loop, address, port, core, config.handshakeTimeout());
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, "cannot listen on " + address.getHostAddress() + ":"
                    + port + ": " + e.getMessage());
        }
    }

    /**
     * The configuration the server was started with, as read from its attributes and environment: its name, hostname,
     * directories, security policy and buffer kind.
     *
     * @return the configuration
     */
    public ServerConfig config() {
        return config;
    }

    /**
     * {@code PMIx_Register_attributes}: the host declares that it supports {@code function} (a PMIx API
     * name such as "PMIx_Spawn") and honours {@code attributes} there. Tools learn it by querying
     * PMIX_QUERY_ATTRIBUTE_SUPPORT with PMIX_HOST_FUNCTIONS or PMIX_HOST_ATTRIBUTES ({@code pattrs --host}).
     *
     * @param function the PMIx API function, e.g. {@code "PMIx_Spawn"}
     * @param attributes the attributes the host honours in it
     * @return completes when the attributes are registered
     */
    public CompletableFuture<Void> registerAttributes(String function, List<org.pmix4j.api.Attribute<?>> attributes) {
        List<org.pmix4j.api.Attribute<?>> copy = List.copyOf(attributes);
        return call(() -> {
            parts.attributes().register(AttributeSupport.Level.HOST, function, copy);
            return null;
        });
    }

    /**
     * The server's own name (PMIX_SERVER_NSPACE and PMIX_SERVER_RANK).
     *
     * @return the server's namespace and rank
     */
    public Proc self() {
        return core.self();
    }

    /**
     * The URI clients connect to: {@code nspace.rank;tcp4://address:port}.
     *
     * @return the URI, as given to clients in PMIX_SERVER_URI41
     */
    public String uri() {
        return uri;
    }

    /**
     * The session directories and rendezvous files of this server.
     *
     * @return the directories (the server's, each job's, each process's) and the rendezvous files it wrote
     */
    public SessionDirectories sessionDirectories() {
        return dirs;
    }

    // ---- registration -----------------------------------------------------------------------------------

    /**
     * {@code PMIx_server_register_nspace}: the job data of a namespace, with {@code localProcs} of its
     * processes on this node. Fails with PMIX_ERR_BAD_PARAM naming the key when the data is inconsistent.
     * PMIX_IOF_CACHE_SIZE / DROP_OLDEST / DROP_NEWEST in {@code info} set how the job's output is kept for
     * tools that pull it later, PMIX_FWD_STDOUT / STDERR / STDDIAG which channels tools may pull (see
     * {@code IofRouter.jobRegistered}).
     *
     * @param nspace the job's namespace, unique on this server
     * @param localProcs how many of its processes run on this node (and will connect here)
     * @param info the job-level data: at least JOB_SIZE, NODE_MAP and PROC_MAP; per-process data as PROC_DATA
     * @return completes once the job is registered; fails with PMIX_ERR_DUPLICATE_KEY for a namespace registered
     *      already
     */
    public CompletableFuture<Void> registerNspace(String nspace, int localProcs, List<Info> info) {
        return call(() -> {
            if (core.namespace(nspace) != null) {
                throw new PmixException(PmixStatus.PMIX_ERR_DUPLICATE_KEY, "namespace '" + nspace + "' is already registered");
            }
            parts.iof().checkDirectives(info);
            store.register(nspace, localProcs, info);
            parts.shared().namespaceRegistered(nspace, localProcs);
            parts.iof().jobRegistered(nspace, info);
            core.addNamespace(nspace, localProcs);
            return null;
        });
    }

    /**
     * {@code PMIx_server_deregister_nspace}: forgets everything of the job and removes its directories.
     *
     * @param nspace the job's namespace
     * @return completes once the job is forgotten
     */
    public CompletableFuture<Void> deregisterNspace(String nspace) {
        return call(() -> {
            core.removeNamespace(nspace);
            store.deregister(nspace);
            core.namespaceGone(nspace);
            parts.shared().namespaceGone(nspace);
            dirs.releaseNamespace(nspace);
            return null;
        });
    }

    /**
     * {@code PMIx_server_register_client}: a local process that will connect with this uid and gid.
     *
     * @param proc the process's namespace and rank
     * @param uid the user id it will run as, checked against the kernel's record of the connecting process
     * @param gid the group id it will run as
     * @return completes once the process is registered
     */
    public CompletableFuture<Void> registerClient(Proc proc, int uid, int gid) {
        return call(() -> {
            core.registerClient(proc, uid, gid);
            return null;
        });
    }

    /**
     * Tells the server the pid of a registered client the host has just started. Its connection is then
     * checked against that very process (and its identity found at once, without searching /proc); one
     * held by any other process is refused. Optional: without it the holder of the socket is searched for
     * among this process's children and the processes of the registered uid.
     *
     * @param proc the registered process
     * @param pid the pid of the process the host started for it
     */
    public void clientStarted(Proc proc, long pid) {
        loop.execute(() -> core.clientStarted(proc, pid));
    }

    /**
     * {@code PMIx_server_deregister_client}: forgets the process and drops its connection.
     *
     * @param proc the registered process
     * @return completes once it is forgotten
     */
    public CompletableFuture<Void> deregisterClient(Proc proc) {
        return call(() -> {
            core.deregisterClient(proc);
            core.clientGone(proc);
            return null;
        });
    }

    /**
     * {@code PMIx_server_setup_fork}: the environment a local client needs to find and join this server.
     * Only PMIX_SERVER_URI41 and URI4 are given (not the URI3/URI2 names libpmix also sets): an older client
     * would then speak an encoding pmix4j does not, and failing to find a server is the clearer error.
     *
     * @param proc a process of a registered namespace
     * @return the variables to add to the child's environment before exec
     * @throws PmixException with PMIX_ERR_INVALID_NAMESPACE when the namespace is not registered
     */
    public Map<String, String> setupFork(Proc proc) {
        // the job store belongs to the loop: the launcher forks from threads of its own
        Map<String, String> dataStores = await("setup_fork " + proc, () -> store.get(proc.nspace()).isPresent()
                ? parts.shared().clientEnvironment(proc.nspace()) : null);
        if (dataStores == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_INVALID_NAMESPACE, "setup_fork " + proc + ": namespace '"
                    + proc.nspace() + "' is not registered");
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PMIX_NAMESPACE", proc.nspace());
        env.put("PMIX_RANK", Rank.label(proc.rank()));
        env.put("PMIX_SERVER_URI41", uri);
        env.put("PMIX_SERVER_URI4", uri);
        env.put("PMIX_SECURITY_MODE", String.join(",", securityModes));
        if (!config.security().mungeSocket().equals(MungeClient.DEFAULT_SOCKET)) {
            // pmix4j clients ask the same munged as we do (libpmix ones only know the default socket)
            env.put(MungeClient.SOCKET_VARIABLE, config.security().mungeSocket().toString());
        }
        env.put("PMIX_BFROP_BUFFER_TYPE", config.bufferKind().envName());
        // the data stores the client may choose (the shared-memory one when its namespace has room there)
        env.putAll(dataStores);
        env.put("PMIX_SERVER_TMPDIR", dirs.serverTmpdir().toString());
        env.put("PMIX_SYSTEM_TMPDIR", dirs.systemTmpdir().toString());
        env.put("PMIX_HOSTNAME", config.hostname());
        env.put("PMIX_VERSION", PMIX_VERSION);
        return env;
    }

    /**
     * {@code PMIx_server_dmodex_request}: the data a local process shared with remote readers (its REMOTE
     * and GLOBAL puts) as a run of KVAL packs, for a host answering another server's direct modex. Waits for
     * the process to commit; fails with PMIX_ERR_NOT_FOUND for a process that is not local or leaves first.
     *
     * @param proc a local process
     * @return the packed data, once the process has committed
     */
    public CompletableFuture<byte[]> dmodexRequest(Proc proc) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        loop.execute(() -> {
            boolean local = store.get(proc.nspace()).map(j -> j.isLocal(proc.rank())).orElse(false);
            if (!local) {
                f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "dmodex request for " + proc
                        + ": not a local process of this server"));
                return;
            }
            parts.modex().whenCommitted(proc, bytes -> {
                if (bytes == null) {
                    f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "dmodex request for "
                            + proc + ": it left without committing"));
                } else {
                    f.complete(bytes);
                }
            });
        });
        return f;
    }

    /**
     * Forgets the cached events of {@code code} aimed at {@code nspace}'s processes, after those raised so far
     * were delivered: processes that register for {@code code} later do not get them (see
     * {@code EventService.forgetCached}).
     *
     * @param code the event's status code
     * @param nspace the namespace whose processes the events were aimed at
     * @return completes once they are forgotten
     */
    public CompletableFuture<Void> forgetCachedEvents(int code, String nspace) {
        return call(() -> {
            parts.events().forgetCached(code, nspace);
            return null;
        });
    }

    /**
     * {@code PMIx_Notify_event} called by the host (or by pmix4j's own runtime): delivers the event to every
     * local client and tool in {@code range} whose handler registration takes it, and keeps it (unless
     * PMIX_EVENT_DO_NOT_CACHE) for those that register later. The event is not handed back to the host's
     * {@code notifyEvent}, as the Standard requires; an event of a local client that the host broadcasts back
     * is not delivered twice. {@code org.pmix4j.server.event.LifecycleEvents} builds
     * the info of the job and process lifecycle events. Fails with PMIX_ERR_BAD_PARAM when a custom range
     * (PMIX_EVENT_CUSTOM_RANGE) and {@code range} do not fit together.
     *
     * @param status the event's code, e.g. {@link org.pmix4j.api.PmixStatus#PMIX_EVENT_JOB_END}
     * @param source the process the event is about or that reported it ({@code null}: undefined)
     * @param range who gets it, e.g. {@link DataRange#SESSION} or {@link DataRange#NAMESPACE}
     * @param info the event's data (PMIX_EVENT_AFFECTED_PROC, PMIX_JOB_TERM_STATUS, PMIX_EVENT_CUSTOM_RANGE ...)
     * @return completes once the event is delivered and cached
     */
    public CompletableFuture<Void> notifyEvent(int status, Proc source, DataRange range, List<Info> info) {
        return call(() -> {
            parts.events().raiseFromHost(status, source, range, info);
            return null;
        });
    }

    /** Output handed to the loop by {@link #iofDeliver} that it has not routed yet, in bytes. */
    private final java.util.concurrent.atomic.AtomicLong iofInFlight = new java.util.concurrent.atomic.AtomicLong();
    /** Above this, {@link #iofHeld} holds every source until the loop catches up. */
    static final long IOF_IN_FLIGHT_LIMIT = 4L << 20;

    /**
     * {@code PMIx_server_IOF_deliver}: output of {@code source} on {@code channel} (one of
     * {@link org.pmix4j.api.IofChannel}'s bits) for the tools and clients that pulled it (IOF_PULL, or a spawn
     * with output forwarding); output nobody asked for yet is cached and replayed to a later matching
     * request. Use the server's own name ({@link #self}) as source for the server's own output, which every
     * connected tool gets. Returns at once; the data is copied.
     *
     * @param source the process whose output it is
     * @param channel the stream, one of {@link org.pmix4j.api.IofChannel}'s bits
     * @param data the bytes, as read
     * @param info directives such as PMIX_IOF_COMPLETE (the stream ended)
     */
    public void iofDeliver(Proc source, int channel, byte[] data, List<Info> info) {
        java.util.Objects.requireNonNull(source, "source");
        java.util.Objects.requireNonNull(data, "data");
        if (channel <= 0 || channel > 0xffff) {
            throw new IllegalArgumentException("IOF channel " + channel + " is not a channel mask");
        }
        byte[] copy = data.clone();
        List<Info> infos = info == null ? List.of() : List.copyOf(info);
        iofInFlight.addAndGet(copy.length);
        call(() -> {
            iofInFlight.addAndGet(-copy.length);
            parts.iof().deliver(source, channel, copy, infos);
            return null;
        }).exceptionally(e -> {
            LOG.warn("IOF delivery from {} failed: {}", source, e.toString());
            return null;
        });
    }

    /**
     * Whether the host should read no more of {@code source}'s output for now: a tool it is forwarded to has
     * not taken what was sent (more than a few MB wait in its connection). The host holds back until this
     * is false again (a process whose output is not read waits in its own write, as for a full terminal), so
     * that a tool that stops reading costs the server no more memory; the output of every other process goes
     * on. Any thread; cheap when nothing is held.
     *
     * @param source the process whose output the host is about to read
     * @return whether to hold back for now
     */
    public boolean iofHeld(Proc source) {
        // output handed over faster than the loop sends it waits for the loop first: the queue between the
        // two is where a stopped tool's output piled up before the loop could see the tool fall behind
        // (a closed server routes nothing more: it holds nothing back)
        return !closed && (iofInFlight.get() > IOF_IN_FLIGHT_LIMIT || parts.iof().held(source));
    }

    /**
     * The server's own output ({@link #self} as source) to one connected tool only, on {@code channel}: what
     * the host has to tell that tool alone (why its spawn was refused). Dropped when the tool is gone.
     *
     * @param recipient the tool
     * @param channel the stream, one of {@link org.pmix4j.api.IofChannel}'s bits
     * @param data the bytes
     */
    public void iofDeliverTo(Proc recipient, int channel, byte[] data) {
        byte[] copy = data.clone();
        call(() -> {
            parts.iof().deliverTo(recipient, channel, copy);
            return null;
        });
    }

    /**
     * Tells {@code listener} (on the server's thread; it must not block) when a local client's connection
     * ends before it called PMIx_Finalize: the first sign the host has that a process died or dropped out,
     * earlier than the exit of any peer that reacts to it. It hears of the loss before the server fails the
     * fences and collectives the process was in.
     *
     * @param listener told the lost client's name
     */
    public void onClientLost(java.util.function.Consumer<Proc> listener) {
        loop.execute(() -> core.addFirstPeerListener(new ServerCore.PeerListener() {
            @Override
            public void lost(org.pmix4j.server.peer.Peer peer, String why) {
                if (peer.isClient() && !peer.isFinalized()) {
                    listener.accept(peer.proc());
                }
            }
        }));
    }

    /**
     * Completes (on the server's thread: do not block there) once the server has handled everything the
     * local client {@code proc} sent: its connection has ended and every message read before that end,
     * PMIx_Finalize's included, was handled, and so was the loss. At once when it has no connection (it
     * never connected, it left already, or the server was finalized). A host judges a process's exit only
     * then: a process whose finalize was acknowledged (or whose libpmix stopped waiting for the
     * acknowledgement) exits while its last messages may still wait to be read.
     *
     * @param proc a local client
     * @return completes once everything it sent was handled
     */
    public CompletableFuture<Void> whenClientLeft(Proc proc) {
        CompletableFuture<Void> left = new CompletableFuture<>();
        if (closed) {
            left.complete(null);
            return left;
        }
        loop.execute(() -> {
            Namespace ns = core.namespace(proc.nspace());
            LocalClient client = ns == null ? null : ns.client(proc.rank());
            departures.await(client == null ? null : client.peer(), left);
        });
        return left;
    }

    /**
     * Tells {@code listener} (on the server's thread; it must not block) when a tool's connection ends, for
     * whatever reason: the host's cue to end the jobs that tool launched without PMIX_NOHUP.
     *
     * @param listener told the tool's name
     */
    public void onToolLost(java.util.function.Consumer<Proc> listener) {
        loop.execute(() -> core.addPeerListener(new ServerCore.PeerListener() {
            @Override
            public void lost(org.pmix4j.server.peer.Peer peer, String why) {
                if (!peer.isClient()) {
                    listener.accept(peer.proc());
                }
            }
        }));
    }

    /**
     * {@code PMIx_generate_regex}: a compact form of a comma-separated node list that the server parses.
     *
     * @param nodes host names, comma-separated
     * @return the compact form, for PMIX_NODE_MAP
     */
    public static String generateRegex(String nodes) {
        return NodeRegex.generateNodeRegex(nodes);
    }

    /**
     * {@code PMIx_generate_ppn}: a compact form of per-node rank lists ("0,1;2,3").
     *
     * @param ranks the ranks of each node, comma-separated within a node and semicolon-separated between nodes
     * @return the compact form, for PMIX_PROC_MAP
     */
    public static String generatePpn(String ranks) {
        return NodeRegex.generatePpn(ranks);
    }

    /**
     * How many requests of each command (by the name of its {@code PmixCommand}, e.g. "GET")
     * the server's clients and tools sent since it started: a diagnostic, e.g. of how many Gets its clients
     * read from the shared-memory store instead.
     *
     * @return the counts by command name
     */
    public CompletableFuture<Map<String, Long>> requestCounts() {
        return call(() -> {
            Map<String, Long> out = new LinkedHashMap<>();
            core.requestCounts().forEach((cmd, n) -> out.put(cmd.name(), n));
            return out;
        });
    }

    /**
     * How many clients of {@code nspace} attached to the shared-memory store (0 when it is not offered).
     *
     * @param nspace a registered namespace
     * @return the number of its clients that read from the store
     */
    public CompletableFuture<Integer> sharedStoreClients(String nspace) {
        return call(() -> parts.shared().attachedClients(nspace));
    }

    /** The parts that keep protocol state; for the tests of this library, which reach it from this package. */
    ServerParts parts() {
        return parts;
    }

    /**
     * Runs {@code task} on the server's loop and returns its result.
     *
     * @param <T> the task's result type
     * @param task the work; it must not block
     * @return completes with the task's result, or with its exception; fails at once when the server is closed
     */
    public <T> CompletableFuture<T> call(Supplier<T> task) {
        CompletableFuture<T> f = new CompletableFuture<>();
        if (closed) {
            f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_INIT, "the server was finalized"));
            return f;
        }
        loop.execute(() -> {
            try {
                f.complete(task.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    /**
     * Runs {@code task} on the loop and waits for its result, for the synchronous entry points; on the loop
     * itself (a host upcall calling back) it runs at once. Failures come back as PmixException.
     */
    private <T> T await(String what, Supplier<T> task) {
        if (loop.inLoop()) {
            return task.get();
        }
        try {
            // bounded: a loop closed under us runs no more tasks
            return call(task).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new PmixException(PmixStatus.PMIX_ERROR, what + ": " + e.getCause());
        } catch (TimeoutException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_TIMEOUT, what + ": the server did not answer within 30 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, what + ": interrupted");
        }
    }

    private static <T> T onLoop(EventLoop loop, Supplier<T> task) throws IOException {
        CompletableFuture<T> f = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                f.complete(task.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        try {
            return f.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new IOException("the server loop did not start within 30 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the server");
        }
    }

    /**
     * {@code PMIx_server_finalize}: closes every client and tool connection, stops listening, removes the
     * rendezvous files and the directories the library created.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != cleanupOnExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down; the hook is running or will run and find us closed
            }
        }
        Runnable cleanups = null;
        try {
            cleanups = onLoop(loop, () -> {
                listener.close();
                core.shutdown();
                parts.shared().close();
                // RFC0027 cleanups still registered are done now, and those under way awaited
                return parts.cleanup().drain();
            });
        } catch (IOException | RuntimeException e) {
            LOG.warn("finalize: {}", e.toString());
        }
        loop.close();
        if (cleanups != null) {
            cleanups.run();
        }
        dirs.close();
    }

}
