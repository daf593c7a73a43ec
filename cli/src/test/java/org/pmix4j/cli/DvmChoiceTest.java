package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which command lines let prun connect before they are parsed: those that cannot name a DVM. */
class DvmChoiceTest {
    @Test
    void aCommandLineWithoutLocatorOptionsNamesNoDvm() {
        assertFalse(DvmChoice.mayNameOne(new String[] {"-n", "4", "--oversubscribe", "-x", "PATH", "./a.out", "x"}));
        assertFalse(DvmChoice.mayNameOne(new String[] {"--map-by", "ppr:2:node", "--pidfile", "f", "hostname"}));
        assertFalse(DvmChoice.mayNameOne(new String[] {}));
    }

    @Test
    void everySpellingOfALocatorOptionMayNameOne() {
        for (String given : new String[] {"--pid", "-pid", "--pid=42", "--dvm-uri", "-dvm-uri=file:/x",
                "--namespace", "--system-server", "--tmpdir=/t", "-h", "--help", "-V", "--version"}) {
            assertTrue(DvmChoice.mayNameOne(new String[] {"-n", "1", given, "prog"}), given);
        }
    }

    @Test
    void aProgramsOwnArgumentOnlyCostsTheHeadStart() {
        // after the program its words are its own; taken as a locator they only stop the early connection
        assertTrue(DvmChoice.mayNameOne(new String[] {"-n", "1", "ps", "--pid", "1"}));
    }
}
