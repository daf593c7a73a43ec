package org.pmix4j.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attribute.Level;

/** The levels the dictionary declares: the keys a libpmix 4.2.2 client files outside the job level. */
class AttributeLevelTest {
    private static Set<String> keysAt(Level level) {
        Set<String> out = new TreeSet<>();
        for (Attribute<?> a : Attributes.all()) {
            if (a.level().orElse(null) == level) {
                out.add(a.key());
            }
        }
        return out;
    }

    @Test
    void sessionKeys() {
        assertEquals(new TreeSet<>(Set.of("pmix.session.id", "pmix.clid", "pmix.univ.size", "pmix.tmpdir",
                "pmix.tdir.rmclean", "pmix.fqdn", "pmix.rm.name", "pmix.rm.version")), keysAt(Level.SESSION));
    }

    @Test
    void nodeKeys() {
        assertEquals(new TreeSet<>(Set.of("pmix.hname", "pmix.alias", "pmix.nodeid", "pmix.pmem", "pmix.lpeers",
                "pmix.lprocs", "pmix.lcpus", "pmix.local.size", "pmix.node.size", "pmix.lldr", "pmix.ndosub",
                "pmix.fab.devs", "pmix.fab.coord", "pmix.fabdev", "pmix.fabdev.idx", "pmix.fabdev.nm",
                "pmix.fabdev.vndr", "pmix.fabdev.btyp", "pmix.fabdev.vendid", "pmix.fabdev.driver",
                "pmix.fabdev.fmwr", "pmix.fabdev.addr", "pmix.fabdev.mtu", "pmix.fabdev.speed",
                "pmix.fabdev.state", "pmix.fabdev.type", "pmix.fabdev.pcidevid")), keysAt(Level.NODE));
    }

    @Test
    void appKeys() {
        assertEquals(new TreeSet<>(Set.of("pmix.app.size", "pmix.aldr", "pmix.app.argv", "pmix.wdir",
                "pmix.pset.nm", "pmix.pset.mems", "pmix.apmap.type", "pmix.apmap.regex")), keysAt(Level.APP));
    }

    @Test
    void lookupByKey() {
        assertEquals(Optional.of(Level.NODE), Attributes.levelOf("pmix.hname"));
        assertEquals(Optional.of(Level.NODE), Attributes.HOSTNAME.level());
        assertTrue(Attributes.levelOf("pmix.job.size").isEmpty());
        assertTrue(Attributes.levelOf("no.such.key").isEmpty());
        assertTrue(Attribute.of(String.class, DataType.STRING, "X_Y", "x.y", "test").level().isEmpty());
    }
}
