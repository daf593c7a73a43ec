package org.pmix4j.server.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Proc;

/** The one participation rule of every collective: who must call here, and whether other servers take part. */
class ParticipationTest {
    /** "whole": 2 ranks, both here; "half": 4 ranks, 1 and 3 here; "nodata": a client registered, no job data. */
    static final Locality NODE = nspace -> Optional.ofNullable(Map.of(
            "whole", LocalRanks.of(Set.of(0, 1), 2, true),
            "half", LocalRanks.of(Set.of(1, 3), 4, true),
            "nodata", LocalRanks.of(Set.of(0), 0, false)).get(nspace));

    @Test
    void aWholeNamespaceOnThisNodeIsAllLocal() {
        Participation p = Participation.of(List.of(Proc.wildcard("whole")), NODE);
        assertEquals(Set.of(new Proc("whole", 0), new Proc("whole", 1)), p.expected());
        assertTrue(p.allLocal());
    }

    @Test
    void aNamespaceWithRanksElsewhereWaitsForTheLocalOnesAndNeedsTheHost() {
        Participation p = Participation.of(List.of(Proc.wildcard("half")), NODE);
        assertEquals(Set.of(new Proc("half", 1), new Proc("half", 3)), p.expected());
        assertFalse(p.allLocal());
    }

    @Test
    void aSingleRankCountsWhenItRunsHere() {
        Participation here = Participation.of(List.of(new Proc("half", 1), new Proc("whole", 0)), NODE);
        assertEquals(Set.of(new Proc("half", 1), new Proc("whole", 0)), here.expected());
        assertTrue(here.allLocal());
        Participation elsewhere = Participation.of(List.of(new Proc("half", 1), new Proc("half", 2)), NODE);
        assertEquals(Set.of(new Proc("half", 1)), elsewhere.expected());
        assertFalse(elsewhere.allLocal());
    }

    @Test
    void anUnknownNamespaceRunsElsewhere() {
        Participation p = Participation.of(List.of(Proc.wildcard("whole"), Proc.wildcard("other")), NODE);
        assertEquals(Set.of(new Proc("whole", 0), new Proc("whole", 1)), p.expected());
        assertFalse(p.allLocal());
    }

    @Test
    void registeredClientsTakePartButWithoutJobDataTheJobMayRunElsewhere() {
        Participation p = Participation.of(List.of(Proc.wildcard("nodata")), NODE);
        assertEquals(Set.of(new Proc("nodata", 0)), p.expected());
        assertFalse(p.allLocal());
    }
}
