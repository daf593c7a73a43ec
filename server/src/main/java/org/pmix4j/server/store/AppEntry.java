package org.pmix4j.server.store;

import java.util.LinkedHashMap;
import java.util.List;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * One application of the job.
 *
 * @param appnum its number
 * @param size how many of the job's processes belong to it
 * @param leader its lowest rank, or -1 when it has no process
 * @param view the app-level values: {@code pmix.appnum} first, the host's values, then {@code pmix.app.size}
 *     and {@code pmix.aldr} if derived
 * @param nodeViews its own descriptions of nodes (node arrays inside its app array), each a node-level view
 *     with {@code pmix.hname} and {@code pmix.nodeid} first where known
 */
record AppEntry(int appnum, int size, int leader, LinkedHashMap<String, Value> view,
        List<LinkedHashMap<String, Value>> nodeViews) {

    /**
     * The application the host described with {@code hostInfo}, found to hold {@code size} processes from
     * {@code leader} on; the host's own pmix.app.size and pmix.aldr must agree.
     */
    static AppEntry of(int appnum, LinkedHashMap<String, Value> hostInfo,
            List<LinkedHashMap<String, Value>> nodeViews, int size, int leader) {
        Value hs = hostInfo.get(Keys.APP_SIZE);
        if (hs != null && Keys.number(hs) != size) {
            throw Keys.bad("pmix.app.arr (appnum " + appnum + "): pmix.app.size is " + Keys.number(hs)
                    + " but " + size + " processes belong to the application");
        }
        Value hl = hostInfo.get(Keys.APPLDR);
        if (hl != null && size > 0 && Keys.number(hl) != leader) {
            throw Keys.bad("pmix.app.arr (appnum " + appnum + "): pmix.aldr is " + Keys.number(hl)
                    + " but the application's lowest rank is " + leader);
        }
        LinkedHashMap<String, Value> v = new LinkedHashMap<>();
        v.put(Keys.APPNUM, new Value.UInt32(appnum));
        v.putAll(hostInfo);
        v.putIfAbsent(Keys.APP_SIZE, new Value.UInt32(size));
        if (leader >= 0) {
            v.putIfAbsent(Keys.APPLDR, new Rank(leader));
        }
        return new AppEntry(appnum, size, leader, v, nodeViews);
    }
}
