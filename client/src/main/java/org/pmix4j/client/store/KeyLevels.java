package org.pmix4j.client.store;

import org.pmix4j.api.Attribute.Level;
import org.pmix4j.api.Attributes;

/**
 * Which reserved keys describe a node, an application or a session rather than the job, as the attribute
 * dictionary declares them ({@link Attributes#levelOf}): a libpmix 4.2 client files lone keys of the job
 * information by them and decides by them where a Get looks.
 */
public final class KeyLevels {
    private KeyLevels() {
    }

    public static boolean isNode(String key) {
        return is(key, Level.NODE);
    }

    public static boolean isApp(String key) {
        return is(key, Level.APP);
    }

    public static boolean isSession(String key) {
        return is(key, Level.SESSION);
    }

    private static boolean is(String key, Level level) {
        return Attributes.levelOf(key).orElse(null) == level;
    }

    /** Keys starting with "pmix" are reserved for the library and the host; a Put of them is not shared. */
    public static boolean isReserved(String key) {
        return key.startsWith("pmix");
    }
}
