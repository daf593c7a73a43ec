package org.pmix4j.client.programs;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.client.PmixClient;

/**
 * The client program the interop tests launch under real launchers (mpirun, pmix4j run): init, rank,
 * size, local peers, put, commit, fence with data collection, get every peer's key, publish, lookup,
 * unpublish, finalize. Prints one {@code RESULT} line per step, and exits non-zero on any failure.
 */
public final class ModexProgram {
    public static void main(String[] args) {
        boolean pubsub = args.length == 0 || !args[0].equals("--no-publish");
        try (PmixClient pmix = PmixClient.init()) {
            int rank = pmix.rank();
            int size = pmix.jobSize();
            List<Proc> peers = pmix.localPeers();
            String me = "rank " + rank;
            System.out.println("RESULT " + me + " init nspace=" + pmix.nspace() + " size=" + size + " localPeers="
                    + peers.stream().map(p -> Integer.toString(p.rank())).toList());
            pmix.put(Scope.GLOBAL, "mx.global", Value.of("G-from-" + rank));
            pmix.put(Scope.LOCAL, "mx.local", new Value.UInt32(1000 + rank));
            pmix.put(Scope.REMOTE, "mx.remote", new Value.Int64(-rank));
            pmix.commit();
            pmix.fence(List.of(), Attributes.COLLECT_DATA.info(true));
            List<String> got = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                Value v = pmix.get(new Proc(pmix.nspace(), r), "mx.global");
                if (!v.equals(Value.of("G-from-" + r))) {
                    throw new IllegalStateException("rank " + r + " mx.global = " + v);
                }
                got.add(((Value.Str) v).value());
            }
            System.out.println("RESULT " + me + " gets=" + got);
            if (pubsub) {
                pmix.publish(List.of(Info.of("mx.svc." + rank, "port-" + rank)));
                pmix.fence(List.of());
                // one key per lookup: Open MPI 4.1's mpirun answers a several-key lookup with the last key only
                List<String> values = new ArrayList<>();
                for (int r = 0; r < size; r++) {
                    for (PublishedData d : pmix.lookup(List.of("mx.svc." + r))) {
                        values.add(d.key() + "=" + ((Value.Str) d.value()).value() + "@" + d.proc().rank());
                    }
                }
                values.sort(null);
                System.out.println("RESULT " + me + " lookup=" + values);
                pmix.fence(List.of());
                pmix.unpublish(List.of("mx.svc." + rank));
            }
            System.out.println("RESULT " + me + " finalize");
        }
        System.out.flush();
    }
}
