package org.pmix4j.runtime;

import java.util.Map;

/**
 * How an Open MPI 4.x process learns that a PMIx launcher started it. Open MPI 4.1 decides in its
 * "schizo" framework: without mpirun's daemon URI or a known resource manager's variables, its catch-all
 * component declares the process a singleton and forces the singleton "ess". Two of Open MPI's own MCA
 * parameters say what is true instead: do not use that catch-all component, and use the PMI(x) ess, which
 * takes everything from the PMIx server. No other launcher is impersonated. Values the user set win.
 * Open MPI 5 has neither framework and ignores them.
 */
final class OpenMpi {
    private OpenMpi() {
    }

    /**
     * Also tells an oversubscribed process so, as Open MPI's own launcher does with its
     * {@code mpi_oversubscribe} parameter: Open MPI 4.1 reads that (not PMIX_NODE_OVERSUBSCRIBED) to yield
     * the processor while it waits, and without it processes that outnumber the cores spin against each
     * other (an MPI ring of 4 processes on 2 cores: 6 s instead of 1 s).
     */
    static void recognise(Map<String, String> env, boolean oversubscribed) {
        env.putIfAbsent("OMPI_MCA_schizo", "^orte");
        env.putIfAbsent("OMPI_MCA_ess", "pmi");
        env.putIfAbsent("OMPI_MCA_mpi_oversubscribe", oversubscribed ? "1" : "0");
    }
}
