package org.pmix4j.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The typed access of {@link Attribute} and the lookups and bookkeeping of {@link Attributes}. */
class AttributeTypedAccessTest {

    // ---- info(): the right PMIx type for each kind of attribute ------------------------------------------

    @Test
    void infoBuildsTheValueTypeOfTheAttribute() {
        assertEquals(new Value.UInt32(4), Attributes.JOB_SIZE.info(4).value());
        assertEquals("pmix.job.size", Attributes.JOB_SIZE.info(4).key());
        assertEquals(new Value.Str("ns1"), Attributes.NSPACE.info("ns1").value());
        assertSame(Value.Bool.TRUE, Attributes.SPAWNED.info(true).value());
        assertEquals(new Value.UInt16(3), Attributes.LOCAL_RANK.info(3).value());
        assertEquals(new Value.Int(5000), Attributes.TCP_IPV4_PORT.info(5000).value());
        assertEquals(new Value.Int32(25), Attributes.LOG_EMAIL_SRVR_PORT.info(25).value());
        assertEquals(new Value.Pid(1234), Attributes.PROC_PID.info(1234).value());
        assertEquals(new Value.Status(-46), Attributes.JOB_TERM_STATUS.info(-46).value());
        assertEquals(new Rank(Rank.WILDCARD), Attributes.RANK.info(Rank.WILDCARD).value());
        assertEquals(new Value.UInt64(1L << 40), Attributes.AVAIL_PHYS_MEMORY.info(1L << 40).value());
        assertEquals(new Value.Size(9), Attributes.GROUP_CONTEXT_ID.info(9L).value());
        assertEquals(new Value.Time(1_700_000_000L), Attributes.EVENT_TIMESTAMP.info(1_700_000_000L).value());
        assertEquals(new Value.Float(1.5f), Attributes.DAEMON_MEMORY.info(1.5f).value());
        assertEquals(new Value.Double(2.25), Attributes.STORAGE_BW_CUR.info(2.25).value());
        Proc p = new Proc("ns1", 2);
        assertSame(p, Attributes.PROCID.info(p).value());
        assertEquals(DataType.DATA_ARRAY, Attributes.LOCAL_PROCS.info(
                new DataArray(DataType.PROC, List.of(p))).value().type());
        assertEquals(DataType.ENVAR, Attributes.SET_ENVAR.info(new EnvironmentVariable("PATH", "/bin", ':')).value().type());
        assertEquals(DataType.DEVTYPE, Attributes.DEVICE_TYPE.info(new Value.DevType(4)).value().type());
        assertEquals(DataType.UNDEF, Attributes.MAX_VALUE.type());
        assertEquals(new Value.Int64(-1), Attributes.MAX_VALUE.info(new Value.Int64(-1)).value(), "varies: as given");
        assertTrue(Attributes.TIMEOUT.requiredInfo(5).isRequired());
        assertEquals(new Value.Str(null), Attributes.NSPACE.info(null).value(), "the C NULL string");
    }

    @Test
    void infoRefusesNumbersThatDoNotFit() {
        PmixException e = assertThrows(PmixException.class, () -> Attributes.LOCAL_RANK.info(70000));
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("PMIX_LOCAL_RANK"), e.getMessage());
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> Attributes.JOB_SIZE.info(null)).status());
        Attribute<Value> anyType = Attribute.of(Value.class, DataType.UNDEF, "X_ANY", "x.any", "test");
        assertEquals(Value.of("v"), anyType.value(Value.of("v")));
        Attribute<Proc> proc = Attributes.PROCID;
        @SuppressWarnings({"unchecked", "rawtypes"})
        Attribute<Value> raw = (Attribute) proc;
        // a caller who bypasses the generics with a PMIx value of another type
        assertEquals(PmixStatus.PMIX_ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> raw.value(new Value.Size(1))).status());
    }

    // ---- get(): back to Java, leniently where nothing is lost ---------------------------------------------

    @Test
    void getConvertsBack() {
        assertEquals(4, Attributes.JOB_SIZE.get(new Value.UInt32(4)));
        assertEquals("ns1", Attributes.NSPACE.get(new Value.Str("ns1")));
        assertNull(Attributes.NSPACE.get(new Value.Str(null)));
        assertEquals("ns1", Attributes.NSPACE.get(new Value.Nspace("ns1")), "a namespace value is a string");
        assertEquals(Boolean.FALSE, Attributes.SPAWNED.get(Value.Bool.FALSE));
        assertEquals(Boolean.TRUE, Attributes.SPAWNED.get(Value.Undef.INSTANCE), "a bare flag means true");
        assertEquals(Rank.WILDCARD, Attributes.RANK.get(new Rank(Rank.WILDCARD)));
        assertEquals(-1L, Attributes.AVAIL_PHYS_MEMORY.get(new Value.UInt64(-1L)), "UINT64 keeps its bit pattern");
        assertEquals(2.5, Attributes.STORAGE_BW_CUR.get(new Value.Float(2.5f)), "float widens to double");
        assertEquals(0.5f, Attributes.DAEMON_MEMORY.get(new Value.Double(0.5)), "exactly representable");
        Value anything = new Value.Int16((short) 3);
        assertSame(anything, Attributes.MIN_VALUE.get(anything));
    }

    @Test
    void getIsLenientForIntegerWidthsThatFit() {
        assertEquals(7, Attributes.JOB_SIZE.get(new Value.UInt16(7)));
        assertEquals(7, Attributes.JOB_SIZE.get(new Value.Int64(7)));
        assertEquals(7, Attributes.JOB_SIZE.get(new Value.Int32(7)));
        assertEquals(0xffff_fff0, Attributes.JOB_SIZE.get(new Value.Size(0xffff_fff0L)), "as unsigned bits");
        assertEquals(3, Attributes.RANK.get(new Value.UInt32(3)));
        assertEquals(3, Attributes.LOCAL_RANK.get(new Value.UInt32(3)));
        assertEquals(12L, Attributes.GROUP_CONTEXT_ID.get(new Value.UInt32(12)));
        assertEquals(0xffff_ffffL, Attributes.GROUP_CONTEXT_ID.get(new Value.UInt32(-1)), "unsigned, not -1");
        assertEquals(-46, Attributes.JOB_TERM_STATUS.get(new Value.Int(-46)));
        assertEquals(99, Attributes.PROC_PID.get(new Value.Int32(99)));
        assertMismatch(() -> Attributes.JOB_SIZE.get(new Value.Int32(-1)), "UINT32");
        assertMismatch(() -> Attributes.JOB_SIZE.get(new Value.UInt64(1L << 32)), "UINT32");
        assertMismatch(() -> Attributes.LOCAL_RANK.get(new Value.UInt32(70000)), "UINT16");
        assertMismatch(() -> Attributes.RANK.get(new Value.Int(-2)), "PROC_RANK");
        Attribute<Long> int64 = Attribute.of(Long.class, DataType.INT64, "X_I64", "x.i64", "test");
        assertEquals(-5L, int64.get(new Value.Int8((byte) -5)));
        assertMismatch(() -> int64.get(new Value.UInt64(-1L)), "INT64");
    }

    @Test
    void getOfAnotherTypeThrowsTypeMismatch() {
        PmixException e = assertMismatch(() -> Attributes.JOB_SIZE.get(Value.of("four")), "UINT32");
        assertTrue(e.getMessage().startsWith("PMIX_ERR_TYPE_MISMATCH (-18): "), e.getMessage());
        assertTrue(e.getMessage().contains("PMIX_JOB_SIZE") && e.getMessage().contains("pmix.job.size")
                && e.getMessage().contains("STRING"), e.getMessage());
        assertMismatch(() -> Attributes.NSPACE.get(new Value.UInt32(1)), "STRING");
        assertMismatch(() -> Attributes.SPAWNED.get(new Value.UInt8(1)), "BOOL");
        assertMismatch(() -> Attributes.PROCID.get(Value.of("ns:1")), "PROC");
        assertMismatch(() -> Attributes.DAEMON_MEMORY.get(new Value.Double(0.1)), "FLOAT");
        assertMismatch(() -> Attributes.STORAGE_BW_CUR.get(new Value.Int(1)), "DOUBLE");
        assertMismatch(() -> Attributes.JOB_SIZE.get(Value.Undef.INSTANCE), "UINT32");
        assertMismatch(() -> Attributes.LOCAL_PROCS.get(new Proc("n", 0)), "DATA_ARRAY");
    }

    private static PmixException assertMismatch(org.junit.jupiter.api.function.Executable call, String wanted) {
        PmixException e = assertThrows(PmixException.class, call);
        assertEquals(PmixStatus.PMIX_ERR_TYPE_MISMATCH, e.status(), e.getMessage());
        assertTrue(e.getMessage().contains(wanted), e.getMessage());
        return e;
    }

    @Test
    void readIsGetThatTurnsWhatCannotBeReadIntoNothing() {
        assertEquals(Optional.of(7L), Attributes.GROUP_CONTEXT_ID.read(new Value.Int32(7)));
        assertEquals(Optional.of(30), Attributes.TIMEOUT.read(new Value.UInt64(30)));
        assertEquals(Optional.of(5), Attributes.RANK.read(new Rank(5)));
        assertEquals(Optional.empty(), Attributes.TIMEOUT.read(Value.of("soon")), "not a number");
        assertEquals(Optional.empty(), Attributes.TIMEOUT.read(new Value.UInt64(1L << 40)), "does not fit an INT");
        assertEquals(Optional.empty(), Attributes.GROUP_CONTEXT_ID.read(new Value.Int(-1)), "no SIZE");
        assertEquals(Optional.empty(), Attributes.TIMEOUT.read(null));
    }

    @Test
    void findLooksUpTheKeyInAList() {
        List<Info> infos = List.of(Info.of("other", "x"), Attributes.JOB_SIZE.info(8), Attributes.NSPACE.info("n"),
                Info.of(Attributes.SPAWNED.key(), Value.Undef.INSTANCE));
        assertEquals(Optional.of(8), Attributes.JOB_SIZE.find(infos));
        assertEquals(Optional.of("n"), Attributes.NSPACE.find(infos));
        assertEquals(Optional.of(true), Attributes.SPAWNED.find(infos));
        assertEquals(Optional.empty(), Attributes.APP_SIZE.find(infos));
        assertTrue(Attributes.JOB_SIZE.isIn(infos));
        assertFalse(Attributes.APP_SIZE.isIn(infos));
        List<Info> bad = List.of(Info.of(Attributes.JOB_SIZE.key(), "eight"));
        assertMismatch(() -> Attributes.JOB_SIZE.find(bad), "UINT32");
    }

    /** Every attribute of the dictionary carries a sample of its type there and back. */
    @Test
    void everyAttributeRoundTripsASampleValue() {
        for (Attribute<?> a : Attributes.all()) {
            roundTrip(a);
        }
    }

    private static <T> void roundTrip(Attribute<T> a) {
        T sample = a.javaType().cast(sample(a.type()));
        Info info = a.info(sample);
        assertEquals(a.key(), info.key());
        if (a.type() != DataType.UNDEF) {
            assertEquals(a.type(), info.value().type(), a.toString());
        }
        assertEquals(sample, a.get(info.value()), a.toString());
        assertEquals(Optional.of(sample), a.find(List.of(info)), a.toString());
    }

    private static Object sample(DataType t) {
        return switch (t) {
            case STRING -> "text";
            case BOOL -> Boolean.TRUE;
            case INT, INT8, INT16, INT32, UINT, UINT8, UINT16, UINT32, PID, STATUS, PROC_RANK -> 7;
            case INT64, UINT64, SIZE, TIME -> 7L;
            case FLOAT -> 1.5f;
            case DOUBLE -> 2.5;
            case PROC -> new Proc("ns", 1);
            case DATA_ARRAY -> DataArray.ofInfos(List.of(Info.of("k", "v")));
            case BYTE_OBJECT -> new ByteObject(new byte[] {1, 2});
            case ENVAR -> new EnvironmentVariable("A", "b", ':');
            case GEOMETRY -> new Geometry(0, "uuid", "eth0", List.of());
            case LINK_STATE -> LinkState.UP;
            case DEVTYPE -> new Value.DevType(4);
            case LOCTYPE -> new Value.LocType(1);
            case DATA_RANGE -> DataRange.LOCAL;
            case PERSIST -> Persistence.PROC;
            case SCOPE -> Scope.GLOBAL;
            case PROC_STATE -> ProcState.RUNNING;
            case PROC_CPUSET -> new Cpuset("0-3");
            case TOPO -> new Topology(null, null);
            case STOR_MEDIUM -> new Value.StorMedium(1);
            case STOR_ACCESS -> new Value.StorAccess(2);
            case STOR_PERSIST -> new Value.StorPersist(4);
            case STOR_ACCESS_TYPE -> new Value.StorAccessType(1);
            case POINTER -> Value.Pointer.INSTANCE;
            case UNDEF -> Value.of("anything");
            default -> throw new AssertionError("no sample for " + t);
        };
    }

    // ---- the dictionary itself -----------------------------------------------------------------------------

    @Test
    void everyConstantIsDeclaredWithTheJavaTypeOfItsValueType() throws IllegalAccessException {
        List<String> wrong = new ArrayList<>();
        Set<Object> constants = new HashSet<>();
        for (Field f : Attributes.class.getFields()) {
            if (!Modifier.isStatic(f.getModifiers()) || f.getType() != Attribute.class) {
                continue;
            }
            Attribute<?> a = (Attribute<?>) f.get(null);
            constants.add(a);
            Type arg = ((ParameterizedType) f.getGenericType()).getActualTypeArguments()[0];
            if (arg != a.javaType()) {
                wrong.add(f.getName() + " is declared Attribute<" + arg.getTypeName() + "> but its " + a.type()
                        + " values are " + a.javaType().getName());
            }
            if (!a.macroName().equals("PMIX_" + f.getName())) {
                wrong.add(f.getName() + " holds " + a.macroName());
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(Attributes.all().size(), constants.size(), "every registered attribute is a constant");
        assertTrue(constants.containsAll(Attributes.all()));
    }

    @Test
    void meaningsAreSingleLines() {
        for (Attribute<?> a : Attributes.all()) {
            assertFalse(a.meaning().isBlank(), a.macroName());
            assertFalse(a.meaning().contains("\n"), a.macroName());
            assertTrue(a.meaning().length() <= 110, a.macroName() + ": meaning too long for one line");
            assertTrue(a.key().startsWith("pmix."), a.macroName() + " key " + a.key());
        }
    }

    @Test
    void counts() {
        List<Attribute<?>> all = Attributes.all();
        // 540 from libpmix 4.2.2 and the Standard v5.0, plus 3 of OpenPMIx 5.0 (scheduler, system controller)
        // and 20 of OpenPMIx 5/6 for sessions (session control, the SEP flags, PMIX_REQUESTOR)
        assertEquals(563, all.size(), "libpmix 4.2.2, the Standard v5.0 and 23 OpenPMIx 5/6 additions");
        assertEquals(35, all.stream().filter(a -> !a.inLibpmix()).count(), "not in libpmix 4.2.2");
        assertEquals(63, all.stream().filter(Attribute::deprecated).count(), "deprecated or removed");
        assertEquals(3, EnvVars.all().size());
    }

    @Test
    void lookups() {
        assertSame(Attributes.JOB_SIZE, Attributes.forKey("pmix.job.size").orElseThrow());
        assertSame(Attributes.JOB_SIZE, Attributes.forMacro("PMIX_JOB_SIZE").orElseThrow());
        assertSame(Attributes.JOB_SIZE, Attributes.forMacro("JOB_SIZE").orElseThrow());
        assertEquals(Optional.empty(), Attributes.forKey("pmix.no.such.key"));
        assertEquals(Optional.empty(), Attributes.forMacro("PMIX_NO_SUCH"));
        // keys shared by two macros: the current one wins, declaration order decides between current ones
        assertSame(Attributes.ALLOC_FABRIC, Attributes.forKey("pmix.alloc.net").orElseThrow());
        assertEquals(List.of(Attributes.ALLOC_FABRIC, Attributes.ALLOC_NETWORK), Attributes.forKeyAll("pmix.alloc.net"));
        assertSame(Attributes.PROC_INFO_ARRAY, Attributes.forKey("pmix.pdata").orElseThrow());
        assertSame(Attributes.DEBUG_STOP_IN_APP, Attributes.forKey("pmix.dbg.notify").orElseThrow());
        assertSame(Attributes.QUERY_QUALIFIERS, Attributes.forKey("pmix.qry.quals").orElseThrow());
        assertEquals(2, Attributes.forKeyAll("pmix.fab.coord").size());
        assertEquals(List.of(), Attributes.forKeyAll("pmix.nothing"));
        // the Standard's own spellings of keys that libpmix spells differently
        assertSame(Attributes.SERVER_START_TIME, Attributes.forKey("pmix.srvr.strtime").orElseThrow());
        assertEquals("pmix.srv.strtime", Attributes.SERVER_START_TIME.key());
        assertSame(Attributes.FABRIC_COORDINATES, Attributes.forKey("pmix.fab.coords").orElseThrow());
        // attributes only the Standard has
        assertFalse(Attributes.ERROR_NAME.inLibpmix());
        assertTrue(Attributes.ERROR_NAME.deprecated());
        assertFalse(Attributes.PROC_INFO.deprecated());
        assertTrue(Attributes.JOB_SIZE.inLibpmix());
        assertFalse(Attributes.JOB_SIZE.deprecated());
        assertTrue(Attributes.TOPOLOGY.deprecated());
        assertEquals("PMIX_JOB_SIZE(pmix.job.size: UINT32)", Attributes.JOB_SIZE.toString());
    }

    @Test
    void userDefinedAttributesMustUseTheMatchingJavaType() {
        Attribute<Integer> ok = Attribute.of(Integer.class, DataType.UINT16, "PRTE_X", "prte.x", "a runtime's own key");
        assertEquals(new Value.UInt16(3), ok.info(3).value());
        assertFalse(ok.inLibpmix());
        assertThrows(IllegalArgumentException.class,
                () -> Attribute.of(Long.class, DataType.UINT32, "PRTE_Y", "prte.y", "wrong Java type"));
        assertThrows(IllegalArgumentException.class,
                () -> Attribute.of(String.class, DataType.STRING, "PRTE_Z", "", "empty key"));
        assertInstanceOf(Class.class, Attribute.javaTypeFor(DataType.NODE_PID));
        for (DataType t : DataType.values()) {
            Class<?> j = Attribute.javaTypeFor(t);
            assertTrue(j == String.class || j == Boolean.class || Number.class.isAssignableFrom(j)
                    || Value.class.isAssignableFrom(j), t + " -> " + j);
        }
    }
}
