package org.pmix4j.runtime.placement;

import java.util.List;
import java.util.Locale;

/**
 * {@code --bind-to}: which CPUs each process may run on. PRRTE's grammar: a level
 * ({@code none|hwthread|core|l1cache|l2cache|l3cache|numa|package}, {@code socket} = package) and
 * qualifiers after colons: {@code OVERLOAD-ALLOWED} (more processes on an object than it has CPUs),
 * {@code NO-OVERLOAD}, {@code IF-SUPPORTED} (run unbound, silently, where binding is impossible) and
 * {@code REPORT} (as {@code --report-bindings}). Words are case-insensitive and may be shortened to any
 * unambiguous prefix.
 *
 * @param target       the level to bind to, or {@code null} when not given (the mapper picks PRRTE's default,
 *                     which is IF-SUPPORTED)
 * @param ifSupported  IF-SUPPORTED was given (or the policy is a default)
 * @param overload     OVERLOAD-ALLOWED (true), NO-OVERLOAD (false), or {@code null} when neither was given
 * @param report       REPORT was given
 */
public record BindingPolicy(Target target, boolean ifSupported, Boolean overload, boolean report) {

    /** What {@code --bind-to} binds to. */
    public enum Target {
        NONE(null), HWTHREAD(HwLevel.HWTHREAD), CORE(HwLevel.CORE), L1CACHE(HwLevel.L1CACHE),
        L2CACHE(HwLevel.L2CACHE), L3CACHE(HwLevel.L3CACHE), NUMA(HwLevel.NUMA), PACKAGE(HwLevel.PACKAGE);

        private final HwLevel level;

        Target(HwLevel level) {
            this.level = level;
        }

        /** The hardware level bound to, or {@code null} for NONE. */
        public HwLevel level() {
            return level;
        }

        /** The binding target of the same level as a mapping target, or {@code null} for slot and node. */
        static Target of(HwLevel level) {
            for (Target t : values()) {
                if (t.level == level) {
                    return t;
                }
            }
            return null;
        }
    }

    /** Nothing given: PRRTE's defaults apply. */
    public static final BindingPolicy DEFAULT = new BindingPolicy(null, false, null, false);

    private static final List<String> DIRECTIVES = List.of("none", "hwthread", "core", "l1cache", "l2cache",
            "l3cache", "numa", "package", "socket");
    private static final List<String> QUALIFIERS = List.of("overload-allowed", "no-overload", "if-supported",
            "report");
    private static final List<String> UNSUPPORTED_QUALIFIERS = List.of("limit");

    /**
     * Parses a {@code --bind-to} value.
     *
     * @throws IllegalArgumentException naming {@code --bind-to}, the value and the word at fault, listing the
     *                                  valid words
     */
    public static BindingPolicy parse(String spec) {
        String[] parts = spec.strip().split(":", -1);
        Target target = null;
        if (!parts[0].isBlank()) {
            String d = PolicyWords.match("--bind-to", spec, "directive", parts[0], DIRECTIVES, List.of());
            target = d.equals("socket") ? Target.PACKAGE : Target.valueOf(d.toUpperCase(Locale.ROOT));
        } else if (parts.length == 1) {
            throw new IllegalArgumentException("--bind-to needs a value; valid directives: "
                    + String.join(", ", DIRECTIVES));
        }
        boolean ifSupported = false;
        Boolean overload = null;
        boolean report = false;
        for (int i = 1; i < parts.length; i++) {
            String q = parts[i];
            String name = q.contains("=") ? q.substring(0, q.indexOf('=')) : q;
            String m = PolicyWords.match("--bind-to", spec, "qualifier", name, QUALIFIERS, UNSUPPORTED_QUALIFIERS);
            if (!name.equals(q)) {
                throw new IllegalArgumentException("--bind-to " + spec + ": the qualifier " + m.toUpperCase(Locale.ROOT)
                        + " takes no value");
            }
            switch (m) {
                case "if-supported" -> ifSupported = true;
                case "overload-allowed", "no-overload" -> {
                    boolean wanted = m.equals("overload-allowed");
                    if (overload != null && overload != wanted) {
                        throw new IllegalArgumentException("--bind-to " + spec + ": OVERLOAD-ALLOWED and NO-OVERLOAD"
                                + " contradict each other; give one of them");
                    }
                    overload = wanted;
                }
                case "report" -> report = true;
                default -> throw new AssertionError(m);
            }
        }
        return new BindingPolicy(target, ifSupported, overload, report);
    }

    /** Whether more processes may be bound to an object than it has CPUs. */
    public boolean overloadAllowed() {
        return Boolean.TRUE.equals(overload);
    }

    /**
     * PRRTE's rendering, as in {@code PMIX_BINDTO} and the job map: {@code CORE},
     * {@code CORE:IF-SUPPORTED}, {@code PACKAGE:OVERLOAD-ALLOWED}, {@code CORE:IF-SUPPORTED:OVERLOAD-ALLOWED}.
     */
    public String prrteString() {
        String name = target == null ? "UNKNOWN" : target.name();
        if (ifSupported && overloadAllowed()) {
            return name + ":IF-SUPPORTED:OVERLOAD-ALLOWED";
        }
        if (overloadAllowed()) {
            return name + ":OVERLOAD-ALLOWED";
        }
        return ifSupported ? name + ":IF-SUPPORTED" : name;
    }

    /** The {@code --bind-to} value that gives this policy. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(target == null ? "" : target.name().toLowerCase(Locale.ROOT));
        if (overload != null) {
            sb.append(overload ? ":OVERLOAD-ALLOWED" : ":NO-OVERLOAD");
        }
        if (ifSupported) {
            sb.append(":IF-SUPPORTED");
        }
        if (report) {
            sb.append(":REPORT");
        }
        return sb.toString();
    }
}
