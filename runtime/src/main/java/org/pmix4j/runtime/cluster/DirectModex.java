package org.pmix4j.runtime.cluster;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * The direct modex across nodes: a server's Get of a key of a process on another node is asked of that
 * node's daemon, whose server answers with what the process shared (PMIx_server_dmodex_request), and the
 * answer goes back to the asking daemon.
 */
public final class DirectModex {
    private final DaemonRouter router;
    private final ToIntFunction<Proc> nodeOf;
    private final Function<Proc, CompletableFuture<byte[]>> localData;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<byte[]>> waiting = new ConcurrentHashMap<>();

    /**
     * @param nodeOf    the daemon whose node runs a process (−1: unknown)
     * @param localData this node's server's data of a local process ({@code PmixServer::dmodexRequest})
     */
    DirectModex(DaemonRouter router, ToIntFunction<Proc> nodeOf, Function<Proc, CompletableFuture<byte[]>> localData) {
        this.router = router;
        this.nodeOf = nodeOf;
        this.localData = localData;
    }

    /** The data of {@code target} from its node. */
    public CompletableFuture<byte[]> ask(Proc target, List<Info> directives) {
        int node = nodeOf.applyAsInt(target);
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        if (node < 0 || node == router.self()) {
            f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, target
                    + (node < 0 ? " runs on no node of this runtime" : " is not a process this node's server knows")));
            return f;
        }
        long id = ids.incrementAndGet();
        waiting.put(id, f);
        router.send(node, new DaemonMessage.DmodexAsk(id, target, directives));
        return f;
    }

    /** Another daemon asks for a process of this node. */
    void asked(int origin, DaemonMessage.DmodexAsk m) {
        localData.apply(m.target()).whenComplete((data, err) -> {
            if (err == null) {
                router.send(origin, new DaemonMessage.DmodexAnswer(m.request(), PmixStatus.PMIX_SUCCESS, data));
            } else {
                Throwable c = err instanceof java.util.concurrent.CompletionException && err.getCause() != null
                        ? err.getCause() : err;
                int status = c instanceof PmixException pe ? pe.status() : PmixStatus.PMIX_ERROR;
                router.send(origin, new DaemonMessage.DmodexAnswer(m.request(), status, new byte[0]));
            }
        });
    }

    void answered(DaemonMessage.DmodexAnswer m) {
        CompletableFuture<byte[]> f = waiting.remove(m.request());
        if (f == null) {
            return;
        }
        if (m.status() == PmixStatus.PMIX_SUCCESS) {
            f.complete(m.data());
        } else {
            f.completeExceptionally(new PmixException(m.status(), "the node of the process answered the direct modex"
                    + " with " + PmixStatus.name(m.status())));
        }
    }

    /** A node was lost: what was asked of any node fails (the job is being stopped). */
    void nodeLost(String why) {
        waiting.values().forEach(f -> f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_UNREACH, why)));
        waiting.clear();
    }
}
