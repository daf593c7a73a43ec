package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.pmix4j.api.App;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.internal.Log;
import org.pmix4j.runtime.cluster.DaemonMessage;
import org.pmix4j.runtime.cluster.PackedLists;
import org.pmix4j.runtime.cluster.TreeMember;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The launcher's side of {@link UpcallRelay}: carries out the upcalls of the daemons' servers with its own
 * host (the same {@link RuntimeHost} that serves its own node's processes) and answers each; and passes
 * the events processes raise beyond their node to every node's server, its own included.
 */
final class UpcallDesk {
    private static final Log LOG = Log.of(UpcallDesk.class);

    private final HostModule host;
    private final TreeMember tree;
    private final Supplier<PmixServer> server;
    private final DebuggerEvents debugger;

    /** @param debugger what the debugger events do on this node (and, here, the count of every node's readiness) */
    UpcallDesk(HostModule host, TreeMember tree, Supplier<PmixServer> server, DebuggerEvents debugger) {
        this.debugger = debugger;
        this.host = host;
        this.tree = tree;
        this.server = server;
    }

    /** An upcall from daemon {@code origin}'s server. */
    void call(int origin, DaemonMessage.HostCall c) {
        CompletionStage<byte[]> result;
        try {
            result = carryOut(Upcall.of(c.upcall()), new Unpacker(c.arguments(), BufferKind.NON_DESCRIBED));
        } catch (RuntimeException e) {
            LOG.warn("a malformed upcall from daemon {}: {}", origin, e.getMessage());
            tree.send(origin, new DaemonMessage.HostAnswer(c.request(), PmixStatus.PMIX_ERR_UNPACK_FAILURE,
                    "the launcher could not read the upcall: " + e.getMessage(), new byte[0]));
            return;
        }
        result.whenComplete((bytes, err) -> {
            if (err == null) {
                tree.send(origin, new DaemonMessage.HostAnswer(c.request(), PmixStatus.PMIX_SUCCESS, "", bytes));
                return;
            }
            Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
            int status = cause instanceof PmixException pe ? pe.status() : PmixStatus.PMIX_ERROR;
            tree.send(origin, new DaemonMessage.HostAnswer(c.request(), status,
                    cause.getMessage() == null ? "" : cause.getMessage(), new byte[0]));
        });
    }

    @SuppressWarnings("unchecked")
    private CompletionStage<byte[]> carryOut(Upcall which, Unpacker u) {
        Proc requester = u.proc();
        return switch (which) {
            case PUBLISH -> host.publish(requester, u.infos()).thenApply(v -> new byte[0]);
            case LOOKUP -> host.lookup(requester, PackedLists.strings(u), u.infos())
                    .thenApply(found -> new Packer(BufferKind.NON_DESCRIBED).pack(DataType.PDATA, found).toByteArray());
            case UNPUBLISH -> host.unpublish(requester, PackedLists.strings(u), u.infos()).thenApply(v -> new byte[0]);
            case SPAWN -> {
                List<Info> jobInfo = u.infos();
                List<App> apps = (List<App>) (List<?>) u.unpack(DataType.APP);
                yield host.spawn(requester, jobInfo, apps)
                        .thenApply(ns -> new Packer(BufferKind.NON_DESCRIBED).string(ns).toByteArray());
            }
            case ABORT -> host.abort(requester, u.int32(), u.string(), u.procs()).thenApply(v -> new byte[0]);
            case JOB_CONTROL -> host.jobControl(requester, u.procs(), u.infos())
                    .thenApply(infos -> new Packer(BufferKind.NON_DESCRIBED).infos(infos).toByteArray());
            case QUERY -> host.query(requester, (List<Query>) (List<?>) u.unpack(DataType.QUERY))
                    .thenApply(infos -> new Packer(BufferKind.NON_DESCRIBED).infos(infos).toByteArray());
            case LOG -> host.log(requester, u.infos(), u.infos()).thenApply(v -> new byte[0]);
        };
    }

    /** An event for every node: each server delivers it to its own processes in range. */
    void event(DaemonMessage.Event e) {
        tree.toEvery(e);
    }

    /**
     * An event for this node's server (sent to every node, this one included): every event of every node passes
     * here once, after the server has delivered it, so the debugger events are handled here.
     */
    void deliver(DaemonMessage.Event e) {
        UpcallRelay.deliver(e.event(), server.get(), debugger);
    }
}
