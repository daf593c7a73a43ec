package org.pmix4j.wire.text;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;
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

/**
 * Reads the text form that {@link ValueFormatter} writes. Errors name what was expected and the column
 * where the text went wrong.
 */
final class ValueParser {
    private final String text;
    private int pos;

    ValueParser(String text) {
        this.text = text;
    }

    boolean atEnd() {
        skipSpace();
        return pos >= text.length();
    }

    IllegalArgumentException error(String problem) {
        String near = text.substring(pos, Math.min(text.length(), pos + 30));
        return new IllegalArgumentException(problem + " at column " + (pos + 1) + (near.isEmpty() ? " (end of text)"
                : " near '" + near + "'"));
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean peek(char c) {
        skipSpace();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    /** A bare word: names, numbers, flag lists ({@code A|B}). */
    String word() {
        skipSpace();
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-' || c == '+' || c == '|') {
                pos++;
            } else {
                break;
            }
        }
        if (start == pos) {
            throw error("expected a name or a number");
        }
        return text.substring(start, pos);
    }

    DataType type() {
        int at = pos;
        String w = word();
        DataType t = DataType.forName(w);
        if (t == null) {
            pos = at;
            throw error("'" + w + "' is not a PMIx data type");
        }
        return t;
    }

    // ---- packs and values -------------------------------------------------------------------------------

    /** {@code TYPE [items]}. */
    Pack pack() {
        DataType t = type();
        return new Pack(t, items(t));
    }

    record Pack(DataType type, List<Value> items) {
    }

    List<Value> items(DataType t) {
        List<Value> out = new ArrayList<>();
        list(() -> out.add(t == DataType.VALUE ? typed() : payload(t)));
        return out;
    }

    /** Runs {@code element} for each element of a {@code [a, b, ...]} list. */
    private void list(Runnable element) {
        expect('[');
        if (peek(']')) {
            pos++;
            return;
        }
        do {
            element.run();
        } while (comma());
        expect(']');
    }

    private boolean comma() {
        if (peek(',')) {
            pos++;
            return true;
        }
        return false;
    }

    Value typed() {
        DataType t = type();
        return switch (t) {
            case UNDEF -> Value.Undef.INSTANCE;
            case POINTER -> Value.Pointer.INSTANCE;
            default -> payload(t);
        };
    }

    Value payload(DataType t) {
        return switch (t) {
            case UNDEF -> Value.Undef.INSTANCE;
            case POINTER -> {
                if (!word().equals("ptr")) {
                    throw error("a pointer item is written 'ptr'");
                }
                yield Value.Pointer.INSTANCE;
            }
            case BOOL -> bool();
            case BYTE -> new Value.Byte((byte) integer(0, 0xff));
            case STRING -> new Value.Str(string());
            case SIZE -> new Value.Size(unsigned64());
            case PID -> new Value.Pid((int) integer(Integer.MIN_VALUE, 0xffff_ffffL));
            case INT -> new Value.Int((int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE));
            case INT8 -> new Value.Int8((byte) integer(Byte.MIN_VALUE, Byte.MAX_VALUE));
            case INT16 -> new Value.Int16((short) integer(Short.MIN_VALUE, Short.MAX_VALUE));
            case INT32 -> new Value.Int32((int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE));
            case INT64 -> new Value.Int64(integer(Long.MIN_VALUE, Long.MAX_VALUE));
            case UINT -> new Value.UInt((int) integer(0, 0xffff_ffffL));
            case UINT8 -> new Value.UInt8((int) integer(0, 0xff));
            case UINT16 -> new Value.UInt16((int) integer(0, 0xffff));
            case UINT32 -> new Value.UInt32((int) integer(0, 0xffff_ffffL));
            case UINT64 -> new Value.UInt64(unsigned64());
            case FLOAT -> new Value.Float(CFloat.parseFloat(word()));
            case DOUBLE -> new Value.Double(CFloat.parseDouble(word()));
            case TIMEVAL -> timeval();
            case TIME -> new Value.Time(unsigned64());
            case STATUS -> new Value.Status(status());
            case VALUE -> typed();
            case PROC -> proc();
            case APP -> app();
            case INFO -> info();
            case PDATA -> struct(() -> new PublishedData(field("proc", this::proc), field("key", this::string),
                    field("value", this::typed)));
            case BUFFER -> struct(() -> new Value.Buffer((int) (long) field("kind", () -> integer(0, 0xff)),
                    field("bytes", this::bytes)));
            case BYTE_OBJECT -> new ByteObject(bytes());
            case KVAL -> struct(() -> new KeyValue(field("key", this::string), field("value", this::typed)));
            case PERSIST -> Persistence.parse(word());
            case SCOPE -> Scope.parse(word());
            case DATA_RANGE -> DataRange.parse(word());
            case COMMAND -> new Value.Command((int) integer(0, 0xff));
            case INFO_DIRECTIVES -> new InfoDirectives(InfoDirectives.parse(word()));
            case DATA_TYPE -> new Value.TypeCode(typeCode());
            case PROC_STATE -> ProcState.parse(word());
            case PROC_INFO -> struct(() -> new ProcInfo(field("proc", this::proc), field("hostname", this::string),
                    field("executable", this::string), (int) (long) field("pid", () -> integer(Integer.MIN_VALUE,
                            0xffff_ffffL)), field("state", () -> ProcState.parse(word()))));
            case DATA_ARRAY -> {
                DataType et = type();
                yield new DataArray(et, items(et));
            }
            case PROC_RANK -> new Rank(rank());
            case QUERY -> struct(() -> new Query(field("keys", this::strings), field("qualifiers", this::infos)));
            case COMPRESSED_STRING -> new Value.CompressedString(bytes());
            case ALLOC_DIRECTIVE -> AllocDirective.parse(word());
            case IOF_CHANNEL -> new IofChannel(IofChannel.parse(word()));
            case ENVAR -> struct(() -> new EnvironmentVariable(field("name", this::string), field("value", this::string),
                    field("separator", this::character)));
            case COORD -> coord();
            case REGATTR -> struct(() -> new AttributeDescription(field("name", this::string), field("string", this::string),
                    field("type", this::typeCode), field("description", this::strings)));
            case REGEX -> peek('x') ? new Regex(bytes()) : regexText();
            case JOB_STATE -> JobState.parse(word());
            case LINK_STATE -> LinkState.parse(word());
            case PROC_CPUSET -> new Cpuset(string());
            case GEOMETRY -> struct(() -> new Geometry(field("fabric", this::unsigned64),
                    field("uuid", this::string), field("osname", this::string),
                    field("coordinates", () -> {
                        List<Coord> cs = new ArrayList<>();
                        list(() -> cs.add(coord()));
                        return cs;
                    })));
            case DEVICE_DIST -> struct(() -> new DeviceDistance(field("uuid", this::string),
                    field("osname", this::string), field("type", this::unsigned64),
                    (int) (long) field("mindist", () -> integer(0, 0xffff)), (int) (long) field("maxdist", () -> integer(0, 0xffff))));
            case ENDPOINT -> struct(() -> new Endpoint(field("uuid", this::string), field("osname", this::string),
                    field("endpoint", this::bytes)));
            case TOPO -> topology();
            case DEVTYPE -> new Value.DevType(unsigned64());
            case LOCTYPE -> new Value.LocType((int) integer(0, 0xffff));
            case COMPRESSED_BYTE_OBJECT -> new Value.CompressedBytes(bytes());
            case PROC_NSPACE -> new Value.Nspace(string());
            case PROC_STATS -> procStats();
            case DISK_STATS -> diskStats();
            case NET_STATS -> netStats();
            case NODE_STATS -> nodeStats();
            case DATA_BUFFER -> new Value.DataBuffer(bytes());
            case STOR_MEDIUM -> new Value.StorMedium(unsigned64());
            case STOR_ACCESS -> new Value.StorAccess(unsigned64());
            case STOR_PERSIST -> new Value.StorPersist(unsigned64());
            case STOR_ACCESS_TYPE -> new Value.StorAccessType((int) integer(0, 0xffff));
            case DEVICE, RESBLOCK_DIRECTIVE, RESOURCE_UNIT, NODE_PID ->
                throw error(t.macroName() + " has no form on the 4.2 wire");
        };
    }

    // ---- structures -------------------------------------------------------------------------------------

    private <T> T struct(Supplier<T> body) {
        expect('{');
        first = true;
        T v = body.get();
        expect('}');
        return v;
    }

    private boolean first;

    /** {@code name: value}, preceded by a comma unless it is the first field of its struct. */
    private <T> T field(String name, Supplier<T> value) {
        if (!first) {
            expect(',');
        }
        int at = pos;
        skipSpace();
        String w = word();
        if (!w.equals(name)) {
            pos = at;
            throw error("expected field '" + name + "'");
        }
        expect(':');
        T v = value.get();
        first = false;
        return v;
    }

    private Proc proc() {
        return struct(() -> new Proc(field("nspace", this::requiredString), field("rank", this::rank)));
    }

    private Info info() {
        return struct(() -> {
            String key = field("key", this::requiredString);
            int flags = field("flags", () -> InfoDirectives.parse(word()));
            return new Info(key, field("value", this::typed), flags);
        });
    }

    private List<Info> infos() {
        List<Info> out = new ArrayList<>();
        list(() -> out.add(info()));
        return out;
    }

    private App app() {
        return struct(() -> new App(field("cmd", this::string), field("argv", this::strings),
                field("env", this::strings), field("cwd", this::string),
                (int) (long) field("maxprocs", () -> integer(Integer.MIN_VALUE, Integer.MAX_VALUE)),
                field("info", this::infos)));
    }

    private Coord coord() {
        return struct(() -> {
            int view = (int) (long) field("view", () -> integer(0, 0xff));
            List<Long> cs = field("coords", () -> {
                List<Long> l = new ArrayList<>();
                list(() -> l.add(integer(0, 0xffff_ffffL)));
                return l;
            });
            int[] arr = new int[cs.size()];
            for (int i = 0; i < arr.length; i++) {
                arr[i] = (int) (long) cs.get(i);
            }
            return new Coord(view, arr);
        });
    }

    private Value.TimeVal timeval() {
        return struct(() -> new Value.TimeVal(field("sec", () -> integer(Long.MIN_VALUE, Long.MAX_VALUE)),
                field("usec", () -> integer(Long.MIN_VALUE, Long.MAX_VALUE))));
    }

    private Topology topology() {
        if (!peek('{')) {
            if (!word().equals("null")) {
                throw error("expected a topology {xml: ..., support: ...} or null");
            }
            return new Topology(null, null);
        }
        return struct(() -> new Topology(field("xml", this::string), field("support", this::bytes)));
    }

    private Regex regexText() {
        String s = requiredString();
        return Regex.ofText(s);
    }

    private ProcStats procStats() {
        return struct(() -> new ProcStats(field("node", this::string), field("proc", this::proc),
                (int) (long) field("pid", () -> integer(Integer.MIN_VALUE, 0xffff_ffffL)), field("cmd", this::string),
                (byte) (long) field("state", () -> integer(0, 0xff)), field("time", this::timeval),
                (int) (long) field("priority", () -> integer(Integer.MIN_VALUE, Integer.MAX_VALUE)),
                (short) (long) field("num_threads", () -> integer(Short.MIN_VALUE, Short.MAX_VALUE)),
                field("pss", () -> CFloat.parseFloat(word())), field("vsize", () -> CFloat.parseFloat(word())),
                field("rss", () -> CFloat.parseFloat(word())),
                (short) (long) field("processor", () -> integer(Short.MIN_VALUE, Short.MAX_VALUE)),
                field("sample_time", this::timeval)));
    }

    private DiskStats diskStats() {
        return struct(() -> {
            String disk = field("disk", this::string);
            long[] c = counters(TextNames.DISK_COUNTERS);
            return new DiskStats(disk, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]);
        });
    }

    private NetStats netStats() {
        return struct(() -> {
            String name = field("net_interface", this::string);
            long[] c = counters(TextNames.NET_COUNTERS);
            return new NetStats(name, c[0], c[1], c[2], c[3], c[4], c[5]);
        });
    }

    private long[] counters(List<String> names) {
        long[] c = new long[names.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = field(names.get(i), this::unsigned64);
        }
        return c;
    }

    private NodeStats nodeStats() {
        return struct(() -> {
            String node = field("node", this::string);
            float[] f = new float[TextNames.NODE_FIGURES.size()];
            for (int i = 0; i < f.length; i++) {
                f[i] = field(TextNames.NODE_FIGURES.get(i), () -> CFloat.parseFloat(word()));
            }
            Value.TimeVal sample = field("sample_time", this::timeval);
            List<DiskStats> disks = field("diskstats", () -> {
                List<DiskStats> l = new ArrayList<>();
                list(() -> l.add(diskStats()));
                return l;
            });
            List<NetStats> nets = field("netstats", () -> {
                List<NetStats> l = new ArrayList<>();
                list(() -> l.add(netStats()));
                return l;
            });
            return new NodeStats(node, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], sample,
                    disks, nets);
        });
    }

    // ---- scalars ----------------------------------------------------------------------------------------

    private Value.Bool bool() {
        String w = word();
        return switch (w) {
            case "true" -> Value.Bool.TRUE;
            case "false" -> Value.Bool.FALSE;
            default -> throw error("'" + w + "' is not true or false");
        };
    }

    /** A decimal or 0x-hex integer within [min, max]; max above Long.MAX_VALUE is not supported here. */
    private long integer(long min, long max) {
        int at = pos;
        String w = word();
        long v;
        try {
            v = Long.decode(w);
        } catch (NumberFormatException e) {
            pos = at;
            throw error("'" + w + "' is not an integer");
        }
        if (v < min || v > max) {
            pos = at;
            throw error(w + " is outside " + min + ".." + max);
        }
        return v;
    }

    /** An unsigned 64-bit number, decimal or hex, up to 2^64-1. */
    private long unsigned64() {
        int at = pos;
        String w = word();
        try {
            if (w.startsWith("0x") || w.startsWith("0X")) {
                return Long.parseUnsignedLong(w.substring(2), 16);
            }
            return Long.parseUnsignedLong(w);
        } catch (NumberFormatException e) {
            pos = at;
            throw error("'" + w + "' is not an unsigned 64-bit number");
        }
    }

    private int rank() {
        int at = pos;
        String w = word();
        try {
            return Rank.parse(w);
        } catch (IllegalArgumentException e) {
            pos = at;
            throw error(e.getMessage());
        }
    }

    private int status() {
        int at = pos;
        String w = word();
        OptionalInt byName = PmixStatus.forName(w);
        if (byName.isPresent()) {
            return byName.getAsInt();
        }
        try {
            return Integer.parseInt(w);
        } catch (NumberFormatException e) {
            pos = at;
            throw error("'" + w + "' is neither a PMIx status name nor a number");
        }
    }

    private int typeCode() {
        int at = pos;
        String w = word();
        DataType t = DataType.forName(w);
        if (t != null) {
            return t.code();
        }
        try {
            return Integer.parseInt(w);
        } catch (NumberFormatException e) {
            pos = at;
            throw error("'" + w + "' is neither a data type name nor a number");
        }
    }

    private int character() {
        skipSpace();
        if (peek('\'')) {
            if (pos + 2 >= text.length() || text.charAt(pos + 2) != '\'') {
                throw error("expected a character like ':'");
            }
            char c = text.charAt(pos + 1);
            pos += 3;
            return c;
        }
        return (int) integer(0, 0xff);
    }

    private List<String> strings() {
        List<String> out = new ArrayList<>();
        list(() -> out.add(requiredString()));
        return out;
    }

    private String requiredString() {
        String s = string();
        if (s == null) {
            throw error("a string is required here, not null");
        }
        return s;
    }

    /** A quoted string with C escapes, or {@code null}. */
    String string() {
        skipSpace();
        if (text.startsWith("null", pos)) {
            pos += 4;
            return null;
        }
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case '"', '\\' -> sb.append(e);
                case 'x' -> {
                    if (pos + 2 > text.length()) {
                        throw error("\\x needs two hex digits");
                    }
                    int b;
                    try {
                        b = Integer.parseInt(text.substring(pos, pos + 2), 16);
                    } catch (NumberFormatException ex) {
                        throw error("\\x needs two hex digits");
                    }
                    pos += 2;
                    // bytes above 0x7f were not valid UTF-8: keep them as CString's escape characters
                    sb.append((char) (b < 0x80 ? b : 0xdc00 + b));
                }
                default -> throw error("unknown escape \\" + e);
            }
        }
    }

    /** {@code x"hex"}. */
    private byte[] bytes() {
        skipSpace();
        if (!text.startsWith("x\"", pos)) {
            throw error("expected bytes as x\"hex\"");
        }
        int end = text.indexOf('"', pos + 2);
        if (end < 0) {
            throw error("unterminated x\"...\"");
        }
        String hex = text.substring(pos + 2, end);
        try {
            byte[] b = HexFormat.of().parseHex(hex);
            pos = end + 1;
            return b;
        } catch (IllegalArgumentException e) {
            throw error("bad hex bytes: " + e.getMessage());
        }
    }
}
