package org.pmix4j.client.store;

import java.util.Set;

/**
 * Which reserved keys describe a node, an application or a session rather than the job: the lists a
 * libpmix 4.2 client uses to file lone keys of the job information and to decide where a Get looks.
 */
public final class KeyLevels {
    private static final Set<String> NODE = Set.of("pmix.hname", "pmix.alias", "pmix.nodeid", "pmix.pmem",
            "pmix.lpeers", "pmix.lprocs", "pmix.lcpus", "pmix.local.size", "pmix.node.size", "pmix.lldr",
            "pmix.ndosub", "pmix.fab.devs", "pmix.fab.coord", "pmix.fabdev", "pmix.fabdev.idx",
            "pmix.fabdev.nm", "pmix.fabdev.vndr", "pmix.fabdev.btyp", "pmix.fabdev.vendid", "pmix.fabdev.driver",
            "pmix.fabdev.fmwr", "pmix.fabdev.addr", "pmix.fabdev.mtu", "pmix.fabdev.speed",
            "pmix.fabdev.state", "pmix.fabdev.type", "pmix.fabdev.pcidevid");
    private static final Set<String> APP = Set.of("pmix.app.size", "pmix.aldr", "pmix.app.argv", "pmix.wdir",
            "pmix.pset.nm", "pmix.pset.mems", "pmix.apmap.type", "pmix.apmap.regex");
    private static final Set<String> SESSION = Set.of("pmix.session.id", "pmix.clid", "pmix.univ.size",
            "pmix.tmpdir", "pmix.tdir.rmclean", "pmix.fqdn", "pmix.rm.name", "pmix.rm.version");

    private KeyLevels() {
    }

    public static boolean isNode(String key) {
        return NODE.contains(key);
    }

    public static boolean isApp(String key) {
        return APP.contains(key);
    }

    public static boolean isSession(String key) {
        return SESSION.contains(key);
    }

    /** Keys starting with "pmix" are reserved for the library and the host; a Put of them is not shared. */
    public static boolean isReserved(String key) {
        return key.startsWith("pmix");
    }
}
