package org.pmix4j.api;

import java.util.Objects;

/**
 * PMIX_INFO: a key, its value and the directive flags ({@link InfoDirectives}). Infos carry every
 * attribute, qualifier and directive in PMIx; keys are usually the strings of {@link Attributes}.
 */
public record Info(String key, Value value, int flags) implements Value {
    /** The longest key C accepts ({@code PMIX_MAX_KEYLEN}). */
    public static final int MAX_KEY_LENGTH = 511;

    public Info {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    public static Info of(String key, Value value) {
        return new Info(key, value, 0);
    }

    public static Info of(String key, String value) {
        return new Info(key, Value.of(value), 0);
    }

    public static Info of(String key, boolean value) {
        return new Info(key, Value.of(value), 0);
    }

    /** An info with a PMIX_INT value; for attributes of a fixed type use {@link Attribute#info}. */
    public static Info of(String key, int value) {
        return new Info(key, Value.of(value), 0);
    }

    /** An info with a PMIX_INT64 value; for attributes of a fixed type use {@link Attribute#info}. */
    public static Info of(String key, long value) {
        return new Info(key, Value.of(value), 0);
    }

    /** An info with a PMIX_DOUBLE value. */
    public static Info of(String key, double value) {
        return new Info(key, Value.of(value), 0);
    }

    /** An info the receiver must honour or fail ({@link InfoDirectives#REQUIRED}). */
    public static Info required(String key, Value value) {
        return new Info(key, value, InfoDirectives.REQUIRED);
    }

    @Override
    public DataType type() {
        return DataType.INFO;
    }

    public boolean isRequired() {
        return (flags & InfoDirectives.REQUIRED) != 0;
    }

    public boolean isQualifier() {
        return (flags & InfoDirectives.QUALIFIER) != 0;
    }

    /** The same info with other flags. */
    public Info withFlags(int newFlags) {
        return new Info(key, value, newFlags);
    }

    /** {@code key=value}, then the directives in brackets when there are any: {@code pmix.x=4 [REQUIRED]}. */
    @Override
    public String toString() {
        String text = key + "=" + value;
        return flags == 0 ? text : text + " [" + InfoDirectives.label(flags) + "]";
    }

    /**
     * True when the value is a boolean true, or no value at all: PMIx treats a bare boolean attribute
     * (PMIX_UNDEF value) as "true".
     */
    public boolean isTrue() {
        return switch (value) {
            case Value.Bool b -> b.value();
            case Value.Undef u -> true;
            default -> false;
        };
    }
}
