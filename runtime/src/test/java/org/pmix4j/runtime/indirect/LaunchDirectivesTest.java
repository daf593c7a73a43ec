package org.pmix4j.runtime.indirect;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.runtime.LaunchException;

class LaunchDirectivesTest {
    @Test
    void directivesTheUserJobCarriesOutAreHandedOn() {
        List<Info> given = List.of(Attributes.DISPLAY_MAP.info(true), Attributes.MAPBY.info("slot"),
                Attributes.NOTIFY_COMPLETION.info(true), Attributes.DEBUG_STOP_IN_INIT.info(true),
                Attributes.DEBUG_STOP_ON_EXEC.info(true));
        assertEquals(given, new LaunchDirectives(given).forUserJob());
        assertEquals(List.of(), LaunchDirectives.none().forUserJob());
    }

    @Test
    void aDirectiveNotCarriedOutIsRefusedByName() {
        LaunchDirectives d = new LaunchDirectives(List.of(Attributes.DISPLAY_MAP.info(true),
                Attributes.TIMEOUT.info(5), Attributes.PERSONALITY.info("ompi")));
        LaunchException e = assertThrows(LaunchException.class, d::forUserJob);
        assertTrue(e.getMessage().startsWith("PMIX_ERR_NOT_SUPPORTED: the initiator's launch directives "
                + "PMIX_TIMEOUT (pmix.timeout), PMIX_PERSONALITY (pmix.pers) are not supported"),
                e.getMessage());
        assertEquals(1, e.exitStatus());
    }

    @Test
    void aPersistentRuntimeTakesNoLaunchDirectives() {
        assertDoesNotThrow(() -> LaunchDirectives.none().refuseForPersistentRuntime());
        LaunchException e = assertThrows(LaunchException.class,
                () -> new LaunchDirectives(List.of(Attributes.MAPBY.info("slot"))).refuseForPersistentRuntime());
        assertTrue(e.getMessage().contains("pmix4j dvm takes no launch directives (given: PMIX_MAPBY (pmix.mapby))"),
                e.getMessage());
    }
}
