package org.pmix4j.server.it.security;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;

/**
 * A host that carries out nothing but records every upcall that acts on a job (job control, abort, IO
 * pulls, stdin, spawn, queries, events beyond the node) with the namespaces it names, so that a test can tell whether a request
 * reached it. A spawn registers a job whose processes run as root (as a root DVM's would).
 */
final class RecordingHost implements HostModule {
    /** One upcall: its name, the requester (when the upcall has one) and the namespaces it named. */
    record Call(String upcall, Proc requester, List<String> nspaces) {
    }

    final List<Call> calls = new CopyOnWriteArrayList<>();
    private final AtomicInteger tools = new AtomicInteger();
    private final AtomicInteger spawns = new AtomicInteger();
    volatile PmixServer server;
    /** The uid whose tools the host trusts with every job; -1: none. */
    volatile int trustedUid = -1;

    /** The calls that named {@code nspace}. */
    List<Call> naming(String nspace) {
        List<Call> out = new ArrayList<>();
        for (Call c : calls) {
            if (c.nspaces().contains(nspace)) {
                out.add(c);
            }
        }
        return out;
    }

    List<Call> calls(String upcall) {
        return calls.stream().filter(c -> c.upcall().equals(upcall)).toList();
    }

    private void record(String upcall, Proc requester, List<Proc> procs) {
        List<String> ns = new ArrayList<>();
        if (procs != null) {
            procs.forEach(p -> ns.add(p.nspace()));
        }
        calls.add(new Call(upcall, requester, ns));
    }

    @Override
    public CompletionStage<Proc> toolConnected(List<Info> info) {
        return CompletableFuture.completedFuture(new Proc("authztool." + tools.incrementAndGet(), 0));
    }

    /**
     * Admits every user's tools, so that what a tool of another user may do once in is what is tested (a
     * host that does not is covered by ForgedIdentityTest: such a tool is refused at its connection).
     */
    @Override
    public boolean admitsToolOf(int uid, int gid) {
        return true;
    }

    @Override
    public ToolRights toolRights(Proc tool, int uid, int gid, List<Info> info) {
        return uid == trustedUid ? ToolRights.ALL_JOBS : ToolRights.OWN_JOBS;
    }

    @Override
    public CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        record("jobControl", requester, targets.isEmpty() ? List.of(Proc.wildcard(requester.nspace())) : targets);
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        record("abort", requester, targets);
        return HostModule.done();
    }

    @Override
    public CompletionStage<Void> iofPull(List<Proc> sources, List<Info> directives, int channels) {
        record("iofPull", null, sources);
        return HostModule.done();
    }

    @Override
    public CompletionStage<Void> pushStdin(Proc source, List<Proc> targets, List<Info> directives, byte[] data) {
        record("pushStdin", source, targets);
        return HostModule.done();
    }

    @Override
    public CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        List<Proc> named = new ArrayList<>();
        Attributes.DEBUG_TARGET.find(jobInfo).ifPresent(named::add);
        record("spawn", requester, named);
        String ns = "authzspawned." + spawns.incrementAndGet();
        return server.registerNspace(ns, 1, List.of(Attributes.JOB_SIZE.info(1),
                        Attributes.NODE_MAP.info(server.config().hostname()), Attributes.PROC_MAP.info("0")))
                .thenCompose(v -> server.registerClient(new Proc(ns, 0), 0, 0))
                .thenApply(v -> ns);
    }

    @Override
    public CompletionStage<Void> notifyEvent(int code, Proc source, DataRange range, List<Info> info) {
        List<Proc> named = new ArrayList<>();
        for (Info i : info) {
            if (i.value() instanceof Proc p) {
                named.add(p);
            } else if (i.value() instanceof DataArray a) {
                a.elements().stream().filter(Proc.class::isInstance).map(Proc.class::cast).forEach(named::add);
            }
        }
        record("notifyEvent", source, named);
        return HostModule.done();
    }

    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        List<Proc> named = new ArrayList<>();
        List<Info> out = new ArrayList<>();
        for (Query q : queries) {
            Attributes.NSPACE.find(q.qualifiers()).ifPresent(n -> named.add(Proc.wildcard(n)));
            if (q.keys().contains(Attributes.QUERY_PROC_TABLE.key())) {
                out.add(Info.of(Attributes.QUERY_PROC_TABLE.key(), Value.of("the process table")));
            }
        }
        record("query", requester, named);
        if (out.isEmpty()) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "nothing"));
        }
        return CompletableFuture.completedFuture(out);
    }
}
