package org.pmix4j.client.tool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.internal.AtomicFiles;
import org.pmix4j.client.PmixApi;
import org.pmix4j.client.iof.OutputFormat;
import org.pmix4j.client.internal.ClientCredential;
import org.pmix4j.client.internal.ClientEnvironment;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.net.Handshake;
import org.pmix4j.client.net.LocalIdentity;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.message.FinalizeRequest;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.PeerType;

/**
 * A PMIx tool: a launcher, monitor or debugger that connects to servers by the rendezvous rules of the
 * Standard's tools chapter (see {@link ServerFinder} for the chain) and then uses every request a client
 * has — queries, spawn, events, IO forwarding, job control.
 *
 * <pre>{@code
 * try (PmixTool tool = PmixTool.init(Attributes.SERVER_PIDINFO.info(pid))) {
 *     List<Info> jobs = tool.query(List.of(new Query(List.of(Attributes.QUERY_NAMESPACES.key()), List.of())));
 * }
 * }</pre>
 *
 * <p><b>Identity</b>: PMIX_TOOL_NSPACE (and PMIX_TOOL_RANK, 0 by default) when given; the namespace and rank
 * in the environment when a server started us; else the first server assigns one; a tool that does not
 * connect (PMIX_TOOL_DO_NOT_CONNECT, or PMIX_TOOL_CONNECT_OPTIONAL with no server) names itself
 * {@code pmix4j.tool.<host>.<pid>}, unique on the node. The identity stays the same on every server.
 *
 * <p><b>Servers</b>: a tool may be connected to several; the first is the primary, which serves requests,
 * unless PMIX_PRIMARY_SERVER or {@link #setServer} says otherwise.
 *
 * <p><b>Spawned tools</b> (the tools chapter's indirect launch): PMIX_LAUNCHER_RNDZ_URI makes init connect back
 * to the spawning tool, keeping the primary; PMIX_LAUNCHER_RNDZ_FILE names a file to connect by when it exists,
 * or to write our server's connection information into when it does not; PMIX_KEEPALIVE_PIPE raises
 * PMIX_EVENT_JOB_END when the spawning tool goes away. The three are cleared from the environment children
 * inherit (see {@link #processBuilder}).
 */
public final class PmixTool extends PmixApi {
    private static final AtomicInteger SELF_NAMED = new AtomicInteger();

    private final ToolDirectives initDirectives;
    private final Map<String, String> env;
    private final Map<Proc, ServerConnection> connections = new LinkedHashMap<>();
    private final boolean environmentCleared;
    private volatile boolean identityFromEnvironment;
    private volatile boolean identityKnown;
    private volatile boolean finalized;
    private KeepalivePipe keepalive;
    private Path writtenRendezvous;

    private PmixTool(DataStore store, ToolDirectives d, Map<String, String> env, boolean cleared) {
        super(store, BufferKind.NON_DESCRIBED, d.localOutput());
        this.initDirectives = d;
        this.env = env;
        this.environmentCleared = cleared;
    }

    /**
     * PMIx_tool_init.
     *
     * @param info the tool's attributes: its identity, the server to connect to (SERVER_PIDINFO, SERVER_URI,
     *      SERVER_NSPACE, CONNECT_TO_SYSTEM ...), retries
     * @return the tool, connected
     */
    public static PmixTool init(Info... info) {
        return init(List.of(info));
    }

    /**
     * PMIx_tool_init: settles the identity, connects by the rendezvous chain (unless told not to), fetches
     * the tool's job information, and acts on the spawning tool's variables.
     *
     * @throws PmixException with the status of the failed step, naming what could not be reached
     *
     * @param info the tool's attributes: its identity, the server to connect to, retries
     * @return the tool, connected (or not, when told not to)
     */
    public static PmixTool init(List<Info> info) {
        Map<String, String> env = System.getenv();
        String rndzUri = env.get(LauncherVariables.RNDZ_URI);
        String rndzFile = env.get(LauncherVariables.RNDZ_FILE);
        String keepaliveFd = env.get(LauncherVariables.KEEPALIVE);
        Map<String, String> snapshot = new LinkedHashMap<>(env);
        boolean cleared = LauncherVariables.clear();

        ToolDirectives d = ToolDirectives.of(info, snapshot);
        ClientEnvironment ce = new ClientEnvironment(snapshot);
        Proc given = null;
        boolean fromEnv = false;
        if (d.toolNspace() != null) {
            given = new Proc(d.toolNspace(), d.toolRank());
        } else if (ce.nspace() != null) {
            given = new Proc(ce.nspace(), ce.rank());
            fromEnv = true;
        }
        DataStore store = new DataStore(given != null ? given : new Proc("", Rank.UNDEF), BufferKind.NON_DESCRIBED,
                d.hostname());
        PmixTool tool = new PmixTool(store, d, snapshot, cleared);
        tool.formatOwnOutput(OutputFormat.of(info));
        tool.identityKnown = given != null;
        tool.identityFromEnvironment = fromEnv;
        try {
            if (keepaliveFd != null && !keepaliveFd.isBlank()) {
                tool.watchKeepalive(keepaliveFd.strip());
            }
            boolean rndzFileExists = rndzFile != null && !rndzFile.isBlank() && Files.exists(Path.of(rndzFile));
            if (!d.doNotConnect()) {
                ToolDirectives first = d;
                if (rndzFileExists && !d.namesTarget()) {
                    // the spawning tool told us, through the file, which server to use
                    first = d.withTarget("file:" + rndzFile, null, null);
                }
                try {
                    tool.attach(first, true);
                } catch (PmixException e) {
                    if (!d.connectOptional()) {
                        throw e;
                    }
                }
            }
            if (!tool.identityKnown) {
                tool.nameSelf();
            }
            if (rndzUri != null && !rndzUri.isBlank()) {
                try {
                    tool.attach(d.withTarget(rndzUri.strip(), null, Boolean.FALSE), false);
                } catch (PmixException e) {
                    // connected to the spawning tool's server already: nothing more to do
                    if (e.status() != PmixStatus.PMIX_EXISTS) {
                        throw e;
                    }
                }
            }
            if (rndzFile != null && !rndzFile.isBlank() && !rndzFileExists) {
                tool.writeRendezvous(Path.of(rndzFile));
            }
            if (tool.isConnected()) {
                tool.stopInInitIfAsked();
            }
        } catch (RuntimeException e) {
            tool.close();
            throw e;
        }
        return tool;
    }

    /**
     * PMIx_tool_init on another thread.
     *
     * @param info the tool's attributes
     * @return completes with the tool
     */
    public static CompletionStage<PmixTool> initAsync(List<Info> info) {
        return CompletableFuture.supplyAsync(() -> init(info), r -> Thread.ofVirtual().start(r));
    }

    // ---- servers ----------------------------------------------------------------------------------

    /**
     * PMIx_tool_attach_to_server: connects to one more server by the rendezvous chain with these attributes
     * (servers we are connected to are skipped). It becomes the primary when PMIX_PRIMARY_SERVER is true, or
     * when there is none. Answers the server's identifier.
     *
     * @param info the server to connect to, as for {@link #init(List)}, and PMIX_PRIMARY_SERVER
     * @return the server's name
     */
    public Proc attachToServer(List<Info> info) {
        ToolDirectives d = ToolDirectives.of(info, env, initDirectives);
        return attach(d, Boolean.TRUE.equals(d.primary()));
    }

    /**
     * {@link #attachToServer} without blocking.
     *
     * @param info the server to connect to
     * @return completes with the server's name
     */
    public CompletionStage<Proc> attachToServerAsync(List<Info> info) {
        return async(CompletableFuture.supplyAsync(() -> attachToServer(info), r -> Thread.ofVirtual().start(r)));
    }

    /**
     * PMIx_tool_get_servers: the servers we are connected to, the primary first.
     *
     * @return the servers' names
     */
    public synchronized List<Proc> servers() {
        List<Proc> out = new ArrayList<>();
        ServerConnection p = sender.primary();
        if (p != null && p.isOpen()) {
            out.add(p.server());
        }
        for (Proc s : connections.keySet()) {
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * PMIx_tool_set_server: makes {@code server} the primary. When we are not connected to it yet, it is
     * attached first — by the target in {@code info} if there is one, else by its namespace's rendezvous
     * file; PMIX_WAIT_FOR_CONNECTION with PMIX_TIMEOUT waits for it to appear.
     *
     * @param server the server's name
     * @param info how to reach it when not connected yet; PMIX_WAIT_FOR_CONNECTION, PMIX_TIMEOUT
     */
    public void setServer(Proc server, List<Info> info) {
        ServerConnection c;
        synchronized (this) {
            c = connections.get(server);
        }
        if (c == null) {
            ToolDirectives d = ToolDirectives.of(info, env, initDirectives);
            if (!d.namesTarget()) {
                d = d.withTarget(null, server.nspace(), Boolean.TRUE);
            }
            Proc got = attach(d, true);
            if (!got.equals(server)) {
                throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "asked to make " + server + " the primary server,"
                        + " but the target given led to " + got + " (still connected, not primary)");
            }
            return;
        }
        sender.primary(c);
    }

    /**
     * {@link #setServer} without blocking.
     *
     * @param server the server's name
     * @param info how to reach it when not connected yet
     * @return completes once it is the primary
     */
    public CompletionStage<Void> setServerAsync(Proc server, List<Info> info) {
        return async(CompletableFuture.runAsync(() -> setServer(server, info), r -> Thread.ofVirtual().start(r)));
    }

    /**
     * PMIx_tool_disconnect: closes the connection to {@code server}. If it was the primary, the oldest
     * remaining connection becomes primary.
     *
     * @param server the server's name
     */
    public void disconnectServer(Proc server) {
        ServerConnection c;
        synchronized (this) {
            c = connections.remove(server);
        }
        if (c == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "not connected to server " + server);
        }
        c.close();
        promoteIfPrimaryLost(c);
    }

    /**
     * {@link #disconnectServer} without blocking.
     *
     * @param server the server's name
     * @return completes once disconnected
     */
    public CompletionStage<Void> disconnectServerAsync(Proc server) {
        return async(CompletableFuture.runAsync(() -> disconnectServer(server), r -> Thread.ofVirtual().start(r)));
    }

    // ---- children ---------------------------------------------------------------------------------

    /**
     * The environment children of this tool should get: ours without PMIX_LAUNCHER_RNDZ_URI,
     * PMIX_LAUNCHER_RNDZ_FILE and PMIX_KEEPALIVE_PIPE.
     *
     * @return the environment, a copy
     */
    public static Map<String, String> childEnvironment() {
        return LauncherVariables.childEnvironment();
    }

    /**
     * A process builder whose environment is {@link #childEnvironment()}.
     *
     * @param command the child's command line
     * @return the process builder
     */
    public static ProcessBuilder processBuilder(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeAll(LauncherVariables.ALL);
        return pb;
    }

    /**
     * Whether init could clear the spawning tool's variables from this JVM's environment itself (it can
     * when run with {@code --add-opens java.base/java.lang=ALL-UNNAMED}); when not, use
     * {@link #processBuilder} to start children.
     *
     * @return true when the variables are gone from this JVM's environment
     */
    public boolean environmentCleared() {
        return environmentCleared;
    }

    // ---- the machinery ----------------------------------------------------------------------------

    private Proc attach(ToolDirectives d, boolean makePrimary) {
        Set<Proc> skip;
        synchronized (this) {
            skip = new HashSet<>(connections.keySet());
        }
        ServerFinder finder = new ServerFinder(d, skip, c -> Handshake.connect(c.uri(), request(d),
                Handshake.DEFAULT_TIMEOUT, c.version()), env);
        Handshake.Result r = finder.connect();
        return adopt(r, makePrimary);
    }

    /** The connect request for our current identity. */
    private ConnectRequest request(ToolDirectives d) {
        LocalIdentity me = LocalIdentity.current();
        boolean launcher = d.launcher() || initDirectives.launcher();
        PeerType type;
        Proc self = self();
        if (!identityKnown) {
            type = launcher ? PeerType.LAUNCHER_NEEDS_ID : PeerType.TOOL_NEEDS_ID;
        } else if (identityFromEnvironment) {
            type = launcher ? PeerType.LAUNCHER_CLIENT : PeerType.TOOL_CLIENT;
        } else {
            type = launcher ? PeerType.LAUNCHER_GIVEN_ID : PeerType.TOOL_GIVEN_ID;
        }
        List<Info> info = new ArrayList<>(d.forServer());
        info.add(Attributes.PROC_PID.info((int) me.pid()));
        if (launcher) {
            info.add(Attributes.LAUNCHER.info(true));
        }
        info.add(Attributes.CMD_LINE.info(me.cmdLine()));
        ClientEnvironment ce = new ClientEnvironment(env);
        ClientCredential cred = ClientCredential.choose(ce.securityModes(), ce.munged(), me.uid(), me.gid());
        return new ConnectRequest(cred.module(), cred.credential(), type,
                me.uid(), me.gid(), type.sendsId() ? self.nspace() : null, type.sendsId() ? self.rank() : 0,
                PROTOCOL_VERSION, "v41", BufferKind.NON_DESCRIBED.code(), "hash", info);
    }

    /** Takes a fresh connection into service: identity, listener, job information. */
    private Proc adopt(Handshake.Result r, boolean makePrimary) {
        ServerConnection c = r.connection();
        if (r.assigned() != null && !identityKnown) {
            store.self(r.assigned());
            identityKnown = true;
        }
        synchronized (this) {
            connections.put(c.server(), c);
        }
        c.start(listener());
        boolean wasPrimary = sender.primary() == null || !sender.primary().isOpen();
        if (makePrimary || wasPrimary) {
            sender.primary(c);
        }
        try {
            Futures.await(requestJobInfo(c, null));
        } catch (PmixException e) {
            synchronized (this) {
                connections.remove(c.server());
            }
            c.close();
            promoteIfPrimaryLost(c);
            throw new PmixException(e.status(), "server " + c.server() + " accepted us but did not send our job"
                    + " information: " + e.detail(), e);
        }
        return c.server();
    }

    private void nameSelf() {
        int n = SELF_NAMED.getAndIncrement();
        String ns = "pmix4j.tool." + initDirectives.hostname() + "." + ProcessHandle.current().pid() + (n == 0 ? ""
                : "." + n);
        store.self(new Proc(ns, 0));
        identityKnown = true;
    }

    private synchronized void promoteIfPrimaryLost(ServerConnection lost) {
        if (sender.primary() == lost || sender.primary() == null) {
            sender.primary(connections.values().stream().filter(ServerConnection::isOpen).findFirst().orElse(null));
        }
    }

    @Override
    protected void connectionClosed(ServerConnection c, boolean requested) {
        synchronized (this) {
            connections.remove(c.server(), c);
        }
        super.connectionClosed(c, requested);
        promoteIfPrimaryLost(c);
    }

    private void watchKeepalive(String fdText) {
        int fd;
        try {
            fd = Integer.parseInt(fdText);
        } catch (NumberFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_KEEPALIVE_PIPE '" + fdText
                    + "' is not a file descriptor number");
        }
        try {
            keepalive = KeepalivePipe.watch(fd, this::spawnerGone);
        } catch (IllegalArgumentException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, e.getMessage());
        }
    }

    /** The spawning tool is gone: PMIX_EVENT_JOB_END for it, to our own handlers only. */
    private void spawnerGone() {
        if (finalized) {
            return;
        }
        Proc parent = Optional.ofNullable(self()).filter(p -> !p.nspace().isEmpty())
                .flatMap(p -> store.find(p, Attributes.PARENT_ID.key(), org.pmix4j.client.store.GetQuery.NONE))
                .filter(v -> v instanceof Proc).map(v -> (Proc) v)
                .orElse(new Proc(LauncherVariables.KEEPALIVE, Rank.UNDEF));
        events.deliver(PmixStatus.PMIX_EVENT_JOB_END, self(), List.of(Attributes.EVENT_NON_DEFAULT.info(true),
                Attributes.EVENT_AFFECTED_PROC.info(parent), Attributes.JOB_TERM_STATUS.info(PmixStatus.PMIX_SUCCESS),
                Attributes.EVENT_TIMESTAMP.info(System.currentTimeMillis() / 1000)));
    }

    /** PMIX_LAUNCHER_RNDZ_FILE named a file that does not exist: where a spawning tool can reach us. */
    private void writeRendezvous(Path file) {
        String uri = initDirectives.myServerUri();
        ServerConnection p = sender.primary();
        if (uri == null && p != null) {
            uri = p.uri().text();
        }
        if (uri == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "PMIX_LAUNCHER_RNDZ_FILE=" + file
                    + " asks for our connection information, but we have no server to offer (connect to one, or give"
                    + " PMIX_MYSERVER_URI)");
        }
        LocalIdentity me = LocalIdentity.current();
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicFiles.replace(file, RendezvousFile.format(uri, PROTOCOL_VERSION, me.pid(), me.uid(), me.gid(),
                    ZonedDateTime.now()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            writtenRendezvous = file;
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, "cannot write PMIX_LAUNCHER_RNDZ_FILE " + file
                    + ": " + e.getMessage(), e);
        }
    }

    /** PMIx_tool_finalize: tells every server we are done (up to 2 s each) and closes the connections. */
    @Override
    public void close() {
        if (finalized) {
            return;
        }
        finalized = true;
        if (keepalive != null) {
            keepalive.stop();
        }
        List<ServerConnection> all;
        synchronized (this) {
            all = new ArrayList<>(connections.values());
            connections.clear();
        }
        sender.primary(null);
        for (ServerConnection c : all) {
            try {
                if (c.isOpen()) {
                    Futures.await(sender.sendForStatus(c, new FinalizeRequest(), "finalize"), 2000,
                            "PMIx_tool_finalize");
                }
            } catch (PmixException e) {
                // the server notices the close anyway
            } finally {
                c.close();
            }
        }
        // output that came before the finalize is written in full, as libpmix flushes its residuals
        finishOwnOutput();
        if (writtenRendezvous != null) {
            try {
                Files.deleteIfExists(writtenRendezvous);
            } catch (IOException e) {
                // it is a hint for others, not ours to keep
            }
        }
        shutdownExecutors();
    }

    /**
     * {@link #close} on another thread.
     *
     * @return completes once finalized
     */
    public CompletionStage<Void> closeAsync() {
        return CompletableFuture.runAsync(this::close, r -> Thread.ofVirtual().start(r));
    }

    @Override
    public String toString() {
        return "PmixTool[" + self() + ", servers " + servers() + "]";
    }
}
