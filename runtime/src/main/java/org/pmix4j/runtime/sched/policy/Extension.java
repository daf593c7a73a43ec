package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What PMIx_Allocation_request with PMIX_ALLOC_EXTEND asks of a running session: more time
 * (PMIX_ALLOC_TIME, added to its limit), more resources now (PMIX_ALLOC_NUM_NODES / NUM_CPUS /
 * NODE_LIST), or both, granted together or not at all.
 *
 * @param moreTime time added to the session's limit, or null
 * @param more     resources added, or null
 * @param nodeList where the added resources may be (empty: anywhere)
 */
public record Extension(Duration moreTime, Demand more, List<String> nodeList) {
    public Extension {
        nodeList = nodeList == null ? List.of() : List.copyOf(new LinkedHashSet<>(nodeList));
    }

    public static Extension time(Duration moreTime) {
        return new Extension(moreTime, null, List.of());
    }

    public static Extension resources(Demand more) {
        return new Extension(null, more, List.of());
    }

    public Extension on(List<String> names) {
        return new Extension(moreTime, more, names);
    }
}
