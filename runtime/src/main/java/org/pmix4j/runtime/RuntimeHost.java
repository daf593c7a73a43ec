package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.runtime.data.DataServer;
import org.pmix4j.runtime.iof.OutputTakers;
import org.pmix4j.runtime.iof.ToolStdin;
import org.pmix4j.runtime.session.AllocationBroker;
import org.pmix4j.runtime.session.SessionControl;
import org.pmix4j.runtime.session.ToolUsers;
import org.pmix4j.server.HostModule;

/**
 * The host module of {@code pmix4j run}: what its embedded server asks of the launcher. Upcalls arrive on
 * the server's loop; anything slow (forking a job) runs elsewhere and completes the stage later.
 */
final class RuntimeHost implements HostModule {
    /**
     * Starts what a process or tool spawned ({@link Spawner}); blocks until it is started (a LaunchException
     * if it cannot be) and returns the namespace the spawn answers.
     */
    interface SpawnHandler {
        String spawn(List<Info> jobInfo, List<App> apps, Proc parent);
    }

    private final JobTable jobs;
    private final RuntimeQueries queries;
    private final RuntimeLog log;
    private final DataServer data;
    private final JobControl jobControl;
    private final ExitClassifier classifier;
    private final RuntimeMessages messages;
    private final ToolStdin toolStdin;
    private final OutputTakers takers;
    private final SessionControl sessionControl;
    private final AllocationBroker broker;
    private final ToolUsers tools;
    private final int uid;
    private final OtherNodes otherNodes;
    private final DebuggerEvents debugger;
    private volatile SpawnHandler spawns;

    /**
     * @param sessionControl carries out PMIx_Session_control (or refuses it, in {@code pmix4j run})
     * @param broker         where allocation requests go (the scheduler, or nowhere)
     * @param tools          learns each tool's uid at its connect
     * @param uid            the runtime's user (the uid of its own processes' requests)
     * @param otherNodes     the other nodes' servers (collectives and the direct modex across nodes)
     * @param debugger       on one node, what the debugger events do here (counted, released); {@code null}
     *                       over several nodes, where every event comes back to this node through the daemon
     *                       tree and is handled as it is delivered ({@code UpcallDesk.deliver})
     */
    RuntimeHost(JobTable jobs, RuntimeQueries queries, RuntimeLog log, DataServer data, JobControl jobControl,
            ExitClassifier classifier, RuntimeMessages messages, ToolStdin toolStdin, OutputTakers takers,
            SessionControl sessionControl, AllocationBroker broker, ToolUsers tools, int uid, OtherNodes otherNodes,
            DebuggerEvents debugger) {
        this.otherNodes = otherNodes;
        this.debugger = debugger;
        this.sessionControl = sessionControl;
        this.broker = broker;
        this.tools = tools;
        this.uid = uid;
        this.toolStdin = toolStdin;
        this.takers = takers;
        this.jobs = jobs;
        this.queries = queries;
        this.log = log;
        this.data = data;
        this.jobControl = jobControl;
        this.classifier = classifier;
        this.messages = messages;
    }

    /**
     * Serves PMIx_Spawn from now on. Given after the server started, since starting a job needs the server
     * that needs this host; until then a spawn is refused as not supported.
     */
    void serveSpawns(SpawnHandler handler) {
        this.spawns = handler;
    }

    @Override
    public CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        // a kill or terminate is answered before its signals go: a launcher whose job they end may close its
        // server before an answer queued after them went out (the tool saw PMIX_ERR_COMM_FAILURE for a
        // terminate that worked); completing the answer queues its sending on the server's loop first. Other
        // signals are answered once sent, so that a process that pauses its own job is stopped before it
        // hears back, as the pause's caller expects.
        boolean ends = Attributes.JOB_CTRL_KILL.find(directives).orElse(false)
                || Attributes.JOB_CTRL_TERMINATE.find(directives).orElse(false);
        CompletableFuture<List<Info>> answer = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            Runnable signals;
            try {
                signals = jobControl.prepare(requester, targets, directives);
                if (!ends) {
                    signals.run();
                }
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
                return;
            }
            answer.complete(List.of());
            if (ends) {
                signals.run();
            }
        });
        return answer;
    }

    // ---- the launcher is the data server of its jobs (publish / lookup / unpublish) --------------------

    @Override
    public CompletionStage<Void> publish(Proc publisher, List<Info> info) {
        return data.publish(publisher, info);
    }

    @Override
    public CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return data.lookupData(requester, keys, directives);
    }

    @Override
    public CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        return data.unpublish(requester, keys, directives);
    }

    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<Query> q) {
        try {
            return CompletableFuture.completedFuture(queries.answer(requester, q));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        // never answer a log upcall synchronously: libpmix hosts deadlock on that, and writing may block
        return CompletableFuture.runAsync(() -> log.write(requester, data, directives),
                runnable -> Thread.ofVirtual().start(runnable));
    }

    @Override
    public CompletionStage<Void> clientConnected(Proc client) {
        return jobs.clientConnected(client);
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc client) {
        return jobs.clientFinalized(client);
    }

    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        // recorded here, on the server's thread, before the answer lets the caller exit: Open MPI's
        // MPI_Abort exits with the same status right after, and the abort, not that exit, must be named.
        // The job is stopped on a thread of its own, so the answer still goes out first.
        Job job = jobs.job(requester.nspace());
        if (job != null) {
            job.fail(classifier.abort(requester, job.process(requester.rank()), status, message));
        }
        return HostModule.done();
    }

    /** PMIx_IOF_push: standard input a tool sends to processes of a job it spawned with PMIX_FWD_STDIN. */
    @Override
    public CompletionStage<Void> pushStdin(Proc source, List<Proc> targets, List<Info> directives, byte[] data) {
        return toolStdin.push(source, targets, directives, data);
    }

    /** PMIx_IOF_pull and its end: what a tool redirects is not printed by the launcher meanwhile. */
    @Override
    public CompletionStage<Void> iofPull(List<Proc> sources, List<Info> directives, int channels) {
        takers.pulled(sources, directives, channels);
        return HostModule.done();
    }

    /**
     * Tools get a namespace of their own under the launcher's: {@code <base>@tool.<n>}, rank 0. The runtime
     * grants a tool no rights beyond the server's rule ({@code toolRights} is not overridden): a tool acts on
     * its own user's jobs, root's on all.
     */
    @Override
    public CompletionStage<Proc> toolConnected(List<Info> info) {
        String ns = Attributes.NSPACE.find(info).orElse(null);
        Proc tool = ns != null ? new Proc(ns, Attributes.RANK.find(info).orElse(0)) : new Proc(jobs.toolNamespace(), 0);
        // the kernel's word on who the tool is (the server put it there): who may control sessions
        Attributes.USERID.find(info).ifPresent(u -> tools.connected(tool, u));
        return CompletableFuture.completedFuture(tool);
    }

    /** PMIx_Session_control from the scheduler (or a tool of ours): see {@link SessionControl}. */
    @Override
    public CompletionStage<List<Info>> sessionControl(Proc requester, int sessionId, List<Info> directives) {
        return sessionControl.control(requester, sessionId, directives);
    }

    /**
     * PMIx_Allocation_request: handed to the {@link AllocationBroker} with the requester's uid and, for one
     * of our processes in a scheduler's session, that session as the parent of what it asks for.
     */
    @Override
    public CompletionStage<List<Info>> allocate(Proc requester, org.pmix4j.api.AllocDirective directive,
            List<Info> info) {
        Integer toolUid = tools.uid(requester);
        Job job = jobs.job(requester.nspace());
        Integer parentSession = job != null && job.session() != org.pmix4j.runtime.session.SessionData.DEFAULT_SESSION_ID
                ? job.session() : null;
        CompletionStage<List<Info>> answer;
        try {
            answer = broker.allocate(requester, toolUid != null ? toolUid : uid, parentSession, directive, info);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        // the requester gets the status only: why goes to the runtime's messages (and to a tool that takes them)
        return answer.whenComplete((ok, e) -> {
            if (e != null) {
                Throwable why = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e;
                messages.toTool(requester, "PMIx_Allocation_request by " + requester + " was refused: "
                        + why.getMessage());
            }
        });
    }

    @Override
    public CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        SpawnHandler handler = spawns;
        if (handler == null) {
            return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED,
                    "the runtime is not ready to spawn yet"));
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                SpawnDirectives.check(jobInfo, apps);
                return handler.spawn(jobInfo, apps, requester);
            } catch (LaunchException e) {
                // the requester gets the status, but the user at the launcher must also learn why, as with
                // PRRTE, or a program that ignores the error leaves no trace of it
                messages.toTool(requester, "PMIx_Spawn by " + requester + " was refused: " + e.getMessage());
                throw new PmixException(PmixStatus.PMIX_ERR_JOB_FAILED_TO_LAUNCH, e.getMessage());
            } catch (IllegalArgumentException e) {
                // a directive's value the runtime cannot read (PMIX_MAPBY "nonsense" ...)
                messages.toTool(requester, "PMIx_Spawn by " + requester + " was refused: " + e.getMessage());
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, e.getMessage());
            } catch (PmixException e) {
                // a session that is not here (PMIX_SESSION_ID 7 ...), a directive not carried out
                messages.toTool(requester, "PMIx_Spawn by " + requester + " was refused: " + e.getMessage());
                throw e;
            }
        }, runnable -> Thread.ofVirtual().start(runnable));
    }

    @Override
    public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
        return otherNodes.fence(participants, directives, localData);
    }

    @Override
    public CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
        return otherNodes.directModex(target, directives);
    }

    @Override
    public CompletionStage<Void> notifyEvent(int code, Proc source, org.pmix4j.api.DataRange range, List<Info> info) {
        if (debugger != null) {
            // the server has delivered it here: this is its only pass through the host
            debugger.seen(code, source, range, info);
            if (code == PmixStatus.PMIX_READY_FOR_DEBUG) {
                // meant for the host (range RM): counted; the requester hears of it when the whole job is ready
                return HostModule.done();
            }
        }
        return otherNodes.notifyEvent(code, source, range, info);
    }

    @Override
    public CompletionStage<Void> connect(List<Proc> procs, List<Info> directives) {
        return otherNodes.connect("connect", procs);
    }

    @Override
    public CompletionStage<Void> disconnect(List<Proc> procs, List<Info> directives) {
        return otherNodes.connect("disconnect", procs);
    }

    @Override
    public CompletionStage<List<Info>> group(GroupOperation op, String groupId, List<Proc> members,
            List<Info> directives) {
        return otherNodes.group(op, groupId, members, directives);
    }
}
