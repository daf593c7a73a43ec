package org.pmix4j.runtime.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** prterun's {@code --display} words, and the ALLOCATED NODES block in PRRTE's text. */
class DisplayDirectivesTest {
    private static String refused(String... values) {
        return assertThrows(IllegalArgumentException.class, () -> DisplayDirectives.parse(List.of(values)))
                .getMessage();
    }

    @Test
    void wordsPrefixesAndTruthValues() {
        DisplayDirectives d = DisplayDirectives.parse(List.of("map", "bind"));
        assertTrue(d.map() && d.bindings() && !d.allocation());
        assertTrue(DisplayDirectives.parse(List.of("ALL")).allocation(), "ALL is enough for ALLOCATION");
        assertTrue(DisplayDirectives.parse(List.of("allocation,map")).map());
        assertFalse(DisplayDirectives.parse(List.of("map=0")).map());
        assertTrue(DisplayDirectives.parse(List.of("map=yes")).map());
        assertFalse(DisplayDirectives.parse(List.of("map", "map=disable")).map());
        assertTrue(DisplayDirectives.parse(List.of("allocation:parseable")).parseable());
        assertTrue(DisplayDirectives.parse(List.of("alloc:PARSABLE")).parseable());
        assertEquals(DisplayDirectives.NONE, DisplayDirectives.parse(List.of()));
    }

    @Test
    void refusedWordsAreNamed() {
        assertTrue(refused("map-devel").contains("the directive MAP-DEVEL"), refused("map-devel"));
        assertTrue(refused("map-d").contains("MAP-DEVEL"));
        assertTrue(refused("topo=vm;h2").contains("the directive TOPO"));
        assertTrue(refused("cpus").contains("the directive CPUS"));
        assertTrue(refused("bind:physical").contains("PHYSICAL"));
        assertTrue(refused("map:parseable").contains("PARSEABLE"));
        String m = refused("m");
        assertTrue(m.contains("'m' is ambiguous (it could be map or map-devel)"), m);
        String tr = refused("map=tr");
        assertTrue(tr.contains("'tr' is neither true nor false for MAP"), tr);
        String bogus = refused("everything");
        assertTrue(bogus.startsWith("--display everything: unknown directive 'everything'"), bogus);
        assertTrue(bogus.contains("allocation, bindings, map, map-devel, topo, cpus"), bogus);
    }

    @Test
    void allocationBlockIsPrrtes() {
        List<PlacementReports.AllocatedNode> nodes = List.of(new PlacementReports.AllocatedNode("vm", 2, 0, 0),
                new PlacementReports.AllocatedNode("h2", 3, 4, 1));
        assertEquals("\n============   ALLOCATED NODES FOR JOB ns@1 APP 0 ============\n"
                + "    vm: slots=2 max_slots=0 slots_inuse=0\n"
                + "    h2: slots=3 max_slots=4 slots_inuse=1\n"
                + "=================================================================================\n",
                PlacementReports.allocation("ns@1", nodes, false));
        assertEquals("<allocation>\n\t<host name=\"vm\" slots=\"2\" max_slots=\"0\" slots_inuse=\"0\">\n"
                + "\t<host name=\"h2\" slots=\"3\" max_slots=\"4\" slots_inuse=\"1\">\n</allocation>\n",
                PlacementReports.allocation("ns@1", nodes, true));
    }
}
