package org.pmix4j.server.collective;

import java.util.Optional;

/** Where the collective engine learns which processes of a namespace run on this server's node. */
@FunctionalInterface
public interface Locality {
    /** The namespace's ranks here; empty when this server knows nothing of the namespace. */
    Optional<LocalRanks> of(String nspace);
}
