package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;
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
}
