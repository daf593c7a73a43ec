package org.pmix4j.api;

/**
 * The PMIx data type codes ({@code pmix_data_type_t}), with the numbers libpmix 4.2.2 uses on the wire.
 *
 * <p>Codes 26 ({@code PMIX_BUFFER}) and 28 ({@code PMIX_KVAL}) are internal to the library but appear in
 * real traffic (commit payloads, job data), so they are here too. Codes 70 to 73 came with OpenPMIx 6.x;
 * they are named so that a decoder can say what it saw, but a 4.2 peer never sends them.
 */
public enum DataType {
    UNDEF(0),
    BOOL(1),
    BYTE(2),
    STRING(3),
    SIZE(4),
    PID(5),
    INT(6),
    INT8(7),
    INT16(8),
    INT32(9),
    INT64(10),
    UINT(11),
    UINT8(12),
    UINT16(13),
    UINT32(14),
    UINT64(15),
    FLOAT(16),
    DOUBLE(17),
    TIMEVAL(18),
    TIME(19),
    STATUS(20),
    VALUE(21),
    PROC(22),
    APP(23),
    INFO(24),
    PDATA(25),
    BUFFER(26),
    BYTE_OBJECT(27),
    KVAL(28),
    PERSIST(30),
    POINTER(31),
    SCOPE(32),
    DATA_RANGE(33),
    COMMAND(34),
    INFO_DIRECTIVES(35),
    DATA_TYPE(36),
    PROC_STATE(37),
    PROC_INFO(38),
    DATA_ARRAY(39),
    PROC_RANK(40),
    QUERY(41),
    COMPRESSED_STRING(42),
    ALLOC_DIRECTIVE(43),
    IOF_CHANNEL(45),
    ENVAR(46),
    COORD(47),
    REGATTR(48),
    REGEX(49),
    JOB_STATE(50),
    LINK_STATE(51),
    PROC_CPUSET(52),
    GEOMETRY(53),
    DEVICE_DIST(54),
    ENDPOINT(55),
    TOPO(56),
    DEVTYPE(57),
    LOCTYPE(58),
    COMPRESSED_BYTE_OBJECT(59),
    PROC_NSPACE(60),
    PROC_STATS(61),
    DISK_STATS(62),
    NET_STATS(63),
    NODE_STATS(64),
    DATA_BUFFER(65),
    STOR_MEDIUM(66),
    STOR_ACCESS(67),
    STOR_PERSIST(68),
    STOR_ACCESS_TYPE(69),
    DEVICE(70),
    RESBLOCK_DIRECTIVE(71),
    RESOURCE_UNIT(72),
    NODE_PID(73);

    /** Codes at or above this are left to implementers for their own types. */
    public static final int MAX = 500;

    private static final DataType[] BY_CODE = new DataType[74];

    static {
        for (DataType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;

    DataType(int code) {
        this.code = code;
    }

    /** The number carried on the wire. */
    public int code() {
        return code;
    }

    /** The C macro name, e.g. {@code PMIX_UINT32}. */
    public String macroName() {
        return "PMIX_" + name();
    }

    /** The type with this code, or {@code null} when the code names no type pmix4j knows. */
    public static DataType forCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Like {@link #forCode} but for a C macro name ({@code PMIX_INT32}) or a bare name ({@code INT32}). */
    public static DataType forName(String name) {
        String bare = name.startsWith("PMIX_") ? name.substring(5) : name;
        for (DataType t : values()) {
            if (t.name().equals(bare)) {
                return t;
            }
        }
        return null;
    }
}
