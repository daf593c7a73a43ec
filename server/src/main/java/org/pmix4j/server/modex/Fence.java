package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.net.EventLoop;

/**
 * One fence in progress: the exact set of processes it is over (its identity, as in libpmix), the local
 * participants it waits for, those that have arrived, and whether data is collected.
 */
final class Fence {
    final List<Proc> procs;
    final Set<Proc> expected;
    final boolean allLocal;
    final Map<Proc, Request> arrived = new LinkedHashMap<>();
    final List<Info> directives = new ArrayList<>();
    boolean collect;
    boolean hostCalled;
    /** Participants that left before the fence completed; the rest learn of it in the status. */
    final Set<Proc> lost = new LinkedHashSet<>();
    EventLoop.Timer timer;

    Fence(List<Proc> procs, Set<Proc> expected, boolean allLocal) {
        this.procs = procs;
        this.expected = expected;
        this.allLocal = allLocal;
    }

    /** Every local participant still alive has arrived. */
    boolean locallyComplete() {
        for (Proc p : expected) {
            if (!arrived.containsKey(p) && !lost.contains(p)) {
                return false;
            }
        }
        return true;
    }
}
