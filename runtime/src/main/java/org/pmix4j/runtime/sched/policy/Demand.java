package org.pmix4j.runtime.sched.policy;

/**
 * What a request (or an extension) asks for, as PMIx_Allocation_request expresses it. A request may also
 * restrict where (PMIX_ALLOC_NODE_LIST); that restriction lives beside the demand, in the request.
 */
public sealed interface Demand {
    /** PMIX_ALLOC_NUM_NODES: that many nodes, whole (all their slots belong to the session). */
    record WholeNodes(int count) implements Demand {
        @Override
        public String toString() {
            return count + (count == 1 ? " node" : " nodes");
        }
    }

    /** PMIX_ALLOC_NUM_CPUS: that many slots anywhere, packed on as few nodes as possible. */
    record Slots(int count) implements Demand {
        @Override
        public String toString() {
            return count + (count == 1 ? " slot" : " slots");
        }
    }

    /** PMIX_ALLOC_NODE_LIST without a count: exactly the named nodes, whole. */
    record ListedNodes() implements Demand {
        @Override
        public String toString() {
            return "the named nodes";
        }
    }
}
