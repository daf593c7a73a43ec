package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;

/**
 * Runs fences. A fence is identified by its process set; it completes here when every local participant
 * has arrived and all participants are local, otherwise the host moves this server's contribution (the
 * REMOTE data of the local participants, when collecting) to the other servers and hands back everyone's
 * ({@link FenceBlob}). A participant that leaves before the end does not hang the rest: as libpmix does,
 * the fence then completes with PMIX_ERR_PARTIAL_SUCCESS. PMIX_TIMEOUT bounds the wait.
 */
public final class FenceCoordinator implements ServerCore.PeerListener {
    private final ServerCore server;
    private final Map<List<Proc>, Fence> fences = new HashMap<>();

    public FenceCoordinator(ServerCore server) {
        this.server = server;
    }

    void arrive(Request req, List<Proc> requested, List<Info> info) {
        Proc me = req.peer().proc();
        List<Proc> procs = canonical(requested.isEmpty() ? List.of(Proc.wildcard(me.nspace())) : requested);
        Fence f = fences.get(procs);
        if (f == null) {
            f = create(procs);
            fences.put(procs, f);
        }
        if (!f.expected.contains(me)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " called a fence over " + procs
                    + " but is not one of its participants");
        }
        if (f.arrived.containsKey(me)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, me + " entered the fence over " + procs + " twice");
        }
        f.arrived.put(me, req);
        for (Info i : info) {
            if (i.key().equals(Attributes.COLLECT_DATA.key())) {
                f.collect |= i.isTrue();
            } else if (f.arrived.size() == 1) {
                f.directives.add(i);
            }
        }
        int timeout = Attributes.TIMEOUT.find(info).orElse(0);
        if (timeout > 0 && f.timer == null) {
            Fence fence = f;
            f.timer = server.loop().schedule(timeout, TimeUnit.SECONDS, () -> finish(fence, PmixStatus.PMIX_ERR_TIMEOUT));
        }
        progress(f);
    }

    /** Sorted, without duplicates: the order in which processes are named does not make another fence. */
    private static List<Proc> canonical(List<Proc> procs) {
        return List.copyOf(new TreeSet<>(procs));
    }

    private Fence create(List<Proc> procs) {
        JobStore jobs = server.service(JobStore.class);
        Set<Proc> expected = new LinkedHashSet<>();
        boolean allLocal = true;
        for (Proc p : procs) {
            JobData job = jobs.get(p.nspace()).orElse(null);
            if (job == null) {
                allLocal = false;
                continue;
            }
            if (p.rank() == Rank.WILDCARD) {
                for (int r : job.localRanks()) {
                    expected.add(new Proc(p.nspace(), r));
                }
                allLocal &= job.localRanks().length == job.jobSize();
            } else if (job.isLocal(p.rank())) {
                expected.add(p);
            } else {
                allLocal = false;
            }
        }
        return new Fence(procs, expected, allLocal);
    }

    private void progress(Fence f) {
        if (f.hostCalled || !f.locallyComplete()) {
            return;
        }
        if (f.arrived.isEmpty()) {
            finish(f, PmixStatus.PMIX_ERR_LOST_CONNECTION);
            return;
        }
        if (f.allLocal) {
            finish(f, f.lost.isEmpty() ? PmixStatus.PMIX_SUCCESS : PmixStatus.PMIX_ERR_PARTIAL_SUCCESS);
            return;
        }
        f.hostCalled = true;
        ModexStore modex = server.service(ModexStore.class);
        byte[] contribution = f.collect ? FenceBlob.contribution(f, modex, server.service(JobStore.class),
                server.config().bufferKind()) : new byte[0];
        List<Info> directives = new ArrayList<>(f.directives);
        if (f.collect) {
            directives.add(Attributes.COLLECT_DATA.info(true));
        }
        server.host().fence(f.procs, directives, contribution).whenCompleteAsync((all, err) -> {
            if (err != null) {
                finish(f, ServerCore.statusOf(err));
                return;
            }
            try {
                if (f.collect && all != null) {
                    FenceBlob.store(all, f, modex, server.service(JobStore.class), server.config().bufferKind());
                }
                finish(f, f.lost.isEmpty() ? PmixStatus.PMIX_SUCCESS : PmixStatus.PMIX_ERR_PARTIAL_SUCCESS);
            } catch (PmixException e) {
                finish(f, e.status());
            }
        }, server.loop());
    }

    private void finish(Fence f, int status) {
        if (fences.get(f.procs) != f) {
            return;
        }
        fences.remove(f.procs);
        if (f.timer != null) {
            f.timer.cancel();
        }
        for (Request r : f.arrived.values()) {
            if (!r.isAnswered()) {
                r.replyStatus(status);
            }
        }
    }

    private void leave(Proc p) {
        for (Fence f : List.copyOf(fences.values())) {
            if (f.expected.contains(p) && !f.lost.contains(p)) {
                f.lost.add(p);
                f.arrived.remove(p);
                progress(f);
            }
        }
    }

    @Override
    public void lost(Peer peer, String why) {
        if (peer.isClient() && !peer.isFinalized()) {
            leave(peer.proc());
        }
    }

    @Override
    public void clientGone(Proc proc) {
        leave(proc);
    }

    @Override
    public void namespaceGone(String nspace) {
        Set<Proc> gone = new HashSet<>();
        for (Fence f : fences.values()) {
            for (Proc p : f.expected) {
                if (p.nspace().equals(nspace)) {
                    gone.add(p);
                }
            }
        }
        gone.forEach(this::leave);
    }
}
