package org.pmix4j.cli.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.PmixClient;

/**
 * A Java client job for pmix4j run: init, rank, size, local peers, put, commit, fence with data collection,
 * get every peer's key, publish and look up every rank's service, an event from rank 0 to all, finalize.
 * Prints one RESULT line per step.
 */
public final class ClientJob {
    public static void main(String[] args) throws Exception {
        try (PmixClient pmix = PmixClient.init()) {
            int rank = pmix.rank();
            int size = pmix.jobSize();
            String me = "RESULT rank " + rank + " ";
            System.out.println(me + "size=" + size + " localPeers=" + pmix.localPeers().stream().map(Proc::rank).toList());
            CountDownLatch event = new CountDownLatch(1);
            pmix.registerEventHandler(List.of(-3050), List.of(), e -> {
                event.countDown();
                return EventOutcome.CONTINUE;
            });
            pmix.put(Scope.GLOBAL, "cj.key", Value.of("from-" + rank));
            pmix.commit();
            pmix.fence(List.of(), Attributes.COLLECT_DATA.info(true));
            List<String> got = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                got.add(((Value.Str) pmix.get(new Proc(pmix.nspace(), r), "cj.key")).value());
            }
            System.out.println(me + "gets=" + got);
            pmix.publish(List.of(Info.of("cj.svc." + rank, "port-" + rank)));
            pmix.fence(List.of());
            List<String> found = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                for (PublishedData d : pmix.lookup(List.of("cj.svc." + r))) {
                    found.add(d.key() + "=" + ((Value.Str) d.value()).value());
                }
            }
            System.out.println(me + "lookup=" + found);
            if (rank == 0) {
                pmix.notifyEvent(-3050, null, DataRange.NAMESPACE, List.of(Info.of("cj.say", "hi")));
            }
            System.out.println(me + "event=" + event.await(20, TimeUnit.SECONDS));
            pmix.fence(List.of());
        }
    }
}
