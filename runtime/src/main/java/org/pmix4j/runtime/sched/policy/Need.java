package org.pmix4j.runtime.sched.policy;

/**
 * A demand compiled against the pool: node indices instead of names, so that fit checks and placement run
 * over arrays. Built only from requests that were checked to fit the empty pool.
 *
 * @param kind    what is counted
 * @param count   slots or nodes wanted (for LISTED: the number of listed nodes)
 * @param nodes   allowed node indices in pool order, or null for the whole pool
 * @param allowed the same as a mask over the pool, or null for the whole pool
 */
record Need(Kind kind, int count, int[] nodes, boolean[] allowed) {
    enum Kind { SLOTS, WHOLE_NODES, LISTED_NODES }

    boolean anywhere() {
        return nodes == null;
    }

    boolean allows(int node) {
        return allowed == null || allowed[node];
    }

    /** Whether the need fits in the given free slots per node; O(allowed nodes). */
    boolean fitsIn(int[] free, int[] capacity) {
        return new FitTracker(this, free, capacity).fits();
    }
}
