package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.sharedstore.SharedJobData;
import org.pmix4j.wire.BufferKind;

/**
 * The data processes exchange (Put/Commit, fence collection, direct modex), by process, and the waiters
 * that want to know when a process's data changes or the process goes away. Loop thread only.
 */
public final class ModexStore implements ServerCore.PeerListener {
    private final BufferKind kind;
    private final SharedJobData shared;
    private final Map<Proc, ProcData> data = new HashMap<>();
    private final Map<Proc, List<Runnable>> waiters = new HashMap<>();
    private final Map<Proc, Boolean> gone = new HashMap<>();

    /** @param shared where other nodes' data also goes, for the clients that read it from shared memory */
    public ModexStore(BufferKind kind, SharedJobData shared) {
        this.kind = kind;
        this.shared = shared;
    }

    ProcData get(Proc p) {
        return data.get(p);
    }

    private ProcData getOrCreate(Proc p) {
        return data.computeIfAbsent(p, x -> new ProcData(kind));
    }

    /**
     * A COMMIT: the scope's run of KVAL packs, in the committer's buffer kind.
     *
     * @return the keys of the scope whose value is new or changed
     */
    List<org.pmix4j.api.KeyValue> commit(Proc p, Scope scope, byte[] keyValues, BufferKind from) {
        ProcData d = getOrCreate(p);
        return switch (scope.kind()) {
            case LOCAL -> d.local().append(keyValues, from);
            case REMOTE -> d.remote().append(keyValues, from);
            default -> throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "commit of " + p + " in scope "
                    + scope.label() + ": the client packs only LOCAL and REMOTE buffers");
        };
    }

    /** Marks the end of a COMMIT and wakes whoever waits on this process. */
    void committed(Proc p) {
        getOrCreate(p).markCommitted();
        wake(p);
    }

    /** Remote data learned from other servers (a fence blob, a direct modex). */
    void storeRemote(Proc p, byte[] kvals, BufferKind from) {
        ProcData d = getOrCreate(p);
        shared.remoteData(p, d.remote().append(kvals, from), from);
        d.markCommitted();
        wake(p);
    }

    /** Runs {@code r} once, the next time {@code p}'s data changes or {@code p} goes away. */
    void onChange(Proc p, Runnable r) {
        waiters.computeIfAbsent(p, x -> new ArrayList<>()).add(r);
    }

    /**
     * Calls {@code then} with the REMOTE data of a local process once it has committed (at once if it has),
     * or with {@code null} if it leaves without committing: what a remote server's direct modex asks for.
     */
    public void whenCommitted(Proc p, java.util.function.Consumer<byte[]> then) {
        ProcData d = data.get(p);
        if (d != null && d.committed()) {
            then.accept(d.remote().bytes(kind));
        } else if (isGone(p)) {
            then.accept(null);
        } else {
            onChange(p, () -> whenCommitted(p, then));
        }
    }

    /** The process left (finalized or lost, or was deregistered): its data cannot grow any more. */
    boolean isGone(Proc p) {
        return gone.containsKey(p);
    }

    private void wake(Proc p) {
        List<Runnable> w = waiters.remove(p);
        if (w != null) {
            w.forEach(Runnable::run);
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        if (peer.isClient()) {
            gone.put(peer.proc(), Boolean.TRUE);
            wake(peer.proc());
        }
    }

    @Override
    public void clientGone(Proc proc) {
        gone.put(proc, Boolean.TRUE);
        wake(proc);
    }

    @Override
    public void namespaceGone(String nspace) {
        data.keySet().removeIf(p -> p.nspace().equals(nspace));
        gone.keySet().removeIf(p -> p.nspace().equals(nspace));
        for (Proc p : List.copyOf(waiters.keySet())) {
            if (p.nspace().equals(nspace)) {
                wake(p);
            }
        }
    }
}
