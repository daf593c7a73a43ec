package org.pmix4j.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Regex;
import org.pmix4j.server.PmixServer;

/**
 * register_nspace of a large job through pmix4j's {@link PmixServer#registerNspace}: the Java half of
 * bench/register.sh, next to bench/c/register_bench.c (libpmix's server), which registers the identical
 * info list (same keys, order, types and values; keep the two in step).
 *
 * <pre>
 *   java -cp pmix4j.jar:CLASSES org.pmix4j.bench.RegisterNspaceBench NPROCS [REPS [PPN [HOSTDIRS]]]
 * </pre>
 *
 * The job: NPROCS processes, PPN (default 64) per node, node 0 ("node00000") being this server's; job-level
 * keys, the node and process maps as regexes, one PMIX_NODE_INFO_ARRAY per node, one application array
 * and one PMIX_PROC_DATA array per local process (the PPN on node 0). Like PRRTE, the host names its
 * session directories (PMIX_TMPDIR, PMIX_NSDIR, a PMIX_PROCDIR per local process) unless HOSTDIRS is 0;
 * then pmix4j creates a namespace directory and one directory per local process on disk (libpmix does
 * not), which the time includes.
 *
 * <p>Measured: the time of {@code registerNspace(...).join()}, REPS registrations of fresh namespaces,
 * each deregistered afterwards; the first (cold: class loading, interpreter) is reported apart from the
 * median of the others (warm). Memory: the heap the first registration holds, used heap after a full GC
 * with the namespace registered minus before it (the info list is built before the baseline), and the
 * growth of the process's RSS, for comparison with the C side's RSS (the JVM's RSS mostly reflects heap
 * sizing, not the data).
 *
 * <p>Output: one line of key=value pairs, for the script to read.
 */
public final class RegisterNspaceBench {
    /** The session directory a host like PRRTE would have made (only named: nobody creates it). */
    static final String TOPDIR = "/tmp/prte.node00000.1000";

    private RegisterNspaceBench() {
    }

    static String nodeName(int n) {
        return String.format("node%05d", n);
    }

    /** The registration; keep in step with register_bench.c's build(). */
    static List<Info> build(String nspace, int nprocs, int ppn, boolean hostDirs) {
        int nnodes = (nprocs + ppn - 1) / ppn;
        StringBuilder nodes = new StringBuilder();
        StringBuilder ppnmap = new StringBuilder();
        for (int n = 0; n < nnodes; n++) {
            if (n > 0) {
                nodes.append(',');
                ppnmap.append(';');
            }
            nodes.append(nodeName(n));
            for (int r = n * ppn; r < (n + 1) * ppn && r < nprocs; r++) {
                if (r > n * ppn) {
                    ppnmap.append(',');
                }
                ppnmap.append(r);
            }
        }
        int nlocal = Math.min(nprocs, ppn);
        List<Info> info = new ArrayList<>(14 + nnodes + 1 + nlocal);
        info.add(Attributes.JOBID.info(nspace));
        info.add(Attributes.NPROC_OFFSET.info(0));
        info.add(Info.of(Attributes.NODE_MAP.key(), Regex.ofText(PmixServer.generateRegex(nodes.toString()))));
        info.add(Info.of(Attributes.PROC_MAP.key(), Regex.ofText(PmixServer.generatePpn(ppnmap.toString()))));
        info.add(Attributes.NUM_NODES.info(nnodes));
        info.add(Attributes.UNIV_SIZE.info(nprocs));
        info.add(Attributes.JOB_SIZE.info(nprocs));
        info.add(Attributes.JOB_NUM_APPS.info(1));
        info.add(Attributes.MAX_PROCS.info(nprocs));
        info.add(Attributes.MAPBY.info("BYSLOT:NOOVERSUBSCRIBE"));
        info.add(Attributes.RANKBY.info("SLOT"));
        info.add(Attributes.BINDTO.info("CORE"));
        String nsdir = TOPDIR + "/" + nspace;
        if (hostDirs) {
            info.add(Attributes.TMPDIR.info(TOPDIR));
            info.add(Attributes.NSDIR.info(nsdir));
        }
        for (int nd = 0; nd < nnodes; nd++) {
            int first = nd * ppn;
            int count = Math.min(ppn, nprocs - first);
            StringBuilder peers = new StringBuilder();
            for (int r = first; r < first + count; r++) {
                if (r > first) {
                    peers.append(',');
                }
                peers.append(r);
            }
            info.add(Info.of(Attributes.NODE_INFO_ARRAY.key(), DataArray.ofInfos(List.of(
                    Attributes.HOSTNAME.info(nodeName(nd)),
                    Attributes.NODEID.info(nd),
                    Attributes.NODE_SIZE.info(count),
                    Attributes.LOCAL_SIZE.info(count),
                    Attributes.LOCALLDR.info(first),
                    Attributes.LOCAL_PEERS.info(peers.toString())))));
        }
        info.add(Info.of(Attributes.APP_INFO_ARRAY.key(), DataArray.ofInfos(List.of(
                Attributes.APPNUM.info(0),
                Attributes.APP_SIZE.info(nprocs),
                Attributes.APPLDR.info(0),
                Attributes.WDIR.info("/home/user/run"),
                Attributes.APP_ARGV.info("./a.out --input data.in")))));
        for (int r = 0; r < nlocal; r++) {
            List<Info> p = new ArrayList<>(List.of(
                    Attributes.RANK.info(r),
                    Attributes.GLOBAL_RANK.info(r),
                    Attributes.APPNUM.info(0),
                    Attributes.APP_RANK.info(r),
                    Attributes.LOCAL_RANK.info(r),
                    Attributes.NODE_RANK.info(r),
                    Attributes.NODEID.info(0),
                    Attributes.REINCARNATION.info(0),
                    Attributes.SPAWNED.info(false),
                    Attributes.HOSTNAME.info(nodeName(0))));
            if (hostDirs) {
                p.add(Attributes.PROCDIR.info(nsdir + "/" + r));
            }
            info.add(Info.of(Attributes.PROC_DATA.key(), DataArray.ofInfos(p)));
        }
        return info;
    }

    private static long usedHeapAfterGc(MemoryMXBean mem) throws InterruptedException {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
            best = Math.min(best, mem.getHeapMemoryUsage().getUsed());
        }
        return best;
    }

    private static long statusKb(String field) throws Exception {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith(field + ":")) {
                return Long.parseLong(l.substring(field.length() + 1).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: RegisterNspaceBench NPROCS [REPS [PPN [HOSTDIRS]]]");
            System.exit(2);
        }
        int nprocs = Integer.parseInt(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int ppn = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        boolean hostDirs = args.length <= 3 || !args[3].equals("0");
        if (System.getenv("REGISTER_BENCH_DUMP") != null) {
            // the regexes, to compare with libpmix's PMIx_generate_regex/ppn output
            for (Info i : build("dump@1", nprocs, ppn, hostDirs).subList(2, 4)) {
                System.out.println(i.key() + " " + ((Regex) i.value()).text());
            }
            return;
        }
        Path dir = Files.createTempDirectory("register_bench");
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        double[] ms = new double[reps];
        long heap0 = 0;
        long heap1 = 0;
        long rss0 = 0;
        long rss1 = 0;
        int nlocal = Math.min(nprocs, ppn);
        int ninfo = 0;
        try (PmixServer server = PmixServer.start(null, List.of(
                Attributes.SERVER_TMPDIR.info(dir.toString()),
                Attributes.SYSTEM_TMPDIR.info(dir.toString()),
                Attributes.HOSTNAME.info(nodeName(0))))) {
            for (int i = 0; i < reps; i++) {
                String ns = "bench@" + (i + 1);
                List<Info> info = build(ns, nprocs, ppn, hostDirs);
                ninfo = info.size();
                if (i == 0) {
                    heap0 = usedHeapAfterGc(mem);
                    rss0 = statusKb("VmRSS");
                }
                long t0 = System.nanoTime();
                server.registerNspace(ns, nlocal, info).join();
                ms[i] = (System.nanoTime() - t0) / 1e6;
                if (i == 0) {
                    rss1 = statusKb("VmRSS");
                    info = null; // the caller's list is not part of what the server holds
                    heap1 = usedHeapAfterGc(mem);
                }
                server.deregisterNspace(ns).join();
            }
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
        double first = ms[0];
        double median = first;
        if (reps > 1) {
            double[] warm = Arrays.copyOfRange(ms, 1, reps);
            Arrays.sort(warm);
            int m = warm.length;
            median = m % 2 == 1 ? warm[m / 2] : (warm[m / 2 - 1] + warm[m / 2]) / 2;
        }
        System.out.printf("impl=pmix4j procs=%d ppn=%d nodes=%d hostdirs=%d infos=%d reps=%d first_ms=%.3f"
                + " median_ms=%.3f heap_delta_kb=%d rss_delta_kb=%d%n", nprocs, ppn, (nprocs + ppn - 1) / ppn,
                hostDirs ? 1 : 0, ninfo, reps, first, median, (heap1 - heap0) / 1024, rss1 - rss0);
    }
}
