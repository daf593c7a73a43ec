package org.pmix4j.server.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * The registered namespaces of a server, by nspace: {@code PMIx_server_register_nspace} /
 * {@code PMIx_server_deregister_nspace}. Registering an nspace again replaces its job data (after the new
 * data has been accepted: a bad registration leaves the old one in place). Deregistering drops everything
 * the store holds for the job. Not thread-safe: used from the server's event loop only.
 */
public final class JobStore {
    private final String serverHostname;
    private final SessionDirs dirs;
    private final Map<String, JobData> jobs = new LinkedHashMap<>();

    /** A store for a server on {@code serverHostname}, announcing no session directories. */
    public JobStore(String serverHostname) {
        this(serverHostname, SessionDirs.NONE);
    }

    public JobStore(String serverHostname, SessionDirs dirs) {
        this.serverHostname = Objects.requireNonNull(serverHostname, "serverHostname");
        this.dirs = dirs == null ? SessionDirs.NONE : dirs;
    }

    public String serverHostname() {
        return serverHostname;
    }

    /**
     * Registers (or re-registers) a namespace; see {@link JobData#register}.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_BAD_PARAM} for bad input
     */
    public JobData register(String nspace, int localProcCount, List<Info> info) {
        JobData d = JobData.register(nspace, localProcCount, info, serverHostname, dirs);
        jobs.put(nspace, d);
        return d;
    }

    /** The job data of a registered nspace. */
    public Optional<JobData> get(String nspace) {
        return Optional.ofNullable(jobs.get(nspace));
    }

    /**
     * The job data of a registered nspace.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_INVALID_NAMESPACE} when it is not registered
     */
    public JobData require(String nspace) {
        JobData d = jobs.get(nspace);
        if (d == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_INVALID_NAMESPACE, "nspace '" + nspace
                    + "' is not registered");
        }
        return d;
    }

    public boolean contains(String nspace) {
        return jobs.containsKey(nspace);
    }

    /** Drops the job; false when it was not registered. */
    public boolean deregister(String nspace) {
        return jobs.remove(nspace) != null;
    }

    /** The registered nspaces, in registration order. */
    public Set<String> nspaces() {
        return Collections.unmodifiableSet(jobs.keySet());
    }

    public int size() {
        return jobs.size();
    }
}
