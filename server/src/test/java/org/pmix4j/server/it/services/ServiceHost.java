package org.pmix4j.server.it.services;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;

/**
 * The host of the service-handler tests: it implements the upcalls the way a resource manager would in
 * miniature and records every call, so that the tests can check what the server handed over and what the
 * clients got back.
 */
class ServiceHost implements HostModule {
    /** One upcall as the host saw it. */
    record Call(String upcall, Proc requester, List<Proc> procs, List<Info> info, Object extra) {
        Info find(String key) {
            for (Info i : info) {
                if (i.key().equals(key)) {
                    return i;
                }
            }
            return null;
        }

        boolean has(String key) {
            return find(key) != null;
        }
    }

    final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Map<String, PublishedData> published = new ConcurrentHashMap<>();
    private final List<PendingLookup> pending = new ArrayList<>();
    private final AtomicInteger tools = new AtomicInteger();
    volatile PmixServer server;

    private record PendingLookup(List<String> keys, CompletableFuture<List<PublishedData>> result) {
    }

    List<Call> calls(String upcall) {
        List<Call> out = new ArrayList<>();
        for (Call c : calls) {
            if (c.upcall().equals(upcall)) {
                out.add(c);
            }
        }
        return out;
    }

    /** Waits (up to 30 s) until the upcall has been made {@code n} times. */
    void awaitCalls(String upcall, int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (calls(upcall).size() < n) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the host saw " + calls(upcall).size() + " " + upcall + " calls, not " + n
                        + "; all calls: " + calls);
            }
            Thread.sleep(20);
        }
    }

    private void record(String upcall, Proc requester, List<Proc> procs, List<Info> info, Object extra) {
        calls.add(new Call(upcall, requester, procs == null ? List.of() : List.copyOf(procs),
                info == null ? List.of() : List.copyOf(info), extra));
    }

    // ---- publish / lookup: a small store, with lookups that wait ---------------------------------------

    @Override
    public synchronized CompletionStage<Void> publish(Proc publisher, List<Info> data) {
        record("publish", publisher, null, data, null);
        for (Info i : data) {
            if (!i.key().startsWith("pmix.")) {
                published.put(i.key(), new PublishedData(publisher, i.key(), i.value()));
            }
        }
        for (Iterator<PendingLookup> it = pending.iterator(); it.hasNext();) {
            PendingLookup p = it.next();
            List<PublishedData> found = find(p.keys());
            if (found.size() == p.keys().size()) {
                it.remove();
                p.result().complete(found);
            }
        }
        return HostModule.done();
    }

    @Override
    public synchronized CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        record("lookup", requester, null, directives, keys);
        List<PublishedData> found = find(keys);
        if (found.size() == keys.size()) {
            return CompletableFuture.completedFuture(found);
        }
        if (Attributes.WAIT.isIn(directives)) {
            PendingLookup p = new PendingLookup(keys, new CompletableFuture<>());
            pending.add(p);
            return p.result();
        }
        return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "not published: " + keys));
    }

    private List<PublishedData> find(List<String> keys) {
        List<PublishedData> out = new ArrayList<>();
        for (String k : keys) {
            PublishedData d = published.get(k);
            if (d != null) {
                out.add(d);
            }
        }
        return out;
    }

    @Override
    public synchronized CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        record("unpublish", requester, null, directives, keys);
        for (String k : keys) {
            published.remove(k);
        }
        return HostModule.done();
    }

    // ---- jobs ------------------------------------------------------------------------------------------

    @Override
    public CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        record("spawn", requester, null, jobInfo, apps);
        String ns = "svcspawned";
        // a real host registers the new job before it starts its processes
        return server.registerNspace(ns, 0, List.of(Attributes.JOB_SIZE.info(2), Attributes.SPAWNED.info(true),
                Attributes.PARENT_ID.info(requester), Info.of("svc.spawned", "yes"))).thenApply(v -> ns);
    }

    @Override
    public CompletionStage<Void> connect(List<Proc> procs, List<Info> directives) {
        record("connect", null, procs, directives, null);
        return HostModule.done();
    }

    @Override
    public CompletionStage<Void> disconnect(List<Proc> procs, List<Info> directives) {
        record("disconnect", null, procs, directives, null);
        return HostModule.done();
    }

    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        record("query", requester, null, null, queries);
        List<Info> out = new ArrayList<>();
        for (Query q : queries) {
            if (q.keys().contains("svc.host.answer")) {
                out.add(Info.of("svc.host.answer", "from the host"));
            }
        }
        if (out.isEmpty()) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "host knows none of " + queries));
        }
        return CompletableFuture.completedFuture(out);
    }

    @Override
    public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        List<Info> all = new ArrayList<>(data);
        all.addAll(directives);
        record("log", requester, null, all, data.size());
        return HostModule.done();
    }

    @Override
    public CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        record("jobControl", requester, targets, directives, null);
        return CompletableFuture.completedFuture(List.of(Info.of("svc.jc.result", "done")));
    }

    @Override
    public CompletionStage<List<Info>> allocate(Proc requester, AllocDirective directive, List<Info> info) {
        record("allocate", requester, null, info, directive);
        return CompletableFuture.completedFuture(List.of(Info.of(Attributes.ALLOC_ID.key(), Value.of("alloc-1"))));
    }

    @Override
    public CompletionStage<List<Info>> monitor(Proc requester, Info monitor, int error, List<Info> directives) {
        List<Info> all = new ArrayList<>(directives);
        all.add(monitor);
        record("monitor", requester, null, all, error);
        return CompletableFuture.completedFuture(List.of(Info.of("svc.monitor", "on")));
    }

    @Override
    public CompletionStage<Credential> getCredential(Proc requester, List<Info> directives) {
        record("getCredential", requester, null, directives, null);
        return CompletableFuture.completedFuture(new Credential("CRED".getBytes(StandardCharsets.US_ASCII),
                List.of(Info.of("svc.cred.type", "test"))));
    }

    @Override
    public CompletionStage<List<Info>> validateCredential(Proc requester, byte[] credential, List<Info> directives) {
        record("validateCredential", requester, null, directives, new String(credential, StandardCharsets.US_ASCII));
        return CompletableFuture.completedFuture(List.of(Info.of("svc.validated", new String(credential,
                StandardCharsets.US_ASCII))));
    }

    @Override
    public CompletionStage<List<Info>> group(GroupOperation op, String groupId, List<Proc> members, List<Info> directives) {
        record("group", null, members, directives, op + " " + groupId);
        return CompletableFuture.completedFuture(op == GroupOperation.CONSTRUCT
                ? List.of(Attributes.GROUP_CONTEXT_ID.info(77L)) : List.of());
    }

    @Override
    public CompletionStage<List<Info>> fabric(Proc requester, FabricOperation op, List<Info> directives) {
        record("fabric", requester, null, directives, op);
        return CompletableFuture.completedFuture(List.of(Info.of("svc.fabric", op.name())));
    }

    // ---- tools and IO ----------------------------------------------------------------------------------

    @Override
    public CompletionStage<Proc> toolConnected(List<Info> info) {
        record("toolConnected", null, null, info, null);
        return CompletableFuture.completedFuture(new Proc("svctool." + tools.incrementAndGet(), 0));
    }

    @Override
    public CompletionStage<Void> iofPull(List<Proc> sources, List<Info> directives, int channels) {
        record("iofPull", null, sources, directives, channels);
        return HostModule.done();
    }
}
