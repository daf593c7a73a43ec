package org.pmix4j.server.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.pmix4j.server.store.Payloads.arr;
import static org.pmix4j.server.store.Payloads.i;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;
import org.pmix4j.server.handler.jobdata.JobDataPayloads;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.server.regex.NodeRegex;

/**
 * A 100,000-process job on 1,000 nodes, the server on one of them. Times and sizes are printed, not
 * asserted (they are benchmarked elsewhere against libpmix).
 */
class JobDataScaleTest {
    static final int NODES = 1000;
    static final int PER_NODE = 100;
    static final int SIZE = NODES * PER_NODE;
    static final int ME = 7;

    static List<Info> mapsPayload() {
        String nodes = IntStream.range(0, NODES).mapToObj(n -> String.format("node%04d", n))
                .reduce((a, b) -> a + "," + b).orElseThrow();
        StringBuilder ppn = new StringBuilder();
        for (int n = 0; n < NODES; n++) {
            ppn.append(n > 0 ? ";" : "");
            for (int k = 0; k < PER_NODE; k++) {
                ppn.append(k > 0 ? "," : "").append(n * PER_NODE + k);
            }
        }
        List<Info> info = new ArrayList<>(List.of(i(Attributes.JOBID, "big"), i(Attributes.JOB_SIZE, SIZE),
                i(Attributes.UNIV_SIZE, SIZE), i(Attributes.MAX_PROCS, SIZE), i(Attributes.JOB_NUM_APPS, 1),
                i(Attributes.NUM_NODES, NODES), i(Attributes.NODE_MAP, NodeRegex.generateNodeRegex(nodes)),
                i(Attributes.PROC_MAP, NodeRegex.generatePpn(ppn.toString()))));
        for (int k = 0; k < PER_NODE; k++) {
            int r = ME * PER_NODE + k;
            info.add(arr(Attributes.PROC_DATA, i(Attributes.RANK, r), i(Attributes.LOCAL_RANK, k),
                    i(Attributes.NODE_RANK, k), i(Attributes.APPNUM, 0)));
        }
        return info;
    }

    /** PRRTE style: a node array per node and a process array per process. */
    static List<Info> arraysPayload() {
        List<Info> info = new ArrayList<>(mapsPayload().subList(0, 8));
        for (int n = 0; n < NODES; n++) {
            info.add(arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, String.format("node%04d", n)),
                    i(Attributes.NODEID, n), i(Attributes.LOCAL_SIZE, PER_NODE), i(Attributes.NODE_SIZE, PER_NODE),
                    i(Attributes.LOCALLDR, n * PER_NODE)));
        }
        for (int r = 0; r < SIZE; r++) {
            int n = r / PER_NODE;
            info.add(arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, r), i(Attributes.GLOBAL_RANK, r),
                    i(Attributes.APPNUM, 0), i(Attributes.APP_RANK, r), i(Attributes.LOCAL_RANK, r % PER_NODE),
                    i(Attributes.NODE_RANK, r % PER_NODE), i(Attributes.NODEID, n), i(Attributes.REINCARNATION, 0)));
        }
        return info;
    }

    @Test
    void hundredThousandProcesses() {
        List<Info> maps = mapsPayload();
        List<Info> arrays = arraysPayload();
        String server = String.format("node%04d", ME);
        // warm up the code paths once, then measure
        for (int w = 0; w < 3; w++) {
            JobDataPayloads.jobInfoReply(JobData.register("warm", PER_NODE, maps, server),
                    BufferKind.NON_DESCRIBED);
        }
        JobData d = null;
        long best = Long.MAX_VALUE;
        for (int t = 0; t < 5; t++) {
            long t0 = System.nanoTime();
            d = JobData.register("big", PER_NODE, maps, server);
            best = Math.min(best, System.nanoTime() - t0);
        }
        long heap = retained(maps, server);
        long t1 = System.nanoTime();
        byte[] reply = JobDataPayloads.jobInfoReply(d, BufferKind.NON_DESCRIBED);
        long replyNs = System.nanoTime() - t1;
        System.out.printf("100k procs / 1000 nodes, maps + %d local proc arrays: register %.2f ms (best of 5),"
                + " retained ~%.2f MB; first REQ reply %.1f ms, %d bytes%n", PER_NODE, best / 1e6, heap / 1e6,
                replyNs / 1e6, reply.length);

        assertEquals(SIZE, d.jobSize());
        assertEquals(NODES, d.nodeList().size());
        assertArrayEquals(IntStream.range(ME * PER_NODE, (ME + 1) * PER_NODE).toArray(), d.localRanks());
        assertEquals(Optional.of("node0999"), d.hostnameOf(SIZE - 1));
        assertEquals(99, d.localRankOf(SIZE - 1));
        assertEquals(Optional.of(new Value.Str("node0500")), d.find(50_000, "pmix.hname", List.of()));
        assertEquals(6 + 1 + NODES + 1 + SIZE, Payloads.kvals(reply).size());

        long best2 = Long.MAX_VALUE;
        JobData e = null;
        for (int t = 0; t < 3; t++) {
            long t0 = System.nanoTime();
            e = JobData.register("big2", PER_NODE, arrays, server);
            best2 = Math.min(best2, System.nanoTime() - t0);
        }
        System.out.printf("100k procs / 1000 nodes, PRRTE-style node + process arrays (%d infos): register %.2f ms"
                + " (best of 3)%n", arrays.size(), best2 / 1e6);
        assertEquals(new Rank(99_999), e.find(99_999, "pmix.grank", List.of()).orElseThrow());
    }

    private static long retained(List<Info> info, String server) {
        Runtime rt = Runtime.getRuntime();
        gc();
        long before = rt.totalMemory() - rt.freeMemory();
        JobData[] keep = new JobData[4];
        for (int k = 0; k < keep.length; k++) {
            keep[k] = JobData.register("m" + k, PER_NODE, info, server);
        }
        gc();
        long after = rt.totalMemory() - rt.freeMemory();
        if (keep[3].jobSize() != SIZE) {
            throw new AssertionError();
        }
        return (after - before) / keep.length;
    }

    private static void gc() {
        for (int k = 0; k < 3; k++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
