package org.pmix4j.server.store;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attribute.Level;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataType;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * The keys the store reads, the checks and canonical types of their values, and the level a loose key
 * belongs to.
 *
 * <p>The levels are those the attribute dictionary declares ({@link Attribute#level}): the lists a libpmix
 * 4.2.2 client uses to decide where an unqualified {@code PMIx_Get} looks. The server files loose
 * registration keys by the same declaration, so that every value ends up where such a client will look
 * for it. Everything else is job level.
 */
final class Keys {
    private Keys() {
    }

    static final String SESSION_ARRAY = Attributes.SESSION_INFO_ARRAY.key();
    static final String JOB_ARRAY = Attributes.JOB_INFO_ARRAY.key();
    static final String APP_ARRAY = Attributes.APP_INFO_ARRAY.key();
    static final String NODE_ARRAY = Attributes.NODE_INFO_ARRAY.key();
    /** PMIX_PROC_INFO_ARRAY and PMIX_PROC_DATA share this key. */
    static final String PROC_ARRAY = Attributes.PROC_INFO_ARRAY.key();
    static final String PROC_BLOB = Attributes.PROC_BLOB.key();

    static final String NODE_MAP = Attributes.NODE_MAP.key();
    static final String PROC_MAP = Attributes.PROC_MAP.key();
    static final String NODE_MAP_RAW = Attributes.NODE_MAP_RAW.key();
    static final String PROC_MAP_RAW = Attributes.PROC_MAP_RAW.key();

    static final String SESSION_ID = Attributes.SESSION_ID.key();
    static final String UNIV_SIZE = Attributes.UNIV_SIZE.key();
    static final String TMPDIR = Attributes.TMPDIR.key();
    static final String NSDIR = Attributes.NSDIR.key();
    static final String PROCDIR = Attributes.PROCDIR.key();

    static final String NSPACE = Attributes.NSPACE.key();
    static final String JOBID = Attributes.JOBID.key();
    static final String JOB_SIZE = Attributes.JOB_SIZE.key();
    static final String MAX_PROCS = Attributes.MAX_PROCS.key();
    static final String NUM_NODES = Attributes.NUM_NODES.key();
    static final String NUM_APPS = Attributes.JOB_NUM_APPS.key();
    static final String NODE_LIST = Attributes.NODE_LIST.key();
    static final String OFFSET = Attributes.NPROC_OFFSET.key();

    static final String APPNUM = Attributes.APPNUM.key();
    static final String APP_SIZE = Attributes.APP_SIZE.key();
    static final String APPLDR = Attributes.APPLDR.key();

    static final String HOSTNAME = Attributes.HOSTNAME.key();
    static final String ALIASES = Attributes.HOSTNAME_ALIASES.key();
    static final String NODEID = Attributes.NODEID.key();
    static final String LOCAL_SIZE = Attributes.LOCAL_SIZE.key();
    static final String NODE_SIZE = Attributes.NODE_SIZE.key();
    static final String LOCAL_PEERS = Attributes.LOCAL_PEERS.key();
    static final String LOCALLDR = Attributes.LOCALLDR.key();

    static final String RANK = Attributes.RANK.key();
    static final String PROCID = Attributes.PROCID.key();
    static final String LOCAL_RANK = Attributes.LOCAL_RANK.key();
    static final String NODE_RANK = Attributes.NODE_RANK.key();
    static final String GLOBAL_RANK = Attributes.GLOBAL_RANK.key();
    static final String APP_RANK = Attributes.APP_RANK.key();

    static final String REGISTER_NODATA = Attributes.REGISTER_NODATA.key();

    static final String SESSION_INFO = Attributes.SESSION_INFO.key();
    static final String JOB_INFO = Attributes.JOB_INFO.key();
    static final String APP_INFO = Attributes.APP_INFO.key();
    static final String NODE_INFO = Attributes.NODE_INFO.key();

    /** Container keys: they never appear as plain values of a level. */
    static final Set<String> CONTAINERS = Set.of(SESSION_ARRAY, JOB_ARRAY, APP_ARRAY, NODE_ARRAY, PROC_ARRAY);

    /**
     * The level of a loose key (outside any container): the one the attribute dictionary declares for it
     * (the lists a 4.2.2 client files by), else job.
     */
    static Level looseLevel(String key) {
        return Attributes.levelOf(key).orElse(Level.JOB);
    }

    // ---- checked keys --------------------------------------------------------------------------------

    /** Most processes in a job (and on a node, in an app); more is taken for a mistake. */
    static final int MAX_JOB_SIZE = 1 << 26;
    /** Most nodes in a job. */
    static final int MAX_NODES = 1 << 24;

    /** How a checked key's value is converted: to its attribute's type, and within what range. */
    private record Spec(Attribute<?> attr, long max, boolean keepType) {
    }

    private static final Map<String, Spec> SPECS = new HashMap<>();

    static {
        // counts of processes / nodes: UINT32, and not absurd
        for (Attribute<?> a : List.of(Attributes.JOB_SIZE, Attributes.APP_SIZE, Attributes.LOCAL_SIZE,
                Attributes.NODE_SIZE)) {
            spec(a, MAX_JOB_SIZE, false);
        }
        spec(Attributes.NUM_NODES, MAX_NODES, false);
        spec(Attributes.NODEID, MAX_NODES, false);
        spec(Attributes.JOB_NUM_APPS, MAX_JOB_SIZE, false);
        // other UINT32 figures: any 32-bit unsigned value
        for (Attribute<?> a : List.of(Attributes.UNIV_SIZE, Attributes.MAX_PROCS, Attributes.SESSION_ID,
                Attributes.NUM_SLOTS, Attributes.REINCARNATION)) {
            spec(a, 0xffff_ffffL, false);
        }
        spec(Attributes.APPNUM, MAX_JOB_SIZE, false);
        // UINT16 positions
        for (Attribute<?> a : List.of(Attributes.LOCAL_RANK, Attributes.NODE_RANK, Attributes.PACKAGE_RANK)) {
            spec(a, 0xffff, false);
        }
        // ranks: valid ranks only
        for (Attribute<?> a : List.of(Attributes.RANK, Attributes.GLOBAL_RANK, Attributes.APP_RANK,
                Attributes.LOCALLDR, Attributes.APPLDR)) {
            spec(a, Integer.toUnsignedLong(Rank.VALID_MAX), false);
        }
        // an integer of some type (ORTE sends UINT32 where the attribute says PROC_RANK): checked, kept
        spec(Attributes.NPROC_OFFSET, Integer.toUnsignedLong(Rank.VALID_MAX), true);
        // strings
        for (Attribute<?> a : List.of(Attributes.HOSTNAME, Attributes.HOSTNAME_ALIASES, Attributes.LOCAL_PEERS,
                Attributes.NODE_LIST, Attributes.JOBID, Attributes.NSPACE, Attributes.TMPDIR, Attributes.NSDIR,
                Attributes.PROCDIR, Attributes.WDIR)) {
            spec(a, 0, false);
        }
    }

    private static void spec(Attribute<?> a, long max, boolean keepType) {
        SPECS.put(a.key(), new Spec(a, max, keepType));
    }

    /**
     * The value of a checked key in its canonical type (any integer type that holds the number is accepted
     * and converted, as {@link Attribute#get} allows); other keys pass unchanged. Fails with
     * {@link PmixStatus#PMIX_ERR_BAD_PARAM} naming the key and the place when the type is wrong, the number
     * does not fit, or it is absurdly large.
     */
    static Value canonical(String key, Value v, String where) {
        Spec s = SPECS.get(key);
        if (s == null) {
            return v;
        }
        Attribute<?> a = s.attr;
        Object x;
        try {
            x = a.get(v);
        } catch (PmixException e) {
            throw bad(where + ": " + key + " (" + a.macroName() + ") must be a " + a.type() + ", got " + v.type()
                    + " " + v);
        }
        if (a.type() == DataType.STRING) {
            if (x == null) {
                throw bad(where + ": " + key + " (" + a.macroName() + ") is a NULL string");
            }
            return v instanceof Value.Str ? v : new Value.Str((String) x);
        }
        long n = Integer.toUnsignedLong((Integer) x);
        if (n > s.max) {
            throw bad(where + ": " + key + " (" + a.macroName() + ") = " + n + " is out of range (at most "
                    + s.max + ")");
        }
        if (s.keepType || v.type() == a.type()) {
            return v;
        }
        return switch (a.type()) {
            case UINT32 -> new Value.UInt32((int) n);
            case UINT16 -> new Value.UInt16((int) n);
            case PROC_RANK -> new Rank((int) n);
            default -> throw new AssertionError(a);
        };
    }

    /** The number of a checked integer key (after {@link #canonical}). */
    static long number(Value v) {
        // instanceof, not a pattern switch, which is bootstrapped at its first run (a generated class each)
        if (v instanceof Value.UInt32 u) {
            return Integer.toUnsignedLong(u.value());
        }
        if (v instanceof Value.UInt16 u) {
            return u.value();
        }
        if (v instanceof Rank r) {
            return Integer.toUnsignedLong(r.value());
        }
        Object x = Attributes.NPROC_OFFSET.get(v);
        return Integer.toUnsignedLong((Integer) x);
    }

    static String string(Value v) {
        return v instanceof Value.Str s ? s.value() : ((Value.Nspace) v).value();
    }

    static PmixException bad(String message) {
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, message);
    }
}
