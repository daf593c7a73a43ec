package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * One process of the job as the store serves it: where it runs, its positions, its application, what the
 * host registered for it, and its directory.
 *
 * @param rank the process's rank
 * @param node its node, or null when nothing places it
 * @param localRank its position among this job's processes on its node, or {@link #UNKNOWN}
 * @param nodeRank its node rank (the host's, else the local rank), or {@link #UNKNOWN}
 * @param globalRank its global rank (the host's, else rank + {@code pmix.offset}), as an unsigned bit pattern
 * @param app its application
 * @param appRank its rank within the application
 * @param hostValues what the host registered for it other than the values above, in the host's order
 * @param directory its process directory when the store names it (local processes), else null
 */
record ProcEntry(int rank, NodeEntry node, int localRank, int nodeRank, int globalRank, AppEntry app,
        int appRank, List<KeyValue> hostValues, String directory) {

    /** A position the store does not know (the process is not placed and the host gave none). */
    static final int UNKNOWN = -1;

    /**
     * The process-level values, as they go into the process's {@code pmix.pblob}: what the host registered,
     * then local rank (UINT16), node rank (UINT16), global rank, app rank, appnum, node id, host name and
     * the process directory, each where known.
     */
    List<KeyValue> values() {
        List<KeyValue> out = new ArrayList<>(hostValues.size() + 9);
        out.addAll(hostValues);
        if (localRank != UNKNOWN) {
            out.add(new KeyValue(Keys.LOCAL_RANK, new Value.UInt16(localRank)));
        }
        if (nodeRank != UNKNOWN) {
            out.add(new KeyValue(Keys.NODE_RANK, new Value.UInt16(nodeRank)));
        }
        out.add(new KeyValue(Keys.GLOBAL_RANK, new Rank(globalRank)));
        out.add(new KeyValue(Keys.APP_RANK, new Rank(appRank)));
        out.add(new KeyValue(Keys.APPNUM, new Value.UInt32(app.appnum())));
        if (node != null) {
            if (node.id() >= 0) {
                out.add(new KeyValue(Keys.NODEID, new Value.UInt32((int) node.id())));
            }
            if (node.name() != null) {
                out.add(new KeyValue(Keys.HOSTNAME, new Value.Str(node.name())));
            }
        }
        if (directory != null) {
            out.add(new KeyValue(Keys.PROCDIR, new Value.Str(directory)));
        }
        return out;
    }

    /** One process-level value, or null when the process has none for the key. */
    Value value(String key) {
        if (key.equals(Keys.LOCAL_RANK)) {
            return localRank != UNKNOWN ? new Value.UInt16(localRank) : null;
        } else if (key.equals(Keys.NODE_RANK)) {
            return nodeRank != UNKNOWN ? new Value.UInt16(nodeRank) : null;
        } else if (key.equals(Keys.GLOBAL_RANK)) {
            return new Rank(globalRank);
        } else if (key.equals(Keys.APP_RANK)) {
            return new Rank(appRank);
        } else if (key.equals(Keys.APPNUM)) {
            return new Value.UInt32(app.appnum());
        } else if (key.equals(Keys.NODEID)) {
            return node != null && node.id() >= 0 ? new Value.UInt32((int) node.id()) : null;
        } else if (key.equals(Keys.HOSTNAME)) {
            return node != null && node.name() != null ? new Value.Str(node.name()) : null;
        }
        for (KeyValue kv : hostValues) {
            if (kv.key().equals(key)) {
                return kv.value();
            }
        }
        if (key.equals(Keys.PROCDIR) && directory != null) {
            return new Value.Str(directory);
        }
        return null;
    }
}
