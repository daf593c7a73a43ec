package org.pmix4j.runtime.placement;

/**
 * What {@code ppr:N:RESOURCE} allows on one node, by PRRTE's rules: N processes on each object of the
 * resource, so at most N times the node's objects; and a node whose N-per-object pattern needs more slots
 * than it has free is not used at all unless oversubscription is allowed (PRRTE skips it rather than place
 * part of the pattern). When the processes do not fit, the error is PRRTE's "ppr-too-many-procs" report,
 * followed by what the node has and what to change.
 */
final class PprCapacity {
    private PprCapacity() {
    }

    /** The processes the pattern puts on a node: N per object of {@code level} (per node when null). */
    static int of(NodeTopology topology, HwLevel level, int perObject) {
        return level == null ? perObject : perObject * topology.objects(level).size();
    }

    /**
     * Checks that {@code app} fits the pattern on the node of {@code r}.
     *
     * @param free the node's free slots
     * @throws PlacementException PRRTE's report when it does not fit
     */
    static void check(PlacementRequest r, HwLevel level, int perObject, PlacementRequest.App app, int free) {
        int pattern = of(r.topology(), level, perObject);
        String ppr = perObject + ":" + level.directive();
        int objects = r.topology().objects(level).size();
        if (pattern > free && !r.mapping().oversubscribeAllowed()) {
            throw new PlacementException(tooMany(app, 0, pattern, ppr) + "\nThis node (" + r.hostname() + ") has "
                    + objects + " " + level.directive() + (objects == 1 ? "" : "s") + ", so ppr:" + ppr + " puts "
                    + pattern + " processes on it, but it has only " + free + " free slot" + (free == 1 ? "" : "s")
                    + " (" + r.slotsOrigin() + "), and a node is only used when the whole pattern fits. Give it more"
                    + " slots (--host " + r.hostname() + ":" + pattern + "), use a smaller N, or allow more processes"
                    + " than slots with --map-by ppr:" + ppr + ":OVERSUBSCRIBE.");
        }
        if (app.np() > pattern) {
            throw new PlacementException(tooMany(app, pattern, pattern, ppr) + "\nThis node (" + r.hostname()
                    + ") has " + objects + " " + level.directive() + (objects == 1 ? "" : "s") + ", so ppr:" + ppr
                    + " places at most " + pattern + " process" + (pattern == 1 ? "" : "es") + ". Request fewer processes (-n), a larger N, or more"
                    + " hosts.");
        }
    }

    /** PRRTE's report (help-prte-rmaps-ppr.txt, ppr-too-many-procs). */
    static String tooMany(PlacementRequest.App app, int mapped, int onNode, String ppr) {
        return "Your job has requested more processes than the ppr for\nthis topology can support:\n\n  App: "
                + app.name() + "\n  Number of procs:  " + app.np() + "\n  Procs mapped:  " + mapped
                + "\n  Total number of procs:  " + onNode + "\n  PPR: " + ppr + "\n\nPlease revise the conflict and"
                + " try again.";
    }
}
