package org.pmix4j.server.cleanup;

import java.util.List;
import java.util.Optional;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * Where the server keeps what processes asked to have removed when they end (RFC0027; the
 * PMIX_REGISTER_CLEANUP directives of PMIx_Job_control, which libpmix handles in the server itself and
 * Open MPI 4.1 sends during MPI_Init). A scope is one process ({@code {nspace, rank}}: removed when it
 * terminates) or a whole job ({@code {nspace, WILDCARD}}: when all its local processes have). Requests for
 * the same scope are merged by the RFC's rules. Loop thread only.
 */
public interface CleanupRegistry {
    /**
     * Adds a request to the scope's epilog.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES} when a path would be
     *                       both removed and kept; the epilog is then left as it was
     */
    void register(Proc scope, CleanupRequest request);

    /**
     * Adds one request to several scopes (one PMIx_Job_control call naming several targets): all or
     * nothing — when it conflicts in any scope, no epilog changes.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES} as for one scope
     */
    void register(List<Proc> scopes, CleanupRequest request);

    /** What is registered for the scope. */
    Optional<Epilog> epilog(Proc scope);
}
