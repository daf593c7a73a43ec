package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.PmixServer;

/**
 * The job data {@code pmix4j run} registers for a job: what PRRTE registers (prrte-behaviour §7.1), so
 * that libpmix clients and Open MPI's MPI_Init find every key they ask for: job-level keys with the node
 * and process maps, one node array, one array per application and one per process.
 */
final class JobRegistration {
    private JobRegistration() {
    }

    static List<Info> build(String nspace, String hostname, List<AppContext> apps, Placement p, List<String> wdirs,
            Proc parent) {
        int size = p.size();
        List<Info> info = new ArrayList<>();
        info.add(Attributes.JOBID.info(nspace));
        info.add(Attributes.NPROC_OFFSET.info(0));
        info.add(Attributes.NODE_MAP.info(PmixServer.generateRegex(hostname)));
        String ranks = p.ranks().stream().map(s -> Integer.toString(s.rank())).collect(Collectors.joining(","));
        info.add(Attributes.PROC_MAP.info(PmixServer.generatePpn(ranks)));
        info.add(Attributes.NUM_NODES.info(1));
        info.add(Attributes.UNIV_SIZE.info(Math.max(p.slots(), size)));
        info.add(Attributes.JOB_SIZE.info(size));
        info.add(Attributes.JOB_NUM_APPS.info(apps.size()));
        info.add(Attributes.MAX_PROCS.info(Math.max(p.slots(), size)));
        info.add(Attributes.MAPBY.info("BYSLOT" + (p.oversubscribed() ? ":OVERSUBSCRIBE" : ":NOOVERSUBSCRIBE")));
        info.add(Attributes.RANKBY.info("SLOT"));
        info.add(Attributes.BINDTO.info("NONE"));

        info.add(Info.of(Attributes.NODE_INFO_ARRAY.key(), DataArray.ofInfos(List.of(
                Attributes.HOSTNAME.info(hostname),
                Attributes.NODEID.info(0),
                Attributes.NODE_SIZE.info(size),
                Attributes.LOCAL_SIZE.info(size),
                Attributes.LOCALLDR.info(0),
                Attributes.LOCAL_PEERS.info(ranks),
                Attributes.NODE_OVERSUBSCRIBED.info(p.oversubscribed())))));

        int first = 0;
        for (int a = 0; a < apps.size(); a++) {
            AppContext app = apps.get(a);
            info.add(Info.of(Attributes.APP_INFO_ARRAY.key(), DataArray.ofInfos(List.of(
                    Attributes.APPNUM.info(a),
                    Attributes.APP_SIZE.info(app.np()),
                    Attributes.APPLDR.info(first),
                    Attributes.WDIR.info(wdirs.get(a)),
                    Attributes.APP_ARGV.info(String.join(" ", app.argv()))))));
            first += app.np();
        }

        for (Placement.Slot s : p.ranks()) {
            info.add(Info.of(Attributes.PROC_DATA.key(), DataArray.ofInfos(List.of(
                    Attributes.RANK.info(s.rank()),
                    Attributes.GLOBAL_RANK.info(s.rank()),
                    Attributes.APPNUM.info(s.appnum()),
                    Attributes.APP_RANK.info(s.appRank()),
                    Attributes.LOCAL_RANK.info(s.localRank()),
                    Attributes.NODE_RANK.info(s.nodeRank()),
                    Attributes.NODEID.info(0),
                    Attributes.REINCARNATION.info(0),
                    Attributes.SPAWNED.info(parent != null),
                    Attributes.HOSTNAME.info(hostname)))));
        }
        if (parent != null) {
            info.add(Attributes.PARENT_ID.info(parent));
        }
        return info;
    }

}
