package org.pmix4j.runtime.sched.policy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns what a user asked into a {@link Need}, or into the reason it can never be granted, worded for the
 * user: "asks for 9 slots; the pool has 8 (a:4, b:4)". A request refused here is never queued, so the queue
 * only holds requests that fit the empty pool, which is what lets every queued request start eventually.
 */
final class RequestCheck {
    /** Exactly one of the two is non-null. */
    record Result(Need need, String refusal) {
        static Result refused(String reason) {
            return new Result(null, reason);
        }
    }

    private final NodePool pool;

    RequestCheck(NodePool pool) {
        this.pool = pool;
    }

    /** A new session's request: valid counts and names, a positive limit, and room in the empty pool. */
    Result check(AllocationRequest request) {
        Duration limit = request.timeLimit();
        if (limit != null && limit.toSeconds() < 1) {
            return Result.refused("asks for a time limit of " + limit.toSeconds() + " s; give at least 1 s, or no limit");
        }
        Result compiled = compile(request.demand(), request.nodeList());
        if (compiled.refusal() != null) {
            return compiled;
        }
        String tooBig = exceedsPool(compiled.need());
        return tooBig == null ? compiled : Result.refused(tooBig);
    }

    /** Counts and node names checked, without asking whether the pool is big enough (extensions use this). */
    Result compile(Demand demand, List<String> names) {
        // a name given twice is one node: counting it twice would make the fit check and placement disagree
        List<String> nodeList = names.stream().distinct().toList();
        int[] nodes = null;
        boolean[] allowed = null;
        if (!nodeList.isEmpty()) {
            List<String> unknown = new ArrayList<>();
            nodes = new int[nodeList.size()];
            allowed = new boolean[pool.size()];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = pool.indexOf(nodeList.get(i));
                if (nodes[i] < 0) {
                    unknown.add(nodeList.get(i));
                } else {
                    allowed[nodes[i]] = true;
                }
            }
            if (!unknown.isEmpty()) {
                return Result.refused("names " + (unknown.size() == 1 ? "node " + unknown.get(0) + ", which is"
                        : "nodes " + String.join(", ", unknown) + ", which are") + " not in the pool (" + pool.describe()
                        + ")");
            }
            Arrays.sort(nodes);
        }
        return switch (demand) {
            case Demand.Slots s when s.count() < 1 ->
                    Result.refused("asks for " + s.count() + " slots; ask for at least 1");
            case Demand.WholeNodes w when w.count() < 1 ->
                    Result.refused("asks for " + w.count() + " nodes; ask for at least 1");
            case Demand.Slots s -> new Result(new Need(Need.Kind.SLOTS, s.count(), nodes, allowed), null);
            case Demand.WholeNodes w -> new Result(new Need(Need.Kind.WHOLE_NODES, w.count(), nodes, allowed), null);
            case Demand.ListedNodes l -> nodes == null
                    ? Result.refused("names no nodes: give a number of nodes or slots, or a node list")
                    : new Result(new Need(Need.Kind.LISTED_NODES, nodes.length, nodes, allowed), null);
        };
    }

    /** Why the need would not fit even the empty pool, or null when it would. */
    private String exceedsPool(Need need) {
        int[] nodes = need.nodes();
        long slots = 0;
        int count = need.anywhere() ? pool.size() : nodes.length;
        if (need.anywhere()) {
            slots = pool.totalSlots();
        } else {
            for (int n : nodes) {
                slots += pool.capacity(n);
            }
        }
        String where = need.anywhere() ? "the pool has " : "the nodes it names have ";
        String which = need.anywhere() ? pool.describe() : pool.describe(nodes);
        return switch (need.kind()) {
            case SLOTS -> need.count() > slots
                    ? "asks for " + need.count() + " slots; " + where + slots + " (" + which + ")" : null;
            case WHOLE_NODES -> need.count() > count
                    ? "asks for " + need.count() + " nodes; " + (need.anywhere() ? "the pool has " : "it names ")
                    + count + " (" + which + ")" : null;
            case LISTED_NODES -> null;
        };
    }
}
