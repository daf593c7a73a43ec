package org.pmix4j.wire;

import static org.pmix4j.wire.Codecs.register;
import static org.pmix4j.wire.SimpleCodec.of;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.pmix4j.api.App;
import org.pmix4j.api.Coord;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Endpoint;
import org.pmix4j.api.EnvironmentVariable;
import org.pmix4j.api.Geometry;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Proc;
import org.pmix4j.api.ProcInfo;
import org.pmix4j.api.ProcState;
import org.pmix4j.api.Query;
import org.pmix4j.api.AttributeDescription;
import org.pmix4j.api.Value;

/**
 * The structures: fields follow each other with no count and no tag of their own (a nested field is
 * packed "directly"), except where a field is itself a value and so carries its type.
 */
final class StructCodecs {
    private StructCodecs() {
    }

    static void registerAll() {
        register(DataType.VALUE, new TypeCodec<Value>() {
            public void write(WireWriter w, Value v) {
                Codecs.writeValue(w, v);
            }

            public Value read(WireReader r) {
                return Codecs.readValue(r);
            }
        });
        register(DataType.PROC, of(StructCodecs::writeProc, StructCodecs::readProc));
        register(DataType.INFO, of(StructCodecs::writeInfo, StructCodecs::readInfo));
        register(DataType.KVAL, of((w, v) -> Codecs.writeValue(w.string(v.key()), v.value()),
                r -> new KeyValue(r.string("key"), Codecs.readValue(r))));
        register(DataType.PDATA, of(StructCodecs::writePData, StructCodecs::readPData));
        register(DataType.APP, of(StructCodecs::writeApp, StructCodecs::readApp));
        register(DataType.QUERY, of(StructCodecs::writeQuery, StructCodecs::readQuery));
        register(DataType.PROC_INFO, of(StructCodecs::writeProcInfo, StructCodecs::readProcInfo));
        register(DataType.DATA_ARRAY, of(StructCodecs::writeArray, StructCodecs::readArray));
        register(DataType.ENVAR, of((w, v) -> w.string(v.name()).string(v.value()).u8(v.separator()),
                r -> new EnvironmentVariable(r.string("envar name"), r.string("envar value"), r.u8("envar separator"))));
        register(DataType.COORD, of(StructCodecs::writeCoord, StructCodecs::readCoord));
        register(DataType.REGATTR, of(StructCodecs::writeAttributeDescription, StructCodecs::readAttributeDescription));
        register(DataType.GEOMETRY, of(StructCodecs::writeGeometry, StructCodecs::readGeometry));
        register(DataType.DEVICE_DIST, of(
                (w, v) -> w.string(v.uuid()).string(v.osname()).uvar(v.deviceType()).uvar(v.minDist()).uvar(v.maxDist()),
                r -> new DeviceDistance(r.string("device uuid"), r.string("device osname"), r.uvar(8, "device type"),
                        (int) r.uvar(2, "minimum distance"), (int) r.uvar(2, "maximum distance"))));
        register(DataType.ENDPOINT, of((w, v) -> w.string(v.uuid()).string(v.osname()).byteObject(v.endpoint()),
                r -> new Endpoint(r.string("endpoint uuid"), r.string("endpoint osname"), r.byteObject("endpoint"))));
        register(DataType.REGEX, new RegexCodec());
    }

    static void writeProc(WireWriter w, Proc p) {
        w.string(p.nspace()).uvar(Integer.toUnsignedLong(p.rank()));
    }

    static Proc readProc(WireReader r) {
        String ns = requiredString(r, "proc nspace");
        return new Proc(ns, (int) r.uvar(4, "proc rank"));
    }

    static void writeInfo(WireWriter w, Info i) {
        w.string(i.key()).uvar(Integer.toUnsignedLong(i.flags()));
        Codecs.writeValue(w, i.value());
    }

    static Info readInfo(WireReader r) {
        String key = requiredString(r, "info key");
        int flags = (int) r.uvar(4, "info flags");
        return new Info(key, Codecs.readValue(r), flags);
    }

    static void writePData(WireWriter w, PublishedData p) {
        writeProc(w, p.proc());
        w.string(p.key());
        Codecs.writeValue(w, p.value());
    }

    static PublishedData readPData(WireReader r) {
        Proc p = readProc(r);
        String key = requiredString(r, "pdata key");
        return new PublishedData(p, key, Codecs.readValue(r));
    }

    /** Infos back to back, the count written by the caller. */
    static void writeInfos(WireWriter w, List<Info> infos) {
        for (Info i : infos) {
            writeInfo(w, i);
        }
    }

    static List<Info> readInfos(WireReader r, int n) {
        List<Info> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(readInfo(r));
        }
        return out;
    }

    private static void writeStrings(WireWriter w, List<String> list) {
        for (String s : list) {
            w.string(s);
        }
    }

    private static List<String> readStrings(WireReader r, int n, String what) {
        List<String> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(requiredString(r, what + "[" + k + "]"));
        }
        return out;
    }

    static void writeApp(WireWriter w, App a) {
        w.string(a.cmd());
        w.svar(a.argv().size());
        writeStrings(w, a.argv());
        w.svar(a.env().size());
        writeStrings(w, a.env());
        w.string(a.cwd());
        w.svar(a.maxProcs());
        w.uvar(a.info().size());
        writeInfos(w, a.info());
    }

    static App readApp(WireReader r) {
        String cmd = r.string("app cmd");
        List<String> argv = readStrings(r, r.count("app argc", 1), "app argv");
        List<String> env = readStrings(r, r.count("app env count", 1), "app env");
        String cwd = r.string("app cwd");
        int maxProcs = (int) r.svar(4, "app maxprocs");
        List<Info> info = readInfos(r, r.sizeCount("app info count", 1));
        return new App(cmd, argv, env, cwd, maxProcs, info);
    }

    static void writeQuery(WireWriter w, Query q) {
        w.svar(q.keys().size());
        writeStrings(w, q.keys());
        w.uvar(q.qualifiers().size());
        writeInfos(w, q.qualifiers());
    }

    static Query readQuery(WireReader r) {
        List<String> keys = readStrings(r, r.count("query key count", 1), "query key");
        return new Query(keys, readInfos(r, r.sizeCount("query qualifier count", 1)));
    }

    static void writeProcInfo(WireWriter w, ProcInfo p) {
        writeProc(w, p.proc());
        w.string(p.hostname()).string(p.executable());
        ScalarCodecs.writePid(w, p.pid());
        w.u8(p.state().code());
    }

    static ProcInfo readProcInfo(WireReader r) {
        Proc p = readProc(r);
        String host = r.string("proc info hostname");
        String exe = r.string("proc info executable");
        int pid = ScalarCodecs.readPid(r);
        return new ProcInfo(p, host, exe, pid, new ProcState(r.u8("proc info state")));
    }

    /**
     * Element type tag, size, then the elements without count or tags (a VALUE element keeps its own
     * tag). libpmix writes no elements when the size is 0 or the type UNDEF.
     */
    static void writeArray(WireWriter w, DataArray a) {
        Codecs.writeTag(w, a.elementType());
        w.uvar(a.size());
        if (a.size() > 0 && a.elementType() != DataType.UNDEF) {
            Codecs.codec(a.elementType()).writeRun(w, a.elements());
        }
    }

    static DataArray readArray(WireReader r) {
        int at = r.position();
        int code = Codecs.readTag(r);
        DataType t = Codecs.typeOf(r, code, at);
        int sizeAt = r.position();
        int n = r.sizeCount("size of " + t + " array", t == DataType.UNDEF ? 0 : Codecs.minBytes(t));
        if (t == DataType.UNDEF) {
            // libpmix keeps the size of an UNDEF array but sends no elements; bound what we build for it
            if (n > MAX_EMPTY_ELEMENTS) {
                throw r.errorAt("an UNDEF array of " + n + " elements is more than pmix4j accepts", sizeAt);
            }
            return new DataArray(DataType.UNDEF, Collections.nCopies(n, Value.Undef.INSTANCE));
        }
        if (n == 0) {
            return new DataArray(t, List.of());
        }
        r.enter("data array");
        try {
            return new DataArray(t, Codecs.codecForReading(r, code).readRun(r, n));
        } finally {
            r.leave();
        }
    }

    /** Arrays whose elements take no bytes (UNDEF) cannot be bounded by the input; this bounds them. */
    static final int MAX_EMPTY_ELEMENTS = 1 << 16;

    static void writeCoord(WireWriter w, Coord c) {
        w.u8(c.view()).uvar(c.coords().length);
        for (int x : c.coords()) {
            w.uvar(Integer.toUnsignedLong(x));
        }
    }

    static Coord readCoord(WireReader r) {
        int view = r.u8("coordinate view");
        int dims = r.sizeCount("coordinate dimensions", 1);
        int[] coords = new int[dims];
        for (int k = 0; k < dims; k++) {
            coords[k] = (int) r.uvar(4, "coordinate");
        }
        return new Coord(view, coords);
    }

    static void writeAttributeDescription(WireWriter w, AttributeDescription a) {
        w.string(a.macroName()).string(a.key()).uvar(a.typeCode());
        w.svar(a.description().size());
        writeStrings(w, a.description());
    }

    static AttributeDescription readAttributeDescription(WireReader r) {
        String name = r.string("attribute name");
        String string = r.string("attribute string");
        int type = (int) r.uvar(2, "attribute type");
        return new AttributeDescription(name, string, type,
                readStrings(r, r.count("attribute description lines", 1), "attribute description"));
    }

    static void writeGeometry(WireWriter w, Geometry g) {
        w.uvar(g.fabric()).string(g.uuid()).string(g.osname()).uvar(g.coordinates().size());
        for (Coord c : g.coordinates()) {
            writeCoord(w, c);
        }
    }

    static Geometry readGeometry(WireReader r) {
        long fabric = r.uvar(8, "geometry fabric");
        String uuid = r.string("geometry uuid");
        String osname = r.string("geometry osname");
        int n = r.sizeCount("geometry coordinates", 2);
        List<Coord> coords = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            coords.add(readCoord(r));
        }
        return new Geometry(fabric, uuid, osname, coords);
    }

    /** A string that C keeps in a fixed array or requires (keys, nspaces): NULL on the wire is an error. */
    static String requiredString(WireReader r, String what) {
        int at = r.position();
        String s = r.string(what);
        if (s == null) {
            throw r.errorAt(what + " is NULL", at);
        }
        return s;
    }
}
