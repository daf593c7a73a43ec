package org.pmix4j.server.collective;

import java.util.ArrayList;
import java.util.Collections;
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
 * One collective operation in progress on this server (a connect, a disconnect, a group construct or
 * destruct): the processes it is over, the local participants it waits for, the requests of those that
 * arrived, and whether the host has been asked. Loop thread only; {@link Collectives} drives it.
 */
public final class Collective {
    final Collectives.Key key;
    private final List<Proc> procs;
    private final Set<Proc> expected;
    private final boolean allLocal;
    final Collectives.Operation operation;
    final Map<Proc, Request> arrived = new LinkedHashMap<>();
    final Set<Proc> lost = new LinkedHashSet<>();
    private final List<Info> directives = new ArrayList<>();
    private boolean directivesSet;
    boolean hostCalled;
    boolean finished;
    EventLoop.Timer timer;
    private Object attachment;

    Collective(Collectives.Key key, List<Proc> procs, Set<Proc> expected, boolean allLocal,
            Collectives.Operation operation) {
        this.key = key;
        this.procs = List.copyOf(procs);
        this.expected = Collections.unmodifiableSet(expected);
        this.allLocal = allLocal;
        this.operation = operation;
    }

    /** The participants as the callers named them, sorted, without duplicates. */
    public List<Proc> procs() {
        return procs;
    }

    /** The local processes that must call before the operation can go on. */
    public Set<Proc> expected() {
        return expected;
    }

    /** True when every participant is a process of this server: no host is needed. */
    public boolean allLocal() {
        return allLocal;
    }

    /** The directives of the first caller that gave any (libpmix keeps the first caller's). */
    public List<Info> directives() {
        return Collections.unmodifiableList(directives);
    }

    void offerDirectives(List<Info> info) {
        if (!directivesSet && !info.isEmpty()) {
            directives.addAll(info);
            directivesSet = true;
        }
    }

    /** The callers so far, in arrival order. */
    public List<Proc> arrivedProcs() {
        return List.copyOf(arrived.keySet());
    }

    /** Local participants that left (lost connection, deregistered) before the end. */
    public Set<Proc> lost() {
        return Collections.unmodifiableSet(lost);
    }

    public boolean isFinished() {
        return finished;
    }

    /** Marks that the host now runs the operation; losing a participant no longer completes it locally. */
    public void hostCalled() {
        hostCalled = true;
    }

    /** Per-operation state (e.g. the group being built). */
    public Object attachment() {
        return attachment;
    }

    public void attach(Object o) {
        attachment = o;
    }

    boolean locallyComplete() {
        for (Proc p : expected) {
            if (!arrived.containsKey(p) && !lost.contains(p)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return key.kind() + " over " + procs + " (" + arrived.size() + " of " + expected.size() + " local in"
                + (lost.isEmpty() ? "" : ", lost " + lost) + ")";
    }
}
