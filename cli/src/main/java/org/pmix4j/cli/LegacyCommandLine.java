package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Reads a command line written for mpirun (Open MPI 4.1) or prterun and writes it as pmix4j's, before picocli
 * parses it: single-dash long options ({@code -np}, {@code -wdir}, {@code -mca}, {@code -tag-output}) get their
 * second dash, the spellings of {@link LegacyOptions} become what they mean, and every part of the placement
 * (the options' own {@code --map-by}, {@code -npernode 2}, {@code --cpus-per-proc 2}, {@code --rankfile f},
 * {@code --mca rmaps seq}) becomes one {@code --map-by} value. Only the options before the program are read;
 * the program's own words are left as they are.
 */
final class LegacyCommandLine {
    private final CommandSpec spec;
    private final CommandSpec jobSpec;
    private final boolean oneApplication;
    private final LauncherNotices notices;
    private final List<String> out = new ArrayList<>();
    private String policy;
    private String policyFrom;
    private final List<String> qualifiers = new ArrayList<>();

    /**
     * @param spec           the options the command line is for (pmix4j run's, or one application's after ':')
     * @param jobSpec        for one application: the whole job's options (refused there, named as such); or null
     * @param oneApplication true for an application after ':' or in an appfile: options about the whole job
     *                       (the placement) are refused there
     */
    private LegacyCommandLine(CommandSpec spec, CommandSpec jobSpec, boolean oneApplication, LauncherNotices notices) {
        this.spec = spec;
        this.jobSpec = jobSpec;
        this.oneApplication = oneApplication;
        this.notices = notices;
    }

    /** The command line rewritten. */
    record Rewritten(String[] args) {
    }

    /**
     * Rewrites {@code args} for {@code spec}'s command.
     *
     * @throws IllegalArgumentException for an option refused here, naming it and saying why
     */
    static Rewritten rewrite(String[] args, CommandSpec spec, LauncherNotices notices) {
        return new LegacyCommandLine(spec, null, false, notices).run(args);
    }

    /** Rewrites the options of one application ({@code appSpec}'s) of the job whose options are {@code jobSpec}. */
    static Rewritten rewriteApplication(String[] args, CommandSpec appSpec, CommandSpec jobSpec,
            LauncherNotices notices) {
        return new LegacyCommandLine(appSpec, jobSpec, true, notices).run(args);
    }

    private Rewritten run(String[] args) {
        int i = 0;
        while (i < args.length) {
            String a = args[i];
            if (a.equals("--") || !a.startsWith("-") || a.equals("-") || a.equals(":")) {
                break;
            }
            i = option(args, i);
        }
        if (policy != null || !qualifiers.isEmpty()) {
            StringBuilder m = new StringBuilder(policy == null ? "" : policy);
            qualifiers.forEach(q -> m.append(':').append(q));
            out.add("--map-by");
            out.add(m.toString());
        }
        out.addAll(Arrays.asList(args).subList(i, args.length));
        return new Rewritten(out.toArray(String[]::new));
    }

    /** Reads the option at {@code i}; returns the index after it and its values. */
    private int option(String[] args, int i) {
        String token = args[i];
        int eq = token.indexOf('=');
        String typed = eq > 0 ? token.substring(0, eq) : token;
        String inline = eq > 0 ? token.substring(eq + 1) : null;
        String name = typed;
        if (!typed.startsWith("--") && typed.length() > 2 && spec.optionsMap().get(typed) == null
                && spec.optionsMap().get("-" + typed) != null) {
            name = "-" + typed; // -wdir, -host, -tag-output: mpirun 4.1's single-dash long options
        }
        OptionSpec known = spec.optionsMap().get(name);
        if (known != null && inline != null && known.arity().max() == 0) {
            out.add(name + "=" + inline); // --flag=true: picocli reads it, or says what is wrong with it
            return i + 1;
        }
        if (known != null) {
            int arity = known.arity().max();
            boolean optional = known.arity().min() == 0 && arity > 0;
            List<String> values = new ArrayList<>();
            int next = i + 1;
            if (inline != null) {
                values.add(inline);
            }
            while (values.size() < arity && next < args.length
                    && !(optional && (args[next].startsWith("-") || args[next].equals(":")))) {
                values.add(args[next++]);
            }
            if (values.size() < known.arity().min()) {
                throw new IllegalArgumentException(typed + " needs " + known.arity().min() + " value"
                        + (known.arity().min() > 1 ? "s" : "") + " (" + known.paramLabel() + ")");
            }
            known(name, values);
            return next;
        }
        String bare = typed.replaceFirst("^--?", "");
        if (oneApplication && jobSpec != null && (jobSpec.optionsMap().get(typed) != null
                || jobSpec.optionsMap().get("--" + bare) != null)) {
            throw new IllegalArgumentException(typed + " applies to the whole job in pmix4j, not to one application:"
                    + " give it before the first program");
        }
        if (bare.equals("hnp")) {
            return hnp(args, i, typed, inline);
        }
        LegacyOptions.Spelling s = LegacyOptions.find(bare);
        if (s == null || (bare.length() == 1 && typed.startsWith("--"))) {
            // not ours, not mpirun's: picocli says so, with its suggestions
            out.add(token);
            return i + 1;
        }
        List<String> values = new ArrayList<>();
        int next = i + 1;
        if (inline != null) {
            values.add(inline);
        }
        while (values.size() < s.arity() && next < args.length) {
            values.add(args[next++]);
        }
        if (values.size() < s.arity()) {
            throw new IllegalArgumentException(typed + " needs " + s.arity() + " value" + (s.arity() > 1 ? "s" : ""));
        }
        legacy(typed, s, values);
        return next;
    }

    /** One of the command's own options; the few that take part in the placement are gathered. */
    private void known(String name, List<String> values) {
        switch (name) {
            case "--map-by", "--mapby" -> mapBy(name + " " + values.get(0), values.get(0), null);
            case "--mca", "--gmca", "--prtemca" -> {
                for (String[] o : McaParameters.runtimeOptions(values)) {
                    runtimeParameter(name + " " + String.join(" ", values), o[0], o[1]);
                }
                if (name.equals("--prtemca")) {
                    if (McaParameters.runtimeOptions(values).isEmpty()) {
                        notices.ignored(name + " " + String.join(" ", values), "not a parameter pmix4j's runtime has"
                                + " (it applies rmaps, hwloc binding, plm agent and routed radix ones)");
                    }
                    return;
                }
                out.add(name);
                out.addAll(values);
            }
            default -> {
                out.add(name);
                out.addAll(values);
            }
        }
    }

    /** An ORTE or PRRTE parameter that one of our options expresses. */
    private void runtimeParameter(String typed, String option, String value) {
        if (option.equals("--map-by")) {
            mapBy(typed, value, null);
        } else if (spec.optionsMap().get(option) != null) {
            out.add(option);
            out.add(value);
        } else {
            notices.ignored(typed, "pmix4j " + spec.name() + " has no " + option);
        }
    }

    private void legacy(String typed, LegacyOptions.Spelling s, List<String> values) {
        String shown = values.isEmpty() ? typed : typed + " " + String.join(" ", values);
        switch (s.meaning().apply(values)) {
            case LegacyOptions.MapsBy m -> {
                mapBy(shown, m.policy(), m.qualifier());
                if (s.old()) {
                    notices.converted(shown, m.policy() != null ? "--map-by " + m.policy() : "--map-by :" + m.qualifier());
                }
            }
            case LegacyOptions.Becomes b -> {
                if (oneApplication && !b.options().isEmpty() && spec.optionsMap().get(b.options().get(0)) == null) {
                    throw new IllegalArgumentException(shown + ": applies to the whole job: give it before the first"
                            + " program");
                }
                out.addAll(b.options());
                if (s.old()) {
                    notices.converted(shown, String.join(" ", b.options()));
                }
            }
            case LegacyOptions.Ignored g -> notices.ignored(shown, g.why());
            case LegacyOptions.Refused r -> throw new IllegalArgumentException(typed + " is not supported: " + r.why());
        }
    }

    /** Open MPI 4.1's {@code --hnp URI}: run in that DVM. */
    private int hnp(String[] args, int i, String typed, String inline) {
        String value = inline != null ? inline : i + 1 < args.length ? args[i + 1] : null;
        if (value == null) {
            throw new IllegalArgumentException(typed + " needs a value (the DVM's URI, or file:PATH)");
        }
        String option = spec.optionsMap().get("--dvm") != null ? "--dvm" : "--dvm-uri";
        out.add(option);
        out.add(value);
        notices.converted(typed + " " + value, option + " " + value);
        return inline != null ? i + 1 : i + 2;
    }

    /** A part of the placement: one policy (from one option) and any number of qualifiers. */
    private void mapBy(String from, String value, String qualifier) {
        if (oneApplication) {
            throw new IllegalArgumentException(from + ": the placement applies to the whole job: give it before the"
                    + " first program");
        }
        if (value != null) {
            int colon = value.indexOf(':');
            boolean rankfileOrPpr = value.startsWith("ppr:") || value.startsWith("rankfile:");
            String p = rankfileOrPpr ? value : colon < 0 ? value : value.substring(0, colon);
            if (!rankfileOrPpr && colon >= 0) {
                qualifiers.addAll(Arrays.asList(value.substring(colon + 1).split(":")));
            }
            if (!p.isEmpty()) {
                if (policy != null && !policy.equalsIgnoreCase(p)) {
                    throw new IllegalArgumentException(policyFrom + " and " + from + " both say where processes go;"
                            + " give only one of them");
                }
                policy = p;
                policyFrom = from;
            }
        }
        if (qualifier != null) {
            qualifiers.add(qualifier);
        }
    }
}
