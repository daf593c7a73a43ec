package org.pmix4j.runtime.session;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * Where the runtime sends the allocation requests (PMIx_Allocation_request) of its clients and tools: to
 * the scheduler it is attached to (docs/sessions.md, "Runtime → scheduler"). The answer goes back to the
 * requester as it is.
 */
public interface AllocationBroker {
    /**
     * @param requester       who asked
     * @param requesterUid    its uid (a tool's as the kernel said at its connect; our processes' is the
     *                        runtime's)
     * @param parentSession   the requester's job's session when the requester is one of our processes in a
     *                        session other than 0; else null
     */
    CompletionStage<List<Info>> allocate(Proc requester, int requesterUid, Integer parentSession,
            AllocDirective directive, List<Info> info);

    /**
     * A client or tool is gone: a request of its still waiting in the scheduler's queue is withdrawn, so that
     * no session is granted to nobody. Must not block.
     */
    default void requesterGone(Proc requester) {
    }

    /** No scheduler: every request is PMIX_ERR_NOT_SUPPORTED, saying so. */
    AllocationBroker NONE = (requester, uid, parent, directive, info) -> CompletableFuture.failedFuture(
            new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "no scheduler is attached to this runtime (start"
                    + " one with `pmix4j sched`)"));
}
