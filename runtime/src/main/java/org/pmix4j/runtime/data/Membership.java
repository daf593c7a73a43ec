package org.pmix4j.runtime.data;

import org.pmix4j.api.Proc;

/**
 * What the {@link DataServer} must know about processes to apply data ranges: the node a process runs on
 * (PMIX_RANGE_LOCAL) and the session its job belongs to (PMIX_RANGE_SESSION). The runtime knows both from
 * its placement of jobs.
 */
public interface Membership {
    /** Every process on one node, every job in session 0: a single-node runtime. */
    Membership SINGLE_NODE = new Membership() {
        @Override
        public String nodeOf(Proc proc) {
            return "localhost";
        }

        @Override
        public long sessionOf(String nspace) {
            return 0;
        }
    };

    /** The node the process runs on, or {@code null} when unknown (it is then local to nobody). */
    String nodeOf(Proc proc);

    /** The session of the job, or -1 when unknown (its processes then share a session with nobody). */
    long sessionOf(String nspace);
}
