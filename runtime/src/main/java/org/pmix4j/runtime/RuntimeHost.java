package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;

/** The host module of {@code pmix4j run}: what its embedded server asks of the launcher. */
final class RuntimeHost implements HostModule {
    private final Job job;

    RuntimeHost(Job job) {
        this.job = job;
    }

    @Override
    public CompletionStage<Void> clientConnected(Proc client) {
        LaunchedProcess p = job.process(client.rank());
        if (p != null && client.nspace().equals(job.nspace())) {
            p.markConnected();
        }
        return HostModule.done();
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc client) {
        LaunchedProcess p = job.process(client.rank());
        if (p != null && client.nspace().equals(job.nspace())) {
            p.markFinalized();
        }
        return HostModule.done();
    }

    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        // answer first: the caller's PMIx_Abort returns, then the whole job is stopped
        Thread.ofVirtual().start(() -> job.aborted(requester, status, message));
        return HostModule.done();
    }
}
