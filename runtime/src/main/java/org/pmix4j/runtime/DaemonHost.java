package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;

/**
 * The host of a daemon's server, on a node other than the launcher's: collectives and the direct modex go
 * along the daemon tree; a client's connection and finalization are noted on its job, for the launcher's
 * rule on an exit without PMIx_Finalize. What only the launcher can decide (spawn, publish, job control …)
 * is not served from a daemon's node yet and is answered PMIX_ERR_NOT_SUPPORTED by the defaults, with the
 * operation's name.
 */
final class DaemonHost implements HostModule {
    private final OtherNodes otherNodes;
    private final Function<String, Job> jobs;

    /** @param jobs the job of a namespace on this node, or null */
    DaemonHost(OtherNodes otherNodes, Function<String, Job> jobs) {
        this.otherNodes = otherNodes;
        this.jobs = jobs;
    }

    @Override
    public CompletionStage<Void> clientConnected(Proc client) {
        Job j = jobs.apply(client.nspace());
        if (j != null) {
            j.clientConnected(client.rank());
        }
        return HostModule.done();
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc client) {
        Job j = jobs.apply(client.nspace());
        if (j != null) {
            j.clientFinalized(client.rank());
        }
        return HostModule.done();
    }

    @Override
    public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
        return otherNodes.fence(participants, directives, localData);
    }

    @Override
    public CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
        return otherNodes.directModex(target, directives);
    }
}
