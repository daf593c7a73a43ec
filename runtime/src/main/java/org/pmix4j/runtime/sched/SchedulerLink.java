package org.pmix4j.runtime.sched;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.client.tool.SystemRole;
import org.pmix4j.runtime.session.AllocationBroker;
import org.pmix4j.runtime.session.SessionJobs;
import org.pmix4j.runtime.session.SessionKeys;
import org.pmix4j.runtime.session.SessionListener;

/**
 * The runtime's side of the node's scheduler (docs/sessions.md): the DVM forwards its clients' and tools'
 * allocation requests to the scheduler, vouching for who asks (the requester's uid as the kernel gave it, its
 * name, the session it asks from), and tells the scheduler when a session ended so that its slots go back to
 * the pool. Without a scheduler, an allocation request is PMIX_ERR_NOT_SUPPORTED; after losing one, it is
 * PMIX_ERR_UNREACH until one attaches again (the sessions it granted run on meanwhile).
 */
public final class SchedulerLink implements AllocationBroker, SessionListener, AutoCloseable {
    private static final Log LOG = Log.of(SchedulerLink.class);

    private final RoleLink link;
    private volatile boolean lostOne;
    /** The requesters with a forwarded request not yet answered, and how many each has. */
    private final Map<Proc, Integer> waiting = new ConcurrentHashMap<>();

    public SchedulerLink(Path systemTmpdir, String hostname) {
        this.link = new RoleLink(SystemRole.SCHEDULER, systemTmpdir, hostname,
                List.of(Attributes.SERVER_SYS_CONTROLLER.info(true)), tool -> lostOne = false, () -> lostOne = true);
    }

    /** Starts looking for the scheduler. */
    public void start() {
        link.start();
    }

    /**
     * Forwards PMIx_Allocation_request; the scheduler's answer is the requester's.
     *
     * @param uid    the requester's uid, as the kernel said at its connect
     * @param parent the session of the requester's job (null: none, or the runtime's default session)
     */
    @Override
    public CompletionStage<List<Info>> allocate(Proc requester, int uid, Integer parent, AllocDirective directive,
            List<Info> info) {
        PmixTool tool = link.tool();
        if (tool == null) {
            return CompletableFuture.failedFuture(lostOne
                    ? new PmixException(PmixStatus.PMIX_ERR_UNREACH, "the scheduler this runtime was attached to is"
                            + " gone; allocation requests are refused until one is running again (`pmix4j sched`)")
                    : new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, "no scheduler is attached to this runtime:"
                            + " allocation requests need one (start `pmix4j sched` on this node)"));
        }
        List<Info> forwarded = new ArrayList<>();
        for (Info i : info) {
            // what the requester says of itself is not forwarded: the runtime says it
            if (!i.key().equals(Attributes.USERID.key()) && !i.key().equals(Attributes.REQUESTOR.key())
                    && !i.key().equals(SessionKeys.PARENT.key())) {
                forwarded.add(i);
            }
        }
        forwarded.add(Attributes.USERID.info(uid));
        forwarded.add(Attributes.REQUESTOR.info(requester));
        if (parent != null) {
            forwarded.add(SessionKeys.PARENT.info(parent));
        }
        waiting.merge(requester, 1, Integer::sum);
        return tool.allocationRequestAsync(directive, forwarded).whenComplete((ok, err) ->
                waiting.computeIfPresent(requester, (p, n) -> n > 1 ? n - 1 : null));
    }

    /**
     * The requester is gone: its requests still queued are withdrawn (PMIX_ALLOC_RELEASE naming only
     * PMIX_REQUESTOR, which the scheduler takes from the runtime alone).
     */
    @Override
    public void requesterGone(Proc requester) {
        PmixTool tool = link.tool();
        if (tool == null || !waiting.containsKey(requester)) {
            return;
        }
        tool.allocationRequestAsync(AllocDirective.RELEASE, List.of(Attributes.REQUESTOR.info(requester)))
                .whenComplete((ok, err) -> {
                    if (err != null) {
                        LOG.debug("withdrawing the requests of {}: {}", requester, err.getMessage());
                    }
                });
    }

    /**
     * A session ended in the runtime: PMIX_SESSION_COMPLETE with each job's termination status. Not sent when no
     * scheduler is attached; one that attaches later learns the runtime's sessions by asking.
     */
    @Override
    public void sessionEnded(EndedSession ended) {
        PmixTool tool = link.tool();
        if (tool == null) {
            return;
        }
        List<Info> report = new ArrayList<>(List.of(Attributes.SESSION_COMPLETE.info(true)));
        if (ended.allocId() != null) {
            report.add(Attributes.ALLOC_ID.info(ended.allocId()));
        }
        for (SessionJobs.JobEnd j : ended.jobs()) {
            report.add(Attributes.JOB_INFO_ARRAY.info(DataArray.ofInfos(List.of(
                    Attributes.NSPACE.info(j.nspace()), Attributes.JOB_TERM_STATUS.info(j.termStatus())))));
        }
        tool.sessionControlAsync(ended.id(), report).whenComplete((ok, err) -> {
            if (err != null) {
                LOG.warn("the scheduler did not take the end of session {}: {}", ended.id(), err.getMessage());
            }
        });
    }

    @Override
    public void close() {
        link.close();
    }
}
