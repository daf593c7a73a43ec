package org.pmix4j.server.store;

import java.util.LinkedHashMap;
import java.util.List;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/** One application of the job: what the host registered, its size and leader, and the app-level view. */
final class AppEntry {
    final int appnum;
    final LinkedHashMap<String, Value> hostInfo;
    /** App-specific node descriptions (node arrays inside the app array), each a node-level view. */
    final List<LinkedHashMap<String, Value>> nodeViews;
    int size;
    int leader = -1;
    /** pmix.appnum first, the host's values, then pmix.app.size and pmix.aldr if derived. */
    LinkedHashMap<String, Value> view;

    AppEntry(int appnum, LinkedHashMap<String, Value> hostInfo, List<LinkedHashMap<String, Value>> nodeViews) {
        this.appnum = appnum;
        this.hostInfo = hostInfo;
        this.nodeViews = nodeViews;
    }

    void finish(int size, int leader) {
        this.size = size;
        this.leader = leader;
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
        view = v;
    }
}
