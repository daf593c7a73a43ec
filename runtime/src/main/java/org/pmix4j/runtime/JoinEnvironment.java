package org.pmix4j.runtime;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * The environment the server gives the processes of one launch for joining it ({@code PmixServer.setupFork}),
 * asked once per namespace rather than once per process: the server's answer differs between the ranks of a
 * namespace only in PMIX_RANK, and each asking is a round trip into the server's thread, which is busy
 * serving the ranks already started (at 64 processes that cost more than a second of spawning). One per
 * launch, so that nothing outlives the namespace's registration.
 */
final class JoinEnvironment {
    private static final String RANK = "PMIX_RANK";

    private final Function<Proc, Map<String, String>> server;
    private final Map<String, Map<String, String>> byNamespace = new HashMap<>();

    JoinEnvironment(Function<Proc, Map<String, String>> server) {
        this.server = server;
    }

    /** What {@code proc} gets: its namespace's answer with its own rank. */
    Map<String, String> of(Proc proc) {
        Map<String, String> asked = byNamespace.get(proc.nspace());
        if (asked == null) {
            asked = server.apply(proc);
            byNamespace.put(proc.nspace(), asked);
            return asked;
        }
        Map<String, String> env = new HashMap<>(asked);
        env.put(RANK, Rank.label(proc.rank()));
        return env;
    }
}
