package org.pmix4j.runtime.placement;

import java.util.List;
import java.util.Locale;

/**
 * {@code --map-by}: where processes go. PRRTE's grammar: a directive, then qualifiers after colons
 * ({@code package:PE=2:OVERSUBSCRIBE}, or only qualifiers: {@code :OVERSUBSCRIBE}); words are
 * case-insensitive and may be shortened to any unambiguous prefix; {@code socket} is another name for
 * {@code package}.
 *
 * @param target        what to map by, or {@code null} when not given (the mapper picks PRRTE's default)
 * @param pesPerProc    {@code PE=n}: CPUs per process, or 0 when not given
 * @param oversubscribe {@code OVERSUBSCRIBE} (true), {@code NOOVERSUBSCRIBE} (false), or {@code null}
 *                      when neither was given (PRRTE's default: no oversubscription)
 * @param span          {@code SPAN}: balance across all objects of the allocation
 * @param perNode       {@code ppr:N:node}: N processes on each node (target {@link Target#PPR}), else 0
 */
public record MappingPolicy(Target target, int pesPerProc, Boolean oversubscribe, boolean span, int perNode) {

    /** What {@code --map-by} places processes by. */
    public enum Target {
        SLOT(null), NODE(null), PPR(null), HWTHREAD(HwLevel.HWTHREAD), CORE(HwLevel.CORE), L1CACHE(HwLevel.L1CACHE),
        L2CACHE(HwLevel.L2CACHE), L3CACHE(HwLevel.L3CACHE), NUMA(HwLevel.NUMA), PACKAGE(HwLevel.PACKAGE);

        private final HwLevel level;

        Target(HwLevel level) {
            this.level = level;
        }

        /** The hardware level mapped by, or {@code null} for SLOT and NODE. */
        public HwLevel level() {
            return level;
        }

        /** PRRTE's name in {@code PMIX_MAPBY} and the job map ({@code BYCORE}, {@code PPR}). */
        public String prrteName() {
            return this == PPR ? name() : "BY" + name();
        }
    }

    /** Nothing given: PRRTE's defaults apply. */
    public static final MappingPolicy DEFAULT = new MappingPolicy(null, 0, null, false, 0);

    private static final List<String> DIRECTIVES = List.of("slot", "node", "hwthread", "core", "l1cache", "l2cache",
            "l3cache", "numa", "package", "socket", "ppr");
    private static final List<String> UNSUPPORTED_DIRECTIVES = List.of("seq", "rankfile", "pe-list", "device");
    private static final List<String> QUALIFIERS = List.of("pe", "oversubscribe", "nooversubscribe", "span");
    private static final List<String> UNSUPPORTED_QUALIFIERS = List.of("nolocal", "hwtcpus", "corecpus", "inherit",
            "noinherit", "file", "ordered", "interleave", "shared", "ndev");

    public MappingPolicy {
        if (pesPerProc < 0) {
            throw new IllegalArgumentException("PE must not be negative: " + pesPerProc);
        }
        if ((target == Target.PPR) != (perNode > 0)) {
            throw new IllegalArgumentException("ppr needs a positive count per node, and only ppr has one: "
                    + target + " with " + perNode);
        }
    }

    /** A policy that is not {@code ppr}. */
    public MappingPolicy(Target target, int pesPerProc, Boolean oversubscribe, boolean span) {
        this(target, pesPerProc, oversubscribe, span, 0);
    }

    /**
     * Parses a {@code --map-by} value.
     *
     * @throws IllegalArgumentException naming {@code --map-by}, the value and the word at fault, listing the
     *                                  valid words
     */
    public static MappingPolicy parse(String spec) {
        String[] parts = spec.strip().split(":", -1);
        Target target = null;
        int perNode = 0;
        int firstQualifier = 1;
        if (!parts[0].isBlank()) {
            String word = parts[0];
            if (word.contains("=")) {
                word = word.substring(0, word.indexOf('='));
            }
            String d = PolicyWords.match("--map-by", spec, "directive", word, DIRECTIVES, UNSUPPORTED_DIRECTIVES);
            if (!word.equals(parts[0])) {
                throw new IllegalArgumentException("--map-by " + spec + ": the directive " + d + " takes no value");
            }
            target = d.equals("socket") ? Target.PACKAGE : Target.valueOf(d.toUpperCase(Locale.ROOT));
            if (target == Target.PPR) {
                perNode = perNode(spec, parts);
                firstQualifier = 3;
            }
        } else if (parts.length == 1) {
            throw new IllegalArgumentException("--map-by needs a value; valid directives: "
                    + String.join(", ", DIRECTIVES));
        }
        int pe = 0;
        Boolean over = null;
        boolean span = false;
        for (int i = firstQualifier; i < parts.length; i++) {
            String q = parts[i];
            int eq = q.indexOf('=');
            String name = eq < 0 ? q : q.substring(0, eq);
            String value = eq < 0 ? null : q.substring(eq + 1);
            String m = PolicyWords.match("--map-by", spec, "qualifier", name, QUALIFIERS, UNSUPPORTED_QUALIFIERS);
            if (m.equals("pe")) {
                if (value == null) {
                    throw new IllegalArgumentException("--map-by " + spec + ": PE needs a value (PE=n, the number of"
                            + " CPUs for each process)");
                }
                pe = PolicyWords.positive("--map-by", spec, "PE", value);
                continue;
            }
            if (value != null) {
                throw new IllegalArgumentException("--map-by " + spec + ": the qualifier " + m.toUpperCase(Locale.ROOT)
                        + " takes no value");
            }
            switch (m) {
                case "oversubscribe", "nooversubscribe" -> {
                    boolean wanted = m.equals("oversubscribe");
                    if (over != null && over != wanted) {
                        throw new IllegalArgumentException("--map-by " + spec + ": OVERSUBSCRIBE and NOOVERSUBSCRIBE"
                                + " contradict each other; give one of them");
                    }
                    over = wanted;
                }
                case "span" -> span = true;
                default -> throw new AssertionError(m);
            }
        }
        return new MappingPolicy(target, pe, over, span, perNode);
    }

    /** The N of {@code ppr:N:node} (processes per node; the only object pmix4j maps ppr by). */
    private static int perNode(String spec, String[] parts) {
        if (parts.length < 3) {
            throw new IllegalArgumentException("--map-by " + spec + ": ppr needs a count and an object, as in"
                    + " ppr:2:node");
        }
        int n = PolicyWords.positive("--map-by", spec, "the ppr count", parts[1]);
        if (!"node".startsWith(parts[2].strip().toLowerCase(Locale.ROOT)) || parts[2].isBlank()) {
            throw new IllegalArgumentException("--map-by " + spec + ": 'PPR' is not supported by pmix4j yet by '"
                    + parts[2] + "'; only ppr:N:node (N processes on each node)");
        }
        return n;
    }

    /**
     * This policy with {@code --oversubscribe} (true) or {@code --nooversubscribe} (false) folded in.
     *
     * @throws IllegalArgumentException when the policy already says the opposite
     */
    public MappingPolicy withOversubscribe(boolean allowed) {
        if (oversubscribe != null && oversubscribe != allowed) {
            throw new IllegalArgumentException((allowed ? "--oversubscribe" : "--nooversubscribe")
                    + " contradicts --map-by " + this + "; give one of them");
        }
        return new MappingPolicy(target, pesPerProc, allowed, span, perNode);
    }

    /** This policy with the target (and ppr count) of {@code other}, as the mapper resolved them. */
    MappingPolicy withTarget(MappingPolicy other) {
        return new MappingPolicy(other.target, pesPerProc, oversubscribe, span, other.perNode);
    }

    /** Whether more processes than slots may be placed: only when asked for. */
    public boolean oversubscribeAllowed() {
        return Boolean.TRUE.equals(oversubscribe);
    }

    /**
     * PRRTE's rendering, as in {@code PMIX_MAPBY} and the job map: {@code BYCORE:NOOVERSUBSCRIBE},
     * {@code BYPACKAGE:OVERSUBSCRIBE:SPAN}. Only meaningful once the target is resolved.
     */
    public String prrteString() {
        StringBuilder sb = new StringBuilder(target == null ? "UNKNOWN" : target.prrteName());
        sb.append(oversubscribeAllowed() ? ":OVERSUBSCRIBE" : ":NOOVERSUBSCRIBE");
        if (span) {
            sb.append(":SPAN");
        }
        return sb.toString();
    }

    /** The {@code --map-by} value that gives this policy. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(target == null ? "" : target.name().toLowerCase(Locale.ROOT));
        if (target == Target.PPR) {
            sb.append(':').append(perNode).append(":node");
        }
        if (pesPerProc > 0) {
            sb.append(":PE=").append(pesPerProc);
        }
        if (oversubscribe != null) {
            sb.append(oversubscribe ? ":OVERSUBSCRIBE" : ":NOOVERSUBSCRIBE");
        }
        if (span) {
            sb.append(":SPAN");
        }
        return sb.toString();
    }
}
