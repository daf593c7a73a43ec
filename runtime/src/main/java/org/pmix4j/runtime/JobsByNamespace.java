package org.pmix4j.runtime;

import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;

/**
 * The jobs a node's host knows, by namespace, and what the host notes on them when its server tells it of a
 * client: that it connected (PMIx_Init) and that it finalized, the facts the launcher's rule on an exit
 * without PMIx_Finalize goes by. The launcher's {@link JobTable} and a daemon's jobs alike.
 */
interface JobsByNamespace {
    /** The job of {@code nspace}, or {@code null}. */
    Job job(String nspace);

    default CompletionStage<Void> clientConnected(Proc client) {
        Job job = job(client.nspace());
        if (job != null) {
            job.clientConnected(client.rank());
        }
        return HostModule.done();
    }

    default CompletionStage<Void> clientFinalized(Proc client) {
        Job job = job(client.nspace());
        if (job != null) {
            job.clientFinalized(client.rank());
        }
        return HostModule.done();
    }
}
