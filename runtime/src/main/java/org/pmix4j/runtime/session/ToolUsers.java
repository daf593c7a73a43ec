package org.pmix4j.runtime.session;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pmix4j.api.Proc;

/**
 * The uid of each connected tool, as the server learned it from the kernel at its connect (toolConnected's
 * PMIX_USERID): who may control sessions and ask for allocations. Thread-safe.
 */
public final class ToolUsers {
    private final Map<Proc, Integer> uids = new ConcurrentHashMap<>();

    public void connected(Proc tool, int uid) {
        uids.put(tool, uid);
    }

    public void lost(Proc tool) {
        uids.remove(tool);
    }

    /** The tool's uid, or null when {@code requester} is no connected tool (one of our processes). */
    public Integer uid(Proc requester) {
        return uids.get(requester);
    }
}
