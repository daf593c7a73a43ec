package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

/**
 * The job data a {@link JobMap} contributes to a job's registration, in the form PRRTE registers it
 * (prrte-behaviour §7.1).
 */
public final class PlacementInfo {
    private PlacementInfo() {
    }

    /** Job level: {@code PMIX_MAPBY}, {@code PMIX_RANKBY}, {@code PMIX_BINDTO} as PRRTE renders them. */
    public static List<Info> jobInfos(JobMap map) {
        return List.of(Attributes.MAPBY.info(map.mapbyString()), Attributes.RANKBY.info(map.rankbyString()),
                Attributes.BINDTO.info(map.bindtoString()));
    }

    /**
     * One process's entries for its {@code PMIX_PROC_DATA} array (after {@code PMIX_RANK}, which must come
     * first): {@code PMIX_APPNUM}, {@code PMIX_APP_RANK}, {@code PMIX_LOCAL_RANK}, {@code PMIX_NODE_RANK},
     * and for a bound process {@code PMIX_CPUSET} (hwloc list syntax, as PRRTE) and
     * {@code PMIX_LOCALITY_STRING} (as libpmix 4.2.2 generates it). An unbound process gets neither: PRRTE
     * registers a NULL locality string, which a client cannot tell from an absent one.
     */
    public static List<Info> procInfos(ProcPlacement p) {
        List<Info> out = new ArrayList<>();
        out.add(Attributes.APPNUM.info(p.appnum()));
        out.add(Attributes.APP_RANK.info(p.appRank()));
        out.add(Attributes.LOCAL_RANK.info(p.localRank()));
        out.add(Attributes.NODE_RANK.info(p.nodeRank()));
        if (p.bound()) {
            out.add(Attributes.CPUSET.info(p.cpusetString()));
            out.add(Attributes.LOCALITY_STRING.info(p.locality()));
        }
        return out;
    }

    /**
     * Each process's {@code PMIX_PACKAGE_RANK}, by rank: its position, counting from 0 in rank order, among
     * the job's processes bound within the same package (socket). The Standard gives a package rank only to
     * a process bound within one package, so an unbound process, or one whose CPUs span packages, gets -1
     * (none registered).
     */
    public static int[] packageRanks(JobMap map) {
        int[] out = new int[map.size()];
        Map<Integer, Integer> seen = new HashMap<>();
        for (int r = 0; r < map.size(); r++) {
            int pkg = packageOf(map.proc(r));
            out[r] = pkg < 0 ? -1 : seen.merge(pkg, 1, Integer::sum) - 1;
        }
        return out;
    }

    /**
     * The logical index of the one package a process is bound within, or -1. Read from its locality string,
     * whose {@code SK} field lists the packages its CPUs touch (one number when they lie in one package): the
     * same reading a client makes of it, so the two cannot disagree.
     */
    static int packageOf(ProcPlacement p) {
        if (p.locality() == null) {
            return -1;
        }
        for (String field : p.locality().split(":")) {
            if (field.startsWith(HwLevel.PACKAGE.localityTag())) {
                String index = field.substring(HwLevel.PACKAGE.localityTag().length());
                return index.matches("\\d+") ? Integer.parseInt(index) : -1;
            }
        }
        return -1;
    }
}
