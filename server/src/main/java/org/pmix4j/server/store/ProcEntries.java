package org.pmix4j.server.store;

import java.util.Arrays;
import java.util.List;
import org.pmix4j.api.KeyValue;
import org.pmix4j.server.store.GivenProcs.GivenProc;

/**
 * The last stage: one {@link ProcEntry} per process, from its node's layout, its application
 * and what the host registered for it (a position the host gave overrides the derived one), and for the
 * processes on the server's node the process directory the host's {@link SessionDirs} name.
 */
final class ProcEntries {
    private ProcEntries() {
    }

    static ProcEntry[] build(String nspace, GivenProcs given, Placement placement, NodeLayout layout,
            AppAssignment apps, int offset, SessionDirs dirs) {
        int jobSize = placement.jobSize();
        String[] directory = directories(nspace, given, layout.own(), dirs, jobSize);
        NodeEntry[] nodeOf = new NodeEntry[jobSize];
        int[] position = new int[jobSize]; // each placed process's place among its node's processes
        Arrays.fill(position, ProcEntry.UNKNOWN);
        for (NodeEntry n : layout.nodes()) {
            int[] ranks = n.ranks();
            for (int k = 0; k < ranks.length; k++) {
                nodeOf[ranks[k]] = n;
                position[ranks[k]] = k;
            }
        }
        ProcEntry[] out = new ProcEntry[jobSize];
        for (int r = 0; r < jobSize; r++) {
            GivenProc g = given.get(r);
            int localRank = g != null && g.localRank != null ? g.localRank : position[r];
            int nodeRank = g != null && g.nodeRank != null ? g.nodeRank : localRank;
            int globalRank = g != null && g.globalRank != null ? g.globalRank : r + offset;
            int appRank = g != null && g.appRank != null ? g.appRank : apps.appRank()[r];
            List<KeyValue> hostValues = g != null ? g.others() : List.of();
            out[r] = new ProcEntry(r, nodeOf[r], localRank, nodeRank, globalRank, apps.appOf()[r], appRank,
                    hostValues, directory == null ? null : directory[r]);
        }
        return out;
    }

    /** The directories of the local processes the host gave none for, by rank; null when none are named. */
    private static String[] directories(String nspace, GivenProcs given, NodeEntry own, SessionDirs dirs,
            int jobSize) {
        if (own == null || dirs.procDir() == null) {
            return null;
        }
        String[] out = new String[jobSize];
        for (int r : own.ranks()) {
            GivenProc g = given.get(r);
            if (g == null || !g.hasOther(Keys.PROCDIR)) {
                out[r] = dirs.procDir().apply(nspace, r);
            }
        }
        return out;
    }
}
