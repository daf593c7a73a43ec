package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_INFO: a key, its value and the directive flags ({@link InfoDirectives}). Infos carry every
 * attribute, qualifier and directive in PMIx; keys are usually the strings of {@link Attributes}.
 *
 * @param key   the key (at most {@link #MAX_KEY_LENGTH} bytes on the wire)
 * @param value the value
 * @param flags the directive bits of {@link InfoDirectives}
 */
public record Info(String key, Value value, int flags) implements Value {
    /** The longest key C accepts ({@code PMIX_MAX_KEYLEN}). */
    public static final int MAX_KEY_LENGTH = 511;

    /** Refuses a null key or value. */
    public Info {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    /**
     * An info with no directive.
     *
     * @param key the key
     * @param value the value
     * @return the info
     */
    public static Info of(String key, Value value) {
        return new Info(key, value, 0);
    }

    /**
     * An info with a PMIX_STRING value.
     *
     * @param key the key
     * @param value the string
     * @return the info
     */
    public static Info of(String key, String value) {
        return new Info(key, Value.of(value), 0);
    }

    /**
     * An info with a PMIX_BOOL value.
     *
     * @param key the key
     * @param value true or false
     * @return the info
     */
    public static Info of(String key, boolean value) {
        return new Info(key, Value.of(value), 0);
    }

    /**
     * An info with a PMIX_INT value; for attributes of a fixed type use {@link Attribute#info}.
     *
     * @param key the key
     * @param value the number
     * @return the info
     */
    public static Info of(String key, int value) {
        return new Info(key, Value.of(value), 0);
    }

    /**
     * An info with a PMIX_INT64 value; for attributes of a fixed type use {@link Attribute#info}.
     *
     * @param key the key
     * @param value the number
     * @return the info
     */
    public static Info of(String key, long value) {
        return new Info(key, Value.of(value), 0);
    }

    /**
     * An info with a PMIX_DOUBLE value.
     *
     * @param key the key
     * @param value the number
     * @return the info
     */
    public static Info of(String key, double value) {
        return new Info(key, Value.of(value), 0);
    }

    /**
     * An info the receiver must honour or fail ({@link InfoDirectives#REQUIRED}).
     *
     * @param key the key
     * @param value the value
     * @return the info
     */
    public static Info required(String key, Value value) {
        return new Info(key, value, InfoDirectives.REQUIRED);
    }

    @Override
    public DataType type() {
        return DataType.INFO;
    }

    /**
     * Whether the receiver must honour this info or fail.
     *
     * @return true when {@link InfoDirectives#REQUIRED} is set
     */
    public boolean isRequired() {
        return (flags & InfoDirectives.REQUIRED) != 0;
    }

    /**
     * Whether this info qualifies another one of the same request.
     *
     * @return true when {@link InfoDirectives#QUALIFIER} is set
     */
    public boolean isQualifier() {
        return (flags & InfoDirectives.QUALIFIER) != 0;
    }

    /**
     * The same info with other flags.
     *
     * @param newFlags the directive bits
     * @return the new info
     */
    public Info withFlags(int newFlags) {
        return new Info(key, value, newFlags);
    }

    /**
     * {@code key=value}, then the directives in brackets when there are any: {@code pmix.x=4 [REQUIRED]}.
     *
     * @return the text
     */
    @Override
    public String toString() {
        String text = key + "=" + value;
        return flags == 0 ? text : text + " [" + InfoDirectives.label(flags) + "]";
    }

    /**
     * True when the value is a boolean true, or no value at all: PMIx treats a bare boolean attribute
     * (PMIX_UNDEF value) as "true".
     *
     * @return whether the info says yes
     */
    public boolean isTrue() {
        // instanceof, not a pattern switch: a switch over types is bootstrapped at its first run, a class
        // generated that no AOT cache keeps (a fresh launcher's first collecting fence paid for it)
        if (value instanceof Value.Bool b) {
            return b.value();
        }
        return value instanceof Value.Undef;
    }
}
