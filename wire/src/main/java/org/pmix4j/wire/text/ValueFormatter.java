package org.pmix4j.wire.text;

import java.util.HexFormat;
import java.util.List;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Coord;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.DiskStats;
import org.pmix4j.api.Endpoint;
import org.pmix4j.api.EnvironmentVariable;
import org.pmix4j.api.Geometry;
import org.pmix4j.api.Info;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.JobState;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.LinkState;
import org.pmix4j.api.NetStats;
import org.pmix4j.api.NodeStats;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.ProcState;
import org.pmix4j.api.ProcStats;
import org.pmix4j.api.Query;
import org.pmix4j.api.Rank;
import org.pmix4j.api.AttributeDescription;
import org.pmix4j.api.Regex;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Topology;
import org.pmix4j.api.Value;
import org.pmix4j.wire.CFloat;

/** Writes values in the text form described in {@link org.pmix4j.wire.text}; {@link ValueParser} reads it. */
final class ValueFormatter {
    private static final HexFormat HEX = HexFormat.of();
    private final StringBuilder sb = new StringBuilder();

    String result() {
        return sb.toString();
    }

    /** {@code TYPE payload}, or just {@code TYPE} for the payload-less types. */
    void typed(Value v) {
        sb.append(v.type().name());
        if (v.type() != DataType.UNDEF && v.type() != DataType.POINTER) {
            sb.append(' ');
            payload(v);
        }
    }

    /** The items of a pack or array of {@code type}: typed when the type is VALUE. */
    void items(DataType type, List<? extends Value> items) {
        sb.append('[');
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (type == DataType.VALUE) {
                typed(items.get(i));
            } else {
                payload(items.get(i));
            }
        }
        sb.append(']');
    }

    void payload(Value v) {
        switch (v) {
            case Value.Undef u -> { }
            case Value.Pointer p -> sb.append("ptr"); // only in pointer packs and arrays: a placeholder
            case Value.Bool b -> sb.append(b.value());
            case Value.Byte b -> hex(b.value() & 0xff);
            case Value.Str s -> string(s.value());
            case Value.Size s -> sb.append(Long.toUnsignedString(s.value()));
            case Value.Pid p -> sb.append(p.value());
            case Value.Int i -> sb.append(i.value());
            case Value.Int8 i -> sb.append(i.value());
            case Value.Int16 i -> sb.append(i.value());
            case Value.Int32 i -> sb.append(i.value());
            case Value.Int64 i -> sb.append(i.value());
            case Value.UInt i -> sb.append(Integer.toUnsignedString(i.value()));
            case Value.UInt8 i -> sb.append(i.value());
            case Value.UInt16 i -> sb.append(i.value());
            case Value.UInt32 i -> sb.append(Integer.toUnsignedString(i.value()));
            case Value.UInt64 i -> sb.append(Long.toUnsignedString(i.value()));
            case Value.Float f -> sb.append(CFloat.format(f.value()));
            case Value.Double d -> sb.append(CFloat.format(d.value()));
            case Value.TimeVal t -> timeval(t);
            case Value.Time t -> sb.append(Long.toUnsignedString(t.seconds()));
            case Value.Status s -> status(s.code());
            case Value.Command c -> sb.append(c.code());
            case Value.TypeCode t -> typeCode(t.code());
            case Value.Buffer b -> {
                open().field("kind").append(b.kind()).next().field("bytes");
                bytes(b.bytes());
                close();
            }
            case Value.CompressedString c -> bytes(c.bytes());
            case Value.CompressedBytes c -> bytes(c.bytes());
            case Value.DataBuffer d -> bytes(d.bytes());
            case ByteObject b -> bytes(b.bytes());
            case Value.Nspace n -> string(n.value());
            case Value.DevType d -> hex(d.bits());
            case Value.LocType l -> hex(l.bits());
            case Value.StorMedium s -> hex(s.bits());
            case Value.StorAccess s -> hex(s.bits());
            case Value.StorPersist s -> hex(s.bits());
            case Value.StorAccessType s -> hex(s.bits());
            case Proc p -> proc(p);
            case Rank r -> sb.append(Rank.label(r.value()));
            case Info i -> info(i);
            case KeyValue kv -> {
                open().field("key");
                string(kv.key());
                next().field("value");
                typed(kv.value());
                close();
            }
            case PublishedData p -> {
                open().field("proc");
                proc(p.proc());
                next().field("key");
                string(p.key());
                next().field("value");
                typed(p.value());
                close();
            }
            case App a -> app(a);
            case Query q -> {
                open().field("keys");
                strings(q.keys());
                next().field("qualifiers");
                items(DataType.INFO, q.qualifiers());
                close();
            }
            case ProcInfo p -> {
                open().field("proc");
                proc(p.proc());
                next().field("hostname");
                string(p.hostname());
                next().field("executable");
                string(p.executable());
                next().field("pid").append(p.pid()).next().field("state").append(p.state().label());
                close();
            }
            case DataArray a -> {
                sb.append(a.elementType().name()).append(' ');
                items(a.elementType(), a.elements());
            }
            case Persistence p -> sb.append(p.label());
            case Scope s -> sb.append(s.label());
            case DataRange r -> sb.append(r.label());
            case ProcState s -> sb.append(s.label());
            case JobState s -> sb.append(s.label());
            case LinkState s -> sb.append(s.label());
            case AllocDirective d -> sb.append(d.label());
            case InfoDirectives d -> sb.append(InfoDirectives.label(d.bits()));
            case IofChannel c -> sb.append(IofChannel.label(c.bits()));
            case EnvironmentVariable e -> {
                open().field("name");
                string(e.name());
                next().field("value");
                string(e.value());
                next().field("separator");
                character(e.separator());
                close();
            }
            case Coord c -> coord(c);
            case AttributeDescription a -> {
                open().field("name");
                string(a.macroName());
                next().field("string");
                string(a.key());
                next().field("type");
                typeCode(a.typeCode());
                next().field("description");
                strings(a.description());
                close();
            }
            case Regex r -> {
                if (r.isBlob()) {
                    bytes(r.bytes());
                } else {
                    string(r.text());
                }
            }
            case Cpuset c -> string(c.list());
            case Geometry g -> {
                open().field("fabric").append(Long.toUnsignedString(g.fabric())).next().field("uuid");
                string(g.uuid());
                next().field("osname");
                string(g.osname());
                next().field("coordinates").append('[');
                for (int i = 0; i < g.coordinates().size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    coord(g.coordinates().get(i));
                }
                sb.append(']');
                close();
            }
            case DeviceDistance d -> {
                open().field("uuid");
                string(d.uuid());
                next().field("osname");
                string(d.osname());
                next().field("type");
                hex(d.deviceType());
                next().field("mindist").append(d.minDist()).next().field("maxdist").append(d.maxDist());
                close();
            }
            case Endpoint e -> {
                open().field("uuid");
                string(e.uuid());
                next().field("osname");
                string(e.osname());
                next().field("endpoint");
                bytes(e.endpoint());
                close();
            }
            case Topology t -> {
                if (t.xml() == null) {
                    sb.append("null");
                } else {
                    open().field("xml");
                    string(t.xml());
                    next().field("support");
                    bytes(t.support());
                    close();
                }
            }
            case ProcStats s -> procStats(s);
            case DiskStats d -> diskStats(d);
            case NetStats n -> netStats(n);
            case NodeStats n -> nodeStats(n);
        }
    }

    private ValueFormatter open() {
        sb.append('{');
        return this;
    }

    private ValueFormatter next() {
        sb.append(", ");
        return this;
    }

    private void close() {
        sb.append('}');
    }

    private ValueFormatter field(String name) {
        sb.append(name).append(": ");
        return this;
    }

    private ValueFormatter append(Object o) {
        sb.append(o);
        return this;
    }

    private void hex(long v) {
        sb.append("0x").append(Long.toHexString(v));
    }

    private void bytes(byte[] b) {
        sb.append("x\"").append(HEX.formatHex(b)).append('"');
    }

    private void status(int code) {
        String name = PmixStatus.name(code);
        sb.append(name != null ? name : Integer.toString(code));
    }

    private void typeCode(int code) {
        DataType t = DataType.forCode(code);
        sb.append(t != null ? t.name() : Integer.toString(code));
    }

    private void character(int c) {
        if (c > 0x20 && c < 0x7f && c != '\'' && c != '\\') {
            sb.append('\'').append((char) c).append('\'');
        } else {
            hex(c);
        }
    }

    private void timeval(Value.TimeVal t) {
        open().field("sec").append(t.seconds()).next().field("usec").append(t.micros());
        close();
    }

    private void proc(Proc p) {
        open().field("nspace");
        string(p.nspace());
        next().field("rank").append(Rank.label(p.rank()));
        close();
    }

    private void info(Info i) {
        open().field("key");
        string(i.key());
        next().field("flags").append(InfoDirectives.label(i.flags())).append(", ");
        field("value");
        typed(i.value());
        close();
    }

    private void coord(Coord c) {
        open().field("view").append(c.view()).next().field("coords").append('[');
        for (int i = 0; i < c.coords().length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(Integer.toUnsignedString(c.coords()[i]));
        }
        sb.append(']');
        close();
    }

    private void strings(List<String> list) {
        sb.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            string(list.get(i));
        }
        sb.append(']');
    }

    private void app(App a) {
        open().field("cmd");
        string(a.cmd());
        next().field("argv");
        strings(a.argv());
        next().field("env");
        strings(a.env());
        next().field("cwd");
        string(a.cwd());
        next().field("maxprocs").append(a.maxProcs()).next().field("info");
        items(DataType.INFO, a.info());
        close();
    }

    private void procStats(ProcStats s) {
        open().field("node");
        string(s.node());
        next().field("proc");
        proc(s.proc());
        next().field("pid").append(s.pid()).next().field("cmd");
        string(s.cmd());
        next().field("state");
        hex(s.state() & 0xff);
        next().field("time");
        timeval(s.time());
        next().field("priority").append(s.priority()).next().field("num_threads").append(s.numThreads());
        next().field("pss").append(CFloat.format(s.pss())).next().field("vsize").append(CFloat.format(s.vsize()));
        next().field("rss").append(CFloat.format(s.rss())).next().field("processor").append(s.processor());
        next().field("sample_time");
        timeval(s.sampleTime());
        close();
    }

    private void diskStats(DiskStats d) {
        open().field("disk");
        string(d.disk());
        long[] c = {d.readsCompleted(), d.readsMerged(), d.sectorsRead(), d.millisecondsReading(),
            d.writesCompleted(), d.writesMerged(), d.sectorsWritten(), d.millisecondsWriting(), d.iosInProgress(),
            d.millisecondsIo(), d.weightedMillisecondsIo()};
        for (int i = 0; i < c.length; i++) {
            next().field(TextNames.DISK_COUNTERS.get(i)).append(Long.toUnsignedString(c[i]));
        }
        close();
    }

    private void netStats(NetStats n) {
        open().field("net_interface");
        string(n.netInterface());
        long[] c = {n.bytesReceived(), n.packetsReceived(), n.receiveErrors(), n.bytesSent(), n.packetsSent(),
            n.sendErrors()};
        for (int i = 0; i < c.length; i++) {
            next().field(TextNames.NET_COUNTERS.get(i)).append(Long.toUnsignedString(c[i]));
        }
        close();
    }

    private void nodeStats(NodeStats n) {
        open().field("node");
        string(n.node());
        float[] f = {n.loadAvg(), n.loadAvg5(), n.loadAvg15(), n.totalMem(), n.freeMem(), n.buffers(), n.cached(),
            n.swapCached(), n.swapTotal(), n.swapFree(), n.mapped()};
        for (int i = 0; i < f.length; i++) {
            next().field(TextNames.NODE_FIGURES.get(i)).append(CFloat.format(f[i]));
        }
        next().field("sample_time");
        timeval(n.sampleTime());
        next().field("diskstats");
        items(DataType.DISK_STATS, n.diskStats());
        next().field("netstats");
        items(DataType.NET_STATS, n.netStats());
        close();
    }

    /** A quoted C string with escapes, or {@code null}. */
    void string(String s) {
        if (s == null) {
            sb.append("null");
            return;
        }
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\x%02x", (int) c));
                    } else if (c >= 0xdc80 && c <= 0xdcff && !(i > 0 && Character.isHighSurrogate(s.charAt(i - 1)))) {
                        // a byte that was not valid UTF-8 (see CString)
                        sb.append(String.format("\\x%02x", c - 0xdc00));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
