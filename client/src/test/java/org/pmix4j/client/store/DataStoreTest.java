package org.pmix4j.client.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * Filing job information in the layout libpmix 4.2.2 servers send (protocol notes, section 7.1: job-level
 * KVALs, pmix.ssn.arr, one pmix.node.arr per node, pmix.app.arr, pmix.pblob per rank) and in the simpler
 * one (lone keys, pmix.pdata arrays), and where Gets find what.
 */
class DataStoreTest {
    private static final BufferKind K = BufferKind.NON_DESCRIBED;
    private final Proc me = new Proc("job", 1);

    private static byte[] pblob(int rank, KeyValue... kvs) {
        Packer p = new Packer(K).rank(rank);
        for (KeyValue kv : kvs) {
            p.kval(kv);
        }
        return p.toByteArray();
    }

    private static KeyValue kv(String k, Value v) {
        return new KeyValue(k, v);
    }

    /** What ORTE's mpirun sends for a 2-process job on one node "vm", as far as the filing matters. */
    private static Unpacker ortiReply() {
        Packer p = new Packer(K).string("job");
        p.kval("pmix.jobid", Value.of("[11129,1]"));
        p.kval("pmix.job.size", new Value.UInt32(3));
        p.kval("pmix.nlist", Value.of("vm,other"));
        p.kval("pmix.ssn.arr", DataArray.ofInfos(List.of(Info.of("pmix.session.id", new Value.UInt32(-1)),
                Info.of("pmix.univ.size", new Value.UInt32(8)))));
        p.kval("pmix.node.arr", DataArray.ofInfos(List.of(Info.of("pmix.hname", "vm"),
                Info.of("pmix.nodeid", new Value.UInt32(0)), Info.of("pmix.lpeers", "0,1"),
                Info.of("pmix.local.size", new Value.UInt32(2)), Info.of("pmix.lldr", new Rank(0)))));
        p.kval("pmix.node.arr", DataArray.ofInfos(List.of(Info.of("pmix.hname", "other"),
                Info.of("pmix.alias", "other.example,10.0.0.2"),
                Info.of("pmix.nodeid", new Value.UInt32(1)), Info.of("pmix.lpeers", "2"),
                Info.of("pmix.local.size", new Value.UInt32(1)))));
        p.kval("pmix.app.arr", DataArray.ofInfos(List.of(Info.of("pmix.appnum", new Value.UInt32(0)),
                Info.of("pmix.app.size", new Value.UInt32(3)), Info.of("pmix.wdir", "/home"))));
        p.kval("pmix.pblob", new ByteObject(pblob(0, kv("pmix.lrank", new Value.UInt16(0)), kv("pmix.hname",
                Value.of("vm")), kv("pmix.appnum", new Value.UInt32(0)))));
        p.kval("pmix.pblob", new ByteObject(pblob(1, kv("pmix.lrank", new Value.UInt16(1)), kv("pmix.hname",
                Value.of("vm")), kv("pmix.appnum", new Value.UInt32(0)))));
        p.kval("pmix.pblob", new ByteObject(pblob(2, kv("pmix.lrank", new Value.UInt16(0)), kv("pmix.hname",
                Value.of("other")), kv("pmix.nodeid", new Value.UInt32(1)))));
        Unpacker u = new Unpacker(p.toByteArray(), K);
        assertEquals("job", u.string());
        return u;
    }

    private DataStore filed() {
        DataStore s = new DataStore(me, K, "vm");
        s.fileJobInfo("job", ortiReply());
        return s;
    }

    private static Value v(DataStore s, Proc p, String key, Info... q) {
        return s.find(p, key, GetQuery.of(List.of(q))).orElse(null);
    }

    @Test
    void jobSessionNodeAppAndProcessLevels() {
        DataStore s = filed();
        Proc all = Proc.wildcard("job");
        assertEquals(new Value.UInt32(3), v(s, all, "pmix.job.size"));
        assertEquals(new Value.UInt32(8), v(s, all, "pmix.univ.size"));
        // node-level keys without a qualifier: this node
        assertEquals(Value.of("0,1"), v(s, all, "pmix.lpeers"));
        // ... with one: that node
        assertEquals(Value.of("2"), v(s, all, "pmix.lpeers", Attributes.HOSTNAME.info("other")));
        assertEquals(Value.of("2"), v(s, all, "pmix.lpeers", Attributes.NODEID.info(1)));
        assertEquals(null, v(s, all, "pmix.lpeers", Attributes.HOSTNAME.info("nowhere")));
        // ... or by one of its PMIX_HOSTNAME_ALIASES
        assertEquals(Value.of("2"), v(s, all, "pmix.lpeers", Attributes.HOSTNAME.info("10.0.0.2")));
        assertEquals(Value.of("/home"), v(s, all, "pmix.wdir"));
        // process level
        assertEquals(new Value.UInt16(1), v(s, me, "pmix.lrank"));
        assertEquals(Value.of("other"), v(s, new Proc("job", 2), "pmix.hname"));
        // a node-level key asked of a process: its node's value
        assertEquals(new Value.UInt32(1), v(s, new Proc("job", 2), "pmix.local.size"));
        // a reserved job-level key asked of a process: the job's value
        assertEquals(new Value.UInt32(3), v(s, me, "pmix.job.size"));
        // unknown
        assertEquals(null, v(s, me, "pmix.nothing"));
        assertFalse(s.knows("elsewhere"));
    }

    /**
     * Slurm 22.05's server files its own node's PMIX_NODEID under every rank, those on other nodes too: a
     * node-level key of a process elsewhere comes from that process's node, as libpmix looks it up.
     */
    @Test
    void aNodeLevelKeyOfAProcessElsewhereIsItsNodesValue() {
        Packer p = new Packer(K);
        p.kval("pmix.node.arr", DataArray.ofInfos(List.of(Info.of("pmix.hname", "h1"),
                Info.of("pmix.nodeid", new Value.UInt32(0)), Info.of("pmix.local.size", new Value.UInt32(2)))));
        p.kval("pmix.node.arr", DataArray.ofInfos(List.of(Info.of("pmix.hname", "h2"),
                Info.of("pmix.nodeid", new Value.UInt32(1)), Info.of("pmix.local.size", new Value.UInt32(1)))));
        p.kval("pmix.pblob", new ByteObject(pblob(0, kv("pmix.hname", Value.of("h1")),
                kv("pmix.nodeid", new Value.UInt32(0)))));
        p.kval("pmix.pblob", new ByteObject(pblob(1, kv("pmix.hname", Value.of("h1")),
                kv("pmix.nodeid", new Value.UInt32(0)))));
        p.kval("pmix.pblob", new ByteObject(pblob(2, kv("pmix.hname", Value.of("h2")),
                kv("pmix.nodeid", new Value.UInt32(0)))));
        DataStore s = new DataStore(me, K, "h1");
        s.fileJobInfo("job", new Unpacker(p.toByteArray(), K));
        assertEquals(new Value.UInt32(1), v(s, new Proc("job", 2), "pmix.nodeid"));
        assertEquals(new Value.UInt32(1), v(s, new Proc("job", 2), "pmix.local.size"));
        assertEquals(Value.of("h2"), v(s, new Proc("job", 2), "pmix.hname"));
        assertEquals(new Value.UInt32(0), v(s, new Proc("job", 0), "pmix.nodeid"));
        assertEquals(new Value.UInt32(0), v(s, me, "pmix.nodeid"));
    }

    @Test
    void pdataArraysAndLoneKeys() {
        DataStore s = new DataStore(me, K, "vm");
        s.fileJobInfo("job", List.of(kv("pmix.job.size", new Value.UInt32(2)),
                kv("pmix.lpeers", Value.of("0,1")),
                kv("pmix.app.size", new Value.UInt32(2)),
                kv("pmix.pdata", DataArray.ofInfos(List.of(Info.of("pmix.rank", new Rank(1)),
                        Info.of("pmix.lrank", new Value.UInt16(1)))))));
        assertEquals(Value.of("0,1"), v(s, Proc.wildcard("job"), "pmix.lpeers"));
        assertEquals(new Value.UInt32(2), v(s, Proc.wildcard("job"), "pmix.app.size"));
        assertEquals(new Value.UInt16(1), v(s, me, "pmix.lrank"));
    }

    @Test
    void getRepliesAndOwnPuts() {
        DataStore s = filed();
        // a GET reply object: PROC then the process's KVALs
        s.fileProcObject(new Packer(K).proc(new Proc("job", 0)).kval("app.key", Value.of("x")).toByteArray());
        assertEquals(Value.of("x"), v(s, new Proc("job", 0), "app.key"));
        // another namespace's job level, as a GET for WILDCARD brings it
        s.fileProcObject(new Packer(K).proc(Proc.wildcard("child")).kval("pmix.job.size", new Value.UInt32(5))
                .toByteArray());
        assertTrue(s.knows("child"));
        assertEquals(new Value.UInt32(5), v(s, Proc.wildcard("child"), "pmix.job.size"));
        // UNDEF searches every process
        assertEquals(Value.of("x"), v(s, new Proc("job", Rank.UNDEF), "app.key"));

        s.put(Scope.LOCAL, "l", Value.of("local"));
        s.put(Scope.REMOTE, "r", Value.of("remote"));
        s.put(Scope.GLOBAL, "g", Value.of("global"));
        s.put(Scope.GLOBAL, "pmix.reserved", Value.of("not shared"));
        assertEquals(Value.of("local"), v(s, me, "l"));
        assertEquals(null, v(s, me, "l", Attributes.DATA_SCOPE.info(Scope.REMOTE)));
        byte[][] b = s.commitBuffers();
        assertEquals(List.of("l", "g"), keys(b[0]));
        assertEquals(List.of("r", "g"), keys(b[1]));
    }

    private static List<String> keys(byte[] packed) {
        Unpacker u = new Unpacker(packed, K);
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        while (u.hasRemaining()) {
            out.add(u.kval().key());
        }
        return out;
    }
}
