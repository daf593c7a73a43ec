package org.pmix4j.api;

/**
 * The PMIx data type codes ({@code pmix_data_type_t}), with the numbers libpmix 4.2.2 uses on the wire.
 *
 * <p>Codes 26 ({@code PMIX_BUFFER}) and 28 ({@code PMIX_KVAL}) are internal to the library but appear in
 * real traffic (commit payloads, job data), so they are here too. Codes 70 to 73 came with OpenPMIx 6.x;
 * they are named so that a decoder can say what it saw, but a 4.2 peer never sends them.
 */
public enum DataType {
    /** No type: a value not set, or one whose type varies. Code 0. */
    UNDEF(0),
    /** A boolean ({@code bool}). Code 1. */
    BOOL(1),
    /** One unsigned byte ({@code uint8_t} as a byte). Code 2. */
    BYTE(2),
    /** A NUL-terminated string ({@code char*}), UTF-8 in Java. Code 3. */
    STRING(3),
    /** A {@code size_t}: an unsigned 64-bit count. Code 4. */
    SIZE(4),
    /** A process id ({@code pid_t}). Code 5. */
    PID(5),
    /** A C {@code int} (32 bits). Code 6. */
    INT(6),
    /** A signed 8-bit integer. Code 7. */
    INT8(7),
    /** A signed 16-bit integer. Code 8. */
    INT16(8),
    /** A signed 32-bit integer. Code 9. */
    INT32(9),
    /** A signed 64-bit integer. Code 10. */
    INT64(10),
    /** A C {@code unsigned int} (32 bits). Code 11. */
    UINT(11),
    /** An unsigned 8-bit integer. Code 12. */
    UINT8(12),
    /** An unsigned 16-bit integer. Code 13. */
    UINT16(13),
    /** An unsigned 32-bit integer. Code 14. */
    UINT32(14),
    /** An unsigned 64-bit integer. Code 15. */
    UINT64(15),
    /** A C {@code float}. Code 16. */
    FLOAT(16),
    /** A C {@code double}. Code 17. */
    DOUBLE(17),
    /** A {@code struct timeval}: seconds and microseconds. Code 18. */
    TIMEVAL(18),
    /** A {@code time_t}: seconds since the epoch. Code 19. */
    TIME(19),
    /** A PMIx status code ({@code pmix_status_t}, see {@link PmixStatus}). Code 20. */
    STATUS(20),
    /** A typed value ({@code pmix_value_t}): a type code followed by the value. Code 21. */
    VALUE(21),
    /** A process name: namespace and rank ({@code pmix_proc_t}). Code 22. */
    PROC(22),
    /** An application of a spawn: command, arguments, environment, working directory, process count, infos. Code 23. */
    APP(23),
    /** A key, directive flags and a value ({@code pmix_info_t}). Code 24. */
    INFO(24),
    /** Published data: the publisher, a key and a value ({@code pmix_pdata_t}). Code 25. */
    PDATA(25),
    /** A packed buffer inside a buffer (internal to libpmix, seen in real traffic). Code 26. */
    BUFFER(26),
    /** A counted run of bytes ({@code pmix_byte_object_t}). Code 27. */
    BYTE_OBJECT(27),
    /** A key and a value (internal to libpmix, seen in commit payloads and job data). Code 28. */
    KVAL(28),
    /** How long published data persists ({@code pmix_persistence_t}). Code 30. */
    PERSIST(30),
    /** A local pointer: never sent between processes. Code 31. */
    POINTER(31),
    /** The scope of a put: local, remote or global ({@code pmix_scope_t}). Code 32. */
    SCOPE(32),
    /** The range of published data or of an event ({@code pmix_data_range_t}). Code 33. */
    DATA_RANGE(33),
    /** A command code of the client-server protocol. Code 34. */
    COMMAND(34),
    /** The directive flags of an info (required, optional, end of array ...). Code 35. */
    INFO_DIRECTIVES(35),
    /** A data type code itself ({@code pmix_data_type_t}). Code 36. */
    DATA_TYPE(36),
    /** The state of a process ({@code pmix_proc_state_t}). Code 37. */
    PROC_STATE(37),
    /** A row of a process table: name, host, executable, pid, exit code, state. Code 38. */
    PROC_INFO(38),
    /** An array of values of one type ({@code pmix_data_array_t}). Code 39. */
    DATA_ARRAY(39),
    /** A rank ({@code pmix_rank_t}), with its reserved values for wildcard and undefined. Code 40. */
    PROC_RANK(40),
    /** A query: keys and qualifiers ({@code pmix_query_t}). Code 41. */
    QUERY(41),
    /** A string compressed with zlib. Code 42. */
    COMPRESSED_STRING(42),
    /** What an allocation request asks for ({@code pmix_alloc_directive_t}). Code 43. */
    ALLOC_DIRECTIVE(43),
    /** A set of standard streams: stdin, stdout, stderr, stddiag ({@code pmix_iof_channel_t}). Code 45. */
    IOF_CHANNEL(45),
    /** An environment variable to set, prepend or append, with its separator. Code 46. */
    ENVAR(46),
    /** A coordinate of a process or device in a fabric's geometry. Code 47. */
    COORD(47),
    /** A registered attribute: name, key, type and description ({@code pmix_regattr_t}). Code 48. */
    REGATTR(48),
    /** A compressed list of names (nodes, ranks), in a form a regex module parses. Code 49. */
    REGEX(49),
    /** The state of a job ({@code pmix_job_state_t}). Code 50. */
    JOB_STATE(50),
    /** The state of a fabric link ({@code pmix_link_state_t}). Code 51. */
    LINK_STATE(51),
    /** The CPUs a process is bound to. Code 52. */
    PROC_CPUSET(52),
    /** The coordinates of a device in a fabric ({@code pmix_geometry_t}). Code 53. */
    GEOMETRY(53),
    /** The distance from a process's CPUs to a device ({@code pmix_device_distance_t}). Code 54. */
    DEVICE_DIST(54),
    /** A fabric endpoint: device and address ({@code pmix_endpoint_t}). Code 55. */
    ENDPOINT(55),
    /** A node's topology (an hwloc XML description). Code 56. */
    TOPO(56),
    /** A set of device kinds (bit flags, {@code pmix_device_type_t}). Code 57. */
    DEVTYPE(57),
    /** A locality: how close two processes are (bit flags, {@code pmix_locality_t}). Code 58. */
    LOCTYPE(58),
    /** A byte object compressed with zlib. Code 59. */
    COMPRESSED_BYTE_OBJECT(59),
    /** A namespace on its own ({@code pmix_nspace_t}). Code 60. */
    PROC_NSPACE(60),
    /** Statistics of a process (CPU time, memory ...). Code 61. */
    PROC_STATS(61),
    /** Statistics of a disk. Code 62. */
    DISK_STATS(62),
    /** Statistics of a network interface. Code 63. */
    NET_STATS(63),
    /** Statistics of a node. Code 64. */
    NODE_STATS(64),
    /** A user's packed data buffer ({@code pmix_data_buffer_t}). Code 65. */
    DATA_BUFFER(65),
    /** Kinds of storage medium (bit flags). Code 66. */
    STOR_MEDIUM(66),
    /** Kinds of storage access (bit flags). Code 67. */
    STOR_ACCESS(67),
    /** Persistence of storage (bit flags). Code 68. */
    STOR_PERSIST(68),
    /** Kinds of storage access type (bit flags). Code 69. */
    STOR_ACCESS_TYPE(69),
    /** A device (OpenPMIx 6; never sent by a 4.2 peer). Code 70. */
    DEVICE(70),
    /** A resource-block directive (OpenPMIx 6; never sent by a 4.2 peer). Code 71. */
    RESBLOCK_DIRECTIVE(71),
    /** A resource unit (OpenPMIx 6; never sent by a 4.2 peer). Code 72. */
    RESOURCE_UNIT(72),
    /** A node and a pid (OpenPMIx 6; never sent by a 4.2 peer). Code 73. */
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

    /** {@return the number carried on the wire for this type} */
    public int code() {
        return code;
    }

    /** {@return the C macro name, e.g. {@code PMIX_UINT32}} */
    public String macroName() {
        return "PMIX_" + name();
    }

    /**
     * The type of a code read from the wire.
     *
     * @param code a type code
     * @return the type with this code, or {@code null} when the code names no type pmix4j knows
     */
    public static DataType forCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /**
     * The type of a name, as a user or a text form writes it.
     *
     * @param name a C macro name ({@code PMIX_INT32}) or a bare name ({@code INT32})
     * @return the type of that name, or {@code null} when there is none
     */
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
