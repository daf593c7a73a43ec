package org.pmix4j.api;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A PMIx datum of one of the types libpmix can put on the wire: what a C {@code pmix_value_t} holds, and
 * also the elements of data arrays and of top-level packs.
 *
 * <p>Every implementation knows its {@link DataType}; the codec uses it to pick the encoding, and pattern
 * matching over this sealed hierarchy replaces the C union. Unsigned C types are kept in the signed Java
 * type of the same width (read them with {@link Integer#toUnsignedLong} and friends); their constructors
 * refuse values that do not fit the C type, so a value that exists can always be encoded.
 *
 * <p>The scalar types are nested here; the structured ones ({@link Proc}, {@link Info}, {@link DataArray}
 * ...) and the enumerations ({@link Scope}, {@link DataRange} ...) are top-level types of this package.
 */
public sealed interface Value permits
        Value.Undef, Value.Bool, Value.Byte, Value.Str, Value.Size, Value.Pid, Value.Int, Value.Int8,
        Value.Int16, Value.Int32, Value.Int64, Value.UInt, Value.UInt8, Value.UInt16, Value.UInt32,
        Value.UInt64, Value.Float, Value.Double, Value.TimeVal, Value.Time, Value.Status, Value.Pointer,
        Value.Command, Value.TypeCode, Value.Buffer, Value.CompressedString, Value.CompressedBytes,
        Value.DataBuffer, Value.Nspace, Value.DevType, Value.LocType, Value.StorMedium, Value.StorAccess,
        Value.StorPersist, Value.StorAccessType,
        Proc, App, Info, PublishedData, ByteObject, KeyValue, Persistence, Scope, DataRange, InfoDirectives,
        ProcState, ProcInfo, DataArray, Rank, Query, AllocDirective, IofChannel, EnvironmentVariable, Coord, AttributeDescription,
        Regex, JobState, LinkState, Cpuset, Geometry, DeviceDistance, Endpoint, Topology, ProcStats,
        DiskStats, NetStats, NodeStats {

    /**
     * The PMIx type of this datum, which decides its wire form.
     *
     * @return the type
     */
    DataType type();

    // ---- factories: the PMIx type a C programmer would pick for each Java type --------------------------
    //
    // For an attribute whose type PMIx fixes (PMIX_JOB_SIZE is a uint32 ...), prefer the typed dictionary:
    // Attributes.JOB_SIZE.info(4) makes the right type whatever Java literal is given.

    /**
     * PMIX_STRING; {@code null} is the C NULL pointer.
     *
     * @param s what the value holds
     * @return the value
     */
    static Value of(String s) {
        return new Str(s);
    }

    /**
     * PMIX_BOOL.
     *
     * @param b what the value holds
     * @return the value
     */
    static Value of(boolean b) {
        return b ? Bool.TRUE : Bool.FALSE;
    }

    /**
     * PMIX_INT, a C {@code int}: what {@code PMIX_VALUE_LOAD(v, &i, PMIX_INT)} of an {@code int i} makes.
     *
     * @param i what the value holds
     * @return the value
     */
    static Value of(int i) {
        return new Int(i);
    }

    /**
     * PMIX_INT64.
     *
     * @param l what the value holds
     * @return the value
     */
    static Value of(long l) {
        return new Int64(l);
    }

    /**
     * PMIX_INT16.
     *
     * @param s what the value holds
     * @return the value
     */
    static Value of(short s) {
        return new Int16(s);
    }

    /**
     * PMIX_BYTE: one uninterpreted byte.
     *
     * @param b what the value holds
     * @return the value
     */
    static Value of(byte b) {
        return new Byte(b);
    }

    /**
     * PMIX_FLOAT (travels as text with 6 decimals, as libpmix sends it).
     *
     * @param f what the value holds
     * @return the value
     */
    static Value of(float f) {
        return new Float(f);
    }

    /**
     * PMIX_DOUBLE (travels as text with 6 decimals, as libpmix sends it).
     *
     * @param d what the value holds
     * @return the value
     */
    static Value of(double d) {
        return new Double(d);
    }

    /**
     * PMIX_BYTE_OBJECT: the bytes as given (copied).
     *
     * @param bytes what the value holds
     * @return the value
     */
    static Value of(byte[] bytes) {
        return new ByteObject(bytes.clone());
    }

    /**
     * PMIX_PROC: a process is already a value; this overload lets generic code call {@code of} alike.
     *
     * @param p what the value holds
     * @return the value
     */
    static Value of(Proc p) {
        return Objects.requireNonNull(p, "proc");
    }

    /**
     * PMIX_TIME: seconds since the epoch (the fraction is dropped, as a C {@code time_t} holds none).
     *
     * @param t what the value holds
     * @return the value
     */
    static Value of(java.time.Instant t) {
        return new Time(t.getEpochSecond());
    }

    /**
     * PMIX_STATUS: a status or event code of {@link PmixStatus}.
     *
     * @param code what the value holds
     * @return the value
     */
    static Value status(int code) {
        return new Status(code);
    }

    /**
     * PMIX_UINT32 from an unsigned value in 0..4294967295.
     *
     * @param v what the value holds
     * @return the value
     */
    static Value uint32(long v) {
        return new UInt32((int) checkUnsigned(v, 0xffff_ffffL, "uint32"));
    }

    /**
     * PMIX_UINT16 from a value in 0..65535.
     *
     * @param v what the value holds
     * @return the value
     */
    static Value uint16(int v) {
        return new UInt16(v);
    }

    /**
     * PMIX_INT32.
     *
     * @param v what the value holds
     * @return the value
     */
    static Value int32(int v) {
        return new Int32(v);
    }

    /**
     * PMIX_UINT64 from its 64 bits (read back unsigned).
     *
     * @param bits what the value holds
     * @return the value
     */
    static Value uint64(long bits) {
        return new UInt64(bits);
    }

    /**
     * PMIX_SIZE from its 64 bits (a {@code size_t}, unsigned).
     *
     * @param bits what the value holds
     * @return the value
     */
    static Value size(long bits) {
        return new Size(bits);
    }

    // ---- the scalar types ---------------------------------------------------------------------------

    /** PMIX_UNDEF: no value at all. */
    record Undef() implements Value {
        public static final Undef INSTANCE = new Undef();

        public DataType type() {
            return DataType.UNDEF;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_BOOL.
     *
     * @param value true or false
     */
    record Bool(boolean value) implements Value {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);

        public DataType type() {
            return DataType.BOOL;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_BYTE: one uninterpreted byte.
     *
     * @param value the byte
     */
    record Byte(byte value) implements Value {
        public DataType type() {
            return DataType.BYTE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_STRING: a C string. {@code null} stands for the C NULL pointer, which the wire distinguishes from
     * the empty string.
     *
     * @param value the string, or {@code null} for C NULL
     */
    record Str(String value) implements Value {
        public DataType type() {
            return DataType.STRING;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_SIZE: a {@code size_t}, 64 unsigned bits.
     *
     * @param value the 64 bits (read unsigned)
     */
    record Size(long value) implements Value {
        public DataType type() {
            return DataType.SIZE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_PID: a {@code pid_t}, 32 bits.
     *
     * @param value the process id
     */
    record Pid(int value) implements Value {
        public DataType type() {
            return DataType.PID;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_INT: a C {@code int}, 32 bits.
     *
     * @param value the value
     */
    record Int(int value) implements Value {
        public DataType type() {
            return DataType.INT;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_INT8.
     *
     * @param value the value
     */
    record Int8(byte value) implements Value {
        public DataType type() {
            return DataType.INT8;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_INT16.
     *
     * @param value the value
     */
    record Int16(short value) implements Value {
        public DataType type() {
            return DataType.INT16;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_INT32.
     *
     * @param value the value
     */
    record Int32(int value) implements Value {
        public DataType type() {
            return DataType.INT32;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_INT64.
     *
     * @param value the value
     */
    record Int64(long value) implements Value {
        public DataType type() {
            return DataType.INT64;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_UINT: a C {@code unsigned int}, 32 bits (kept as their bit pattern).
     *
     * @param value the 32 bits (read unsigned)
     */
    record UInt(int value) implements Value {
        public DataType type() {
            return DataType.UINT;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_UINT8: 0 to 255.
     *
     * @param value the value, 0 to 255
     */
    record UInt8(int value) implements Value {
        /** Refuses a value outside 0..255. */
        public UInt8 {
            checkUnsigned(value, 0xff, "uint8");
        }

        public DataType type() {
            return DataType.UINT8;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_UINT16: 0 to 65535.
     *
     * @param value the value, 0 to 65535
     */
    record UInt16(int value) implements Value {
        /** Refuses a value outside 0..65535. */
        public UInt16 {
            checkUnsigned(value, 0xffff, "uint16");
        }

        public DataType type() {
            return DataType.UINT16;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_UINT32 (kept as its bit pattern).
     *
     * @param value the 32 bits (read unsigned)
     */
    record UInt32(int value) implements Value {
        public DataType type() {
            return DataType.UINT32;
        }

        @Override public String toString() { return ReadableText.of(this); }

        /**
         * The value read unsigned.
         *
         * @return 0 to 4294967295
         */
        public long unsigned() {
            return Integer.toUnsignedLong(value);
        }
    }

    /**
     * PMIX_UINT64 (kept as its bit pattern).
     *
     * @param value the 64 bits (read unsigned)
     */
    record UInt64(long value) implements Value {
        public DataType type() {
            return DataType.UINT64;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_FLOAT. On the wire it travels as {@code printf("%f")} text, so only 6 decimals survive.
     *
     * @param value the number
     */
    record Float(float value) implements Value {
        public DataType type() {
            return DataType.FLOAT;
        }

        @Override public String toString() { return ReadableText.of(this); }

        @Override
        public boolean equals(Object o) {
            return o instanceof Float f && java.lang.Float.compare(f.value, value) == 0;
        }

        @Override
        public int hashCode() {
            return java.lang.Float.hashCode(value);
        }
    }

    /**
     * PMIX_DOUBLE. On the wire it travels as {@code printf("%f")} text, so only 6 decimals survive.
     *
     * @param value the number
     */
    record Double(double value) implements Value {
        public DataType type() {
            return DataType.DOUBLE;
        }

        @Override public String toString() { return ReadableText.of(this); }

        @Override
        public boolean equals(Object o) {
            return o instanceof Double d && java.lang.Double.compare(d.value, value) == 0;
        }

        @Override
        public int hashCode() {
            return java.lang.Double.hashCode(value);
        }
    }

    /**
     * PMIX_TIMEVAL: a {@code struct timeval}.
     *
     * @param seconds whole seconds
     * @param micros microseconds within the second
     */
    record TimeVal(long seconds, long micros) implements Value {
        public DataType type() {
            return DataType.TIMEVAL;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_TIME: a {@code time_t}, seconds since the epoch.
     *
     * @param seconds seconds since the epoch
     */
    record Time(long seconds) implements Value {
        public DataType type() {
            return DataType.TIME;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_STATUS: a status or event code (see {@link PmixStatus}).
     *
     * @param code the status code
     */
    record Status(int code) implements Value {
        public DataType type() {
            return DataType.STATUS;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /** PMIX_POINTER: an address in the sender's memory; only a placeholder ever crosses the wire. */
    record Pointer() implements Value {
        public static final Pointer INSTANCE = new Pointer();

        public DataType type() {
            return DataType.POINTER;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_COMMAND: the code of a client-server command (internal to the protocol).
     *
     * @param code the command number, 0 to 255
     */
    record Command(int code) implements Value {
        /** Refuses a number outside 0..255. */
        public Command {
            checkUnsigned(code, 0xff, "command");
        }

        public DataType type() {
            return DataType.COMMAND;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_DATA_TYPE: a data type code used as a value; may name a type pmix4j does not know.
     *
     * @param code the type code, 0 to 65535
     */
    record TypeCode(int code) implements Value {
        /** Refuses a code outside 0..65535. */
        public TypeCode {
            checkUnsigned(code, 0xffff, "data type");
        }

        /**
         * The code of a known type.
         *
         * @param t the type
         */
        public TypeCode(DataType t) {
            this(t.code());
        }

        public DataType type() {
            return DataType.DATA_TYPE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_BUFFER (deprecated publicly, still used inside the protocol): a packed buffer together with the
     * buffer kind it was packed in (1 non-described, 2 fully described).
     *
     * @param kind the buffer kind: 1 non-described, 2 fully described
     * @param bytes the bytes (not copied: do not change them afterwards)
     */
    record Buffer(int kind, byte[] bytes) implements Value {
        /** Refuses a kind outside 0..255 and null bytes. */
        public Buffer {
            checkUnsigned(kind, 0xff, "buffer kind");
            Objects.requireNonNull(bytes, "bytes");
        }

        public DataType type() {
            return DataType.BUFFER;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Buffer b && b.kind == kind && Arrays.equals(b.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return 31 * kind + Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Buffer[kind=" + kind + ", " + bytes.length + " bytes]";
        }
    }

    /**
     * PMIX_COMPRESSED_STRING: the bytes exactly as sent (a 4-byte host-order length, then a zlib stream);
     * see {@code org.pmix4j.wire.Compression} for the conversion.
     *
     * @param bytes the bytes (not copied: do not change them afterwards)
     */
    record CompressedString(byte[] bytes) implements Value {
        /** Refuses null bytes. */
        public CompressedString {
            Objects.requireNonNull(bytes, "bytes");
        }

        public DataType type() {
            return DataType.COMPRESSED_STRING;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CompressedString c && Arrays.equals(c.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "CompressedString[" + HexFormat.of().formatHex(bytes) + "]";
        }
    }

    /**
     * PMIX_COMPRESSED_BYTE_OBJECT: like {@link CompressedString}, for binary data.
     *
     * @param bytes the bytes (not copied: do not change them afterwards)
     */
    record CompressedBytes(byte[] bytes) implements Value {
        /** Refuses null bytes. */
        public CompressedBytes {
            Objects.requireNonNull(bytes, "bytes");
        }

        public DataType type() {
            return DataType.COMPRESSED_BYTE_OBJECT;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CompressedBytes c && Arrays.equals(c.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "CompressedBytes[" + HexFormat.of().formatHex(bytes) + "]";
        }
    }

    /**
     * PMIX_DATA_BUFFER: the contents of a {@code pmix_data_buffer_t}.
     *
     * @param bytes the bytes (not copied: do not change them afterwards)
     */
    record DataBuffer(byte[] bytes) implements Value {
        /** Refuses null bytes. */
        public DataBuffer {
            Objects.requireNonNull(bytes, "bytes");
        }

        public DataType type() {
            return DataType.DATA_BUFFER;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof DataBuffer c && Arrays.equals(c.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "DataBuffer[" + HexFormat.of().formatHex(bytes) + "]";
        }
    }

    /**
     * PMIX_PROC_NSPACE: a namespace on its own.
     *
     * @param value the namespace
     */
    record Nspace(String value) implements Value {
        public DataType type() {
            return DataType.PROC_NSPACE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_DEVTYPE: a bit mask of {@code PMIX_DEVTYPE_*} device kinds.
     *
     * @param bits the bit mask
     */
    record DevType(long bits) implements Value {
        public DataType type() {
            return DataType.DEVTYPE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_LOCTYPE: a bit mask of {@code PMIX_LOCALITY_*} relations between two processes.
     *
     * @param bits the bit mask
     */
    record LocType(int bits) implements Value {
        /** Refuses bits outside 16. */
        public LocType {
            checkUnsigned(bits, 0xffff, "locality");
        }

        public DataType type() {
            return DataType.LOCTYPE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_STOR_MEDIUM: a bit mask of storage media.
     *
     * @param bits the bit mask
     */
    record StorMedium(long bits) implements Value {
        public DataType type() {
            return DataType.STOR_MEDIUM;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_STOR_ACCESS: a bit mask of storage access kinds.
     *
     * @param bits the bit mask
     */
    record StorAccess(long bits) implements Value {
        public DataType type() {
            return DataType.STOR_ACCESS;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_STOR_PERSIST: a bit mask of storage persistence levels.
     *
     * @param bits the bit mask
     */
    record StorPersist(long bits) implements Value {
        public DataType type() {
            return DataType.STOR_PERSIST;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * PMIX_STOR_ACCESS_TYPE: a bit mask of read/write access types.
     *
     * @param bits the bit mask
     */
    record StorAccessType(int bits) implements Value {
        /** Refuses bits outside 16. */
        public StorAccessType {
            checkUnsigned(bits, 0xffff, "storage access type");
        }

        public DataType type() {
            return DataType.STOR_ACCESS_TYPE;
        }

        @Override public String toString() { return ReadableText.of(this); }
    }

    /**
     * Refuses a value that does not fit an unsigned C type.
     *
     * @param value the value
     * @param max   the type's largest value
     * @param what  the type's name, for the message
     * @return the value, for chaining
     * @throws IllegalArgumentException when the value is below 0 or above {@code max}
     */
    static long checkUnsigned(long value, long max, String what) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(what + " value " + value + " is outside 0.." + max);
        }
        return value;
    }
}
