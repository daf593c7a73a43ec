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
 * @param perNode       {@code ppr:N:RESOURCE}: N processes on each RESOURCE (target {@link Target#PPR}), else 0
 * @param perObject     the RESOURCE of {@code ppr:N:RESOURCE} below the node ({@code ppr:2:package}), or
 *                      {@code null} for {@code ppr:N:node} and the other directives
 * @param file          {@code FILE=path} of {@code seq} and {@code rankfile}, or {@code null}
 * @param peList        {@code pe-list=a,b-c}: the CPUs (core numbers, logical) the job may use, or {@code null}
 * @param ordered       {@code ORDERED} (pe-list only): each process bound to the next CPU of the list
 */
public record MappingPolicy(Target target, int pesPerProc, Boolean oversubscribe, boolean span, int perNode,
        HwLevel perObject, String file, CpuSet peList, boolean ordered) {

    /** What {@code --map-by} places processes by. */
    public enum Target {
        SLOT(null), NODE(null), PPR(null), SEQ(null), RANKFILE(null), PE_LIST(null), HWTHREAD(HwLevel.HWTHREAD), CORE(HwLevel.CORE), L1CACHE(HwLevel.L1CACHE),
        L2CACHE(HwLevel.L2CACHE), L3CACHE(HwLevel.L3CACHE), NUMA(HwLevel.NUMA), PACKAGE(HwLevel.PACKAGE);

        private final HwLevel level;

        Target(HwLevel level) {
            this.level = level;
        }

        /** The hardware level mapped by, or {@code null} for SLOT and NODE. */
        public HwLevel level() {
            return level;
        }

        /** PRRTE's name in {@code PMIX_MAPBY} and the job map ({@code BYCORE}, {@code PPR}, {@code SEQUENTIAL}). */
        public String prrteName() {
            return switch (this) {
                case PPR -> "PPR";
                case SEQ -> "SEQUENTIAL";
                // a rankfile is the user's own map
                case RANKFILE -> "BYUSER";
                case PE_LIST -> "PE-LIST";
                default -> "BY" + name();
            };
        }

        /** Whether every process's node (and for a rankfile its CPUs) is listed by the user, not computed. */
        public boolean listed() {
            return this == SEQ || this == RANKFILE;
        }
    }

    /** Nothing given: PRRTE's defaults apply. */
    public static final MappingPolicy DEFAULT = new MappingPolicy(null, 0, null, false, 0);

    private static final List<String> DIRECTIVES = List.of("slot", "node", "hwthread", "core", "l1cache", "l2cache",
            "l3cache", "numa", "package", "socket", "ppr", "seq", "rankfile", "pe-list");
    private static final List<String> UNSUPPORTED_DIRECTIVES = List.of("device");
    private static final List<String> QUALIFIERS = List.of("pe", "oversubscribe", "nooversubscribe", "span", "file",
            "ordered");
    private static final List<String> UNSUPPORTED_QUALIFIERS = List.of("nolocal", "hwtcpus", "corecpus", "inherit",
            "noinherit", "interleave", "shared", "ndev");
    /** The resources of {@code ppr:N:RESOURCE}, as PRRTE names them ({@code socket} is package). */
    private static final List<String> PPR_RESOURCES = List.of("node", "package", "socket", "numa", "l3cache",
            "l2cache", "l1cache", "core", "hwthread");

    public MappingPolicy {
        if (pesPerProc < 0) {
            throw new IllegalArgumentException("PE must not be negative: " + pesPerProc);
        }
        // a ppr by an object, once resolved, maps by that object and keeps its pattern (for the job map)
        boolean resolvedPpr = perObject != null && target != null && target.level() == perObject;
        if ((target == Target.PPR || resolvedPpr) != (perNode > 0)) {
            throw new IllegalArgumentException("ppr needs a positive count per node, and only ppr has one: "
                    + target + " with " + perNode);
        }
        if (perObject != null && target != Target.PPR && !resolvedPpr) {
            throw new IllegalArgumentException("only ppr maps N per " + perObject.directive() + ", not " + target);
        }
        if ((target == Target.PE_LIST) != (peList != null)) {
            throw new IllegalArgumentException("pe-list needs its CPUs, and only pe-list has them: " + target);
        }
    }

    /** A policy that is not {@code ppr}. */
    public MappingPolicy(Target target, int pesPerProc, Boolean oversubscribe, boolean span) {
        this(target, pesPerProc, oversubscribe, span, 0);
    }

    /** A policy that is not {@code ppr} by an object, {@code seq}, {@code rankfile} nor {@code pe-list}. */
    public MappingPolicy(Target target, int pesPerProc, Boolean oversubscribe, boolean span, int perNode) {
        this(target, pesPerProc, oversubscribe, span, perNode, null, null, null, false);
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
        HwLevel perObject = null;
        CpuSet peList = null;
        int firstQualifier = 1;
        if (!parts[0].isBlank()) {
            String word = parts[0];
            String directiveValue = null;
            if (word.contains("=")) {
                directiveValue = word.substring(word.indexOf('=') + 1);
                word = word.substring(0, word.indexOf('='));
            }
            if (word.strip().equalsIgnoreCase("pe")) {
                // "pe" would abbreviate pe-list, but PE=n is far more often the qualifier written first
                throw new IllegalArgumentException("--map-by " + spec + ": PE=n is a qualifier, written after a"
                        + " directive or a colon (--map-by slot:PE=n, or --map-by :PE=n); to bind to listed CPUs write"
                        + " pe-list=" + (directiveValue == null ? "0,1" : directiveValue));
            }
            String d = PolicyWords.match("--map-by", spec, "directive", word, DIRECTIVES, UNSUPPORTED_DIRECTIVES);
            if (directiveValue != null && !d.equals("pe-list")) {
                throw new IllegalArgumentException("--map-by " + spec + ": the directive " + d + " takes no value");
            }
            target = switch (d) {
                case "socket" -> Target.PACKAGE;
                case "pe-list" -> Target.PE_LIST;
                default -> Target.valueOf(d.toUpperCase(Locale.ROOT));
            };
            if (target == Target.PPR) {
                perNode = pprCount(spec, parts);
                perObject = pprResource(spec, parts[2]);
                firstQualifier = 3;
            }
            if (target == Target.PE_LIST) {
                // the list is comma-separated, and --map-by's own value may have been split at its commas
                peList = peList(spec, directiveValue);
            }
        } else if (parts.length == 1) {
            throw new IllegalArgumentException("--map-by needs a value; valid directives: "
                    + String.join(", ", DIRECTIVES));
        }
        int pe = 0;
        Boolean over = null;
        boolean span = false;
        String file = null;
        boolean ordered = false;
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
            if (m.equals("file")) {
                if (value == null || value.isBlank()) {
                    throw new IllegalArgumentException("--map-by " + spec + ": FILE needs a value (FILE=path, the"
                            + " sequential file or rankfile)");
                }
                file = value.strip();
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
                case "ordered" -> ordered = true;
                default -> throw new AssertionError(m);
            }
        }
        checkCombinations(spec, target, pe, span, file, ordered);
        return new MappingPolicy(target, pe, over, span, perNode, perObject, file, peList, ordered);
    }

    /** PRRTE's rules on which qualifiers go with which directives. */
    private static void checkCombinations(String spec, Target target, int pe, boolean span, String file,
            boolean ordered) {
        if (pe > 0 && (target == Target.RANKFILE || target == Target.PE_LIST)) {
            throw new IllegalArgumentException("--map-by " + spec + ": PE=n cannot be combined with "
                    + target.name().toLowerCase(Locale.ROOT).replace('_', '-') + ", which names each process's CPUs"
                    + " itself");
        }
        if (span && (target == Target.PPR || target == Target.SEQ || target == Target.RANKFILE
                || target == Target.PE_LIST)) {
            throw new IllegalArgumentException("--map-by " + spec + ": SPAN balances processes over the objects of"
                    + " the allocation, so it cannot be combined with "
                    + target.name().toLowerCase(Locale.ROOT).replace('_', '-') + "; map by an object (core, numa,"
                    + " package ...) to use it");
        }
        if (file != null && target != Target.SEQ && target != Target.RANKFILE) {
            throw new IllegalArgumentException("--map-by " + spec + ": FILE= names the file of seq or rankfile,"
                    + " and means nothing to " + (target == null ? "the default mapping" : target.name()
                            .toLowerCase(Locale.ROOT)));
        }
        if (target == Target.RANKFILE && file == null) {
            throw new IllegalArgumentException("--map-by " + spec + ": rankfile needs the file, as in"
                    + " --map-by rankfile:FILE=myrankfile");
        }
        if (ordered && target != Target.PE_LIST) {
            throw new IllegalArgumentException("--map-by " + spec + ": ORDERED only applies to pe-list"
                    + " (--map-by pe-list=0,2:ORDERED)");
        }
    }

    /** The CPUs of {@code pe-list=a,b-c}. */
    private static CpuSet peList(String spec, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("--map-by " + spec + ": pe-list needs its CPUs, as in"
                    + " --map-by pe-list=0,2 (logical core numbers, ranges allowed: 0-3)");
        }
        try {
            CpuSet cpus = CpuSet.parseList(value.strip());
            if (!cpus.isEmpty()) {
                return cpus;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalArgumentException("--map-by " + spec + ": '" + value + "' is not a list of CPUs (write"
                + " them as 0,2 or 0-3,6)");
    }

    /** The N of {@code ppr:N:RESOURCE}. */
    private static int pprCount(String spec, String[] parts) {
        if (parts.length < 3) {
            throw new IllegalArgumentException("--map-by " + spec + ": ppr needs a count and a resource, as in"
                    + " ppr:2:node or ppr:1:package (resources: " + String.join(", ", PPR_RESOURCES) + ")");
        }
        return PolicyWords.positive("--map-by", spec, "the ppr count", parts[1]);
    }

    /** The RESOURCE of {@code ppr:N:RESOURCE}: null for node, else its level. */
    private static HwLevel pprResource(String spec, String word) {
        if (word.strip().toLowerCase(Locale.ROOT).startsWith("device")) {
            throw new IllegalArgumentException("--map-by " + spec + ": ppr by device is not supported by pmix4j"
                    + " (it finds no devices in the topology); valid resources: " + String.join(", ", PPR_RESOURCES));
        }
        String r = PolicyWords.match("--map-by", spec, "ppr resource", word, PPR_RESOURCES, List.of());
        return switch (r) {
            case "node" -> null;
            case "socket" -> HwLevel.PACKAGE;
            default -> HwLevel.valueOf(r.toUpperCase(Locale.ROOT));
        };
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
        return new MappingPolicy(target, pesPerProc, allowed, span, perNode, perObject, file, peList, ordered);
    }

    /** This policy with the target (and ppr count) of {@code other}, as the mapper resolved them. */
    MappingPolicy withTarget(MappingPolicy other) {
        return new MappingPolicy(other.target, pesPerProc, oversubscribe, span, other.perNode, other.perObject, file,
                other.peList, ordered);
    }

    /** This policy mapping by {@code t} instead, everything else kept (PRRTE's defaults resolved). */
    MappingPolicy withTarget(Target t) {
        boolean keepsPattern = t == Target.PPR || perObject != null && t.level() == perObject;
        return new MappingPolicy(t, pesPerProc, oversubscribe, span, keepsPattern ? perNode : 0,
                keepsPattern ? perObject : null, file, t == Target.PE_LIST ? peList : null, ordered);
    }

    /** Whether hardware threads count as CPUs (and slots): mapping by hwthread, or ppr:N:hwthread. */
    public boolean hwthreadCpus() {
        return target == Target.HWTHREAD || perObject == HwLevel.HWTHREAD;
    }

    /** {@code ppr:N:RESOURCE} by an object below the node ({@code ppr:2:package}). */
    public boolean perObjectPattern() {
        return perObject != null && perNode > 0;
    }

    /** The pattern of ppr as the job map shows it ({@code 2:package}), or {@code null} when not ppr. */
    public String pprPattern() {
        return perNode == 0 ? null : perNode + ":" + (perObject == null ? "node" : perObject.directive());
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
        if (ordered) {
            sb.append(":ORDERED");
        }
        return sb.toString();
    }

    /** The {@code --map-by} value that gives this policy. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(perNode > 0 ? "ppr:" + pprPattern() : target == null ? ""
                : target.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (peList != null) {
            sb.append('=').append(peList.toList());
        }
        if (file != null) {
            sb.append(":FILE=").append(file);
        }
        if (ordered) {
            sb.append(":ORDERED");
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
