package org.pmix4j.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A PMIx attribute: the C macro name, the key string that travels on the wire, the type of its value, a
 * one-line meaning, and whether it is deprecated. {@link Attributes} holds every attribute of libpmix 4.2.2
 * and of the PMIx Standard v5.0; {@link #of} defines others (e.g. a runtime's own keys).
 *
 * <p><b>Typed access.</b> {@code T} is the Java type that stands for the value type:
 * <ul>
 * <li>{@code String} for STRING; {@code Boolean} for BOOL;</li>
 * <li>{@code Integer} for INT, INT8, INT16, INT32, UINT, UINT8, UINT16, UINT32, PID, STATUS and PROC_RANK
 * (unsigned 32-bit types hold their bit pattern, as {@link Value.UInt32} does);</li>
 * <li>{@code Long} for INT64, UINT64, SIZE and TIME (UINT64 and SIZE as their bit pattern);</li>
 * <li>{@code Float}, {@code Double};</li>
 * <li>the value class itself for the structured and enumerated types ({@link Proc}, {@link DataArray},
 * {@link ByteObject}, {@link EnvironmentVariable}, {@link Value.DevType} ...);</li>
 * <li>{@link Value} for UNDEF, which stands for "the type varies" or "no value".</li>
 * </ul>
 * {@link #info} wraps a Java value into the exact PMIx type; {@link #get} converts back. {@code get} is
 * lenient where no information is lost: any integer type is accepted when the number fits the attribute's
 * type (a job size sent as UINT16 reads fine as a UINT32 attribute), a FLOAT reads as a DOUBLE, a
 * namespace value reads as a string, and a BOOL attribute with no value (UNDEF) reads as {@code true}, as
 * PMIx treats a bare flag. Anything else fails with {@link PmixStatus#PMIX_ERR_TYPE_MISMATCH}.
 *
 * @param <T> the Java type of the value, see above
 */
public final class Attribute<T> {
    private final String macroName;
    private final String key;
    private final DataType type;
    private final String meaning;
    private final boolean deprecated;
    private final boolean inLibpmix;
    private final Class<T> javaType;
    private final Level level;

    /**
     * The level of job data an attribute describes when it travels as job information: where a host's loose
     * key is filed and where an unqualified {@code PMIx_Get} of it looks. Only the keys a libpmix 4.2.2
     * client files outside the job level declare one ({@code pmix_check_session_info},
     * {@code pmix_check_node_info}, {@code pmix_check_app_info}); the others are job or process data as
     * their container says, and a loose one is job data.
     */
    public enum Level {
        /** Session data: filed for the session (e.g. PMIX_SESSION_INFO). */
        SESSION,
        /** Job data: filed for the job (rank wildcard). */
        JOB,
        /** Application data: filed for an application of the job (PMIX_APP_INFO). */
        APP,
        /** Node data: filed for a node (PMIX_NODE_INFO). */
        NODE,
        /** Process data: filed for one rank. */
        PROC
    }

    Attribute(Class<T> javaType, DataType type, String macroName, String key, String meaning, boolean deprecated,
            boolean inLibpmix) {
        this(javaType, type, macroName, key, meaning, deprecated, inLibpmix, null);
    }

    Attribute(Class<T> javaType, DataType type, String macroName, String key, String meaning, boolean deprecated,
            boolean inLibpmix, Level level) {
        this.level = level;
        this.javaType = Objects.requireNonNull(javaType, "javaType");
        this.type = Objects.requireNonNull(type, "type");
        this.macroName = Objects.requireNonNull(macroName, "macroName");
        this.key = Objects.requireNonNull(key, "key");
        this.meaning = Objects.requireNonNull(meaning, "meaning");
        this.deprecated = deprecated;
        this.inLibpmix = inLibpmix;
        if (key.isEmpty() || key.length() > Info.MAX_KEY_LENGTH) {
            throw new IllegalArgumentException("attribute " + macroName + ": key '" + key + "' is empty or longer than "
                    + Info.MAX_KEY_LENGTH + " characters");
        }
        Class<?> expected = javaTypeFor(type);
        if (expected != javaType) {
            throw new IllegalArgumentException("attribute " + macroName + ": a " + type + " value is a "
                    + expected.getName() + " in Java, not a " + javaType.getName());
        }
    }

    /**
     * Defines an attribute that {@link Attributes} does not know. {@code javaType} must be the Java type
     * this class uses for {@code type} ({@link #javaTypeFor}), e.g. {@code Integer.class} for UINT32.
     *
     * @param <T> the Java type of values
     * @param javaType the Java type of values
     * @param type the PMIx type of values
     * @param macroName the C macro's name, e.g. {@code MYRM_QUEUE}
     * @param key the key on the wire, e.g. {@code myrm.queue}
     * @param meaning what the attribute is for, in one line
     * @return the attribute
     * @throws IllegalArgumentException when the key is too long or the Java type does not fit the PMIx type
     */
    public static <T> Attribute<T> of(Class<T> javaType, DataType type, String macroName, String key, String meaning) {
        return new Attribute<>(javaType, type, macroName, key, meaning, false, false);
    }

    /**
     * The C macro, e.g. {@code PMIX_JOB_SIZE}.
     *
     * @return the macro's name
     */
    public String macroName() {
        return macroName;
    }

    /**
     * The key string used on the wire, e.g. {@code pmix.job.size}.
     *
     * @return the key
     */
    public String key() {
        return key;
    }

    /**
     * The PMIx type of the value; {@link DataType#UNDEF} when it varies or there is none.
     *
     * @return the type
     */
    public DataType type() {
        return type;
    }

    /**
     * What the attribute is for, in one line.
     *
     * @return the description
     */
    public String meaning() {
        return meaning;
    }

    /**
     * True when libpmix 4.2.2 or the Standard v5.0 marks the attribute deprecated or removed.
     *
     * @return whether it is deprecated
     */
    public boolean deprecated() {
        return deprecated;
    }

    /**
     * False for attributes that only the PMIx Standard declares: libpmix 4.2.2 has no macro for them.
     *
     * @return whether libpmix 4.2.2 defines it
     */
    public boolean inLibpmix() {
        return inLibpmix;
    }

    /**
     * The level this attribute declares (see {@link Level}); empty for job-level and process-level keys.
     *
     * @return the level, if it declares one
     */
    public Optional<Level> level() {
        return Optional.ofNullable(level);
    }

    /**
     * The Java type of values, {@code T}.
     *
     * @return the class of values
     */
    public Class<T> javaType() {
        return javaType;
    }

    // ---- typed access -------------------------------------------------------------------------------

    /**
     * An info with this key and the value in the attribute's PMIx type.
     *
     * @param value the value
     * @return the info
     */
    public Info info(T value) {
        return Info.of(key, value(value));
    }

    /**
     * Like {@link #info} but marked required: the receiver must honour it or fail.
     *
     * @param value the value
     * @return the info, with its REQUIRED directive set
     */
    public Info requiredInfo(T value) {
        return Info.required(key, value(value));
    }

    /**
     * The value in the attribute's PMIx type. Fails with {@link PmixStatus#PMIX_ERR_BAD_PARAM} when the
     * number does not fit the type (e.g. 70000 for a UINT16) or the value is a PMIx value of another type.
     * Only STRING attributes accept null (the C NULL string).
     *
     * @param value the Java value
     * @return the PMIx value
     */
    public Value value(T value) {
        if (value == null) {
            if (type == DataType.STRING) {
                return new Value.Str(null);
            }
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "attribute " + macroName + " (" + key
                    + ") cannot carry a null value");
        }
        Object v = value;
        try {
            return switch (type) {
                case STRING -> new Value.Str((String) v);
                case BOOL -> Value.of((Boolean) v);
                case INT -> new Value.Int((Integer) v);
                case INT32 -> new Value.Int32((Integer) v);
                case INT16 -> new Value.Int16((short) checkRange((Integer) v, Short.MIN_VALUE, Short.MAX_VALUE));
                case INT8 -> new Value.Int8((byte) checkRange((Integer) v, Byte.MIN_VALUE, Byte.MAX_VALUE));
                case UINT -> new Value.UInt((Integer) v);
                case UINT32 -> new Value.UInt32((Integer) v);
                case UINT16 -> new Value.UInt16((int) checkRange((Integer) v, 0, 0xffff));
                case UINT8 -> new Value.UInt8((int) checkRange((Integer) v, 0, 0xff));
                case PID -> new Value.Pid((Integer) v);
                case STATUS -> new Value.Status((Integer) v);
                case PROC_RANK -> new Rank((Integer) v);
                case INT64 -> new Value.Int64((Long) v);
                case UINT64 -> new Value.UInt64((Long) v);
                case SIZE -> new Value.Size((Long) v);
                case TIME -> new Value.Time((Long) v);
                case FLOAT -> new Value.Float((java.lang.Float) v);
                case DOUBLE -> new Value.Double((java.lang.Double) v);
                case UNDEF, VALUE -> (Value) v;
                default -> {
                    Value pv = (Value) v;
                    if (pv.type() != type) {
                        throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "attribute " + macroName + " ("
                                + key + ") takes a " + type + " value, not a " + pv.type() + ": " + pv);
                    }
                    yield pv;
                }
            };
        } catch (IllegalArgumentException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "attribute " + macroName + " (" + key + "): "
                    + e.getMessage(), e);
        }
    }

    /**
     * The Java value of a PMIx value of this attribute. Fails with {@link PmixStatus#PMIX_ERR_TYPE_MISMATCH}
     * when the value has another type that cannot be read safely as this one (see the class comment).
     * A STRING attribute returns null for the C NULL string.
     *
     * @param v a value received under this attribute's key
     * @return the Java value
     */
    public T get(Value v) {
        Objects.requireNonNull(v, "value");
        Object r = convert(v);
        boolean nullString = type == DataType.STRING && (v instanceof Value.Str || v instanceof Value.Nspace);
        if (r == null && !nullString) {
            throw mismatch(v, null);
        }
        return javaType.cast(r);
    }

    /**
     * The value read as {@link #get} reads it (any integer type whose number fits, for an integer attribute),
     * or empty where {@code get} would fail: for a receiver that treats a value it cannot read as absent.
     * The C NULL string of a STRING attribute is empty too.
     *
     * @param v a value received under this attribute's key
     * @return the Java value, or empty
     */
    public Optional<T> read(Value v) {
        if (v == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(get(v));
        } catch (PmixException e) {
            return Optional.empty();
        }
    }

    /**
     * The value of the first info with this key, converted by {@link #get}; empty when there is none.
     *
     * @param infos the infos to look in
     * @return the value, or empty
     */
    public Optional<T> find(List<Info> infos) {
        for (Info i : infos) {
            if (key.equals(i.key())) {
                return Optional.ofNullable(get(i.value()));
            }
        }
        return Optional.empty();
    }

    /**
     * True when the list has an info with this key.
     *
     * @param infos the infos to look in
     * @return whether one has this key
     */
    public boolean isIn(List<Info> infos) {
        for (Info i : infos) {
            if (key.equals(i.key())) {
                return true;
            }
        }
        return false;
    }

    private Object convert(Value v) {
        switch (type) {
            case UNDEF, VALUE:
                return v;
            case STRING:
                if (v instanceof Value.Str s) {
                    return s.value();
                }
                if (v instanceof Value.Nspace n) {
                    return n.value();
                }
                return null;
            case BOOL:
                if (v instanceof Value.Bool b) {
                    return b.value();
                }
                return v instanceof Value.Undef ? Boolean.TRUE : null;
            case FLOAT:
                if (v instanceof Value.Float f) {
                    return f.value();
                }
                if (v instanceof Value.Double d && (double) (float) d.value() == d.value()) {
                    return (float) d.value();
                }
                return null;
            case DOUBLE:
                if (v instanceof Value.Double d) {
                    return d.value();
                }
                return v instanceof Value.Float f ? (double) f.value() : null;
            default:
                break;
        }
        if (isIntegral(type)) {
            return integral(v);
        }
        return v.type() == type ? v : null;
    }

    /** Reads any integer-typed value and narrows it to this attribute's type if the number fits. */
    private Object integral(Value v) {
        if (!isIntegral(v.type())) {
            return null;
        }
        long x = number(v);
        // a 64-bit unsigned number above Long.MAX_VALUE: its bits read as negative
        boolean huge = x < 0 && (v.type() == DataType.UINT64 || v.type() == DataType.SIZE);
        return switch (type) {
            case INT8 -> fits(!huge && x >= Byte.MIN_VALUE && x <= Byte.MAX_VALUE, v, (int) x);
            case INT16 -> fits(!huge && x >= Short.MIN_VALUE && x <= Short.MAX_VALUE, v, (int) x);
            case INT, INT32, PID, STATUS -> fits(!huge && x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE, v, (int) x);
            case UINT8 -> fits(!huge && x >= 0 && x <= 0xff, v, (int) x);
            case UINT16 -> fits(!huge && x >= 0 && x <= 0xffff, v, (int) x);
            case UINT, UINT32, PROC_RANK -> fits(!huge && x >= 0 && x <= 0xffff_ffffL, v, (int) x);
            case INT64, TIME -> fits(!huge, v, x);
            case UINT64, SIZE -> fits(huge || x >= 0, v, x);
            default -> throw new AssertionError(type);
        };
    }

    /**
     * The number an integer-typed value holds (unsigned types zero-extended). A chain of instanceof rather
     * than a pattern switch: a type switch is bound at its first use by an invokedynamic bootstrap that
     * generates a class, which no class archive keeps, and a fresh client reads its job data with this.
     */
    private static long number(Value v) {
        if (v instanceof Value.UInt32 i) {
            return Integer.toUnsignedLong(i.value());
        } else if (v instanceof Rank r) {
            return Integer.toUnsignedLong(r.value());
        } else if (v instanceof Value.UInt16 i) {
            return i.value();
        } else if (v instanceof Value.Int i) {
            return i.value();
        } else if (v instanceof Value.Int8 i) {
            return i.value();
        } else if (v instanceof Value.Int16 i) {
            return i.value();
        } else if (v instanceof Value.Int32 i) {
            return i.value();
        } else if (v instanceof Value.Int64 i) {
            return i.value();
        } else if (v instanceof Value.UInt i) {
            return Integer.toUnsignedLong(i.value());
        } else if (v instanceof Value.UInt8 i) {
            return i.value();
        } else if (v instanceof Value.UInt64 i) {
            return i.value();
        } else if (v instanceof Value.Size i) {
            return i.value();
        } else if (v instanceof Value.Pid i) {
            return i.value();
        } else if (v instanceof Value.Status i) {
            return i.code();
        } else if (v instanceof Value.Time i) {
            return i.seconds();
        }
        throw new AssertionError(v);
    }

    private Object fits(boolean ok, Value v, Object result) {
        if (!ok) {
            throw mismatch(v, "the number does not fit a " + type);
        }
        return result;
    }

    private PmixException mismatch(Value v, String why) {
        return new PmixException(PmixStatus.PMIX_ERR_TYPE_MISMATCH, "attribute " + macroName + " (" + key
                + ") wants a " + type + " value but got a " + v.type() + " (" + v + ")" + (why != null ? ": " + why : ""));
    }

    private static long checkRange(int v, int min, int max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException("value " + v + " is outside " + min + ".." + max);
        }
        return v;
    }

    private static boolean isIntegral(DataType t) {
        return switch (t) {
            case INT, INT8, INT16, INT32, INT64, UINT, UINT8, UINT16, UINT32, UINT64, SIZE, PID, STATUS, PROC_RANK,
                    TIME -> true;
            default -> false;
        };
    }

    /**
     * The Java type that stands for values of a PMIx type in typed access (see the class comment).
     *
     * @param t the PMIx type
     * @return the Java type, e.g. {@code Integer.class} for UINT32
     */
    public static Class<?> javaTypeFor(DataType t) {
        return switch (t) {
            case UNDEF, VALUE, DEVICE, RESBLOCK_DIRECTIVE, RESOURCE_UNIT, NODE_PID -> Value.class;
            case BOOL -> Boolean.class;
            case BYTE -> Value.Byte.class;
            case STRING -> String.class;
            case INT, INT8, INT16, INT32, UINT, UINT8, UINT16, UINT32, PID, STATUS, PROC_RANK -> Integer.class;
            case INT64, UINT64, SIZE, TIME -> Long.class;
            case FLOAT -> java.lang.Float.class;
            case DOUBLE -> java.lang.Double.class;
            case TIMEVAL -> Value.TimeVal.class;
            case PROC -> Proc.class;
            case APP -> App.class;
            case INFO -> Info.class;
            case PDATA -> PublishedData.class;
            case BUFFER -> Value.Buffer.class;
            case BYTE_OBJECT -> ByteObject.class;
            case KVAL -> KeyValue.class;
            case PERSIST -> Persistence.class;
            case POINTER -> Value.Pointer.class;
            case SCOPE -> Scope.class;
            case DATA_RANGE -> DataRange.class;
            case COMMAND -> Value.Command.class;
            case INFO_DIRECTIVES -> InfoDirectives.class;
            case DATA_TYPE -> Value.TypeCode.class;
            case PROC_STATE -> ProcState.class;
            case PROC_INFO -> ProcInfo.class;
            case DATA_ARRAY -> DataArray.class;
            case QUERY -> Query.class;
            case COMPRESSED_STRING -> Value.CompressedString.class;
            case ALLOC_DIRECTIVE -> AllocDirective.class;
            case IOF_CHANNEL -> IofChannel.class;
            case ENVAR -> EnvironmentVariable.class;
            case COORD -> Coord.class;
            case REGATTR -> AttributeDescription.class;
            case REGEX -> Regex.class;
            case JOB_STATE -> JobState.class;
            case LINK_STATE -> LinkState.class;
            case PROC_CPUSET -> Cpuset.class;
            case GEOMETRY -> Geometry.class;
            case DEVICE_DIST -> DeviceDistance.class;
            case ENDPOINT -> Endpoint.class;
            case TOPO -> Topology.class;
            case DEVTYPE -> Value.DevType.class;
            case LOCTYPE -> Value.LocType.class;
            case COMPRESSED_BYTE_OBJECT -> Value.CompressedBytes.class;
            case PROC_NSPACE -> Value.Nspace.class;
            case PROC_STATS -> ProcStats.class;
            case DISK_STATS -> DiskStats.class;
            case NET_STATS -> NetStats.class;
            case NODE_STATS -> NodeStats.class;
            case DATA_BUFFER -> Value.DataBuffer.class;
            case STOR_MEDIUM -> Value.StorMedium.class;
            case STOR_ACCESS -> Value.StorAccess.class;
            case STOR_PERSIST -> Value.StorPersist.class;
            case STOR_ACCESS_TYPE -> Value.StorAccessType.class;
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Attribute<?> a && a.macroName.equals(macroName) && a.key.equals(key) && a.type == type
                && a.deprecated == deprecated && a.inLibpmix == inLibpmix && a.meaning.equals(meaning);
    }

    @Override
    public int hashCode() {
        return Objects.hash(macroName, key, type);
    }

    /** {@code PMIX_JOB_SIZE(pmix.job.size: UINT32)}. */
    @Override
    public String toString() {
        return macroName + "(" + key + ": " + type + ")";
    }
}
