package org.pmix4j.server.sharedstore;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The job-data store this server shares with its local libpmix clients in memory, in the layout of libpmix
 * 4.2.2's gds "ds21" component: clients that choose it read job data and their local peers' committed data
 * without a message to the server. docs/ds21.md has the layout and the locking this follows. The server
 * writes; clients only read (and take their own locks). One store per server, in a directory of the server's
 * session directory. Loop thread only.
 *
 * <p>{@link SharedStores#open} gives the implementation this JVM can run (java.lang.foreign, JDK 22+), or one
 * that says why there is none.
 */
public interface SharedStore extends AutoCloseable {
    /** The name clients choose the store by (PMIX_GDS_MODULE, the connect request). */
    String MODULE = "ds21";

    /** Why this store is not offered; empty when it is. */
    Optional<String> unavailable();

    /** What a local client of a namespace added here needs in its environment to attach. */
    Map<String, String> clientEnvironment();

    /**
     * Makes room for a namespace with {@code localProcs} processes on this node: its lock segment, one client
     * slot per local process.
     */
    void addNamespace(String nspace, int localProcs) throws IOException;

    /** Whether {@code nspace} was added and not removed. */
    boolean has(String nspace);

    /**
     * Writes {@code batches} of {@code nspace} under one write lock. Returns false, having written nothing,
     * when a client kept its lock past the write's patience (the data is then the server's alone and clients
     * ask for it).
     */
    boolean store(String nspace, List<Batch> batches) throws IOException;

    /** How many clients attached to {@code nspace}'s data (claimed a lock slot). */
    int attachedClients(String nspace);

    /** Removes the namespace's segments. */
    void removeNamespace(String nspace);

    /** Removes every segment and the store's directory. */
    @Override
    void close();

    /**
     * One rank's records ({@code rank} = PMIX_RANK_WILDCARD for the job level).
     *
     * @param values keys and their values, each packed as a client unpacks one {@code pmix_value_t}
     */
    record Batch(int rank, List<Packed> values) {
    }

    /** A key and its value packed for the clients. */
    record Packed(String key, byte[] value) {
    }
}
