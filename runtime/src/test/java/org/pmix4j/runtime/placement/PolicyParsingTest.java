package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PolicyParsingTest {
    @Test
    void mapByDirectivesPrefixesAndCase() {
        assertEquals(MappingPolicy.Target.SLOT, MappingPolicy.parse("slot").target());
        assertEquals(MappingPolicy.Target.NODE, MappingPolicy.parse("NODE").target());
        assertEquals(MappingPolicy.Target.CORE, MappingPolicy.parse("Core").target());
        assertEquals(MappingPolicy.Target.PACKAGE, MappingPolicy.parse("package").target());
        assertEquals(MappingPolicy.Target.PACKAGE, MappingPolicy.parse("pack").target());
        assertEquals(MappingPolicy.Target.PACKAGE, MappingPolicy.parse("socket").target(), "socket is package");
        assertEquals(MappingPolicy.Target.PACKAGE, MappingPolicy.parse("sock").target());
        assertEquals(MappingPolicy.Target.HWTHREAD, MappingPolicy.parse("hw").target());
        assertEquals(MappingPolicy.Target.NUMA, MappingPolicy.parse("nu").target());
        assertEquals(MappingPolicy.Target.L3CACHE, MappingPolicy.parse("l3").target());
        assertEquals(MappingPolicy.Target.L1CACHE, MappingPolicy.parse("L1CACHE").target());
    }

    @Test
    void mapByQualifiers() {
        MappingPolicy p = MappingPolicy.parse("package:PE=2:OVERSUBSCRIBE");
        assertEquals(MappingPolicy.Target.PACKAGE, p.target());
        assertEquals(2, p.pesPerProc());
        assertTrue(p.oversubscribeAllowed());
        assertFalse(p.span());
        MappingPolicy q = MappingPolicy.parse(":oversub");
        assertNull(q.target(), "only qualifiers: the mapper picks the target");
        assertTrue(q.oversubscribeAllowed());
        assertEquals(Boolean.FALSE, MappingPolicy.parse("core:NOOVERSUBSCRIBE").oversubscribe());
        assertTrue(MappingPolicy.parse("numa:span").span());
        assertEquals(4, MappingPolicy.parse("slot:pe=4").pesPerProc());
        assertNull(MappingPolicy.parse("core").oversubscribe(), "not given");
        assertEquals("package:PE=2:OVERSUBSCRIBE", p.toString());
    }

    @Test
    void oversubscribeFlagFoldsIn() {
        assertTrue(MappingPolicy.DEFAULT.withOversubscribe(true).oversubscribeAllowed());
        assertTrue(MappingPolicy.parse("core:OVERSUBSCRIBE").withOversubscribe(true).oversubscribeAllowed());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MappingPolicy.parse("core:NOOVERSUBSCRIBE").withOversubscribe(true));
        assertTrue(e.getMessage().contains("--oversubscribe"), e.getMessage());
    }

    @Test
    void mapByErrorsNameOptionValueAndValidWords() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("bogus"));
        assertTrue(e.getMessage().startsWith("--map-by bogus: unknown directive 'bogus'"), e.getMessage());
        assertTrue(e.getMessage().contains("slot, node, hwthread, core, l1cache, l2cache, l3cache, numa, package"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("n"));
        assertTrue(e.getMessage().contains("ambiguous") && e.getMessage().contains("node or numa"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("core:FOO"));
        assertTrue(e.getMessage().startsWith("--map-by core:FOO: unknown qualifier 'FOO'"), e.getMessage());
        assertTrue(e.getMessage().contains("pe, oversubscribe, nooversubscribe, span"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("slot:PE=0"));
        assertTrue(e.getMessage().contains("PE needs a positive whole number, not '0'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("slot:PE=two"));
        assertTrue(e.getMessage().contains("'two'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("slot:PE"));
        assertTrue(e.getMessage().contains("PE needs a value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("core:OVERSUBSCRIBE:NOOVERSUBSCRIBE"));
        assertTrue(e.getMessage().contains("contradict"), e.getMessage());
        // ppr:N:core is supported now (PprMapperTest); mapping by device still is not
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("device=gpu"));
        assertTrue(e.getMessage().contains("'DEVICE' is not supported by pmix4j yet"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("ppr:2:device=gpu"));
        assertTrue(e.getMessage().contains("ppr by device is not supported by pmix4j"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("core:NOLOCAL"));
        assertTrue(e.getMessage().contains("'NOLOCAL' is not supported"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse(""));
        assertTrue(e.getMessage().contains("--map-by needs a value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MappingPolicy.parse("core:SPAN=2"));
        assertTrue(e.getMessage().contains("SPAN takes no value"), e.getMessage());
    }

    @Test
    void mapByRendersAsPrrte() {
        assertEquals("BYCORE:NOOVERSUBSCRIBE", new MappingPolicy(MappingPolicy.Target.CORE, 0, null, false)
                .prrteString());
        assertEquals("BYPACKAGE:OVERSUBSCRIBE:SPAN", new MappingPolicy(MappingPolicy.Target.PACKAGE, 0, true, true)
                .prrteString());
        assertEquals("BYSLOT:NOOVERSUBSCRIBE", new MappingPolicy(MappingPolicy.Target.SLOT, 2, false, false)
                .prrteString());
    }

    @Test
    void rankBy() {
        assertEquals(RankingPolicy.SLOT, RankingPolicy.parse("slot"));
        assertEquals(RankingPolicy.NODE, RankingPolicy.parse("NODE"));
        assertEquals(RankingPolicy.FILL, RankingPolicy.parse("f"));
        assertEquals(RankingPolicy.SPAN, RankingPolicy.parse("Sp"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RankingPolicy.parse("s"));
        assertTrue(e.getMessage().contains("ambiguous"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RankingPolicy.parse("core"));
        assertTrue(e.getMessage().startsWith("--rank-by core: unknown directive 'core'; valid directives: slot, node,"
                + " fill, span"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RankingPolicy.parse("slot:span"));
        assertTrue(e.getMessage().contains("no qualifiers"), e.getMessage());
    }

    @Test
    void bindTo() {
        assertEquals(BindingPolicy.Target.NONE, BindingPolicy.parse("none").target());
        assertEquals(BindingPolicy.Target.CORE, BindingPolicy.parse("CORE").target());
        assertEquals(BindingPolicy.Target.PACKAGE, BindingPolicy.parse("socket").target());
        assertEquals(BindingPolicy.Target.HWTHREAD, BindingPolicy.parse("hwt").target());
        BindingPolicy b = BindingPolicy.parse("core:overload-allowed:if-supported:report");
        assertTrue(b.overloadAllowed());
        assertTrue(b.ifSupported());
        assertTrue(b.report());
        assertEquals("CORE:IF-SUPPORTED:OVERLOAD-ALLOWED", b.prrteString());
        assertEquals("CORE", BindingPolicy.parse("core").prrteString());
        assertEquals("PACKAGE:OVERLOAD-ALLOWED", BindingPolicy.parse("package:OVERLOAD").prrteString());
        assertEquals("NUMA:IF-SUPPORTED", BindingPolicy.parse("numa:IF").prrteString());
        assertEquals(Boolean.FALSE, BindingPolicy.parse("core:no-overload").overload());
        BindingPolicy onlyReport = BindingPolicy.parse(":REPORT");
        assertNull(onlyReport.target());
        assertTrue(onlyReport.report());
    }

    @Test
    void bindToErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BindingPolicy.parse("board"));
        assertTrue(e.getMessage().startsWith("--bind-to board: unknown directive 'board'; valid directives: none,"
                + " hwthread, core, l1cache, l2cache, l3cache, numa, package"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BindingPolicy.parse("core:whatever"));
        assertTrue(e.getMessage().contains("unknown qualifier 'whatever'") && e.getMessage().contains(
                "overload-allowed, no-overload, if-supported, report"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BindingPolicy.parse("core:LIMIT=2"));
        assertTrue(e.getMessage().contains("'LIMIT' is not supported by pmix4j yet"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BindingPolicy.parse("core:overload:no-overload"));
        assertTrue(e.getMessage().contains("contradict"), e.getMessage());
    }
}
