package org.pmix4j.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.client.internal.ClientCredential;
import org.pmix4j.client.internal.ClientEnvironment;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.net.Handshake;
import org.pmix4j.client.net.LocalIdentity;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.client.net.ServerUri;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.client.store.GetQuery;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.message.AbortRequest;
import org.pmix4j.wire.message.CommitRequest;
import org.pmix4j.wire.message.FenceRequest;
import org.pmix4j.wire.message.FinalizeRequest;
import org.pmix4j.wire.protocol.ConnectRequest;
import org.pmix4j.wire.protocol.PeerType;

/**
 * A PMIx client: an application process started by a PMIx server (pmix4j run, mpirun, prterun, srun ...).
 *
 * <pre>{@code
 * try (PmixClient pmix = PmixClient.init()) {
 *     int size = pmix.jobSize();
 *     pmix.put(Scope.GLOBAL, "my.key", Value.of("hello from " + pmix.rank()));
 *     pmix.commit();
 *     pmix.fence(List.of(), Attributes.COLLECT_DATA.info(true));
 *     Value v = pmix.get(new Proc(pmix.nspace(), 0), "my.key");
 * }
 * }</pre>
 *
 * <p>{@link #init} reads the environment the server gave the process, connects (announcing the "hash" data
 * store, so job information comes in-band whatever the server offers), fetches the job information and,
 * when the launcher asked for it (PMIX_DEBUG_STOP_IN_INIT), waits for the debugger's release. Without a
 * server in the environment the process is a singleton of its own namespace. Init and {@link #close}
 * (PMIx_Finalize) nest: one process has one client, closed when the last init is matched.
 */
public final class PmixClient extends PmixApi {
    private static final Object LOCK = new Object();
    private static PmixClient instance;

    private int references = 1;
    private volatile boolean finalized;

    private PmixClient(DataStore store, BufferKind kind) {
        super(store, kind, false);
    }

    /**
     * PMIx_Init without directives.
     *
     * @return the client of this process
     */
    public static PmixClient init() {
        return init(List.of());
    }

    /**
     * PMIx_Init.
     *
     * @param info init directives, e.g. PMIX_PROGRAMMING_MODEL
     * @return the client of this process
     */
    public static PmixClient init(Info... info) {
        return init(List.of(info));
    }

    /**
     * PMIx_Init: the client of this process, connected and with its job information.
     *
     * @throws PmixException PMIX_ERR_INIT for a broken environment; PMIX_ERR_UNREACH when the server does not
     *                       accept us
     *
     * @param info init directives, e.g. PMIX_PROGRAMMING_MODEL
     * @return the client of this process
     */
    public static PmixClient init(List<Info> info) {
        synchronized (LOCK) {
            if (instance != null && !instance.finalized) {
                instance.references++;
                return instance;
            }
            instance = create(ClientEnvironment.current(), info);
            return instance;
        }
    }

    /**
     * PMIx_Init on another thread.
     *
     * @param info init directives
     * @return completes with the client of this process
     */
    public static CompletionStage<PmixClient> initAsync(List<Info> info) {
        return CompletableFuture.supplyAsync(() -> init(info), r -> Thread.ofVirtual().start(r));
    }

    /**
     * PMIx_Initialized: whether this process has a client that is not finalized.
     *
     * @return true between init and the matching finalize
     */
    public static boolean isInitialized() {
        synchronized (LOCK) {
            return instance != null && !instance.finalized;
        }
    }

    private static PmixClient create(ClientEnvironment env, List<Info> info) {
        String nspace = env.nspace();
        String host = env.hostname();
        if (nspace == null) {
            return singleton(host);
        }
        int rank = env.rank();
        ServerUri uri = env.serverUri();
        BufferKind kind = env.bufferKind();
        Proc self = new Proc(nspace, rank);
        LocalIdentity me = LocalIdentity.current();
        ClientCredential cred = ClientCredential.choose(env.securityModes(), env.munged(), me.uid(), me.gid());
        ConnectRequest req = new ConnectRequest(cred.module(), cred.credential(), PeerType.SIMPLE_CLIENT, -1, -1, nspace, rank,
                PROTOCOL_VERSION, "v41", kind.code(), "hash", List.of());
        Duration timeout = Attributes.TIMEOUT.find(info).filter(t -> t > 0).map(t -> Duration.ofSeconds(t))
                .orElse(Handshake.DEFAULT_TIMEOUT);
        Handshake.Result hs;
        try {
            hs = Handshake.connect(uri, req, timeout, env.serverVersion());
        } catch (PmixException e) {
            throw new PmixException(e.status() == PmixStatus.PMIX_ERR_UNREACH ? PmixStatus.PMIX_ERR_UNREACH
                    : e.status(), "PMIx_Init of " + self + ": " + e.detail(), e);
        }
        DataStore store = new DataStore(self, kind, host);
        PmixClient c = new PmixClient(store, kind);
        ServerConnection conn = hs.connection();
        c.sender.primary(conn);
        conn.start(c.listener());
        try {
            Futures.await(c.requestJobInfo(conn, nspace));
            store.fileProcValue(self, Attributes.SERVER_NSPACE.key(), Value.of(conn.server().nspace()));
            store.fileProcValue(self, Attributes.SERVER_RANK.key(), new Rank(conn.server().rank()));
            c.stopInInitIfAsked();
        } catch (RuntimeException e) {
            conn.close();
            c.shutdownExecutors();
            throw e;
        }
        return c;
    }

    /** A process no server started: its own namespace of one, with the job information a singleton has. */
    private static PmixClient singleton(String host) {
        Proc self = new Proc("singleton." + host + "." + ProcessHandle.current().pid(), 0);
        DataStore store = new DataStore(self, BufferKind.NON_DESCRIBED, host);
        store.fileJobInfo(self.nspace(), List.of(
                new KeyValue(Attributes.JOB_SIZE.key(), new Value.UInt32(1)),
                new KeyValue(Attributes.MAX_PROCS.key(), new Value.UInt32(1)),
                new KeyValue(Attributes.UNIV_SIZE.key(), new Value.UInt32(1)),
                new KeyValue(Attributes.NUM_NODES.key(), new Value.UInt32(1)),
                new KeyValue(Attributes.NODE_LIST.key(), Value.of(host)),
                new KeyValue(Attributes.JOBID.key(), Value.of(self.nspace())),
                new KeyValue(Attributes.LOCAL_PEERS.key(), Value.of("0")),
                new KeyValue(Attributes.LOCAL_SIZE.key(), new Value.UInt32(1)),
                new KeyValue(Attributes.LOCALLDR.key(), new Rank(0))));
        store.fileProcValue(self, Attributes.RANK.key(), new Rank(0));
        store.fileProcValue(self, Attributes.LOCAL_RANK.key(), new Value.UInt16(0));
        store.fileProcValue(self, Attributes.NODE_RANK.key(), new Value.UInt16(0));
        store.fileProcValue(self, Attributes.APPNUM.key(), new Value.UInt32(0));
        store.fileProcValue(self, Attributes.HOSTNAME.key(), Value.of(host));
        return new PmixClient(store, BufferKind.NON_DESCRIBED);
    }

    // ---- modex ------------------------------------------------------------------------------------

    /**
     * PMIx_Put: stores a value under our name, visible to peers after {@link #commit} (and, for remote
     * peers, a fence or their Get). LOCAL reaches processes on this node, REMOTE the others, GLOBAL both.
     *
     * @param scope who may read it: LOCAL, REMOTE or GLOBAL
     * @param key the key, e.g. {@code "my.endpoint"}
     * @param value the value
     */
    public void put(Scope scope, String key, Value value) {
        if (key == null || key.isEmpty() || key.length() > Info.MAX_KEY_LENGTH) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "a key must have 1 to " + Info.MAX_KEY_LENGTH
                    + " characters: '" + key + "'");
        }
        store.put(scope, key, value);
    }

    /** PMIx_Commit: sends our Puts to the server. */
    public void commit() {
        Futures.await(commitRaw());
    }

    /**
     * {@link #commit} without blocking.
     *
     * @return completes once the server has our data
     */
    public CompletionStage<Void> commitAsync() {
        return async(commitRaw());
    }

    private CompletableFuture<Void> commitRaw() {
        ServerConnection c = sender.primary();
        if (c == null || !c.isOpen()) {
            return CompletableFuture.completedFuture(null);
        }
        byte[][] b = store.commitBuffers();
        // libpmix sends LOCAL then REMOTE, each scope only when it holds something
        List<CommitRequest.ScopedData> scopes = new ArrayList<>(2);
        if (b[0].length > 0) {
            scopes.add(new CommitRequest.ScopedData(Scope.LOCAL, new Value.Buffer(c.kind().code(), b[0])));
        }
        if (b[1].length > 0) {
            scopes.add(new CommitRequest.ScopedData(Scope.REMOTE, new Value.Buffer(c.kind().code(), b[1])));
        }
        return sender.sendForStatus(c, new CommitRequest(scopes), "commit");
    }

    /**
     * PMIx_Fence: waits until every process in {@code procs} (empty: our whole namespace) has called it;
     * with PMIX_COLLECT_DATA their committed data is gathered so that Gets after it are served at once.
     *
     * @param procs the participants (empty: our namespace; a rank wildcard: a whole job)
     * @param directives e.g. {@code Attributes.COLLECT_DATA.info(true)}, PMIX_TIMEOUT
     */
    public void fence(List<Proc> procs, Info... directives) {
        Futures.await(fenceRaw(procs, List.of(directives)));
    }

    /**
     * {@link #fence} without blocking.
     *
     * @param procs the participants
     * @param directives e.g. PMIX_COLLECT_DATA, PMIX_TIMEOUT
     * @return completes once every participant has arrived
     */
    public CompletionStage<Void> fenceAsync(List<Proc> procs, List<Info> directives) {
        return async(fenceRaw(procs, directives));
    }

    private CompletableFuture<Void> fenceRaw(List<Proc> procs, List<Info> directives) {
        if (!isConnected()) {
            // a singleton fences with itself
            return CompletableFuture.completedFuture(null);
        }
        List<Proc> ps = procs.isEmpty() ? List.of(Proc.wildcard(nspace())) : procs;
        return sender.sendForStatus(new FenceRequest(ps, directives), "fence across " + ps);
    }

    // ---- abort, finalize ----------------------------------------------------------------------------

    /**
     * PMIx_Abort: asks the host to end {@code procs} (empty: our whole job) with this status. Returns once
     * the server has the request; stopping the processes is the host's business.
     *
     * @param status the exit status the processes should end with
     * @param message why, for the user
     * @param procs the processes to end (empty: our job)
     */
    public void abort(int status, String message, List<Proc> procs) {
        Futures.await(abortRaw(status, message, procs));
    }

    /**
     * {@link #abort} without blocking.
     *
     * @param status the exit status
     * @param message why
     * @param procs the processes to end
     * @return completes once the server has the request
     */
    public CompletionStage<Void> abortAsync(int status, String message, List<Proc> procs) {
        return async(abortRaw(status, message, procs));
    }

    private CompletableFuture<Void> abortRaw(int status, String message, List<Proc> procs) {
        if (!isConnected()) {
            return Futures.failed(PmixStatus.PMIX_ERR_UNREACH, "not connected: cannot abort (a singleton just exits)");
        }
        // libpmix ignores the server's answer
        return sender.send(new AbortRequest(status, message == null ? "" : message, procs), u -> null);
    }

    /**
     * PMIx_Finalize, when this matches the first init: tells the server we are done (waiting up to 2 s for
     * its answer, as libpmix does) and closes the connection.
     */
    @Override
    public void close() {
        synchronized (LOCK) {
            if (finalized || --references > 0) {
                return;
            }
            finalized = true;
            if (instance == this) {
                instance = null;
            }
        }
        ServerConnection c = sender.primary();
        if (c != null) {
            try {
                if (c.isOpen()) {
                    Futures.await(sender.sendForStatus(c, new FinalizeRequest(), "finalize"), 2000, "PMIx_Finalize");
                }
            } catch (PmixException e) {
                // the server will notice the connection close
            } finally {
                sender.primary(null);
                c.close();
            }
        }
        shutdownExecutors();
    }

    /**
     * PMIx_Finalize on another thread.
     *
     * @return completes once finalized
     */
    public CompletionStage<Void> closeAsync() {
        return CompletableFuture.runAsync(this::close, r -> Thread.ofVirtual().start(r));
    }

    @Override
    public String toString() {
        return "PmixClient[" + self() + (isConnected() ? ", server " + server().orElseThrow() : ", no server") + "]";
    }
}
