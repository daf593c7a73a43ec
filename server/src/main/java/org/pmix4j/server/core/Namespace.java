package org.pmix4j.server.core;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.pmix4j.api.Proc;

/**
 * A job registered with this server: how many of its processes are local, the clients the host
 * registered, and the job data (the store's view, kept by {@link ServerCore}). Loop thread only.
 */
public final class Namespace {
    private final String name;
    private final int localProcs;
    private final Map<Integer, LocalClient> clients = new HashMap<>();
    private String firstClientVersion;

    Namespace(String name, int localProcs) {
        this.name = name;
        this.localProcs = localProcs;
    }

    public String name() {
        return name;
    }

    /** The number of processes of this job the host said run on this node. */
    public int localProcs() {
        return localProcs;
    }

    public LocalClient client(int rank) {
        return clients.get(rank);
    }

    public Collection<LocalClient> clients() {
        return clients.values();
    }

    LocalClient addClient(Proc p, int uid, int gid) {
        LocalClient c = new LocalClient(p, uid, gid);
        clients.put(p.rank(), c);
        return c;
    }

    LocalClient removeClient(int rank) {
        return clients.remove(rank);
    }

    /** The library version of the first client that connected (libpmix files it as pmix.bfrops.mod). */
    public String firstClientVersion() {
        return firstClientVersion;
    }

    void firstClientVersion(String v) {
        if (firstClientVersion == null) {
            firstClientVersion = v;
        }
    }
}
