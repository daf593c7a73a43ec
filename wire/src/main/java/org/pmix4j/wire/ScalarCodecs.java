package org.pmix4j.wire;

import static org.pmix4j.wire.Codecs.register;
import static org.pmix4j.wire.SimpleCodec.of;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.JobState;
import org.pmix4j.api.LinkState;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.ProcState;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Scope;
import org.pmix4j.api.Value;

/**
 * Numbers, booleans, strings, byte runs and the one-byte enumerations. The flex128 quirks live here:
 * signed C types are zig-zag varints, unsigned ones plain varints, PMIX_UINT is (oddly) a zig-zag int32,
 * a pid always carries a type tag, and floats are text.
 */
final class ScalarCodecs {
    private ScalarCodecs() {
    }

    static void registerAll() {
        register(DataType.UNDEF, new SimpleCodec<Value.Undef>((w, v) -> { }, r -> Value.Undef.INSTANCE, 0));
        register(DataType.BOOL, of((w, v) -> w.u8(v.value() ? 1 : 0),
                r -> r.u8("bool") != 0 ? Value.Bool.TRUE : Value.Bool.FALSE));
        register(DataType.BYTE, of((w, v) -> w.u8(v.value()), r -> new Value.Byte((byte) r.u8("byte"))));
        register(DataType.STRING, of((w, v) -> w.string(v.value()), r -> new Value.Str(r.string("string"))));
        register(DataType.SIZE, of((w, v) -> w.uvar(v.value()), r -> new Value.Size(r.uvar(8, "size"))));
        register(DataType.PID, new PidCodec());
        register(DataType.INT, of((w, v) -> w.svar(v.value()), r -> new Value.Int((int) r.svar(4, "int"))));
        register(DataType.INT8, of((w, v) -> w.u8(v.value()), r -> new Value.Int8((byte) r.u8("int8"))));
        register(DataType.INT16, of((w, v) -> w.svar(v.value()),
                r -> new Value.Int16((short) r.svar(2, "int16"))));
        register(DataType.INT32, of((w, v) -> w.svar(v.value()), r -> new Value.Int32((int) r.svar(4, "int32"))));
        register(DataType.INT64, of((w, v) -> w.svar(v.value()), r -> new Value.Int64(r.svar(8, "int64"))));
        // libpmix packs an unsigned int with the int packer: the zig-zag form of its bits as an int32
        register(DataType.UINT, of((w, v) -> w.svar(v.value()), r -> new Value.UInt((int) r.svar(4, "uint"))));
        register(DataType.UINT8, of((w, v) -> w.u8(v.value()), r -> new Value.UInt8(r.u8("uint8"))));
        register(DataType.UINT16, of((w, v) -> w.uvar(v.value()),
                r -> new Value.UInt16((int) r.uvar(2, "uint16"))));
        register(DataType.UINT32, of((w, v) -> w.uvar(Integer.toUnsignedLong(v.value())),
                r -> new Value.UInt32((int) r.uvar(4, "uint32"))));
        register(DataType.UINT64, of((w, v) -> w.uvar(v.value()), r -> new Value.UInt64(r.uvar(8, "uint64"))));
        register(DataType.FLOAT, of((w, v) -> w.string(CFloat.format(v.value())),
                r -> new Value.Float(CFloat.parseFloat(floatText(r, "float")))));
        register(DataType.DOUBLE, of((w, v) -> w.string(CFloat.format(v.value())),
                r -> new Value.Double(CFloat.parseDouble(floatText(r, "double")))));
        register(DataType.TIMEVAL, of(ScalarCodecs::writeTimeVal, ScalarCodecs::readTimeVal));
        register(DataType.TIME, of((w, v) -> w.uvar(v.seconds()), r -> new Value.Time(r.uvar(8, "time"))));
        register(DataType.STATUS, of((w, v) -> w.svar(v.code()), r -> new Value.Status((int) r.svar(4, "status"))));
        register(DataType.BYTE_OBJECT, of((w, v) -> w.byteObject(v.bytes()),
                r -> new ByteObject(r.byteObject("byte object"))));
        register(DataType.BUFFER, of((w, v) -> w.u8(v.kind()).byteObject(v.bytes()),
                r -> new Value.Buffer(r.u8("buffer kind"), r.byteObject("buffer"))));
        register(DataType.DATA_BUFFER, of((w, v) -> w.byteObject(v.bytes()),
                r -> new Value.DataBuffer(r.byteObject("data buffer"))));
        register(DataType.COMPRESSED_STRING, of((w, v) -> w.byteObject(v.bytes()),
                r -> new Value.CompressedString(r.byteObject("compressed string"))));
        register(DataType.COMPRESSED_BYTE_OBJECT, of((w, v) -> w.byteObject(v.bytes()),
                r -> new Value.CompressedBytes(r.byteObject("compressed byte object"))));
        register(DataType.POINTER, new PointerCodec());
        register(DataType.PROC_NSPACE, of((w, v) -> w.string(v.value()), r -> new Value.Nspace(r.string("nspace"))));
        register(DataType.PROC_RANK, of((w, v) -> w.uvar(Integer.toUnsignedLong(v.value())),
                r -> new Rank((int) r.uvar(4, "rank"))));
        register(DataType.INFO_DIRECTIVES, of((w, v) -> w.uvar(Integer.toUnsignedLong(v.bits())),
                r -> new InfoDirectives((int) r.uvar(4, "info directives"))));
        // libpmix packs a data type as uint16 but unpacks it as int16 (a 4.2.2 defect); we read what the
        // sender meant, the unsigned number
        register(DataType.DATA_TYPE, of((w, v) -> w.uvar(v.code()),
                r -> new Value.TypeCode((int) r.uvar(2, "data type"))));
        register(DataType.IOF_CHANNEL, of((w, v) -> w.uvar(v.bits()),
                r -> new IofChannel((int) r.uvar(2, "IOF channel"))));
        register(DataType.LOCTYPE, of((w, v) -> w.uvar(v.bits()), r -> new Value.LocType((int) r.uvar(2, "locality"))));
        register(DataType.DEVTYPE, of((w, v) -> w.uvar(v.bits()), r -> new Value.DevType(r.uvar(8, "device type"))));
        register(DataType.STOR_MEDIUM, of((w, v) -> w.uvar(v.bits()),
                r -> new Value.StorMedium(r.uvar(8, "storage medium"))));
        register(DataType.STOR_ACCESS, of((w, v) -> w.uvar(v.bits()),
                r -> new Value.StorAccess(r.uvar(8, "storage access"))));
        register(DataType.STOR_PERSIST, of((w, v) -> w.uvar(v.bits()),
                r -> new Value.StorPersist(r.uvar(8, "storage persistence"))));
        register(DataType.STOR_ACCESS_TYPE, of((w, v) -> w.uvar(v.bits()),
                r -> new Value.StorAccessType((int) r.uvar(2, "storage access type"))));
        register(DataType.COMMAND, of((w, v) -> w.u8(v.code()), r -> new Value.Command(r.u8("command"))));
        register(DataType.PERSIST, of((w, v) -> w.u8(v.code()), r -> new Persistence(r.u8("persistence"))));
        register(DataType.SCOPE, of((w, v) -> w.u8(v.code()), r -> new Scope(r.u8("scope"))));
        register(DataType.DATA_RANGE, of((w, v) -> w.u8(v.code()), r -> new DataRange(r.u8("data range"))));
        register(DataType.PROC_STATE, of((w, v) -> w.u8(v.code()), r -> new ProcState(r.u8("proc state"))));
        register(DataType.JOB_STATE, of((w, v) -> w.u8(v.code()), r -> new JobState(r.u8("job state"))));
        register(DataType.LINK_STATE, of((w, v) -> w.u8(v.code()), r -> new LinkState(r.u8("link state"))));
        register(DataType.ALLOC_DIRECTIVE, of((w, v) -> w.u8(v.code()),
                r -> new AllocDirective(r.u8("alloc directive"))));
    }

    /** A single pid, as structures hold it: its run of one, tag included. */
    static void writePid(WireWriter w, int pid) {
        w.uvar(DataType.UINT32.code());
        w.uvar(Integer.toUnsignedLong(pid));
    }

    static int readPid(WireReader r) {
        return readPidValue(r, readPidTag(r));
    }

    /**
     * The type tag before a run of pids: the C integer type of pid_t, PMIX_UINT32 on Linux. A sender on
     * another platform may name another integer type; like libpmix we convert from whatever it names.
     */
    static DataType readPidTag(WireReader r) {
        int at = r.position();
        int tag = Codecs.readTag(r);
        DataType t = DataType.forCode(tag);
        if (t == null) {
            throw r.errorAt("pid tagged with unknown type code " + tag, at);
        }
        return switch (t) {
            case UINT32, UINT16, UINT64, SIZE, INT32, INT, UINT, INT16, INT64, INT8, UINT8, BYTE -> t;
            default -> throw r.errorAt("pid tagged with non-integer type " + t.macroName(), at);
        };
    }

    static int readPidValue(WireReader r, DataType t) {
        return switch (t) {
            case UINT16 -> (int) r.uvar(2, "pid");
            case UINT32 -> (int) r.uvar(4, "pid");
            case UINT64, SIZE -> (int) r.uvar(8, "pid");
            case INT32, INT, UINT -> (int) r.svar(4, "pid");
            case INT16 -> (int) r.svar(2, "pid");
            case INT64 -> (int) r.svar(8, "pid");
            case INT8, UINT8, BYTE -> r.u8("pid");
            default -> throw new IllegalStateException(t + " is not a pid type");
        };
    }

    /** libpmix writes the pid type tag once per pack call, then the pids. */
    private static final class PidCodec implements TypeCodec<Value.Pid> {
        @Override
        public void write(WireWriter w, Value.Pid v) {
            writePid(w, v.value());
        }

        @Override
        public Value.Pid read(WireReader r) {
            return new Value.Pid(readPid(r));
        }

        @Override
        public void writeRun(WireWriter w, List<? extends Value> items) {
            w.uvar(DataType.UINT32.code());
            for (Value v : items) {
                w.uvar(Integer.toUnsignedLong(((Value.Pid) v).value()));
            }
        }

        @Override
        public List<Value> readRun(WireReader r, int n) {
            DataType t = readPidTag(r);
            List<Value> out = new ArrayList<>(Math.min(n, 1024));
            for (int i = 0; i < n; i++) {
                out.add(new Value.Pid(readPidValue(r, t)));
            }
            return out;
        }
    }

    /**
     * A pointer is meaningless elsewhere, so libpmix sends one placeholder byte per pack call, however
     * many pointers the call held.
     */
    private static final class PointerCodec implements TypeCodec<Value.Pointer> {
        /** A run of pointers costs no bytes; refuse absurd counts rather than allocate for them. */
        static final int MAX_RUN = 1 << 16;

        @Override
        public void write(WireWriter w, Value.Pointer v) {
            w.u8(1);
        }

        @Override
        public Value.Pointer read(WireReader r) {
            r.u8("pointer placeholder");
            return Value.Pointer.INSTANCE;
        }

        @Override
        public int minBytes() {
            return 0;
        }

        @Override
        public void writeRun(WireWriter w, List<? extends Value> items) {
            w.u8(1);
        }

        @Override
        public List<Value> readRun(WireReader r, int n) {
            if (n > MAX_RUN) {
                throw r.error(n + " pointers in one run is more than the " + MAX_RUN + " pmix4j accepts");
            }
            r.u8("pointer placeholder");
            return Collections.nCopies(n, Value.Pointer.INSTANCE);
        }
    }

    static void writeTimeVal(WireWriter w, Value.TimeVal v) {
        w.svar(v.seconds()).svar(v.micros());
    }

    static Value.TimeVal readTimeVal(WireReader r) {
        return new Value.TimeVal(r.svar(8, "timeval seconds"), r.svar(8, "timeval microseconds"));
    }

    private static String floatText(WireReader r, String what) {
        int at = r.position();
        String s = r.string(what);
        if (s == null) {
            throw r.errorAt(what + " text is a NULL string", at);
        }
        return s;
    }
}
