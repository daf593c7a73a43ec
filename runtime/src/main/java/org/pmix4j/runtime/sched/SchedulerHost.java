package org.pmix4j.runtime.sched;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.server.HostModule;

/**
 * The scheduler's server upcalls. Every user may connect a tool and ask for an allocation (that is what a
 * scheduler is for); what a tool may then do to a session is decided by its uid, which the server learned
 * from the kernel when the tool connected. The work is the {@link AllocationDesk}'s.
 */
final class SchedulerHost implements HostModule {
    private final String base;
    private final AllocationDesk desk;
    private final ToolMessages messages;
    private final int ownUid;
    private final Map<Proc, Requester> tools = new ConcurrentHashMap<>();
    private final AtomicInteger toolCounter = new AtomicInteger();

    /** @param base the scheduler's namespace prefix; tools are named {@code <base>@tool.N} */
    SchedulerHost(String base, AllocationDesk desk, ToolMessages messages, int ownUid) {
        this.base = base;
        this.desk = desk;
        this.messages = messages;
        this.ownUid = ownUid;
    }

    @Override
    public boolean admitsToolOf(int uid, int gid) {
        return true;
    }

    @Override
    public CompletionStage<Proc> toolConnected(List<Info> info) {
        String ns = Attributes.NSPACE.find(info).orElse(null);
        Proc name = ns != null ? new Proc(ns, Attributes.RANK.find(info).orElse(0))
                : new Proc(base + "@tool." + toolCounter.incrementAndGet(), 0);
        int uid = Attributes.USERID.find(info).orElseThrow(() -> new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS,
                "the server gave no user id for the tool"));
        tools.put(name, new Requester(name, uid, uid == ownUid || uid == 0));
        return CompletableFuture.completedFuture(name);
    }

    /** A tool's connection ended: its queued requests are withdrawn and the sessions it holds end. */
    void toolLost(Proc tool) {
        Requester r = tools.remove(tool);
        if (r != null) {
            desk.requesterGone(r);
        }
    }

    @Override
    public CompletionStage<List<Info>> allocate(Proc requester, AllocDirective directive, List<Info> info) {
        // the reason goes to the tool ahead of the bare status its reply can carry
        return desk.allocate(requester(requester), directive, info).whenComplete((ok, err) -> {
            if (err != null) {
                messages.tell(requester, reason(err));
            }
        });
    }

    /** The runtime reports a session's end (PMIX_SESSION_COMPLETE); nothing else is asked of a scheduler. */
    @Override
    public CompletionStage<List<Info>> sessionControl(Proc requester, int sessionId, List<Info> directives) {
        Requester r = requester(requester);
        if (!Attributes.SESSION_COMPLETE.find(directives).orElse(false)) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED,
                    "the scheduler takes only PMIX_SESSION_COMPLETE reports in session control; sessions are"
                            + " asked for with PMIx_Allocation_request"));
        }
        if (!r.trusted()) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS,
                    "only the runtime (uid " + ownUid + " or root) reports sessions complete; uid " + r.uid()
                            + " may not"));
        }
        return desk.completed(sessionId, directives).thenApply(v -> List.of());
    }

    /** The message of the PmixException behind a failed stage. */
    private static String reason(Throwable err) {
        Throwable e = err;
        while (e.getCause() != null && !(e instanceof PmixException)) {
            e = e.getCause();
        }
        return e.getMessage();
    }

    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return desk.query(requester(requester), queries);
    }

    private Requester requester(Proc proc) {
        Requester r = tools.get(proc);
        if (r == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, proc + " is no tool of this scheduler");
        }
        return r;
    }
}
