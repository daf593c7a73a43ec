package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.api.DataType;
import org.pmix4j.wire.Packer;

/**
 * What goes into the shared-memory store, and when, following libpmix 4.2.2's server: a namespace is given
 * room when it is registered; its job data is written when the first client that chose the store asks for
 * it (REQ): the job level (this node's values flattened into it, the session, job and application arrays
 * left to the REQ reply) and each rank's values; the LOCAL and GLOBAL keys of a client that chose the store
 * are written when it commits; data of other nodes' processes when it arrives (a fence, a direct modex).
 * Values are packed as the namespace's first store client packs a {@code pmix_value_t}. A write the store
 * cannot make is logged and left to the server's own store, which clients fall back to. Loop thread only.
 */
public final class SharedJobData implements AutoCloseable {
    private static final Log LOG = Log.of(SharedJobData.class);
    private static final Set<String> ARRAYS = Set.of(Attributes.SESSION_INFO_ARRAY.key(), Attributes.JOB_INFO_ARRAY.key(),
            Attributes.APP_INFO_ARRAY.key(), Attributes.NODE_INFO_ARRAY.key());

    private final SharedStore store;
    private final JobStore jobs;
    private final Map<String, BufferKind> kinds = new HashMap<>();
    private final Set<String> jobDataWritten = new HashSet<>();
    /**
     * Batches of a namespace whose write gave up (a client kept its lock), written first the next time: a key
     * whose older value is in shared memory must not stay there once the server has a newer one.
     */
    private final Map<String, List<SharedStore.Batch>> pending = new HashMap<>();

    public SharedJobData(SharedStore store, JobStore jobs) {
        this.store = store;
        this.jobs = jobs;
        store.unavailable().ifPresent(why -> LOG.debug("no shared-memory store: {}", why));
    }

    /** No shared-memory store, for {@code why}: every client uses the server's own. */
    public static SharedJobData without(String why, JobStore jobs) {
        return new SharedJobData(new SharedStores.Off(why), jobs);
    }

    /** Whether clients may choose the store. */
    public boolean offered() {
        return store.unavailable().isEmpty();
    }

    /**
     * The data-store part of a local client's environment: PMIX_GDS_MODULE (the stores the client may
     * choose, in the server's order of preference) and, when the store is offered for its namespace, where
     * it is.
     */
    public Map<String, String> clientEnvironment(String nspace) {
        Map<String, String> env = new LinkedHashMap<>();
        if (store.has(nspace)) {
            env.put("PMIX_GDS_MODULE", SharedStore.MODULE + ",hash");
            env.putAll(store.clientEnvironment());
        } else {
            env.put("PMIX_GDS_MODULE", "hash");
        }
        return env;
    }

    /** Whether a client of {@code nspace} that chose the store can be served from it. */
    public boolean serves(String nspace) {
        return store.has(nspace);
    }

    /** A namespace was registered with {@code localProcs} processes here. */
    public void namespaceRegistered(String nspace, int localProcs) {
        if (!offered() || localProcs <= 0) {
            return;
        }
        try {
            store.addNamespace(nspace, localProcs);
        } catch (IOException | RuntimeException e) {
            LOG.warn("shared-memory store: no room for namespace {} ({}); its clients use the server's store", nspace,
                    e.getMessage());
        }
    }

    /** A client that chose the store asked for its job's data: writes it once per namespace. */
    public void jobInfoRequested(JobData job, BufferKind clientKind) {
        String nspace = job.nspace();
        if (!store.has(nspace) || jobDataWritten.contains(nspace)) {
            return;
        }
        kinds.putIfAbsent(nspace, clientKind);
        List<SharedStore.Batch> batches = new ArrayList<>(job.jobSize() + 1);
        batches.add(new SharedStore.Batch(Rank.WILDCARD, pack(jobLevel(job), clientKind)));
        for (int r = 0; r < job.jobSize(); r++) {
            List<KeyValue> values = job.procValues(r);
            if (!values.isEmpty()) {
                batches.add(new SharedStore.Batch(r, pack(values, clientKind)));
            }
        }
        // a write that gave up is queued, not made again at the next REQ; one that failed outright is
        if (write(nspace, batches, "job data")) {
            jobDataWritten.add(nspace);
        }
    }

    /**
     * The LOCAL and GLOBAL keys a client that chose the store committed, those new or changed since its last
     * commit (a libpmix client resends every value each time; with nothing changed no lock is taken).
     */
    public void committed(Proc proc, List<KeyValue> changed, BufferKind clientKind) {
        if (!store.has(proc.nspace()) || changed.isEmpty()) {
            return;
        }
        write(proc.nspace(), List.of(new SharedStore.Batch(proc.rank(), pack(changed, kindOf(proc.nspace(),
                clientKind)))), "the commit of " + proc);
    }

    /** Data of a process of another node learned from a fence or a direct modex: its new or changed keys. */
    public void remoteData(Proc proc, List<KeyValue> changed, BufferKind from) {
        if (!store.has(proc.nspace()) || changed.isEmpty()) {
            return;
        }
        // a local process's data is in already, from its commit, without its REMOTE keys
        boolean local = jobs.get(proc.nspace()).map(j -> j.isLocal(proc.rank())).orElse(true);
        if (local) {
            return;
        }
        write(proc.nspace(), List.of(new SharedStore.Batch(proc.rank(), pack(changed, kindOf(proc.nspace(), from)))),
                "the data of " + proc);
    }

    /**
     * Writes a namespace of one process and one committed key, and removes it: the writer's code runs once.
     * For the training of an AOT cache on a job of Java clients ({@link
     * org.pmix4j.server.PmixServer#AOT_TRAINING_VARIABLE}, set by bin/pmix4j), which choose the server's own
     * store and so never run the writer: the cache then has its classes and method handles, which a libpmix
     * job's first commit otherwise loads and makes (~30 ms of its first fence). Loop thread only, as the rest.
     */
    public void rehearse() {
        String nspace = "pmix4j-rehearsal-" + ProcessHandle.current().pid();
        namespaceRegistered(nspace, 1);
        try {
            committed(new Proc(nspace, 0), List.of(new KeyValue("pmix4j.rehearsal", Value.of("written"))),
                    BufferKind.NON_DESCRIBED);
        } finally {
            namespaceGone(nspace);
        }
    }

    /** How many clients of {@code nspace} attached to the store. */
    public int attachedClients(String nspace) {
        return store.attachedClients(nspace);
    }

    public void namespaceGone(String nspace) {
        store.removeNamespace(nspace);
        kinds.remove(nspace);
        jobDataWritten.remove(nspace);
        pending.remove(nspace);
    }

    @Override
    public void close() {
        store.close();
    }

    private BufferKind kindOf(String nspace, BufferKind otherwise) {
        return kinds.getOrDefault(nspace, otherwise);
    }

    /** Writes {@code batches} after any queued ones; true when written or queued again, false when they were lost. */
    private boolean write(String nspace, List<SharedStore.Batch> batches, String what) {
        List<SharedStore.Batch> all = batches;
        List<SharedStore.Batch> before = pending.remove(nspace);
        if (before != null) {
            all = new ArrayList<>(before);
            all.addAll(batches);
        }
        try {
            if (!store.store(nspace, all)) {
                pending.put(nspace, all);
            }
            return true; // written, or queued to be written first next time
        } catch (IOException | RuntimeException e) {
            LOG.warn("shared-memory store of {}: {} not written ({}); clients ask the server for it", nspace, what,
                    e.getMessage());
            return false;
        }
    }

    /**
     * The job level as a client reads it from the store: this node's values flattened (they answer a
     * wildcard-rank get of a node-level key), then the job's own; the arrays stay out.
     */
    private static List<KeyValue> jobLevel(JobData job) {
        Map<String, KeyValue> out = new LinkedHashMap<>();
        for (KeyValue kv : job.nodeValues(job.serverHostname())) {
            out.putIfAbsent(kv.key(), kv);
        }
        for (KeyValue kv : job.jobValues()) {
            out.putIfAbsent(kv.key(), kv);
        }
        out.keySet().removeAll(ARRAYS);
        return List.copyOf(out.values());
    }

    private static List<SharedStore.Packed> pack(List<KeyValue> kvs, BufferKind kind) {
        List<SharedStore.Packed> out = new ArrayList<>(kvs.size());
        for (KeyValue kv : kvs) {
            out.add(new SharedStore.Packed(kv.key(), new Packer(kind, 32).pack(DataType.VALUE, List.of(kv.value()))
                    .toByteArray()));
        }
        return out;
    }
}
