package org.pmix4j.client.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;
import org.pmix4j.client.Credential;
import org.pmix4j.client.DataBuffer;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.PmixClient;

/**
 * Exercises the client API beyond the modex against a libpmix host (client/src/test/c/host_server.c):
 * events both ways, query, log, allocation, job control, monitoring, credentials, peer and node resolution,
 * connect/disconnect, IOF push, data pack/unpack, and (rank 0) spawn. Every line it prints starting with
 * {@code RESULT} states a checked outcome; any failure exits non-zero.
 *
 * <p>Arguments: the command line of the program rank 0 spawns (e.g. a Java command running {@link ModexProgram}).
 */
public final class ApiProgram {
    public static void main(String[] args) throws Exception {
        try (PmixClient pmix = PmixClient.init()) {
            int rank = pmix.rank();
            int size = pmix.jobSize();
            String me = "rank " + rank;

            // events: a user event from rank 0 reaches every rank; the host answers it with its own event
            CountDownLatch userEvent = new CountDownLatch(1);
            CountDownLatch echo = new CountDownLatch(1);
            List<String> seen = new ArrayList<>();
            pmix.registerEventHandler(List.of(-3001), List.of(Attributes.EVENT_HDLR_NAME.info("user")), e -> {
                synchronized (seen) {
                    seen.add("user from " + e.source().rank() + " say=" + e.value("api.say").orElseThrow());
                }
                userEvent.countDown();
                return EventOutcome.CONTINUE;
            });
            pmix.registerEventHandlerAsync(List.of(-3100), List.of(), e -> {
                echo.countDown();
                return EventOutcome.COMPLETE;
            }).toCompletableFuture().get(10, TimeUnit.SECONDS);
            pmix.fence(List.of());
            if (rank == 0) {
                pmix.notifyEvent(-3001, null, DataRange.NAMESPACE, List.of(Info.of("api.say", "hello")));
            }
            check(userEvent.await(20, TimeUnit.SECONDS), "user event -3001 did not arrive");
            check(echo.await(20, TimeUnit.SECONDS), "host event -3100 did not arrive");
            System.out.println("RESULT " + me + " events " + seen);
            pmix.fence(List.of());

            // query
            List<Info> answers = pmix.query(List.of(new Query(List.of("hs.answer"), List.of())));
            check(Attributes.JOB_SIZE.get(find(answers, "hs.answer")) == 42, "query answer " + answers);
            List<Info> ns = pmix.queryAsync(List.of(new Query(List.of(Attributes.QUERY_NAMESPACES.key()), List.of())))
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
            System.out.println("RESULT " + me + " query hs.answer=42 namespaces="
                    + Attributes.QUERY_NAMESPACES.get(find(ns, Attributes.QUERY_NAMESPACES.key())));

            // log, allocation, job control, monitoring
            pmix.log(List.of(Attributes.LOG_STDERR.info("log line from " + rank)), List.of());
            List<Info> alloc = pmix.allocationRequest(AllocDirective.NEW, List.of(Attributes.ALLOC_NUM_NODES.info(1L)));
            List<Info> ctl = pmix.jobControl(List.of(new Proc(pmix.nspace(), rank)),
                    List.of(Attributes.JOB_CTRL_SIGNAL.info(0)));
            List<Info> mon = pmix.processMonitor(Info.of("hs.watch", "me"), -3200, List.of());
            System.out.println("RESULT " + me + " alloc=" + Attributes.ALLOC_ID.get(find(alloc, Attributes.ALLOC_ID.key()))
                    + " jobcontrol=" + ctl.size() + " monitor=ok");

            // credentials
            Credential cred = pmix.getCredential(List.of());
            List<Info> valid = pmix.validateCredential(cred.credential(), List.of());
            String bad;
            try {
                pmix.validateCredential(new ByteObject("forged".getBytes()), List.of());
                bad = "accepted";
            } catch (PmixException e) {
                bad = e.statusName();
            }
            System.out.println("RESULT " + me + " credential=" + new String(cred.credential().bytes()) + " valid="
                    + ((Value.Str) find(valid, "hs.cred.valid")).value() + " forged=" + bad);

            // resolution
            List<Proc> peers = pmix.resolvePeers(null, pmix.nspace());
            List<String> nodes = pmix.resolveNodes(null);
            System.out.println("RESULT " + me + " peers=" + peers.stream().map(Proc::rank).toList() + " nodes="
                    + nodes.size());

            // connect / disconnect among the whole job
            List<Proc> all = List.of(Proc.wildcard(pmix.nspace()));
            pmix.connect(all);
            pmix.disconnectAsync(all, List.of()).toCompletableFuture().get(20, TimeUnit.SECONDS);
            System.out.println("RESULT " + me + " connect+disconnect");

            // IOF push to the next rank
            pmix.iofPush(List.of(new Proc(pmix.nspace(), (rank + 1) % size)), ("input from " + rank).getBytes(),
                    List.of());

            // data helpers
            DataBuffer b = pmix.newDataBuffer();
            b.pack(Value.of("text")).pack(DataType.UINT32, List.of(new Value.UInt32(7), new Value.UInt32(8)))
                    .pack(new Proc(pmix.nspace(), rank));
            DataBuffer copy = DataBuffer.load(b.unload(), b.kind());
            check(copy.unpackOne(DataType.STRING).equals(Value.of("text")), "unpack string");
            check(copy.unpack(DataType.UINT32).size() == 2, "unpack uint32s");
            check(copy.unpackOne(DataType.PROC).equals(new Proc(pmix.nspace(), rank)), "unpack proc");
            System.out.println("RESULT " + me + " data pack/unpack");

            // spawn
            if (rank == 0 && args.length > 0) {
                String child = pmix.spawn(List.of(), List.of(new App(args[0], List.of(args), List.of(), null, 1,
                        List.of())));
                int childSize = pmix.get(Proc.wildcard(child), Attributes.JOB_SIZE);
                System.out.println("RESULT " + me + " spawned " + child + " size=" + childSize);
            }
            pmix.fence(List.of());
            CompletableFuture<Void> done = pmix.commitAsync().toCompletableFuture();
            done.get(10, TimeUnit.SECONDS);
            System.out.println("RESULT " + me + " done");
        }
    }

    private static Value find(List<Info> infos, String key) {
        for (Info i : infos) {
            if (i.key().equals(key)) {
                return i.value();
            }
        }
        throw new IllegalStateException("no " + key + " in " + infos);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("check failed: " + what);
        }
    }
}
