package org.pmix4j.server.collective;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.pmix4j.server.core.LocalClient;
import org.pmix4j.server.core.Namespace;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;

/**
 * The server's own answer to {@link Locality}: the ranks the registered job data places on this node plus
 * the clients the host registered (a client registered before, or without, its job's data still takes part,
 * as in libpmix where the registered clients are the local participants). Loop thread only.
 */
public final class ServerLocality implements Locality {
    private final JobStore jobs;
    private final ServerCore server;

    public ServerLocality(JobStore jobs, ServerCore server) {
        this.jobs = jobs;
        this.server = server;
    }

    @Override
    public Optional<LocalRanks> of(String nspace) {
        JobData job = jobs.get(nspace).orElse(null);
        Namespace ns = server.namespace(nspace);
        if (job == null && ns == null) {
            return Optional.empty();
        }
        Set<Integer> ranks = new TreeSet<>();
        if (job != null) {
            for (int r : job.localRanks()) {
                ranks.add(r);
            }
        }
        if (ns != null) {
            for (LocalClient c : ns.clients()) {
                ranks.add(c.proc().rank());
            }
        }
        return Optional.of(LocalRanks.of(ranks, job == null ? 0 : job.jobSize(), job != null && job.hasData()));
    }
}
