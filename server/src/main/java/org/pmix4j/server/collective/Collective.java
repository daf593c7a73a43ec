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

/**
 * One collective operation in progress on this server (a fence, a connect, a disconnect, a group construct
 * or destruct): the processes it is over, the local participants it waits for, the requests of those that
 * arrived, those that left, and whether the host has been asked. Loop thread only; {@link Collectives}
 * drives it.
 */
public final class Collective {
    final Collectives.Key key;
    private final List<Proc> procs;
    private final Participation participation;
    final Collectives.Operation<?> operation;
    final Map<Proc, Request> arrived = new LinkedHashMap<>();
    final Set<Proc> lost = new LinkedHashSet<>();
    private final List<Info> directives = new ArrayList<>();
    private boolean directivesSet;
    boolean hostCalled;
    boolean finished;
    /** Cancels the PMIX_TIMEOUT timer; null while none runs. */
    Runnable cancelTimer;

    Collective(Collectives.Key key, List<Proc> procs, Participation participation, Collectives.Operation<?> operation) {
        this.key = key;
        this.procs = List.copyOf(procs);
        this.participation = participation;
        this.operation = operation;
    }

    /** The participants as the first caller named them, sorted, without duplicates. */
    public List<Proc> procs() {
        return procs;
    }

    /** The local processes that must call before the operation can go on. */
    public Set<Proc> expected() {
        return participation.expected();
    }

    /** True when every participant is a process of this server: no host is needed. */
    public boolean allLocal() {
        return participation.allLocal();
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

    /** The callers still waiting, in arrival order. */
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

    /** True once the host runs the operation: losing a participant no longer completes it locally. */
    public boolean isHostCalled() {
        return hostCalled;
    }

    boolean locallyComplete() {
        for (Proc p : expected()) {
            if (!arrived.containsKey(p) && !lost.contains(p)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return key.kind() + " over " + procs + " (" + arrived.size() + " of " + expected().size() + " local in"
                + (lost.isEmpty() ? "" : ", lost " + lost) + ")";
    }
}
