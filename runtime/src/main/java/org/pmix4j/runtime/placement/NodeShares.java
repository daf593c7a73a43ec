package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * How many processes of each application go on each node, as PRRTE's round-robin mapper divides them (see
 * {@link ClusterMapper}): by slot (or object) filling nodes in host order, by node in even passes, ppr N per
 * node; within free slots unless oversubscribing, never beyond max_slots.
 */
final class NodeShares {
    private static final int UNLIMITED = Integer.MAX_VALUE;

    private final ClusterMapper.Request r;
    private final MappingPolicy mapping;
    private final List<ClusterNode> nodes;
    /** Processes on each node so far: the live ones, then those given out here. */
    private final int[] onNode;
    private final int[] jobOnNode;

    NodeShares(ClusterMapper.Request r, MappingPolicy mapping) {
        this.r = r;
        this.mapping = mapping;
        this.nodes = r.nodes();
        this.onNode = new int[nodes.size()];
        this.jobOnNode = new int[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            onNode[i] = r.usageOf(nodes.get(i)).procs();
        }
    }

    /** counts[app][node index]. */
    int[][] counts() {
        int[][] out = new int[r.apps().size()][nodes.size()];
        for (int a = 0; a < r.apps().size(); a++) {
            PlacementRequest.App app = r.apps().get(a);
            checkSlots(app);
            switch (mapping.target()) {
                case NODE -> byNode(app, out[a]);
                case PPR -> perNode(app, out[a]);
                default -> bySlot(app, out[a]);
            }
            for (int i = 0; i < nodes.size(); i++) {
                onNode[i] += out[a][i];
                jobOnNode[i] += out[a][i];
            }
        }
        return out;
    }

    private int slots(int i) {
        return nodes.get(i).slotsFor(mapping);
    }

    /** Free slots of node i given what it holds plus {@code extra}. */
    private int free(int i, int extra) {
        return Math.max(0, slots(i) - onNode[i] - extra);
    }

    /** Room under max_slots given what it holds plus {@code extra}, or UNLIMITED. */
    private int room(int i, int extra) {
        int max = nodes.get(i).maxSlots();
        return max == 0 ? UNLIMITED : Math.max(0, max - onNode[i] - extra);
    }

    private int allowed(int i, int extra) {
        return mapping.oversubscribeAllowed() ? room(i, extra) : Math.min(free(i, extra), room(i, extra));
    }

    private void checkSlots(PlacementRequest.App app) {
        long free = 0;
        long room = 0;
        for (int i = 0; i < nodes.size(); i++) {
            free += free(i, 0);
            long rm = room(i, 0);
            room = room == UNLIMITED || rm == UNLIMITED ? UNLIMITED : room + rm;
        }
        if (app.np() > free && !mapping.oversubscribeAllowed()) {
            throw new PlacementException(notEnoughSlots(app));
        }
        if (app.np() > room) {
            throw new PlacementException(beyondMaxSlots(app));
        }
    }

    private void bySlot(PlacementRequest.App app, int[] share) {
        int left = app.np();
        for (int i = 0; i < nodes.size() && left > 0; i++) {
            int n = Math.min(left, Math.min(free(i, share[i]), room(i, share[i])));
            share[i] += n;
            left -= n;
        }
        // oversubscribed: the rest spread evenly over the nodes that are not at max_slots
        while (left > 0) {
            List<Integer> open = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                if (room(i, share[i]) > 0) {
                    open.add(i);
                }
            }
            if (open.isEmpty()) {
                throw new PlacementException(beyondMaxSlots(app));
            }
            int balance = left / open.size();
            int extra = left % open.size();
            for (int k = 0; k < open.size() && left > 0; k++) {
                int i = open.get(k);
                int n = Math.min(left, Math.min(balance + (k < extra ? 1 : 0), room(i, share[i])));
                share[i] += n;
                left -= n;
            }
        }
    }

    private void byNode(PlacementRequest.App app, int[] share) {
        int left = app.np();
        while (left > 0) {
            int avg = Math.max(1, left / nodes.size());
            int placed = 0;
            for (int i = 0; i < nodes.size() && left > 0; i++) {
                int n = Math.min(left, Math.min(avg, allowed(i, share[i])));
                share[i] += n;
                left -= n;
                placed += n;
            }
            if (placed == 0) {
                throw new PlacementException(mapping.oversubscribeAllowed() ? beyondMaxSlots(app)
                        : notEnoughSlots(app));
            }
        }
    }

    /**
     * ppr: the pattern on each node in turn. A node whose whole pattern does not fit its free slots is left
     * out unless oversubscribing (PRRTE); processes left over are PRRTE's "too many procs" error.
     */
    private void perNode(PlacementRequest.App app, int[] share) {
        int left = app.np();
        List<String> skipped = new ArrayList<>();
        for (int i = 0; i < nodes.size() && left > 0; i++) {
            int pattern = PprCapacity.of(nodes.get(i).topology(), mapping.perObject(), mapping.perNode());
            if (pattern > allowed(i, 0)) {
                skipped.add(nodes.get(i).name() + " (" + pattern + " for the pattern, " + allowed(i, 0) + " allowed)");
                continue;
            }
            int n = Math.min(left, pattern - jobOnNode[i]);
            share[i] += n;
            left -= n;
        }
        if (left > 0) {
            throw new PlacementException(PprCapacity.tooMany(app, app.np() - left, 0, mapping.pprPattern())
                    + "\nThe pattern did not fit on " + String.join(", ", skipped) + ", and a node is only used when"
                    + " the whole pattern fits its free slots. Give the nodes more slots (--host NAME:N, or slots=N in"
                    + " a --hostfile), use a smaller N, or allow more processes than slots with --oversubscribe.");
        }
    }

    /** PRRTE's message, then the total and each host's slots. */
    private String notEnoughSlots(PlacementRequest.App app) {
        int total = 0;
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            total += slots(i);
            hosts.add(nodes.get(i).name() + ": " + slots(i) + (onNode[i] > 0 ? " (" + onNode[i] + " taken)" : ""));
        }
        return "There are not enough slots available in the system to satisfy the " + app.np() + " slots that were"
                + " requested by the application:\n\n  " + app.name() + "\n\nThe " + nodes.size() + " nodes have "
                + total + " slots in all (" + String.join(", ", hosts) + ").\nEither request fewer processes (-n),"
                + " make more slots available (--host NAME:N, or slots=N in a --hostfile), or allow more processes"
                + " than slots with --oversubscribe (or --map-by :OVERSUBSCRIBE).";
    }

    private String beyondMaxSlots(PlacementRequest.App app) {
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            int max = nodes.get(i).maxSlots();
            hosts.add(nodes.get(i).name() + ": " + (max == 0 ? "no limit" : "max_slots=" + max)
                    + (onNode[i] > 0 ? " (" + onNode[i] + " placed or running)" : ""));
        }
        return "The hosts allow fewer processes than the " + app.np() + " of " + app.name() + ", even when"
                + " oversubscribing (" + String.join(", ", hosts) + "). Request fewer processes or raise max_slots.";
    }
}
