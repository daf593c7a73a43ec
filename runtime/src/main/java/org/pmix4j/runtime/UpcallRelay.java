package org.pmix4j.runtime;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.pmix4j.api.App;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Query;
import org.pmix4j.runtime.cluster.DaemonMessage;
import org.pmix4j.runtime.cluster.PackedLists;
import org.pmix4j.runtime.cluster.TreeMember;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * A daemon's server's upcalls that the launcher answers ({@link Upcall}): each is sent to daemon 0 as a
 * {@code HostCall} and completes with its {@code HostAnswer}. The requester was authorised by this node's
 * server, from the kernel's word on its connection; the launcher takes the daemon's word for it, as the
 * daemon proved the runtime's secret. Events for ranges beyond the node go to the launcher, which sends
 * them to every node.
 */
final class UpcallRelay {
    private static final org.pmix4j.api.internal.Log LOG = org.pmix4j.api.internal.Log.of(UpcallRelay.class);

    private final TreeMember tree;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<Unpacker>> waiting = new ConcurrentHashMap<>();

    UpcallRelay(TreeMember tree) {
        this.tree = tree;
    }

    CompletionStage<Void> publish(Proc publisher, List<Info> data) {
        return call(Upcall.PUBLISH, p -> p.proc(publisher).infos(data), u -> null);
    }

    @SuppressWarnings("unchecked")
    CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return call(Upcall.LOOKUP, p -> {
            p.proc(requester);
            PackedLists.strings(p, keys);
            p.infos(directives);
        }, u -> (List<PublishedData>) (List<?>) u.unpack(DataType.PDATA));
    }

    CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        return call(Upcall.UNPUBLISH, p -> {
            p.proc(requester);
            PackedLists.strings(p, keys);
            p.infos(directives);
        }, u -> null);
    }

    CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        return call(Upcall.SPAWN, p -> p.proc(requester).infos(jobInfo).pack(DataType.APP, apps), Unpacker::string);
    }

    CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        return call(Upcall.ABORT, p -> p.proc(requester).int32(status).string(message == null ? "" : message)
                .procs(targets), u -> null);
    }

    CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        return call(Upcall.JOB_CONTROL, p -> p.proc(requester).procs(targets).infos(directives), Unpacker::infos);
    }

    CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return call(Upcall.QUERY, p -> p.proc(requester).pack(DataType.QUERY, queries), Unpacker::infos);
    }

    CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        return call(Upcall.LOG, p -> p.proc(requester).infos(data).infos(directives), u -> null);
    }

    /** The launcher answered. */
    void answered(DaemonMessage.HostAnswer a) {
        CompletableFuture<Unpacker> f = waiting.remove(a.request());
        if (f == null) {
            return;
        }
        if (a.status() == PmixStatus.PMIX_SUCCESS) {
            f.complete(new Unpacker(a.result(), BufferKind.NON_DESCRIBED));
        } else {
            f.completeExceptionally(new PmixException(a.status(), a.message()));
        }
    }

    /** The launcher is lost: nothing waiting will be answered. */
    void lost(String why) {
        waiting.values().forEach(f -> f.completeExceptionally(new PmixException(PmixStatus.PMIX_ERR_UNREACH, why)));
        waiting.clear();
    }

    private <T> CompletionStage<T> call(Upcall which, Consumer<Packer> arguments, Function<Unpacker, T> result) {
        Packer p = new Packer(BufferKind.NON_DESCRIBED);
        arguments.accept(p);
        long id = ids.incrementAndGet();
        CompletableFuture<Unpacker> answer = new CompletableFuture<>();
        waiting.put(id, answer);
        tree.send(0, new DaemonMessage.HostCall(id, which.ordinal(), p.toByteArray()));
        return answer.thenApply(result);
    }

    /** An event's fields: int32 code, bool has-source [proc source], int32 range, infos. */
    static byte[] packEvent(int code, Proc source, DataRange range, List<Info> info) {
        Packer p = new Packer(BufferKind.NON_DESCRIBED);
        p.int32(code).bool(source != null);
        if (source != null) {
            p.proc(source);
        }
        p.int32(range.code()).infos(info);
        return p.toByteArray();
    }

    /** An event as {@link #packEvent} packed it. */
    record RelayedEvent(int code, Proc source, DataRange range, List<Info> info) {
    }

    /** What {@link #packEvent} packed. */
    static RelayedEvent unpackEvent(byte[] event) {
        Unpacker u = new Unpacker(event, BufferKind.NON_DESCRIBED);
        int code = u.int32();
        Proc source = u.bool() ? u.proc() : null;
        DataRange range = new DataRange(u.int32());
        return new RelayedEvent(code, source, range, u.infos());
    }

    /**
     * What {@link #packEvent} packed, for every node: delivered by this node's server, then handed to the node's
     * debugger events (after the server has it: its loop runs the two in this order, so a used-up release is
     * forgotten only once delivered). An event that cannot be read is logged and dropped.
     */
    static void deliver(byte[] event, org.pmix4j.server.PmixServer server, DebuggerEvents debugger) {
        RelayedEvent e;
        try {
            e = unpackEvent(event);
        } catch (RuntimeException bad) {
            LOG.warn("a relayed event that cannot be read: {}", bad.toString());
            return;
        }
        server.notifyEvent(e.code(), e.source(), e.range(), e.info()).exceptionally(err -> {
            LOG.debug("delivering a relayed event: {}", err.toString());
            return null;
        });
        debugger.seen(e.code(), e.source(), e.range(), e.info());
    }
}
