package org.pmix4j.server.cleanup;

import java.util.List;
import java.util.Map;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.peer.Peer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link EpilogRegistry} that also carries the epilogs out, when libpmix does: a process's when it
 * terminates (its connection is gone, or the host deregistered it), a job's when the host deregisters the
 * namespace (after those of its processes that are left). The files are removed on a thread of their own,
 * never on the server's loop.
 */
public final class ExecutingEpilogRegistry extends EpilogRegistry implements ServerCore.PeerListener {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutingEpilogRegistry.class);

    private static void carryOut(Proc scope, Epilog e) {
        LOG.debug("cleanup for {}: {}", scope, e);
        Thread.ofVirtual().name("pmix4j-cleanup-" + scope).start(() -> EpilogRunner.run(e));
    }

    @Override
    public void lost(Peer peer, String why) {
        if (peer.isClient()) {
            take(peer.proc()).ifPresent(e -> carryOut(peer.proc(), e));
        }
    }

    @Override
    public void clientGone(Proc proc) {
        take(proc).ifPresent(e -> carryOut(proc, e));
    }

    @Override
    public void namespaceGone(String nspace) {
        Map<Proc, Epilog> procs = takeProcesses(nspace);
        Proc job = Proc.wildcard(nspace);
        Epilog jobEpilog = take(job).orElse(null);
        List<Map.Entry<Proc, Epilog>> all = new java.util.ArrayList<>(procs.entrySet());
        if (procs.isEmpty() && jobEpilog == null) {
            return;
        }
        // in order: the processes' first, then the job's, like libpmix
        Thread.ofVirtual().name("pmix4j-cleanup-" + nspace).start(() -> {
            for (Map.Entry<Proc, Epilog> p : all) {
                EpilogRunner.run(p.getValue());
            }
            if (jobEpilog != null) {
                EpilogRunner.run(jobEpilog);
            }
        });
    }
}
