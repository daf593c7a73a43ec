package org.pmix4j.runtime.sched;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.client.tool.SystemRole;
import org.pmix4j.runtime.session.SessionKeys;

/**
 * The scheduler's side of its runtime (the node's system controller, {@code pmix4j dvm --system-server}):
 * the session-control directives of docs/sessions.md that create, grow and end sessions there, and, each
 * time the link attaches, the runtime's list of the sessions it still runs, for a restarted scheduler to
 * adopt.
 */
final class RuntimeLink implements SessionRuntime, AutoCloseable {
    private final Path systemTmpdir;
    private final String hostname;
    private RoleLink link;

    RuntimeLink(Path systemTmpdir, String hostname) {
        this.systemTmpdir = systemTmpdir;
        this.hostname = hostname;
    }

    /**
     * Starts looking for the runtime.
     *
     * @param adopt told, on the link's thread, with the runtime's sessions (one info list each) every time
     *              the link attaches
     * @param lost  told when the runtime's connection broke
     */
    void start(Consumer<List<List<Info>>> adopt, Runnable lost) {
        link = new RoleLink(SystemRole.SYSTEM_CONTROLLER, systemTmpdir, hostname,
                List.of(Attributes.SERVER_SCHEDULER.info(true)), tool -> adopt.accept(sessionsOf(tool)), lost);
        link.start();
    }

    /** Whether a runtime is attached now. */
    @Override
    public boolean attached() {
        return link != null && link.tool() != null;
    }

    /** Creates the granted session in the runtime. */
    @Override
    public CompletionStage<Void> instantiate(SessionOrder order) {
        List<Info> resources = new ArrayList<>(List.of(
                Attributes.ALLOC_NODE_LIST.info(String.join(",", order.nodes())),
                Attributes.ALLOC_NUM_CPU_LIST.info(join(order.slots())),
                Attributes.ALLOC_ID.info(order.allocationId())));
        if (order.requestId() != null) {
            resources.add(Attributes.ALLOC_REQ_ID.info(order.requestId()));
        }
        if (order.limitSeconds() != null) {
            resources.add(Attributes.ALLOC_TIME.info(order.limitSeconds()));
        }
        List<Info> directives = new ArrayList<>(List.of(Attributes.SESSION_INSTANTIATE.info(true),
                Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(resources)), Attributes.USERID.info(order.uid())));
        if (order.parent() != null) {
            directives.add(SessionKeys.PARENT.info(order.parent()));
        }
        if (order.childSeparate()) {
            directives.add(Attributes.ALLOC_CHILD_SEP.info(true));
        }
        return control(order.sessionId(), directives);
    }

    /** Ends a session in the runtime: its jobs are told, then stopped; answered once they are gone. */
    @Override
    public CompletionStage<Void> terminate(int sessionId, String reason) {
        return control(sessionId, List.of(Attributes.SESSION_TERMINATE.info(true), SessionKeys.REASON.info(reason)));
    }

    /** Grows a session in the runtime: a later limit, or more slots (then its whole new holding). */
    @Override
    public CompletionStage<Void> extend(int sessionId, Integer limitSeconds, List<String> nodes, List<Integer> slots) {
        List<Info> resources = new ArrayList<>();
        if (nodes != null) {
            resources.add(Attributes.ALLOC_NODE_LIST.info(String.join(",", nodes)));
            resources.add(Attributes.ALLOC_NUM_CPU_LIST.info(join(slots)));
        }
        if (limitSeconds != null) {
            resources.add(Attributes.ALLOC_TIME.info(limitSeconds));
        }
        return control(sessionId, List.of(Attributes.SESSION_EXTEND.info(true),
                Attributes.SESSION_RESOURCES.info(DataArray.ofInfos(resources))));
    }

    /** Asks the runtime for its sessions' details (for `pmix4j queue`): one info list per session. */
    @Override
    public CompletionStage<List<List<Info>>> sessions() {
        PmixTool tool = link == null ? null : link.tool();
        if (tool == null) {
            return CompletableFuture.completedFuture(List.of());
        }
        return CompletableFuture.supplyAsync(() -> sessionsOf(tool));
    }

    private CompletionStage<Void> control(int sessionId, List<Info> directives) {
        PmixTool tool = link == null ? null : link.tool();
        if (tool == null) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_UNREACH,
                    "no runtime is attached to the scheduler (start `pmix4j dvm --system-server` on this node)"));
        }
        return tool.sessionControlAsync(sessionId, directives).thenApply(r -> null);
    }

    private static List<List<Info>> sessionsOf(PmixTool tool) {
        List<Info> answer;
        try {
            answer = tool.query(List.of(new Query(List.of(SessionKeys.QUERY_SESSIONS.key()), List.of())));
        } catch (PmixException e) {
            if (e.status() == PmixStatus.PMIX_ERR_NOT_FOUND) {
                return List.of();
            }
            throw e;
        }
        List<List<Info>> sessions = new ArrayList<>();
        for (Info i : answer) {
            collect(i, sessions);
        }
        return sessions;
    }

    /** The session arrays of an answer, whether they came bare or inside the query key's array. */
    private static void collect(Info i, List<List<Info>> into) {
        if (!(i.value() instanceof DataArray a)) {
            return;
        }
        List<Info> fields = new ArrayList<>();
        for (Value v : a.elements()) {
            if (v instanceof Info f) {
                fields.add(f);
            }
        }
        if (i.key().equals(Attributes.SESSION_INFO_ARRAY.key())) {
            into.add(fields);
        } else {
            fields.forEach(f -> collect(f, into));
        }
    }

    private static String join(List<Integer> numbers) {
        StringBuilder sb = new StringBuilder();
        for (int n : numbers) {
            sb.append(sb.length() == 0 ? "" : ",").append(n);
        }
        return sb.toString();
    }

    @Override
    public void close() {
        if (link != null) {
            link.close();
        }
    }
}
