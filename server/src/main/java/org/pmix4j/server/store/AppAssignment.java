package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;
import org.pmix4j.api.Value;
import org.pmix4j.server.store.Registration.AppDescription;
import org.pmix4j.server.store.Registration.NodeDescription;

/**
 * The stage that gives every process its application: the appnum its process array names, else
 * contiguous blocks by the applications' sizes or leaders, else the only application (an application named
 * only by processes, or none at all, gets an empty description). Each application then learns its size
 * and leader, and its node descriptions are completed from the node table.
 *
 * @param apps the applications, by appnum
 * @param appOf each rank's application
 * @param appRank each rank's position in its application (before any pmix.apprank the host gave)
 */
record AppAssignment(List<AppEntry> apps, AppEntry[] appOf, int[] appRank) {

    static AppAssignment assign(Registration reg, int jobSize, NodeTable nodes) {
        TreeMap<Integer, AppDescription> recs = new TreeMap<>(reg.apps);
        AppDescription looseApp = reg.looseApp;
        if (looseApp != null) {
            if (recs.size() > 1 || (recs.size() == 1 && !recs.containsKey(0))) {
                throw Keys.bad("loose app-level keys (" + String.join(", ", looseApp.info.keySet())
                        + ") but the job has applications " + recs.keySet() + ": use one pmix.app.arr per"
                        + " application");
            }
            AppDescription a0 = recs.get(0);
            if (a0 == null) {
                recs.put(0, looseApp);
            } else {
                looseApp.info.forEach(a0.info::putIfAbsent);
            }
        }
        // each process's appnum, where known; -1 where not (yet)
        int[] appnumOf = new int[jobSize];
        Arrays.fill(appnumOf, -1);
        boolean anyExplicit = false;
        for (int r = 0; r < jobSize; r++) {
            GivenProcs.GivenProc given = reg.procs.get(r);
            if (given != null && given.appnum != null) {
                appnumOf[r] = given.appnum;
                anyExplicit = true;
            }
        }
        // appnums named only by processes get an (empty) application of their own
        if (anyExplicit) {
            for (int r = 0; r < jobSize; r++) {
                int a = appnumOf[r];
                if (a >= 0 && !recs.containsKey(a)) {
                    recs.put(a, new AppDescription(a, "pmix.pdata (rank " + r + ")"));
                }
            }
        }
        if (recs.isEmpty() && jobSize > 0) {
            recs.put(0, new AppDescription(0, "the job"));
        }
        // processes without an appnum: contiguous blocks by app sizes or leaders, or the only app
        boolean missing = false;
        for (int r = 0; r < jobSize && !missing; r++) {
            missing = appnumOf[r] < 0;
        }
        if (missing) {
            if (recs.size() == 1) {
                int a = recs.firstKey();
                for (int r = 0; r < jobSize; r++) {
                    if (appnumOf[r] < 0) {
                        appnumOf[r] = a;
                    }
                }
            } else if (!anyExplicit && allHave(recs, Keys.APP_SIZE)) {
                long sum = 0;
                for (AppDescription a : recs.values()) {
                    sum += Keys.number(a.info.get(Keys.APP_SIZE));
                }
                if (sum != jobSize) {
                    throw Keys.bad("the applications' pmix.app.size values add up to " + sum + " but the job has "
                            + jobSize + " processes");
                }
                int r = 0;
                for (AppDescription a : recs.values()) {
                    long size = Keys.number(a.info.get(Keys.APP_SIZE));
                    for (long k = 0; k < size; k++) {
                        appnumOf[r++] = a.appnum;
                    }
                }
            } else if (!anyExplicit && allHave(recs, Keys.APPLDR)) {
                List<AppDescription> byLeader = new ArrayList<>(recs.values());
                byLeader.sort((x, y) -> Long.compare(Keys.number(x.info.get(Keys.APPLDR)),
                        Keys.number(y.info.get(Keys.APPLDR))));
                if (Keys.number(byLeader.get(0).info.get(Keys.APPLDR)) != 0) {
                    throw Keys.bad("no application has pmix.aldr 0, so rank 0 belongs to none");
                }
                for (int k = 0; k < byLeader.size(); k++) {
                    long from = Keys.number(byLeader.get(k).info.get(Keys.APPLDR));
                    long to = k + 1 < byLeader.size() ? Keys.number(byLeader.get(k + 1).info.get(Keys.APPLDR))
                            : jobSize;
                    if (to > jobSize || (k + 1 < byLeader.size() && to == from)) {
                        throw Keys.bad("pmix.aldr " + to + " of an application is not a usable rank in a job of "
                                + jobSize);
                    }
                    for (long r = from; r < to; r++) {
                        appnumOf[(int) r] = byLeader.get(k).appnum;
                    }
                }
            } else {
                int r = 0;
                while (appnumOf[r] >= 0) {
                    r++;
                }
                throw Keys.bad("the job has " + recs.size() + " applications " + recs.keySet()
                        + " but rank " + r + " has no pmix.appnum, and the applications do not all give"
                        + " pmix.app.size (or pmix.aldr) to place the processes by");
            }
        }
        // the applications in appnum order, and each process's place in its application
        List<AppDescription> descriptions = new ArrayList<>(recs.values());
        HashMap<Integer, Integer> index = new HashMap<>();
        for (int k = 0; k < descriptions.size(); k++) {
            index.put(descriptions.get(k).appnum, k);
        }
        int[] sizes = new int[descriptions.size()];
        int[] leaders = new int[descriptions.size()];
        Arrays.fill(leaders, -1);
        int[] appRank = new int[jobSize];
        int[] indexOf = new int[jobSize];
        for (int r = 0; r < jobSize; r++) {
            int i = index.get(appnumOf[r]);
            indexOf[r] = i;
            appRank[r] = sizes[i]++;
            if (leaders[i] < 0) {
                leaders[i] = r;
            }
        }
        AppEntry[] list = new AppEntry[descriptions.size()];
        for (int k = 0; k < list.length; k++) {
            AppDescription a = descriptions.get(k);
            list[k] = AppEntry.of(a.appnum, a.info, nodeViews(a, nodes), sizes[k], leaders[k]);
        }
        AppEntry[] appOf = new AppEntry[jobSize];
        for (int r = 0; r < jobSize; r++) {
            appOf[r] = list[indexOf[r]];
        }
        return new AppAssignment(List.of(list), appOf, appRank);
    }

    /** The application's own node descriptions, completed with the name or id the node table knows. */
    private static List<LinkedHashMap<String, Value>> nodeViews(AppDescription a, NodeTable nodes) {
        List<LinkedHashMap<String, Value>> views = new ArrayList<>(a.nodes.size());
        for (NodeDescription nr : a.nodes) {
            String name = nr.hostname;
            long id = nr.nodeId;
            int known = id >= 0 ? nodes.byId(id) : name != null ? nodes.byName(name, false) : -1;
            if (known >= 0) {
                name = name != null ? name : nodes.get(known).name;
                id = id >= 0 ? id : nodes.get(known).id;
            }
            LinkedHashMap<String, Value> v = new LinkedHashMap<>();
            if (name != null) {
                v.put(Keys.HOSTNAME, new Value.Str(name));
            }
            if (id >= 0) {
                v.put(Keys.NODEID, new Value.UInt32((int) id));
            }
            v.putAll(nr.info);
            views.add(v);
        }
        return views;
    }

    private static boolean allHave(TreeMap<Integer, AppDescription> recs, String key) {
        for (AppDescription a : recs.values()) {
            if (!a.info.containsKey(key)) {
                return false;
            }
        }
        return true;
    }
}
