package org.pmix4j.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pmix4j.server.store.Payloads.arr;
import static org.pmix4j.server.store.Payloads.i;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.server.handler.jobdata.JobDataPayloads;
import org.pmix4j.wire.BufferKind;

/** Bad registrations fail with PMIX_ERR_BAD_PARAM and a message naming the key and the problem. */
class JobDataErrorsTest {

    private static Arguments bad(String name, List<Info> info, String... fragments) {
        return Arguments.of(name, info, fragments);
    }

    private static List<Info> l(Info... infos) {
        return Arrays.asList(infos);
    }

    static Stream<Arguments> cases() {
        Info nmap2 = i(Attributes.NODE_MAP, "pmix[n[1:1-2]]");
        return Stream.of(
                bad("app array without appnum", l(i(Attributes.JOB_SIZE, 2),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APP_SIZE, 2))), "pmix.app.arr", "pmix.appnum"),
                bad("proc array without rank first", l(i(Attributes.JOB_SIZE, 2),
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.LOCAL_RANK, 0), i(Attributes.RANK, 0))),
                        "pmix.pdata", "must start with pmix.rank", "pmix.lrank"),
                bad("empty proc array", l(arr(Attributes.PROC_INFO_ARRAY)), "pmix.pdata", "empty"),
                bad("procid of another nspace", l(arr(Attributes.PROC_INFO_ARRAY,
                        i(Attributes.PROCID, new Proc("other", 0)))), "pmix.procid", "other"),
                bad("map disagrees with job size", l(i(Attributes.JOB_SIZE, 5), nmap2,
                        i(Attributes.PROC_MAP, "pmix[0-1;2-3]")), "pmix.pmap", "4 processes", "pmix.job.size is 5"),
                bad("proc map without node map", l(i(Attributes.PROC_MAP, "0;1")), "pmix.pmap", "without a node map"),
                bad("maps of different lengths", l(nmap2, i(Attributes.PROC_MAP, "0,1,2")), "pmix.pmap",
                        "1 nodes", "2"),
                bad("rank twice in the map", l(nmap2, i(Attributes.PROC_MAP, "0,1;1,2")), "pmix.pmap",
                        "rank 1 is placed twice"),
                bad("rank beyond the job in the map", l(i(Attributes.JOB_SIZE, 4), nmap2,
                        i(Attributes.PROC_MAP, "0,1;2,7")), "pmix.pmap", "rank 7", "job size 4"),
                bad("node twice in the map", l(i(Attributes.NODE_MAP, "a,b,a"), i(Attributes.PROC_MAP, "0;1;2")),
                        "pmix.nmap", "'a' is listed twice"),
                bad("malformed node map", l(i(Attributes.NODE_MAP, "pmix[n[2:1-x]]")), "pmix.nmap",
                        "position 11"),
                bad("malformed proc map", l(nmap2, i(Attributes.PROC_MAP, "pmix[0-1;;2]")), "pmix.pmap",
                        "position 9"),
                bad("node map twice", l(nmap2, i(Attributes.NODE_MAP_RAW, "a,b")), "given twice"),
                bad("node map of a wrong type", l(Info.of("pmix.nmap", Value.int32(3))), "pmix.nmap",
                        "STRING or REGEX"),
                bad("negative job size", l(Info.of("pmix.job.size", Value.int32(-1))), "pmix.job.size",
                        "PMIX_JOB_SIZE", "INT32"),
                bad("absurd job size", l(Info.of("pmix.job.size", new Value.UInt32(0xffff_ffff))), "pmix.job.size",
                        "4294967295", "out of range"),
                bad("job size as a string", l(Info.of("pmix.job.size", Value.of("4"))), "pmix.job.size", "STRING"),
                bad("job size twice", l(i(Attributes.JOB_SIZE, 4), arr(Attributes.JOB_INFO_ARRAY,
                        i(Attributes.JOB_SIZE, 5))), "pmix.job.size given twice"),
                bad("hostname as a number", l(arr(Attributes.NODE_INFO_ARRAY, Info.of("pmix.hname", Value.uint32(1)))),
                        "pmix.hname", "UINT32"),
                bad("local rank too large", l(arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 0),
                        Info.of("pmix.lrank", Value.uint32(70000)))), "pmix.lrank", "70000"),
                bad("rank beyond the job in a proc array", l(i(Attributes.JOB_SIZE, 2),
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 2))), "rank 2", "job size 2"),
                bad("special rank in a proc array", l(arr(Attributes.PROC_INFO_ARRAY,
                        Info.of("pmix.rank", new org.pmix4j.api.Rank(org.pmix4j.api.Rank.WILDCARD)))), "pmix.rank"),
                bad("node array without identity", l(arr(Attributes.NODE_INFO_ARRAY, i(Attributes.LOCAL_SIZE, 2))),
                        "pmix.node.arr", "pmix.hname", "pmix.nodeid"),
                bad("session array without id", l(arr(Attributes.SESSION_INFO_ARRAY, i(Attributes.UNIV_SIZE, 2))),
                        "pmix.ssn.arr", "pmix.session.id"),
                bad("two session ids", l(i(Attributes.SESSION_ID, 1),
                        arr(Attributes.SESSION_INFO_ARRAY, i(Attributes.SESSION_ID, 2))), "two session ids"),
                bad("array that is not an info array", l(Info.of("pmix.node.arr",
                        new DataArray(DataType.STRING, List.of(Value.of("x"))))), "pmix.node.arr",
                        "DATA_ARRAY of INFO", "STRING"),
                bad("array that is a string", l(Info.of("pmix.app.arr", Value.of("x"))), "pmix.app.arr",
                        "DATA_ARRAY of INFO"),
                bad("nspace of another job", l(arr(Attributes.JOB_INFO_ARRAY, i(Attributes.NSPACE, "other"))),
                        "pmix.nspace", "other"),
                bad("session array in a node array", l(arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "a"),
                        arr(Attributes.SESSION_INFO_ARRAY, i(Attributes.SESSION_ID, 1)))), "pmix.ssn.arr",
                        "node array"),
                bad("one node id for two hosts", l(arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "a"),
                        i(Attributes.NODEID, 1)), arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "b"),
                        i(Attributes.NODEID, 1))), "pmix.nodeid 1", "'a'", "'b'"),
                bad("local peers disagree with the map", l(nmap2, i(Attributes.PROC_MAP, "0,1;2,3"),
                        arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "n2"), i(Attributes.LOCAL_PEERS, "2"))),
                        "pmix.lpeers", "'n2'", "[2, 3]"),
                bad("local size disagrees with the map", l(nmap2, i(Attributes.PROC_MAP, "0,1;2,3"),
                        arr(Attributes.NODE_INFO_ARRAY, i(Attributes.HOSTNAME, "n1"), i(Attributes.LOCAL_SIZE, 3))),
                        "pmix.local.size", "'n1'", "3"),
                bad("bad local peers", l(i(Attributes.JOB_SIZE, 2), i(Attributes.LOCAL_PEERS, "0,x")), "pmix.lpeers",
                        "'x'"),
                bad("process on two nodes", l(nmap2, i(Attributes.PROC_MAP, "0,1;2,3"),
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 3), i(Attributes.HOSTNAME, "n1"))),
                        "rank 3", "'n1'", "'n2'"),
                bad("process on a node outside the node map", l(nmap2,
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 0), i(Attributes.HOSTNAME, "n7"))),
                        "rank 0", "'n7'", "not in pmix.nmap"),
                bad("lone app key with two apps", l(i(Attributes.WDIR, "/x"),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0)),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1))), "pmix.wdir", "[0, 1]"),
                bad("two apps, no way to place processes", l(i(Attributes.JOB_SIZE, 4),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0)),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1))), "rank 0", "pmix.appnum",
                        "pmix.app.size"),
                bad("app sizes do not add up", l(i(Attributes.JOB_SIZE, 4),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), i(Attributes.APP_SIZE, 1)),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 1), i(Attributes.APP_SIZE, 2))),
                        "pmix.app.size", "3", "4"),
                bad("app size disagrees with the processes", l(i(Attributes.JOB_SIZE, 2),
                        arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0), i(Attributes.APP_SIZE, 3))),
                        "pmix.app.size is 3", "2 processes"),
                bad("appnum beside its container", l(arr(Attributes.APP_INFO_ARRAY, i(Attributes.APPNUM, 0),
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 0), i(Attributes.APPNUM, 1)))),
                        "pmix.appnum 1", "application 0"),
                bad("fewer apps announced than there are", l(i(Attributes.JOB_NUM_APPS, 1),
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 0), i(Attributes.APPNUM, 0)),
                        arr(Attributes.PROC_INFO_ARRAY, i(Attributes.RANK, 1), i(Attributes.APPNUM, 1))),
                        "pmix.job.napps is 1", "2 applications"),
                bad("num nodes disagrees with the map", l(i(Attributes.NUM_NODES, 3), nmap2,
                        i(Attributes.PROC_MAP, "0;1")), "pmix.num.nodes is 3", "2 nodes"),
                bad("compressed regex", l(Info.of("pmix.nmap", new org.pmix4j.api.Regex(
                        "blob:\0component=zlib:\0size=3:\0xyz".getBytes()))), "pmix.nmap", "blob"),
                bad("null element", Arrays.asList(i(Attributes.JOB_SIZE, 1), null), "null element"),
                bad("offset runs past the valid ranks", l(i(Attributes.JOB_SIZE, 4),
                        Info.of("pmix.offset", new org.pmix4j.api.Rank(0xffff_ffcd))), "pmix.offset"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rejected(String name, List<Info> info, String[] fragments) {
        PmixException e = assertThrows(PmixException.class, () -> JobData.register("bad", 1, info, "n1"));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status(), e.getMessage());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "'" + f + "' not in: " + e.getMessage());
        }
    }

    @Test
    void badArguments() {
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> JobData.register("x", -1, List.of(), "h")).status());
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> JobData.register("", 1, List.of(), "h")).status());
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> JobData.register("x", 1, List.of(), "")).status());
    }

    /** Random junk must give PmixException(BAD_PARAM) or a registration, never anything else. */
    @Test
    void neverCrashesOnJunk() {
        java.util.Random rnd = new java.util.Random(3);
        String[] keys = {"pmix.job.size", "pmix.nmap", "pmix.pmap", "pmix.node.arr", "pmix.app.arr", "pmix.pdata",
            "pmix.ssn.arr", "pmix.job.arr", "pmix.rank", "pmix.hname", "pmix.nodeid", "pmix.appnum", "pmix.lpeers",
            "pmix.lrank", "pmix.app.size", "pmix.aldr", "pmix.lldr", "pmix.local.size", "pmix.session.id", "x.y"};
        int accepted = 0;
        for (int t = 0; t < 3000; t++) {
            List<Info> info = junk(rnd, keys, 0);
            try {
                JobData d = JobData.register("junk", rnd.nextInt(4), info, "n1");
                JobDataPayloads.jobInfoReply(d, BufferKind.NON_DESCRIBED);
                JobDataPayloads.jobLevelObject(d, BufferKind.NON_DESCRIBED);
                accepted++;
            } catch (PmixException e) {
                assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status(), e.getMessage());
            }
        }
        assertTrue(accepted > 100, "accepted " + accepted);
    }

    private static List<Info> junk(java.util.Random rnd, String[] keys, int depth) {
        List<Info> out = new ArrayList<>();
        int n = rnd.nextInt(depth == 0 ? 6 : 4);
        for (int k = 0; k < n; k++) {
            String key = keys[rnd.nextInt(keys.length)];
            Value v = switch (rnd.nextInt(depth < 2 ? 8 : 7)) {
                case 0 -> Value.uint32(rnd.nextInt(6));
                case 1 -> new org.pmix4j.api.Rank(rnd.nextInt(6));
                case 2 -> Value.of(new String[] {"n1", "n2", "0,1", "pmix[n[1:1-2]]", "0;1", "2,3", "", "x"}
                        [rnd.nextInt(8)]);
                case 3 -> new Value.UInt16(rnd.nextInt(6));
                case 4 -> Value.int32(rnd.nextInt(5) - 2);
                case 5 -> Value.of(rnd.nextBoolean());
                case 6 -> Value.uint64(rnd.nextInt(6));
                default -> DataArray.ofInfos(junk(rnd, keys, depth + 1));
            };
            out.add(Info.of(key, v));
        }
        return out;
    }
}
