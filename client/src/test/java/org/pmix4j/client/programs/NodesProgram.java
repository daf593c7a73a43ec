package org.pmix4j.client.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.client.PmixClient;

/**
 * The client program the tests run across several nodes (under srun): what a rank learns about its job and
 * its node, where every rank runs, and the modex with keys of each scope, put on one node and read on the
 * others. Prints one {@code RESULT rank R ...} line per step; a value the server does not have prints as
 * the status's name (PMIX_ERR_NOT_FOUND ...), so the test's assertion shows what was missing. Exits non-zero
 * on any other failure.
 */
public final class NodesProgram {
    public static void main(String[] args) {
        try (PmixClient pmix = PmixClient.init()) {
            int rank = pmix.rank();
            int size = pmix.jobSize();
            String me = "RESULT rank " + rank + " ";
            Proc job = Proc.wildcard(pmix.nspace());
            Proc self = pmix.self();
            System.out.println(me + "init nspace=" + pmix.nspace() + " size=" + size
                    + " security=" + System.getenv("PMIX_SECURITY_MODE"));
            System.out.println(me + "job jobSize=" + shown(() -> pmix.get(job, Attributes.JOB_SIZE))
                    + " univSize=" + shown(() -> pmix.get(job, Attributes.UNIV_SIZE))
                    + " numNodes=" + shown(() -> pmix.get(job, Attributes.NUM_NODES))
                    + " nodeList=" + shown(() -> pmix.get(job, Attributes.NODE_LIST)));
            System.out.println(me + "node hostname=" + shown(() -> pmix.get(self, Attributes.HOSTNAME))
                    + " nodeId=" + shown(() -> pmix.get(self, Attributes.NODEID))
                    + " localSize=" + shown(() -> pmix.get(job, Attributes.LOCAL_SIZE))
                    + " localRank=" + shown(() -> pmix.get(self, Attributes.LOCAL_RANK))
                    + " nodeRank=" + shown(() -> pmix.get(self, Attributes.NODE_RANK))
                    + " localPeers=" + pmix.localPeers().stream().map(Proc::rank).toList());
            System.out.println(me + "hosts=" + eachRank(pmix, size, Attributes.HOSTNAME));
            System.out.println(me + "nodeIds=" + eachRank(pmix, size, Attributes.NODEID));

            pmix.put(Scope.GLOBAL, "nx.global", Value.of("G-from-" + rank));
            pmix.put(Scope.LOCAL, "nx.local", Value.of("L-from-" + rank));
            pmix.put(Scope.REMOTE, "nx.remote", Value.of("R-from-" + rank));
            pmix.commit();
            pmix.fence(List.of(), Attributes.COLLECT_DATA.info(true));
            for (String key : List.of("nx.global", "nx.local", "nx.remote")) {
                List<String> got = new ArrayList<>();
                for (int r = 0; r < size; r++) {
                    Proc peer = new Proc(pmix.nspace(), r);
                    got.add(shown(() -> ((Value.Str) pmix.get(peer, key)).value()));
                }
                System.out.println(me + key + "=" + got);
            }
            System.out.println(me + "publish=" + shown(() -> {
                pmix.publish(List.of(Info.of("nx.svc." + rank, "port-" + rank)));
                return "ok";
            }));
            System.out.println(me + "finalize");
        }
        System.out.flush();
    }

    private static <T> List<String> eachRank(PmixClient pmix, int size, Attribute<T> attribute) {
        List<String> values = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            Proc peer = new Proc(pmix.nspace(), r);
            values.add(shown(() -> pmix.get(peer, attribute)));
        }
        return values;
    }

    /** The value, or the name of the status the server answered instead. */
    private static String shown(Supplier<?> value) {
        try {
            return String.valueOf(value.get());
        } catch (PmixException e) {
            return e.statusName();
        }
    }
}
