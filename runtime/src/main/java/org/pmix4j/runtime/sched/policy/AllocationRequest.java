package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A request for a new session, as PMIx_Allocation_request with PMIX_ALLOC_NEW carries it. The record
 * holds what the user asked, unchecked: whether it can ever fit the pool is the engine's decision (a
 * refusal with a reason), not an exception here.
 *
 * @param uid       the requester's user id
 * @param demand    whole nodes, slots, or the listed nodes whole
 * @param nodeList  PMIX_ALLOC_NODE_LIST: the nodes the session may use (empty: any)
 * @param timeLimit PMIX_ALLOC_TIME, or null for none (the session is then never ended for time; backfill
 *                  assumes the engine's default limit for it)
 * @param requestId PMIX_ALLOC_REQ_ID, the user's name for the request, or null
 */
public record AllocationRequest(int uid, Demand demand, List<String> nodeList, Duration timeLimit, String requestId) {
    public AllocationRequest {
        Objects.requireNonNull(demand, "demand");
        nodeList = nodeList == null ? List.of() : List.copyOf(new LinkedHashSet<>(nodeList));
    }

    public static AllocationRequest slots(int uid, int count) {
        return new AllocationRequest(uid, new Demand.Slots(count), List.of(), null, null);
    }

    public static AllocationRequest nodes(int uid, int count) {
        return new AllocationRequest(uid, new Demand.WholeNodes(count), List.of(), null, null);
    }

    /** PMIX_ALLOC_NODE_LIST alone: these nodes, whole. */
    public static AllocationRequest listedNodes(int uid, List<String> names) {
        return new AllocationRequest(uid, new Demand.ListedNodes(), names, null, null);
    }

    public AllocationRequest on(List<String> names) {
        return new AllocationRequest(uid, demand, names, timeLimit, requestId);
    }

    public AllocationRequest withTimeLimit(Duration limit) {
        return new AllocationRequest(uid, demand, nodeList, limit, requestId);
    }

    public AllocationRequest withRequestId(String id) {
        return new AllocationRequest(uid, demand, nodeList, timeLimit, id);
    }

    /**
     * The request from the values of PMIx_Allocation_request's attributes (null where an attribute is
     * absent). The Standard lets a request give both counts; the policy does not know what 8 slots on 2
     * nodes would mean for backfill, so that is an error, as is a request that gives neither.
     *
     * @throws IllegalArgumentException naming the attributes when both counts or none are given
     */
    public static AllocationRequest fromAttributes(int uid, Integer numNodes, Integer numCpus, String nodeList,
                                                   Long timeSeconds, String requestId) {
        List<String> names = parseNodeList(nodeList);
        Demand demand;
        if (numNodes != null && numCpus != null) {
            throw new IllegalArgumentException("the request asks for both " + numNodes + " nodes (PMIX_ALLOC_NUM_NODES)"
                    + " and " + numCpus + " slots (PMIX_ALLOC_NUM_CPUS); give one of them");
        } else if (numNodes != null) {
            demand = new Demand.WholeNodes(numNodes);
        } else if (numCpus != null) {
            demand = new Demand.Slots(numCpus);
        } else if (!names.isEmpty()) {
            demand = new Demand.ListedNodes();
        } else {
            throw new IllegalArgumentException("the request asks for no resources: give PMIX_ALLOC_NUM_NODES,"
                    + " PMIX_ALLOC_NUM_CPUS or PMIX_ALLOC_NODE_LIST");
        }
        return new AllocationRequest(uid, demand, names, timeSeconds == null ? null : Duration.ofSeconds(timeSeconds),
                requestId);
    }

    /** PMIX_ALLOC_NODE_LIST's comma list, blanks around names dropped; null or blank is no list. */
    public static List<String> parseNodeList(String commaList) {
        List<String> names = new ArrayList<>();
        if (commaList != null) {
            for (String part : commaList.split(",")) {
                if (!part.isBlank()) {
                    names.add(part.strip());
                }
            }
        }
        return names;
    }

    /** What the request asks, for a user: "8 slots on a,b for 600 s". */
    public String describe() {
        StringBuilder s = new StringBuilder();
        if (demand instanceof Demand.ListedNodes) {
            s.append("nodes ").append(String.join(",", nodeList));
        } else {
            s.append(demand);
            if (!nodeList.isEmpty()) {
                s.append(" on ").append(String.join(",", nodeList));
            }
        }
        s.append(timeLimit == null ? ", no time limit" : " for " + timeLimit.toSeconds() + " s");
        return s.toString();
    }
}
