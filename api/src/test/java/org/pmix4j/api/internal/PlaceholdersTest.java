package org.pmix4j.api.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The JDK logger's backend fills SLF4J-style messages as SLF4J would. */
class PlaceholdersTest {
    @Test
    void eachPairTakesTheNextArgument() {
        assertEquals("a 1 b x", Placeholders.fill("a {} b {}", new Object[] {1, "x"}, 2));
        assertEquals("no args {}", Placeholders.fill("no args {}", new Object[0], 0));
        assertEquals("one 1 then {}", Placeholders.fill("one {} then {}", new Object[] {1}, 1));
        assertEquals("extra 1", Placeholders.fill("extra {}", new Object[] {1, 2}, 2));
        assertEquals("arr [1, 2] null", Placeholders.fill("arr {} {}", new Object[] {new int[] {1, 2}, null}, 2));
    }

    @Test
    void withoutAnSlf4jProviderTheJdkLoggerIsUsed() {
        // the api module's tests have slf4j-api (optional dependency) but no provider
        assertEquals(PlatformLog.class, Log.of(PlaceholdersTest.class).getClass());
    }
}
