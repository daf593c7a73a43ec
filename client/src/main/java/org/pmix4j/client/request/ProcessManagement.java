package org.pmix4j.client.request;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.internal.Futures;
import org.pmix4j.client.net.ServerConnection;
import org.pmix4j.wire.message.AllocRequest;
import org.pmix4j.wire.message.ConnectProcsRequest;
import org.pmix4j.wire.message.DisconnectRequest;
import org.pmix4j.wire.message.JobControlRequest;
import org.pmix4j.wire.message.MonitorRequest;
import org.pmix4j.wire.message.SessionControlRequest;
import org.pmix4j.wire.message.SpawnRequest;
import org.pmix4j.wire.protocol.Tags;

/**
 * What the host does to processes and jobs on our request: spawn, connect and disconnect, job control,
 * allocation, and monitoring.
 */
public final class ProcessManagement {
    private final RequestSender sender;
    private final DataReplies replies;

    public ProcessManagement(RequestSender sender, DataReplies replies) {
        this.sender = sender;
        this.replies = replies;
    }

    /** PMIx_Spawn: answers the new job's namespace. */
    public CompletableFuture<String> spawn(List<Info> jobInfo, List<App> apps) {
        if (apps.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "spawn needs at least one application");
        }
        // the new job's data comes along when its server has it, so that Gets about it need no round trip
        return sender.send(new SpawnRequest(jobInfo, apps), u -> replies.spawn(u, apps));
    }

    /** PMIx_Connect; the other jobs' data in the answer is filed. */
    public CompletableFuture<Void> connect(List<Proc> procs, List<Info> directives) {
        if (procs.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "connect needs the processes taking part");
        }
        return sender.send(new ConnectProcsRequest(procs, directives), u -> replies.connect(u, procs));
    }

    /** PMIx_Disconnect. */
    public CompletableFuture<Void> disconnect(List<Proc> procs, List<Info> directives) {
        if (procs.isEmpty()) {
            return Futures.failed(PmixStatus.PMIX_ERR_BAD_PARAM, "disconnect needs the processes taking part");
        }
        return sender.sendForStatus(new DisconnectRequest(procs, directives), "disconnect from " + procs);
    }

    /** PMIx_Allocation_request. */
    public CompletableFuture<List<Info>> allocationRequest(AllocDirective directive, List<Info> info) {
        return sender.sendForInfos(new AllocRequest(directive, info), "allocation request");
    }

    /** PMIx_Session_control (OpenPMIx 5/6): a scheduler's directive to its runtime, or the runtime's report. */
    public CompletableFuture<List<Info>> sessionControl(int sessionId, List<Info> directives) {
        return sender.sendForInfos(new SessionControlRequest(sessionId, directives),
                "session control of session " + Integer.toUnsignedString(sessionId));
    }

    /** PMIx_Job_control. */
    public CompletableFuture<List<Info>> jobControl(List<Proc> targets, List<Info> directives) {
        return sender.sendForInfos(new JobControlRequest(targets, directives), "job control");
    }

    /** PMIx_Process_monitor. */
    public CompletableFuture<List<Info>> processMonitor(Info monitor, int error, List<Info> directives) {
        return sender.sendForInfos(new MonitorRequest(monitor, error, directives),
                "process monitor " + monitor.key());
    }

    /** PMIx_Heartbeat: an empty message on its own tag, which the server does not answer. */
    public void heartbeat() {
        ServerConnection c = sender.primary();
        if (c == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNREACH, "not connected: no heartbeat to send");
        }
        c.send(Tags.HEARTBEAT, new byte[0]);
    }
}
