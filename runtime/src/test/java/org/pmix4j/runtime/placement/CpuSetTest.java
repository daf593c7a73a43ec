package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuSetTest {
    @Test
    void listSyntaxRoundTripsInHwlocForm() {
        assertEquals("0-3,8", CpuSet.parseList("0-3,8").toList());
        assertEquals("0-1", CpuSet.parseList("0,1").toList());
        assertEquals("0,2,4-6", CpuSet.parseList(" 4-6 , 0,2 ").toList());
        assertEquals("", CpuSet.parseList("").toList());
        assertEquals(5, CpuSet.parseList("0-3,8").size());
        assertEquals(CpuSet.of(0, 1, 2), CpuSet.range(0, 2));
    }

    @Test
    void badListsAreRefusedNamingTheText() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuSet.parseList("0-x"));
        assertTrue(e.getMessage().contains("'0-x'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CpuSet.parseList("3-1"));
        assertThrows(IllegalArgumentException.class, () -> CpuSet.parseList("1,,2"));
        assertThrows(IllegalArgumentException.class, () -> CpuSet.parseList("-1"));
    }

    @Test
    void kernelMasksAreRead() {
        assertEquals("0-3,8-11", CpuSet.parseMask("00000f0f").toList());
        assertEquals("0,32", CpuSet.parseMask("00000001,00000001").toList());
        assertEquals("0-1", CpuSet.parseMask("3").toList());
        assertEquals("0-3,8-11", CpuSet.parseMask(FakeSysfs.mask("0-3,8-11")).toList());
        assertEquals("0,40", CpuSet.parseMask(FakeSysfs.mask("0,40")).toList());
    }

    @Test
    void setOperations() {
        CpuSet a = CpuSet.parseList("0-3");
        CpuSet b = CpuSet.parseList("2-5");
        assertEquals("2-3", a.and(b).toList());
        assertEquals("0-5", a.or(b).toList());
        assertEquals("0-1", a.andNot(b).toList());
        assertTrue(a.intersects(b));
        assertTrue(a.containsAll(CpuSet.of(1, 2)));
        assertFalse(a.containsAll(b));
        assertEquals(2, b.first());
        assertEquals(-1, CpuSet.EMPTY.first());
    }
}
