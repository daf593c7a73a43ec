package org.pmix4j.server.collective;

import java.util.Collections;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What this server knows of one namespace when it decides who takes part in a collective: the ranks it
 * has here (those the job data places on this node and the clients the host registered), the job's size,
 * and whether the host registered the job's data (without it the job may have ranks elsewhere).
 */
public record LocalRanks(SortedSet<Integer> ranks, int jobSize, boolean jobDataKnown) {
    public LocalRanks {
        ranks = Collections.unmodifiableSortedSet(new TreeSet<>(ranks));
    }

    public static LocalRanks of(Set<Integer> ranks, int jobSize, boolean jobDataKnown) {
        return new LocalRanks(new TreeSet<>(ranks), jobSize, jobDataKnown);
    }

    /** Every rank of the job runs here: a collective over the whole namespace needs no other server. */
    boolean wholeJobHere() {
        return jobDataKnown && ranks.size() >= jobSize;
    }
}
