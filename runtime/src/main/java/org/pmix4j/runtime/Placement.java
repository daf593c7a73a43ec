package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Where each rank of a job goes and what it is called at each level. Ranks are numbered across the
 * applications in order (MPMD), all on this node for now.
 *
 * @param ranks one entry per rank, in rank order
 * @param slots the slots this node offers
 */
public record Placement(List<Slot> ranks, int slots) {

    /** One process: its rank, application, rank within the application, local and node rank. */
    public record Slot(int rank, int appnum, int appRank, int localRank, int nodeRank) {
    }

    public Placement {
        ranks = List.copyOf(ranks);
    }

    /**
     * Places every process on this node. More processes than slots is an error unless oversubscription is
     * allowed, as every launcher users know does.
     */
    public static Placement onThisNode(List<AppContext> apps, int slots, int busy, boolean oversubscribe) {
        int total = apps.stream().mapToInt(AppContext::np).sum();
        if (total + busy > slots && !oversubscribe) {
            throw new LaunchException("There are not enough slots available in the system to satisfy the " + total
                    + " processes requested: this node has " + slots + " slot(s)" + (busy > 0 ? ", " + busy
                    + " of them in use" : "") + ". Use --oversubscribe to run more processes than slots, or ask"
                    + " for fewer with -n.", 1);
        }
        List<Slot> out = new ArrayList<>(total);
        int rank = 0;
        for (int a = 0; a < apps.size(); a++) {
            for (int i = 0; i < apps.get(a).np(); i++) {
                out.add(new Slot(rank, a, i, rank, rank));
                rank++;
            }
        }
        return new Placement(out, slots);
    }

    public int size() {
        return ranks.size();
    }

    public boolean oversubscribed() {
        return ranks.size() > slots;
    }
}
