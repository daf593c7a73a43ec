package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.App;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Query;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;

/**
 * The host of a daemon's server, on a node other than the launcher's: collectives and the direct modex go
 * along the daemon tree; a client's connection and finalization are noted on its job, for the launcher's
 * rule on an exit without PMIx_Finalize. What only the launcher can decide (spawn, publish and lookup, abort,
 * job control, queries, logging) is handed to it ({@link UpcallRelay}); events beyond this node go to every
 * node through it. What is left (tools, IO forwarding, allocations, sessions) is the launcher's servers' to
 * serve: tools connect there.
 */
final class DaemonHost implements HostModule {
    private final OtherNodes otherNodes;
    private final UpcallRelay launcher;
    private final JobsByNamespace jobs;

    /**
     * @param launcher what the launcher answers for this node's server
     * @param jobs     the jobs on this node
     */
    DaemonHost(OtherNodes otherNodes, UpcallRelay launcher, JobsByNamespace jobs) {
        this.otherNodes = otherNodes;
        this.launcher = launcher;
        this.jobs = jobs;
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
    public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
        return otherNodes.fence(participants, directives, localData);
    }

    @Override
    public CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
        return otherNodes.directModex(target, directives);
    }

    @Override
    public CompletionStage<Void> notifyEvent(int code, Proc source, DataRange range, List<Info> info) {
        // debugger events too: they come back to this node from daemon 0 (NodeDaemon.relayedEvent)
        return otherNodes.notifyEvent(code, source, range, info);
    }

    @Override
    public CompletionStage<Void> publish(Proc publisher, List<Info> data) {
        return launcher.publish(publisher, data);
    }

    @Override
    public CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return launcher.lookup(requester, keys, directives);
    }

    @Override
    public CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        return launcher.unpublish(requester, keys, directives);
    }

    @Override
    public CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        return launcher.spawn(requester, jobInfo, apps);
    }

    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        return launcher.abort(requester, status, message, targets);
    }

    @Override
    public CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        return launcher.jobControl(requester, targets, directives);
    }

    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return launcher.query(requester, queries);
    }

    @Override
    public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        return launcher.log(requester, data, directives);
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
