package org.pmix4j.server.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.server.store.Payloads.arr;
import static org.pmix4j.server.store.Payloads.arrays;
import static org.pmix4j.server.store.Payloads.blobs;
import static org.pmix4j.server.store.Payloads.i;
import static org.pmix4j.server.store.Payloads.infoMap;
import static org.pmix4j.server.store.Payloads.jobLevel;
import static org.pmix4j.server.store.Payloads.keys;
import static org.pmix4j.server.store.Payloads.kvals;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Regex;
import org.pmix4j.api.Value;
import org.pmix4j.server.handler.jobdata.JobDataPayloads;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

/** Registration in every shape, derivation, payloads and lookups of {@link JobData}. */
class JobDataTest {
    private static final Value.UInt32 ALL_ONES = new Value.UInt32(0xffff_ffff);

    private static Value u32(long v) {
        return Value.uint32(v);
    }

    private static Value u16(int v) {
        return new Value.UInt16(v);
    }

    private static Value rank(int r) {
        return new Rank(r);
    }

    private static Value str(String s) {
        return new Value.Str(s);
    }

    // ---- maps only -------------------------------------------------------------------------------------

    @Test
    void mapsOnlyDeriveEverything() {
        JobData d = JobData.register("job1", 2, List.of(i(Attributes.NODE_MAP, "pmix[node[1:0-1]]"),
                i(Attributes.PROC_MAP, "pmix[0-1;2-3]")), "node0");
        assertEquals(4, d.jobSize());
        assertEquals(List.of("node0", "node1"), d.nodeList());
        assertArrayEquals(new int[] {0, 1}, d.localRanks());
        assertEquals(0xffff_ffffL, d.sessionId());

        List<KeyValue> reply = kvals(jobInfoReply(d));
        assertEquals(List.of("pmix.jobid", "pmix.job.size", "pmix.max.size", "pmix.num.nodes", "pmix.job.napps",
                "pmix.nlist", "pmix.ssn.arr", "pmix.node.arr", "pmix.node.arr", "pmix.app.arr", "pmix.pblob",
                "pmix.pblob", "pmix.pblob", "pmix.pblob"), keys(reply));
        LinkedHashMap<String, Value> job = jobLevel(reply);
        assertEquals(str("job1"), job.get("pmix.jobid"));
        assertEquals(u32(4), job.get("pmix.job.size"));
        assertEquals(u32(4), job.get("pmix.max.size"));
        assertEquals(u32(2), job.get("pmix.num.nodes"));
        assertEquals(u32(1), job.get("pmix.job.napps"));
        assertEquals(str("node0,node1"), job.get("pmix.nlist"));

        assertEquals(List.of(Map.of("pmix.session.id", ALL_ONES, "pmix.univ.size", u32(4))),
                arrays(reply, "pmix.ssn.arr"));
        List<LinkedHashMap<String, Value>> nodes = arrays(reply, "pmix.node.arr");
        assertEquals(new ArrayList<>(List.of("pmix.hname", "pmix.nodeid", "pmix.lpeers", "pmix.lldr",
                "pmix.local.size", "pmix.node.size")), new ArrayList<>(nodes.get(0).keySet()));
        assertEquals(Map.of("pmix.hname", str("node1"), "pmix.nodeid", u32(1), "pmix.lpeers", str("2,3"),
                "pmix.lldr", rank(2), "pmix.local.size", u32(2), "pmix.node.size", u32(2)), nodes.get(1));
        assertEquals(List.of(Map.of("pmix.appnum", u32(0), "pmix.app.size", u32(4), "pmix.aldr", rank(0))),
                arrays(reply, "pmix.app.arr"));

        TreeMap<Integer, LinkedHashMap<String, Value>> blobs = blobs(reply);
        LinkedHashMap<String, Value> r3 = blobs.get(3);
        assertEquals(List.of("pmix.lrank", "pmix.nrank", "pmix.grank", "pmix.apprank", "pmix.appnum", "pmix.nodeid",
                "pmix.hname"), new ArrayList<>(r3.keySet()));
        assertEquals(u16(1), r3.get("pmix.lrank"));
        assertEquals(u16(1), r3.get("pmix.nrank"));
        assertEquals(rank(3), r3.get("pmix.grank"));
        assertEquals(rank(3), r3.get("pmix.apprank"));
        assertEquals(u32(0), r3.get("pmix.appnum"));
        assertEquals(u32(1), r3.get("pmix.nodeid"));
        assertEquals(str("node1"), r3.get("pmix.hname"));
    }

    @Test
    void unsortedAndNonContiguousRanks() {
        JobData d = JobData.register("j", 3, List.of(i(Attributes.NODE_MAP, "a,b"),
                i(Attributes.PROC_MAP, "raw:5,3,1;4,0,2")), "a");
        assertArrayEquals(new int[] {1, 3, 5}, d.localRanks());
        // local ranks count by rank (Standard), not by position in the map
        assertEquals(0, d.localRankOf(1));
        assertEquals(1, d.localRankOf(3));
        assertEquals(2, d.localRankOf(5));
        assertEquals(0, d.localRankOf(0));
        Map<String, Value> a = Payloads.map(d.nodeValues("a"));
        assertEquals(str("1,3,5"), a.get("pmix.lpeers"));
        assertEquals(rank(1), a.get("pmix.lldr"));
    }

    // ---- flat ------------------------------------------------------------------------------------------

    @Test
    void flatRegistrationFilesLooseKeysByLevel() {
        List<Info> info = new ArrayList<>(List.of(
                i(Attributes.JOB_SIZE, 2), i(Attributes.UNIV_SIZE, 8), i(Attributes.SESSION_ID, 7),
                i(Attributes.CLUSTER_ID, "c1"), i(Attributes.LOCAL_SIZE, 2), i(Attributes.LOCAL_PEERS, "0,1"),
                i(Attributes.AVAIL_PHYS_MEMORY, 1234L), i(Attributes.WDIR, "/w"), i(Attributes.APP_ARGV, "a.out"),
                Info.of("my.custom.key", Value.int32(5)), i(Attributes.MAPBY, "SLOT")));
        JobData d = JobData.register("flat", 2, info, "h0");
        List<KeyValue> reply = kvals(jobInfoReply(d));
        LinkedHashMap<String, Value> job = jobLevel(reply);
        assertEquals(List.of("pmix.job.size", "my.custom.key", "pmix.mapby", "pmix.jobid", "pmix.max.size",
                "pmix.num.nodes", "pmix.job.napps", "pmix.nlist"), new ArrayList<>(job.keySet()));
        assertEquals(Value.int32(5), job.get("my.custom.key"));
        assertEquals(List.of(Map.of("pmix.session.id", u32(7), "pmix.univ.size", u32(8), "pmix.clid", str("c1"))),
                arrays(reply, "pmix.ssn.arr"));
        LinkedHashMap<String, Value> node = arrays(reply, "pmix.node.arr").get(0);
        assertEquals(str("h0"), node.get("pmix.hname"));
        assertEquals(u32(0), node.get("pmix.nodeid"));
        assertEquals(Value.uint64(1234), node.get("pmix.pmem"));
        assertEquals(str("0,1"), node.get("pmix.lpeers"));
        LinkedHashMap<String, Value> app = arrays(reply, "pmix.app.arr").get(0);
        assertEquals(List.of("pmix.appnum", "pmix.wdir", "pmix.app.argv", "pmix.app.size", "pmix.aldr"),
                new ArrayList<>(app.keySet()));
        // placed by the loose pmix.lpeers of the server's node
        assertEquals(u16(1), blobs(reply).get(1).get("pmix.lrank"));
        assertEquals(str("h0"), blobs(reply).get(1).get("pmix.hname"));
        assertEquals(7, d.sessionId());
    }

    @Test
    void allLocalWhenNothingPlacesTheProcesses() {
        JobData d = JobData.register("solo", 3, List.of(i(Attributes.JOB_SIZE, 3)), "me");
        assertArrayEquals(new int[] {0, 1, 2}, d.localRanks());
        assertEquals(List.of("me"), d.nodeList());
        assertEquals(2, d.localRankOf(2));
        // an empty info list with local processes works the same
        JobData e = JobData.register("solo2", 2, List.of(), "me");
        assertEquals(2, e.jobSize());
        assertTrue(e.isLocal(1));
    }

    @Test
    void remoteProcessesWithoutPlacementGetNoNodeData() {
        JobData d = JobData.register("r", 1, List.of(i(Attributes.JOB_SIZE, 4)), "me");
        assertEquals(4, d.jobSize());
        assertEquals(0, d.localRanks().length);
        TreeMap<Integer, LinkedHashMap<String, Value>> b = blobs(kvals(jobInfoReply(d)));
        assertEquals(List.of("pmix.grank", "pmix.apprank", "pmix.appnum"), new ArrayList<>(b.get(0).keySet()));
    }

    // ---- arrays ----------------------------------------------------------------------------------------

    @Test
    void containerArrays() {
        List<Info> info = List.of(
                arr(Attributes.SESSION_INFO_ARRAY, i(Attributes.SESSION_ID, 3), i(Attributes.UNIV_SIZE, 16)),
                arr(Attributes.JOB_INFO_ARRAY, i(Attributes.JOB_SIZE, 4), i(Attributes.JOBID, "J-4"),
                        i(Attributes.NODE_MAP, "pmix[n[1:1-2]]"), i(Attributes.PROC_MAP, "pmix[0-1;2-3]")),
                arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), i(Attributes.APP_SIZE, 2),
                        i(Attributes.WDIR, "/a")),
                arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1), i(Attributes.APP_SIZE, 2),
                        i(Attributes.WDIR, "/b")),
                arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "n1"), i(Attributes.NODE_SIZE, 5)),
                arr(Attributes.NODE_INFO_ARRAY, i(Attributes.NODEID, 7), i(Attributes.HOSTNAME, "n2")),
                arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 2), i(Attributes.CPUSET, "0-3")));
        JobData d = JobData.register("arr", 2, info, "n1");
        assertEquals(3, d.sessionId());
        assertEquals("J-4", d.jobId());
        List<KeyValue> reply = kvals(jobInfoReply(d));
        List<LinkedHashMap<String, Value>> nodes = arrays(reply, "pmix.node.arr");
        assertEquals(u32(5), nodes.get(0).get("pmix.node.size")); // the host's, not derived
        assertEquals(u32(0), nodes.get(0).get("pmix.nodeid")); // the first free id
        assertEquals(u32(7), nodes.get(1).get("pmix.nodeid"));
        List<LinkedHashMap<String, Value>> apps = arrays(reply, "pmix.app.arr");
        assertEquals(2, apps.size());
        assertEquals(rank(2), apps.get(1).get("pmix.aldr"));
        TreeMap<Integer, LinkedHashMap<String, Value>> b = blobs(reply);
        assertEquals(u32(1), b.get(3).get("pmix.appnum"));
        assertEquals(rank(1), b.get(3).get("pmix.apprank"));
        assertEquals(str("0-3"), b.get(2).get("pmix.cpuset"));
        assertEquals(u32(7), b.get(2).get("pmix.nodeid"));
        assertEquals(Optional.of(str("/b")), d.find(3, "pmix.wdir", List.of()));
        assertEquals(Optional.of(str("/a")), d.find(Rank.WILDCARD, "pmix.wdir",
                List.of(Info.of(Attributes.APP_INFO.key(), true), i(Attributes.APPNUM, 0))));
    }

    @Test
    void nestedArrays() {
        Info nodeInSession = arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "s9"),
                i(Attributes.AVAIL_PHYS_MEMORY, 99L));
        Info otherJob = arr(Attributes.JOB_INFO_ARRAY, i(Attributes.NSPACE, "other"), i(Attributes.JOB_SIZE, 1000));
        Info appNode = arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "s1"), i(Attributes.LOCAL_SIZE, 2));
        Info app = arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), appNode,
                arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 0), i(Attributes.HOSTNAME, "s1")),
                arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 1), i(Attributes.HOSTNAME, "s1")));
        Info ourJob = arr(Attributes.JOB_INFO_ARRAY, i(Attributes.NSPACE, "nest"), i(Attributes.JOB_SIZE, 2), app);
        JobData d = JobData.register("nest", 2, List.of(arr(Attributes.SESSION_INFO_ARRAY,
                i(Attributes.SESSION_ID, 1), nodeInSession, otherJob, ourJob)), "s1");
        assertEquals(2, d.jobSize()); // the other job's size was not taken
        assertEquals(List.of("s1"), d.nodeList());
        assertArrayEquals(new int[] {0, 1}, d.localRanks());
        List<KeyValue> reply = kvals(jobInfoReply(d));
        List<LinkedHashMap<String, Value>> nodes = arrays(reply, "pmix.node.arr");
        assertEquals(List.of("s1", "s9"), nodes.stream().map(m -> ((Value.Str) m.get("pmix.hname")).value()).toList());
        assertEquals(Value.uint64(99), nodes.get(1).get("pmix.pmem"));
        // the app's own node description travels inside its app array
        LinkedHashMap<String, Value> a = arrays(reply, "pmix.app.arr").get(0);
        LinkedHashMap<String, Value> inner = infoMap(a.get("pmix.node.arr"));
        assertEquals(str("s1"), inner.get("pmix.hname"));
        assertEquals(u32(2), inner.get("pmix.local.size"));
        assertEquals(Optional.of(u32(2)), d.find(Rank.WILDCARD, "pmix.local.size", List.of(
                Info.of(Attributes.APP_INFO.key(), true), i(Attributes.APPNUM, 0), i(Attributes.HOSTNAME, "s1"))));
        assertEquals(Optional.of(Value.uint64(99)), d.find(Rank.WILDCARD, "pmix.pmem",
                List.of(Info.of(Attributes.NODE_INFO.key(), true), i(Attributes.HOSTNAME, "s9"))));
    }

    @Test
    void sessionMaxProcsStandsForTheUniverseSize() {
        JobData d = JobData.register("u", 1, List.of(i(Attributes.JOB_SIZE, 1), arr(Attributes.SESSION_INFO_ARRAY,
                i(Attributes.SESSION_ID, 4), i(Attributes.MAX_PROCS, 64))), "h");
        assertEquals(List.of(Map.of("pmix.session.id", u32(4), "pmix.max.size", u32(64), "pmix.univ.size", u32(64))),
                arrays(kvals(jobInfoReply(d)), "pmix.ssn.arr"));
        // PMIX_MAX_PROCS: the job's by default, the session's with PMIX_SESSION_INFO
        assertEquals(Optional.of(u32(1)), d.find(Rank.WILDCARD, "pmix.max.size", List.of()));
        assertEquals(Optional.of(u32(64)), d.find(Rank.WILDCARD, "pmix.max.size",
                List.of(Info.of(Attributes.SESSION_INFO.key(), true))));
    }

    @Test
    void procIdMayStartAProcessArray() {
        JobData d = JobData.register("p", 1, List.of(i(Attributes.JOB_SIZE, 1),
                arr(Attributes.PROC_INFO_ARRAY, i(Attributes.PROCID, new Proc("p", 0)), i(Attributes.CPUSET, "1"))),
                "h");
        assertEquals(Optional.of(str("1")), d.find(0, "pmix.cpuset", List.of()));
    }

    @Test
    void integerTypesAreNormalised() {
        JobData d = JobData.register("t", 2, List.of(Info.of("pmix.job.size", Value.size(2)),
                Info.of("pmix.univ.size", new Value.UInt16(9)),
                arr(Attributes.PROC_INFO_ARRAY, Info.of("pmix.rank", Value.uint32(1)),
                        Info.of("pmix.lrank", Value.int32(1)))), "h");
        List<KeyValue> reply = kvals(jobInfoReply(d));
        assertEquals(u32(2), jobLevel(reply).get("pmix.job.size"));
        assertEquals(u32(9), arrays(reply, "pmix.ssn.arr").get(0).get("pmix.univ.size"));
        assertEquals(u16(1), blobs(reply).get(1).get("pmix.lrank"));
    }

    @Test
    void regexValuesAndRawMaps() {
        JobData d = JobData.register("rx", 0, List.of(Info.of(Attributes.NODE_MAP.key(), Regex.ofText("pmix[c[2:1-3]]")),
                Info.of(Attributes.PROC_MAP.key(), Regex.ofText("raw:0;1;2"))), "x");
        assertEquals(List.of("c01", "c02", "c03"), d.nodeList());
        JobData e = JobData.register("rx2", 0, List.of(i(Attributes.NODE_MAP_RAW, "c1,c2"),
                i(Attributes.PROC_MAP_RAW, "0,1;2")), "x");
        assertEquals(3, e.jobSize());
        assertEquals(Optional.of("c2"), e.hostnameOf(2));
    }

    // ---- PRRTE-like and Slurm-like payloads ------------------------------------------------------------

    /** What PRRTE registers (prrte-behaviour.md 7.1): 2 nodes x 3 procs, two apps (4 + 2 procs). */
    static List<Info> prrteLike(String ns) {
        List<Info> info = new ArrayList<>(List.of(i(Attributes.JOBID, "prterun-vm-1@1"),
                i(Attributes.NPROC_OFFSET, 0), i(Attributes.NODE_MAP, "pmix[nd[1:0-1]]"),
                i(Attributes.PROC_MAP, "pmix[0-2;3-5]"), i(Attributes.NUM_NODES, 2), i(Attributes.UNIV_SIZE, 8),
                i(Attributes.JOB_SIZE, 6), i(Attributes.JOB_NUM_APPS, 2), i(Attributes.MAX_PROCS, 8),
                i(Attributes.AVAIL_PHYS_MEMORY, 1L << 33), i(Attributes.MAPBY, "BYSLOT"), i(Attributes.RANKBY, "SLOT"),
                i(Attributes.BINDTO, "CORE"), i(Attributes.HOSTNAME_KEEP_FQDN, false), i(Attributes.TMPDIR, "/tmp/prte"),
                i(Attributes.NSDIR, "/tmp/prte/" + ns), Info.of("pmix.gpu.support", true)));
        for (int n = 0; n < 2; n++) {
            info.add(arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "nd" + n), i(Attributes.NODEID, n),
                    i(Attributes.NODE_SIZE, 3), i(Attributes.LOCAL_SIZE, 3), i(Attributes.LOCALLDR, 3 * n),
                    i(Attributes.LOCAL_PEERS, (3 * n) + "," + (3 * n + 1) + "," + (3 * n + 2)),
                    i(Attributes.NODE_OVERSUBSCRIBED, false)));
        }
        info.add(arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), i(Attributes.APP_SIZE, 4),
                i(Attributes.APPLDR, 0), i(Attributes.WDIR, "/home/u"), i(Attributes.APP_ARGV, "./a")));
        info.add(arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1), i(Attributes.APP_SIZE, 2),
                i(Attributes.APPLDR, 4), i(Attributes.WDIR, "/home/u"), i(Attributes.APP_ARGV, "./b")));
        for (int r = 0; r < 6; r++) {
            int node = r / 3;
            int app = r < 4 ? 0 : 1;
            List<Info> p = new ArrayList<>(List.of(i(Attributes.RANK, r), i(Attributes.CPUSET, "core" + (r % 3)),
                    i(Attributes.LOCALITY_STRING, "SK0:CR" + (r % 3))));
            if (node == 0) {
                p.add(i(Attributes.PROCDIR, "/tmp/prte/" + ns + "/" + r));
            }
            p.addAll(List.of(i(Attributes.GLOBAL_RANK, r), i(Attributes.APPNUM, app),
                    i(Attributes.APP_RANK, app == 0 ? r : r - 4), i(Attributes.LOCAL_RANK, r % 3),
                    i(Attributes.NODE_RANK, r % 3), i(Attributes.NODEID, node), i(Attributes.REINCARNATION, 0),
                    i(Attributes.HOSTNAME, "nd" + node)));
            info.add(arr(Attributes.PROC_INFO_ARRAY, p));
        }
        return info;
    }

    @Test
    void prrteLikePayload() {
        JobData d = JobData.register("prte.1", 3, prrteLike("prte.1"), "nd0");
        assertEquals(6, d.jobSize());
        assertEquals(2, d.numApps());
        assertArrayEquals(new int[] {0, 1, 2}, d.localRanks());
        List<KeyValue> reply = kvals(jobInfoReply(d));
        LinkedHashMap<String, Value> job = jobLevel(reply);
        assertEquals(str("nd0,nd1"), job.get("pmix.nlist"));
        assertEquals(str("/tmp/prte/prte.1"), job.get("pmix.nsdir"));
        assertEquals(u32(2), job.get("pmix.job.napps"));
        LinkedHashMap<String, Value> ssn = arrays(reply, "pmix.ssn.arr").get(0);
        assertEquals(List.of("pmix.session.id", "pmix.univ.size", "pmix.fqdn", "pmix.tmpdir"),
                new ArrayList<>(ssn.keySet()));
        List<LinkedHashMap<String, Value>> nodes = arrays(reply, "pmix.node.arr");
        assertEquals(2, nodes.size());
        // the server's own node also carries the loose node-level pmix.pmem
        assertEquals(Value.uint64(1L << 33), nodes.get(0).get("pmix.pmem"));
        assertEquals(str("3,4,5"), nodes.get(1).get("pmix.lpeers"));
        TreeMap<Integer, LinkedHashMap<String, Value>> b = blobs(reply);
        assertEquals(6, b.size());
        assertEquals(str("/tmp/prte/prte.1/2"), b.get(2).get("pmix.pdir"));
        assertFalse(b.get(4).containsKey("pmix.pdir"));
        assertEquals(u32(1), b.get(5).get("pmix.appnum"));
        assertEquals(rank(1), b.get(5).get("pmix.apprank"));
        assertEquals(u32(0), b.get(5).get("pmix.reinc"));
        assertEquals(str("core2"), b.get(5).get("pmix.cpuset"));
        assertEquals(Optional.of(str("./b")), d.find(4, "pmix.app.argv", List.of()));
        assertEquals(Optional.of(u32(2)), d.find(Rank.WILDCARD, "pmix.app.size",
                List.of(Info.of(Attributes.APP_INFO.key(), true), i(Attributes.APPNUM, 1))));
        assertEquals(Optional.of(str("/tmp/prte")), d.find(Rank.WILDCARD, "pmix.tmpdir", List.of()));
    }

    /** What Slurm's mpi/pmix registers (prrte-behaviour.md 7.2); this server is the second of two nodes. */
    static List<Info> slurmLike(int nodes, int perNode, int me, String meName) {
        int size = nodes * perNode;
        StringBuilder names = new StringBuilder();
        StringBuilder ppn = new StringBuilder();
        for (int n = 0; n < nodes; n++) {
            names.append(n > 0 ? "," : "").append("cn").append(String.format("%03d", n + 1));
            ppn.append(n > 0 ? ";" : "");
            for (int k = 0; k < perNode; k++) {
                ppn.append(k > 0 ? "," : "").append(n * perNode + k);
            }
        }
        List<Info> info = new ArrayList<>(List.of(i(Attributes.SPAWNED, false), i(Attributes.TMPDIR, "/tmp/slurm"),
                i(Attributes.NSDIR, "/tmp/slurm/42.0"), i(Attributes.TDIR_RMCLEAN, true), i(Attributes.JOBID, "42.0"),
                i(Attributes.NODEID, me)));
        for (int r = 0; r < size; r++) {
            int node = r / perNode;
            List<Info> p = new ArrayList<>(List.of(i(Attributes.RANK, r), i(Attributes.APPNUM, 0),
                    i(Attributes.APPLDR, 0), i(Attributes.GLOBAL_RANK, r), i(Attributes.APP_RANK, r)));
            if (node == me) {
                p.add(i(Attributes.LOCAL_RANK, r % perNode));
                p.add(i(Attributes.NODE_RANK, r % perNode));
            }
            p.add(i(Attributes.HOSTNAME, String.format("cn%03d", node + 1)));
            p.add(i(Attributes.NODEID, node));
            info.add(arr(Attributes.PROC_DATA, p));
        }
        StringBuilder peers = new StringBuilder();
        for (int k = 0; k < perNode; k++) {
            peers.append(k > 0 ? "," : "").append(me * perNode + k);
        }
        info.addAll(List.of(i(Attributes.UNIV_SIZE, size), i(Attributes.JOB_SIZE, size),
                i(Attributes.LOCAL_SIZE, perNode), i(Attributes.NODE_SIZE, perNode), i(Attributes.MAX_PROCS, size),
                i(Attributes.LOCAL_TOPO, "<topology/>"),
                i(Attributes.NODE_MAP, org.pmix4j.server.regex.NodeRegex.generateNodeRegex(names.toString())),
                i(Attributes.PROC_MAP, org.pmix4j.server.regex.NodeRegex.generatePpn(ppn.toString())),
                i(Attributes.ANL_MAP, "(vector,(0," + nodes + "," + perNode + "))"),
                i(Attributes.LOCAL_PEERS, peers.toString()), i(Attributes.LOCALLDR, me * perNode)));
        return info;
    }

    @Test
    void slurmLikePayload() {
        JobData d = JobData.register("slurm.pmix.42.0", 4, slurmLike(2, 4, 1, "cn002"), "cn002");
        assertEquals(8, d.jobSize());
        assertArrayEquals(new int[] {4, 5, 6, 7}, d.localRanks());
        assertEquals(List.of("cn001", "cn002"), d.nodeList());
        assertEquals(0, d.nodeIdOf(2));
        assertEquals(1, d.nodeIdOf(6));
        List<KeyValue> reply = kvals(jobInfoReply(d));
        LinkedHashMap<String, Value> ssn = arrays(reply, "pmix.ssn.arr").get(0);
        assertEquals(str("/tmp/slurm"), ssn.get("pmix.tmpdir"));
        assertEquals(Value.of(true), ssn.get("pmix.tdir.rmclean"));
        List<LinkedHashMap<String, Value>> nodes = arrays(reply, "pmix.node.arr");
        assertEquals(str("4,5,6,7"), nodes.get(1).get("pmix.lpeers"));
        assertEquals(u32(1), nodes.get(1).get("pmix.nodeid"));
        assertEquals(str("0,1,2,3"), nodes.get(0).get("pmix.lpeers")); // derived for the remote node
        TreeMap<Integer, LinkedHashMap<String, Value>> b = blobs(reply);
        // remote ranks get derived local/node ranks, local ones keep Slurm's
        assertEquals(u16(2), b.get(2).get("pmix.lrank"));
        assertEquals(u16(3), b.get(7).get("pmix.lrank"));
        assertEquals(rank(0), b.get(7).get("pmix.aldr"));
        assertEquals(str("cn002"), b.get(7).get("pmix.hname"));
        assertEquals(Optional.of(str("(vector,(0,2,4))")), d.find(Rank.WILDCARD, "pmix.anlmap", List.of()));
        assertEquals(Optional.of(u32(4)), d.find(Rank.WILDCARD, "pmix.local.size", List.of()));
    }

    // ---- against the real replies of the protocol reference --------------------------------------------

    /**
     * The reply ORTE's mpirun (libpmix 4.2.2 server) sent in cap_hash (protocol doc 7.1), from the first
     * job-level KVAL to the end of the node array.
     */
    private static final String ORTE_REPLY_HEAD = ""
            + "0220706d69782e7372762e6e73706163650003145b31313132392c305d00021c706d69782e7372762e72616e6b000e00"
            + "0216706d69782e6a6f6269640003145b31313132392c315d000218706d69782e6f6666736574000e00021e706d69782e"
            + "6e756d2e6e6f646573000e01021c706d69782e6a6f622e73697a65000e02021e706d69782e6a6f622e6e61707073000e"
            + "01021c706d69782e6d61782e73697a65000e02021a706d69782e746f706f736967000344314e3a31533a314c333a324c"
            + "323a324c313a32433a32483a7838365f36343a6c65000216706d69782e6d6170627900032a4259434f52453a4f564552"
            + "535542534352494245000218706d69782e72616e6b627900030a534c4f54000218706d69782e62696e64746f00034643"
            + "4f52453a49462d535550504f525445443a4f5645524c4f41442d414c4c4f574544000216706d69782e6e6c6973740003"
            + "06766d000220706d69782e6266726f70732e6d6f64000312342e322e3272633200021a706d69782e73736e2e61727200"
            + "27180220706d69782e73657373696f6e2e696400000effffffff0f1e706d69782e756e69762e73697a6500020e02021c"
            + "706d69782e6e6f64652e6172720027180716706d69782e686e616d6500000306766d0018706d69782e6e6f6465696400"
            + "000e001e706d69782e6e6f64652e73697a6500000e0214706d69782e706d656d00000f80e08cad1518706d69782e6c70"
            + "6565727300000308302c310014706d69782e6c6c64720000280020706d69782e6c6f63616c2e73697a6500020e02";

    /** A registration equivalent to what ORTE 4.1.4 gave its libpmix for that job. */
    static List<Info> orteLike() {
        List<Info> info = new ArrayList<>(List.of(i(Attributes.SERVER_NSPACE, "[11129,0]"),
                Info.of("pmix.srv.rank", Value.uint32(0)), i(Attributes.JOBID, "[11129,1]"),
                Info.of("pmix.offset", Value.uint32(0)), i(Attributes.NUM_NODES, 1), i(Attributes.JOB_SIZE, 2),
                i(Attributes.JOB_NUM_APPS, 1), i(Attributes.MAX_PROCS, 2),
                i(Attributes.TOPOLOGY_SIGNATURE, "1N:1S:1L3:2L2:2L1:2C:2H:x86_64:le"),
                i(Attributes.MAPBY, "BYCORE:OVERSUBSCRIBE"), i(Attributes.RANKBY, "SLOT"),
                i(Attributes.BINDTO, "CORE:IF-SUPPORTED:OVERLOAD-ALLOWED"), i(Attributes.UNIV_SIZE, 2),
                i(Attributes.NODE_MAP, "pmix[vm]"), i(Attributes.PROC_MAP, "raw:0,1"),
                arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "vm"), i(Attributes.NODEID, 0),
                        i(Attributes.NODE_SIZE, 2), i(Attributes.AVAIL_PHYS_MEMORY, 5731725312L))));
        for (int r = 0; r < 2; r++) {
            info.add(arr(Attributes.PROC_DATA, i(Attributes.RANK, r),
                    i(Attributes.LOCALITY_STRING, "SK0:L30:L2" + r + ":L1" + r + ":CR" + r + ":HT" + r + ":NM0"),
                    i(Attributes.CPUSET, "" + r), i(Attributes.GLOBAL_RANK, r), i(Attributes.LOCAL_RANK, r),
                    i(Attributes.NODE_RANK, r), i(Attributes.NODEID, 0), i(Attributes.HOSTNAME, "vm"),
                    i(Attributes.APPNUM, 0)));
        }
        return info;
    }

    @Test
    void matchesTheRealOrteReplyByteForByte() {
        JobData d = JobData.register("729350145", 2, orteLike(), "vm");
        d.addJobInfo("pmix.bfrops.mod", str("4.2.2rc2"));
        byte[] ours = jobInfoReply(d);
        byte[] head = HexFormat.of().parseHex(ORTE_REPLY_HEAD);
        assertEquals(HexFormat.of().formatHex(head),
                HexFormat.of().formatHex(java.util.Arrays.copyOf(ours, head.length)));
        // then: our app array (ORTE sent none), and one blob per rank holding at least ORTE's values
        List<KeyValue> reply = kvals(ours);
        List<String> tail = keys(reply).subList(keys(reply).indexOf("pmix.node.arr") + 1, reply.size());
        assertEquals(List.of("pmix.app.arr", "pmix.pblob", "pmix.pblob"), tail);
        LinkedHashMap<String, Value> r1 = blobs(reply).get(1);
        Map<String, Value> orte1 = Map.of("pmix.locstr", str("SK0:L30:L21:L11:CR1:HT1:NM0"), "pmix.cpuset", str("1"),
                "pmix.grank", rank(1), "pmix.lrank", u16(1), "pmix.nrank", u16(1), "pmix.nodeid", u32(0),
                "pmix.hname", str("vm"), "pmix.appnum", u32(0));
        for (Map.Entry<String, Value> e : orte1.entrySet()) {
            assertEquals(e.getValue(), r1.get(e.getKey()), e.getKey());
        }
        assertEquals(rank(1), r1.get("pmix.apprank"));
    }

    /** The pure-libpmix 2-node test server of cap_srv2 (protocol doc 7.1): same registration, same reply shape. */
    @Test
    void matchesTheLibpmixServerReplyOfCapSrv2() {
        List<Info> info = List.of(i(Attributes.JOBID, "tcjob"), i(Attributes.JOB_SIZE, 2), i(Attributes.UNIV_SIZE, 2),
                i(Attributes.MAX_PROCS, 2), i(Attributes.JOB_NUM_APPS, 1), i(Attributes.NUM_NODES, 2),
                i(Attributes.NODE_MAP, "pmix[node[1:0-1]]"), i(Attributes.PROC_MAP, "raw:0;1"),
                arr(Attributes.PROC_DATA, i(Attributes.RANK, 0), i(Attributes.LOCAL_RANK, 0),
                        i(Attributes.NODE_RANK, 0), i(Attributes.APPNUM, 0)));
        JobData d = JobData.register("tcjob", 1, info, "node0");
        d.addJobInfo("pmix.bfrops.mod", str("4.2.2rc2"));
        List<KeyValue> reply = kvals(jobInfoReply(d));
        // libpmix: jobid, job.size, max.size, napps, num.nodes, nlist, bfrops.mod, ssn.arr, node.arr x2, pblob x2
        assertEquals(List.of("pmix.jobid", "pmix.job.size", "pmix.max.size", "pmix.job.napps", "pmix.num.nodes",
                "pmix.nlist", "pmix.bfrops.mod", "pmix.ssn.arr", "pmix.node.arr", "pmix.node.arr", "pmix.app.arr",
                "pmix.pblob", "pmix.pblob"), keys(reply));
        assertEquals(str("node0,node1"), jobLevel(reply).get("pmix.nlist"));
        assertEquals(List.of(Map.of("pmix.session.id", ALL_ONES, "pmix.univ.size", u32(2))),
                arrays(reply, "pmix.ssn.arr"));
        LinkedHashMap<String, Value> n1 = arrays(reply, "pmix.node.arr").get(1);
        // libpmix sent {hname node1, nodeid 1, lpeers "1", lldr 1, local.size 1}; we add node.size
        assertEquals(List.of("pmix.hname", "pmix.nodeid", "pmix.lpeers", "pmix.lldr", "pmix.local.size",
                "pmix.node.size"), new ArrayList<>(n1.keySet()));
        assertEquals(str("1"), n1.get("pmix.lpeers"));
        assertEquals(rank(1), n1.get("pmix.lldr"));
        assertEquals(str("node1"), blobs(reply).get(1).get("pmix.hname"));
    }

    @Test
    void infoArraysEndWithTheArrayEndFlagLikeLibpmix() {
        JobData d = JobData.register("f", 1, List.of(i(Attributes.JOB_SIZE, 1)), "h");
        for (KeyValue kv : kvals(jobInfoReply(d))) {
            if (kv.value() instanceof DataArray a) {
                List<Info> infos = a.infos();
                for (int k = 0; k < infos.size(); k++) {
                    assertEquals(k == infos.size() - 1 ? InfoDirectives.ARRAY_END : 0, infos.get(k).flags());
                }
            }
        }
    }

    @Test
    void fullyDescribedReplyDecodes() {
        JobData d = JobData.register("fd", 2, prrteLike("fd"), "nd0");
        byte[] b = JobDataPayloads.jobInfoReply(d, BufferKind.FULLY_DESCRIBED);
        List<KeyValue> kvs = kvals(new Unpacker(b, BufferKind.FULLY_DESCRIBED));
        assertEquals(keys(kvals(jobInfoReply(d))), keys(kvs));
        ByteObject blob = (ByteObject) kvs.get(kvs.size() - 1).value();
        Unpacker u = new Unpacker(blob.bytes(), BufferKind.FULLY_DESCRIBED);
        assertEquals(5, u.rank());
    }

    // ---- payloads for GET -----------------------------------------------------------------------------

    @Test
    void getPayloads() {
        JobData d = JobData.register("g", 2, List.of(i(Attributes.NODE_MAP, "a,b"), i(Attributes.PROC_MAP, "0,1;2")),
                "a");
        Unpacker u = new Unpacker(jobLevelObject(d), BufferKind.NON_DESCRIBED);
        assertEquals(Proc.wildcard("g"), u.proc());
        List<KeyValue> kvs = kvals(u);
        assertEquals(List.of("pmix.jobid", "pmix.job.size", "pmix.max.size", "pmix.num.nodes", "pmix.job.napps",
                "pmix.nlist", "pmix.ssn.arr", "pmix.node.arr", "pmix.node.arr", "pmix.app.arr", "pmix.pdata",
                "pmix.pdata", "pmix.pdata"), keys(kvs));
        List<Info> pdata = ((DataArray) kvs.get(12).value()).infos();
        assertEquals(Info.of("pmix.rank", rank(2)), pdata.get(0));
        assertEquals(DataType.PROC_RANK, pdata.get(0).value().type());
        assertSame(jobLevelObject(d), jobLevelObject(d));

        u = new Unpacker(JobDataPayloads.jobLevelObject(d, "pmix.job.size", List.of(), BufferKind.NON_DESCRIBED)
                .orElseThrow(), BufferKind.NON_DESCRIBED);
        assertEquals(Proc.wildcard("g"), u.proc());
        assertEquals(new KeyValue("pmix.job.size", u32(3)), u.kval());
        assertFalse(u.hasRemaining());
        assertTrue(JobDataPayloads.jobLevelObject(d, "no.such.key", List.of(), BufferKind.NON_DESCRIBED).isEmpty());

        u = new Unpacker(JobDataPayloads.procObject(d, 2, BufferKind.NON_DESCRIBED), BufferKind.NON_DESCRIBED);
        assertEquals(new Proc("g", 2), u.proc());
        assertEquals(d.procValues(2), kvals(u));
        assertEquals(PmixStatus.PMIX_ERR_NOT_FOUND,
                assertThrows(PmixException.class,
                        () -> JobDataPayloads.procObject(d, 3, BufferKind.NON_DESCRIBED)).status());
    }

    @Test
    void addJobInfoInvalidatesTheCache() {
        JobData d = JobData.register("c", 1, List.of(i(Attributes.JOB_SIZE, 1)), "h");
        byte[] first = jobInfoReply(d);
        assertSame(first, jobInfoReply(d));
        d.addJobInfo("pmix.bfrops.mod", str("4.2.2"));
        byte[] second = jobInfoReply(d);
        assertNotSame(first, second);
        assertEquals(str("4.2.2"), jobLevel(kvals(second)).get("pmix.bfrops.mod"));
        assertEquals(Optional.of(str("4.2.2")), d.find(Rank.WILDCARD, "pmix.bfrops.mod", List.of()));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> d.addJobInfo("pmix.job.size", u32(3))).status());
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> d.addJobInfo("pmix.num.nodes", str("x"))).status());
    }

    // ---- lookups --------------------------------------------------------------------------------------

    @Test
    void findHonoursQualifiersAndFallsBack() {
        JobData d = JobData.register("prte.2", 3, prrteLike("prte.2"), "nd0");
        Info nodeInfo = Info.of(Attributes.NODE_INFO.key(), true);
        // node level: own node by default, another by hostname or id, the proc's node for a rank
        assertEquals(Optional.of(str("0,1,2")), d.find(Rank.WILDCARD, "pmix.lpeers", List.of()));
        assertEquals(Optional.of(str("3,4,5")), d.find(Rank.WILDCARD, "pmix.lpeers",
                List.of(nodeInfo, i(Attributes.HOSTNAME, "nd1"))));
        assertEquals(Optional.of(str("3,4,5")), d.find(Rank.WILDCARD, "pmix.lpeers",
                List.of(nodeInfo, i(Attributes.NODEID, 1))));
        assertEquals(Optional.of(str("3,4,5")), d.find(4, "pmix.lpeers", List.of()));
        assertEquals(Optional.of(str("nd1")), d.find(4, "pmix.hname", List.of()));
        assertEquals(Optional.of(str("nd0")), d.find(Rank.WILDCARD, "pmix.hname", List.of()));
        // session level, with and without the right session id
        assertEquals(Optional.of(u32(8)), d.find(Rank.WILDCARD, "pmix.univ.size", List.of()));
        assertEquals(Optional.of(u32(8)), d.find(Rank.WILDCARD, "pmix.univ.size",
                List.of(Info.of(Attributes.SESSION_INFO.key(), true), i(Attributes.SESSION_ID, 0xffff_ffff))));
        assertTrue(d.find(Rank.WILDCARD, "pmix.univ.size",
                List.of(Info.of(Attributes.SESSION_INFO.key(), true), i(Attributes.SESSION_ID, 5))).isEmpty());
        // PMIX_MAX_PROCS: job level by default, the app's with PMIX_APP_INFO
        assertEquals(Optional.of(u32(8)), d.find(Rank.WILDCARD, "pmix.max.size", List.of()));
        // app level: by appnum, the rank's app, the job level when the app does not have it
        assertEquals(Optional.of(rank(4)), d.find(Rank.WILDCARD, "pmix.aldr",
                List.of(Info.of(Attributes.APP_INFO.key(), true), i(Attributes.APPNUM, 1))));
        assertEquals(Optional.of(rank(4)), d.find(5, "pmix.aldr", List.of()));
        assertEquals(Optional.of(str("BYSLOT")), d.find(Rank.WILDCARD, "pmix.mapby",
                List.of(Info.of(Attributes.APP_INFO.key(), true), i(Attributes.APPNUM, 1))));
        // proc level, then job level for a rank
        assertEquals(Optional.of(u16(2)), d.find(5, "pmix.lrank", List.of()));
        assertEquals(Optional.of(u32(6)), d.find(5, "pmix.job.size", List.of()));
        assertTrue(d.find(6, "pmix.job.size", List.of()).isEmpty()); // not a rank of the job
        assertTrue(d.find(Rank.WILDCARD, "pmix.lrank", List.of()).isEmpty());
        // a qualifier of the wrong type is an error
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, assertThrows(PmixException.class, () -> d.find(Rank.WILDCARD,
                "pmix.lpeers", List.of(nodeInfo, Info.of("pmix.nodeid", str("one"))))).status());
    }

    // ---- directories, nodata ------------------------------------------------------------------------------

    @Test
    void sessionDirectories() {
        SessionDirs dirs = new SessionDirs("/tmp/srv", ns -> "/tmp/srv/" + ns, (ns, r) -> "/tmp/srv/" + ns + "/" + r);
        JobData d = JobData.register("dj", 2, List.of(i(Attributes.NODE_MAP, "h0,h1"),
                i(Attributes.PROC_MAP, "0,1;2,3")), "h0", dirs);
        List<KeyValue> reply = kvals(jobInfoReply(d));
        assertEquals(str("/tmp/srv"), arrays(reply, "pmix.ssn.arr").get(0).get("pmix.tmpdir"));
        assertEquals(str("/tmp/srv/dj"), jobLevel(reply).get("pmix.nsdir"));
        assertEquals(str("/tmp/srv/dj/1"), blobs(reply).get(1).get("pmix.pdir"));
        assertFalse(blobs(reply).get(2).containsKey("pmix.pdir"));
        assertEquals(Optional.of(str("/tmp/srv/dj/0")), d.find(0, "pmix.pdir", List.of()));
        // the host's own values win
        JobData e = JobData.register("dk", 1, List.of(i(Attributes.JOB_SIZE, 1), i(Attributes.TMPDIR, "/mine"),
                i(Attributes.NSDIR, "/mine/dk")), "h0", dirs);
        assertEquals(Optional.of(str("/mine")), e.find(Rank.WILDCARD, "pmix.tmpdir", List.of()));
        assertEquals(Optional.of(str("/mine/dk")), e.find(Rank.WILDCARD, "pmix.nsdir", List.of()));
    }

    @Test
    void registerNodata() {
        JobData d = JobData.register("nd", 0, List.of(i(Attributes.REGISTER_NODATA, true), i(Attributes.JOB_SIZE, 4)),
                "h");
        assertFalse(d.hasData());
        assertEquals(0, jobInfoReply(d).length);
        d.addJobInfo("pmix.bfrops.mod", str("4.2.2"));
        assertEquals(List.of("pmix.bfrops.mod"), keys(kvals(jobInfoReply(d))));
    }

    /** The reply to REQ in non-described buffers (the handlers' encoding of the job data). */
    private static byte[] jobInfoReply(JobData d) {
        return JobDataPayloads.jobInfoReply(d, BufferKind.NON_DESCRIBED);
    }

    private static byte[] jobLevelObject(JobData d) {
        return JobDataPayloads.jobLevelObject(d, BufferKind.NON_DESCRIBED);
    }
}
