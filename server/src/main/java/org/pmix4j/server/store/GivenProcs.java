package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Value;

/**
 * What the host registered for each process in its {@code pmix.pdata} arrays, by rank: the values the
 * store derives itself when they are missing (positions, application, node) apart, the others in the
 * host's order. Ranks without an array have no entry.
 */
final class GivenProcs {
    /** The values the host gave for one process; a null field was not given. */
    static final class GivenProc {
        Integer localRank;
        Integer nodeRank;
        Integer globalRank;
        Integer appRank;
        Integer appnum;
        Integer nodeId;
        String hostname;
        /** Every other key, in the host's order (a key given twice keeps its place and takes the last value). */
        private List<KeyValue> others;

        void addOther(String key, Value v) {
            if (others == null) {
                others = new ArrayList<>(4);
            }
            for (int k = 0; k < others.size(); k++) {
                if (others.get(k).key().equals(key)) {
                    others.set(k, new KeyValue(key, v));
                    return;
                }
            }
            others.add(new KeyValue(key, v));
        }

        boolean hasOther(String key) {
            if (others != null) {
                for (KeyValue kv : others) {
                    if (kv.key().equals(key)) {
                        return true;
                    }
                }
            }
            return false;
        }

        List<KeyValue> others() {
            return others == null ? List.of() : List.copyOf(others);
        }
    }

    private GivenProc[] byRank = new GivenProc[0];
    private int maxRank = -1;

    /** The entry of a rank, created when it has none yet. */
    GivenProc touch(int rank) {
        if (rank >= byRank.length) {
            byRank = Arrays.copyOf(byRank, Math.max(rank + 1, Math.max(16, byRank.length * 2)));
        }
        GivenProc p = byRank[rank];
        if (p == null) {
            p = new GivenProc();
            byRank[rank] = p;
        }
        maxRank = Math.max(maxRank, rank);
        return p;
    }

    /** The entry of a rank, or null when the host gave no process array for it. */
    GivenProc get(int rank) {
        return rank < byRank.length ? byRank[rank] : null;
    }

    /** The highest rank with a process array, or -1 when there is none. */
    int maxRank() {
        return maxRank;
    }
}
