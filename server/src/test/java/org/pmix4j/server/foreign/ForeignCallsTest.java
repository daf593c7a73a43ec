package org.pmix4j.server.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Loading a part of the JDK 22 source roots: the instance, or why there is none, worded for the caller to say
 * after what it does without (the shared-memory store, the netlink lookup, holding at exec, hwloc's reader).
 */
class ForeignCallsTest {
    /** A part made with arguments. */
    public static final class Greeting implements Supplier<String> {
        private final String text;

        public Greeting(String who, Integer times) {
            this.text = ("hello " + who + " ").repeat(times).strip();
        }

        @Override
        public String get() {
            return text;
        }
    }

    /** A part whose C library lacks what it needs: its class initialisation fails with the reason. */
    public static final class NeedsAMissingLibrary {
        static {
            if (Boolean.parseBoolean("true")) {
                throw new UnsupportedOperationException("the C library has no frobnicate (to test the reason)");
            }
        }
    }

    @Test
    void aPartIsMadeWithItsConstructorsArguments() {
        assumeTrue(ForeignCalls.available(), "parts load on JDK 22+ only");
        ForeignCalls.Loaded<Supplier<String>> greeting = ForeignCalls.load(Greeting.class.getName(),
                new Class<?>[] {String.class, Integer.class}, "pmix", 2);
        assertEquals("hello pmix hello pmix", greeting.part().orElseThrow().get());
        assertNull(greeting.whyNot());
    }

    @Test
    void aMissingPartSaysWhyInWordsThatFollowItsName() {
        assumeTrue(ForeignCalls.available(), "on JDK 21 every part says it needs 22");
        ForeignCalls.Loaded<Object> absent = ForeignCalls.load("org.pmix4j.server.foreign.NoSuchPart");
        assertTrue(absent.part().isEmpty());
        assertEquals("is not in this build of pmix4j (it was built with a JDK older than 22)", absent.whyNot());

        ForeignCalls.Loaded<Object> failed = ForeignCalls.load(NeedsAMissingLibrary.class.getName());
        assertTrue(failed.part().isEmpty());
        assertEquals("cannot be had here: the C library has no frobnicate (to test the reason)", failed.whyNot(),
                "the deepest cause's message, not the reflective wrapper's");
        assertNull(ForeignCalls.instanceOrNull(NeedsAMissingLibrary.class.getName()));
    }
}
