package org.pmix4j.wire;

import static org.pmix4j.wire.Codecs.register;
import static org.pmix4j.wire.SimpleCodec.of;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DiskStats;
import org.pmix4j.api.NetStats;
import org.pmix4j.api.NodeStats;
import org.pmix4j.api.ProcStats;
import org.pmix4j.api.Topology;

/** Types that describe the machine: hwloc cpusets and topologies, and the resource-usage statistics. */
final class SystemCodecs {
    private SystemCodecs() {
    }

    static void registerAll() {
        // hwloc's list syntax; libpmix sends no "source" field (it is always hwloc)
        register(DataType.PROC_CPUSET, of((w, v) -> w.string(v.list()), r -> new Cpuset(r.string("cpuset"))));
        register(DataType.TOPO, of(SystemCodecs::writeTopology, SystemCodecs::readTopology));
        register(DataType.PROC_STATS, of(SystemCodecs::writeProcStats, SystemCodecs::readProcStats));
        register(DataType.DISK_STATS, of(SystemCodecs::writeDiskStats, SystemCodecs::readDiskStats));
        register(DataType.NET_STATS, of(SystemCodecs::writeNetStats, SystemCodecs::readNetStats));
        register(DataType.NODE_STATS, of(SystemCodecs::writeNodeStats, SystemCodecs::readNodeStats));
    }

    /**
     * The XML export, then hwloc's support structures as raw flag bytes with no length: the receiver
     * must know their sizes, which depend on the hwloc version (32 bytes for hwloc 2.9).
     */
    static void writeTopology(WireWriter w, Topology t) {
        w.string(t.xml());
        if (t.xml() != null) {
            w.bytes(t.support());
        }
    }

    static Topology readTopology(WireReader r) {
        String xml = r.string("topology XML");
        if (xml == null) {
            return new Topology(null, null);
        }
        return new Topology(xml, r.bytes(Topology.HWLOC_2_9_SUPPORT_BYTES, "topology support flags"));
    }

    private static void writeFloat(WireWriter w, float f) {
        w.string(CFloat.format(f));
    }

    private static float readFloat(WireReader r, String what) {
        return CFloat.parseFloat(StructCodecs.requiredString(r, what));
    }

    /** percent_cpu and peak_vsize are not sent (4.2.2's unpacker wrongly expects peak_vsize). */
    static void writeProcStats(WireWriter w, ProcStats s) {
        w.string(s.node());
        StructCodecs.writeProc(w, s.proc());
        ScalarCodecs.writePid(w, s.pid());
        w.string(s.cmd()).u8(s.state());
        ScalarCodecs.writeTimeVal(w, s.time());
        w.svar(s.priority()).svar(s.numThreads());
        writeFloat(w, s.pss());
        writeFloat(w, s.vsize());
        writeFloat(w, s.rss());
        w.svar(s.processor());
        ScalarCodecs.writeTimeVal(w, s.sampleTime());
    }

    static ProcStats readProcStats(WireReader r) {
        return new ProcStats(r.string("stats node"), StructCodecs.readProc(r), ScalarCodecs.readPid(r),
                r.string("stats cmd"), (byte) r.u8("stats state"), ScalarCodecs.readTimeVal(r),
                (int) r.svar(4, "stats priority"), (short) r.svar(2, "stats threads"), readFloat(r, "pss"),
                readFloat(r, "vsize"), readFloat(r, "rss"), (short) r.svar(2, "stats processor"),
                ScalarCodecs.readTimeVal(r));
    }

    static void writeDiskStats(WireWriter w, DiskStats d) {
        w.string(d.disk()).uvar(d.readsCompleted()).uvar(d.readsMerged()).uvar(d.sectorsRead())
                .uvar(d.millisecondsReading()).uvar(d.writesCompleted()).uvar(d.writesMerged())
                .uvar(d.sectorsWritten()).uvar(d.millisecondsWriting()).uvar(d.iosInProgress())
                .uvar(d.millisecondsIo()).uvar(d.weightedMillisecondsIo());
    }

    static DiskStats readDiskStats(WireReader r) {
        String disk = r.string("disk name");
        long[] c = new long[11];
        for (int i = 0; i < c.length; i++) {
            c[i] = r.uvar(8, "disk counter");
        }
        return new DiskStats(disk, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]);
    }

    static void writeNetStats(WireWriter w, NetStats n) {
        w.string(n.netInterface()).uvar(n.bytesReceived()).uvar(n.packetsReceived()).uvar(n.receiveErrors())
                .uvar(n.bytesSent()).uvar(n.packetsSent()).uvar(n.sendErrors());
    }

    static NetStats readNetStats(WireReader r) {
        String name = r.string("interface name");
        long[] c = new long[6];
        for (int i = 0; i < c.length; i++) {
            c[i] = r.uvar(8, "interface counter");
        }
        return new NetStats(name, c[0], c[1], c[2], c[3], c[4], c[5]);
    }

    static void writeNodeStats(WireWriter w, NodeStats n) {
        w.string(n.node());
        for (float f : new float[] {n.loadAvg(), n.loadAvg5(), n.loadAvg15(), n.totalMem(), n.freeMem(),
            n.buffers(), n.cached(), n.swapCached(), n.swapTotal(), n.swapFree(), n.mapped()}) {
            writeFloat(w, f);
        }
        ScalarCodecs.writeTimeVal(w, n.sampleTime());
        w.uvar(n.diskStats().size());
        n.diskStats().forEach(d -> writeDiskStats(w, d));
        w.uvar(n.netStats().size());
        n.netStats().forEach(d -> writeNetStats(w, d));
    }

    static NodeStats readNodeStats(WireReader r) {
        String node = r.string("node name");
        float[] f = new float[11];
        for (int i = 0; i < f.length; i++) {
            f[i] = readFloat(r, "node statistic");
        }
        var sample = ScalarCodecs.readTimeVal(r);
        int nd = r.sizeCount("disk count", 12);
        List<DiskStats> disks = new ArrayList<>(nd);
        for (int i = 0; i < nd; i++) {
            disks.add(readDiskStats(r));
        }
        int nn = r.sizeCount("interface count", 7);
        List<NetStats> nets = new ArrayList<>(nn);
        for (int i = 0; i < nn; i++) {
            nets.add(readNetStats(r));
        }
        return new NodeStats(node, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], sample,
                disks, nets);
    }
}
