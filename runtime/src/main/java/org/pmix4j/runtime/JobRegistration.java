package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.JobMap;
import org.pmix4j.runtime.placement.PlacementInfo;
import org.pmix4j.runtime.placement.ProcPlacement;
import org.pmix4j.server.PmixServer;

/**
 * The job data {@code pmix4j run} registers for a job: what PRRTE registers (prrte-behaviour §7.1), so
 * that libpmix clients and Open MPI's MPI_Init find every key they ask for: job-level keys with the node
 * and process maps and the placement policies, one node array, one array per application and one per
 * process (rank first, with its cpuset and locality when bound).
 */
final class JobRegistration {
    private JobRegistration() {
    }

    static List<Info> build(String nspace, String hostname, List<AppContext> apps, JobMap map, List<String> wdirs,
            Proc parent) {
        int size = map.size();
        String ranks = map.procs().stream().map(s -> Integer.toString(s.rank())).sorted(
                java.util.Comparator.comparingInt(Integer::parseInt)).collect(Collectors.joining(","));
        List<Info> info = new ArrayList<>();
        info.add(Attributes.JOBID.info(nspace));
        info.add(Attributes.NPROC_OFFSET.info(0));
        info.add(Attributes.NODE_MAP.info(PmixServer.generateRegex(hostname)));
        info.add(Attributes.PROC_MAP.info(PmixServer.generatePpn(ranks)));
        info.add(Attributes.NUM_NODES.info(1));
        info.add(Attributes.UNIV_SIZE.info(Math.max(map.slots(), size)));
        info.add(Attributes.JOB_SIZE.info(size));
        info.add(Attributes.JOB_NUM_APPS.info(apps.size()));
        info.add(Attributes.MAX_PROCS.info(Math.max(map.slots(), size)));
        info.addAll(PlacementInfo.jobInfos(map));
        if (parent != null) {
            info.add(Attributes.PARENT_ID.info(parent));
        }

        List<Info> node = new ArrayList<>(List.of(
                Attributes.HOSTNAME.info(hostname),
                Attributes.NODEID.info(0),
                Attributes.NODE_SIZE.info(map.procsOnNode()),
                Attributes.LOCAL_SIZE.info(size),
                Attributes.LOCALLDR.info(0),
                Attributes.LOCAL_PEERS.info(ranks)));
        if (map.oversubscribed()) {
            node.add(Attributes.NODE_OVERSUBSCRIBED.info(true));
        }
        info.add(Attributes.NODE_INFO_ARRAY.info(DataArray.ofInfos(node)));

        int first = 0;
        for (int a = 0; a < apps.size(); a++) {
            AppContext app = apps.get(a);
            info.add(Attributes.APP_INFO_ARRAY.info(DataArray.ofInfos(List.of(
                    Attributes.APPNUM.info(a),
                    Attributes.APP_SIZE.info(app.np()),
                    Attributes.APPLDR.info(first),
                    Attributes.WDIR.info(wdirs.get(a)),
                    Attributes.APP_ARGV.info(String.join(" ", app.argv()))))));
            first += app.np();
        }

        for (ProcPlacement p : map.procs()) {
            List<Info> proc = new ArrayList<>();
            proc.add(Attributes.RANK.info(p.rank()));
            proc.addAll(PlacementInfo.procInfos(p));
            proc.add(Attributes.GLOBAL_RANK.info(p.rank()));
            proc.add(Attributes.NODEID.info(0));
            proc.add(Attributes.REINCARNATION.info(0));
            proc.add(Attributes.SPAWNED.info(parent != null));
            proc.add(Attributes.HOSTNAME.info(hostname));
            if (parent != null) {
                proc.add(Attributes.PARENT_ID.info(parent));
            }
            info.add(Attributes.PROC_DATA.info(DataArray.ofInfos(proc)));
        }
        return info;
    }
}
