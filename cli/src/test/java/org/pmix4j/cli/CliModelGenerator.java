package org.pmix4j.cli;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Writes out picocli's model of a command as Java code that builds the same model through picocli's
 * programmatic API, so that the launcher, the front ends and the daemons do not read their annotations at
 * every start
 * (reading them makes the JDK generate a proxy class per annotation type and reflective accessors per field:
 * ~100 ms of a fresh JVM, measured in docs/benchmarks.md).
 *
 * <p>The source of truth stays the annotations: the generator reads the model picocli itself derives from
 * them (no rule of picocli's is re-implemented here), and {@link CliModelsTest} fails when the written model
 * and the annotations' differ, attribute by attribute, in the usage text and in what command lines parse to.
 * Anything the generator does not know how to write (an argument group, a converter, a nested mixin ...)
 * stops it with the name of what it met, never a model that silently differs.
 *
 * <p>Run: {@code bin/generate-cli-models} (writes every model under cli/src/main/java).
 */
final class CliModelGenerator {
    /** The commands whose model is written out, and the class written for each. */
    static final Map<Class<?>, String> MODELS = Map.of(
            RunCommand.class, "RunModel",
            PrunCommand.class, "PrunModel",
            DaemonCommand.class, "DaemonModel",
            DvmCommand.class, "DvmModel",
            TermCommand.class, "TermModel",
            PsCommand.class, "PsModel",
            SchedCommand.class, "SchedModel");

    /** Where the mixin of picocli's standard help options is kept (picocli's own key). */
    static final String HELP_MIXIN = "mixinStandardHelpOptions";

    private final Class<?> command;
    private final String modelName;
    private final CommandSpec spec;
    private final StringBuilder out = new StringBuilder();
    /** The fields and methods bound to options, by slot number in the written binding class. */
    private final List<Bound> bound = new ArrayList<>();

    private static final String CALL = "\u0000";

    private record Bound(String holder, AnnotatedElement member) {
    }

    CliModelGenerator(Class<?> command, String modelName) {
        this.command = command;
        this.modelName = modelName;
        this.spec = reflectiveModel(command);
    }

    /** The model picocli reads from the annotations, as {@code pmix4j COMMAND} has it (named in full). */
    static CommandSpec reflectiveModel(Class<?> command) {
        CommandLine tree = new CommandLine(new Main());
        for (CommandLine sub : tree.getSubcommands().values()) {
            if (sub.getCommandSpec().userObject().getClass() == command) {
                return sub.getCommandSpec();
            }
        }
        throw new IllegalArgumentException(command.getName() + " is not a subcommand of pmix4j");
    }

    /** The Java source of the model's class. */
    String source() {
        checkCommand();
        String type = command.getSimpleName();
        line("package org.pmix4j.cli;");
        line("");
        line("import java.util.List;");
        line("import picocli.CommandLine;");
        line("import picocli.CommandLine.Model.CommandSpec;");
        line("import picocli.CommandLine.Model.IGetter;");
        line("import picocli.CommandLine.Model.ISetter;");
        line("import picocli.CommandLine.Model.OptionSpec;");
        line("import picocli.CommandLine.Model.PositionalParamSpec;");
        line("");
        line("/**");
        line(" * picocli's model of {@code pmix4j " + spec.name() + "} ({@link " + type + "}), built without reading its");
        line(" * annotations: written from them by CliModelGenerator (cli tests). Do not edit: run");
        line(" * {@code bin/generate-cli-models}; CliModelsTest fails when this and the annotations differ.");
        line(" */");
        line("@SuppressWarnings({\"unchecked\", \"deprecation\"})");
        line("final class " + modelName + " {");
        line("    private " + modelName + "() {");
        line("    }");
        line("");
        line("    /** The model of {@code c}'s command line, bound to its fields. */");
        line("    static CommandSpec of(" + type + " c) {");
        line("        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);");
        line("        spec.name(" + literal(spec.name()) + ");");
        usage();
        Map<String, CommandSpec> mixins = new LinkedHashMap<>(spec.mixins());
        Map<OptionSpec, String> mixinOf = new IdentityHashMap<>();
        mixins.forEach((name, m) -> m.options().forEach(o -> mixinOf.put(o, name)));
        List<String> written = new ArrayList<>();
        for (ArgSpec a : spec.args()) {
            String mixin = a instanceof OptionSpec o ? mixinOf.get(o) : null;
            if (mixin == null) {
                line("        spec.add(" + arg(a, "c", "                ") + ");");
            } else if (!written.contains(mixin)) {
                written.add(mixin);
                mixin(mixin, mixins.get(mixin));
            }
        }
        injectSpecs();
        line("        return spec;");
        line("    }");
        line("");
        if (spec.mixins().containsKey(HELP_MIXIN)) {
            flag();
        }
        binding(type);
        line("}");
        return out.toString();
    }

    /** What picocli reads from the command but the generator does not write: refused, by name. */
    private void checkCommand() {
        require(spec.subcommands().isEmpty(), "subcommands");
        require(spec.argGroups().isEmpty(), "argument groups");
        require(spec.unmatchedArgsBindings().isEmpty(), "@Unmatched");
        require(spec.parentCommandElements().isEmpty(), "@ParentCommand");
        require(spec.versionProvider() == null && spec.version().length == 0, "a version");
        require(spec.aliases().length == 0, "aliases");
        require(spec.defaultValueProvider() == null, "a default value provider");
        require(spec.resourceBundleBaseName() == null, "a resource bundle");
        require(!spec.helpCommand(), "helpCommand");
        CommandSpec plain = CommandSpec.create();
        require(spec.exitCodeOnInvalidInput() == plain.exitCodeOnInvalidInput()
                && spec.exitCodeOnExecutionException() == plain.exitCodeOnExecutionException()
                && spec.exitCodeOnSuccess() == plain.exitCodeOnSuccess(), "exit codes");
        for (CommandSpec m : spec.mixins().values()) {
            require(m.mixins().isEmpty(), "a mixin within a mixin");
            require(m.positionalParameters().isEmpty(), "positional parameters in a mixin");
        }
    }

    private void require(boolean supported, String what) {
        if (!supported) {
            throw new IllegalStateException(command.getSimpleName() + " has " + what
                    + ", which CliModelGenerator does not write: teach it, or leave the command out of MODELS");
        }
    }

    /** The usage message's attributes that differ from picocli's defaults. */
    private void usage() {
        UsageMessageSpec u = spec.usageMessage();
        UsageMessageSpec d = new UsageMessageSpec();
        List<String> calls = new ArrayList<>();
        if (!Arrays.equals(u.description(), d.description())) {
            calls.add(".description(" + literals(u.description()) + ")");
        }
        if (!Arrays.equals(u.footer(), d.footer())) {
            calls.add(".footer(" + literals(u.footer()) + ")");
        }
        if (!Arrays.equals(u.header(), d.header())) {
            calls.add(".header(" + literals(u.header()) + ")");
        }
        if (u.sortOptions() != d.sortOptions()) {
            calls.add(".sortOptions(" + u.sortOptions() + ")");
        }
        if (u.hidden() != d.hidden()) {
            calls.add(".hidden(" + u.hidden() + ")");
        }
        require(Arrays.equals(u.customSynopsis(), d.customSynopsis()), "a custom synopsis");
        require(u.abbreviateSynopsis() == d.abbreviateSynopsis(), "an abbreviated synopsis");
        require(u.sortSynopsis() == d.sortSynopsis(), "sortSynopsis");
        require(u.showDefaultValues() == d.showDefaultValues(), "showDefaultValues");
        require(u.exitCodeList().isEmpty(), "an exit code list");
        require(Objects.equals(u.synopsisHeading(), d.synopsisHeading())
                && Objects.equals(u.descriptionHeading(), d.descriptionHeading())
                && Objects.equals(u.optionListHeading(), d.optionListHeading())
                && Objects.equals(u.parameterListHeading(), d.parameterListHeading())
                && Objects.equals(u.footerHeading(), d.footerHeading())
                && Objects.equals(u.headerHeading(), d.headerHeading()), "a usage heading of its own");
        if (!calls.isEmpty()) {
            line("        spec.usageMessage()");
            for (int i = 0; i < calls.size(); i++) {
                line("                " + calls.get(i) + (i == calls.size() - 1 ? ";" : ""));
            }
        }
    }

    /** A mixin: picocli's standard help options, or one of the command's fields. */
    private void mixin(String name, CommandSpec m) {
        if (name.equals(HELP_MIXIN)) {
            // picocli would make these by reading the annotations of its own AutoHelpMixin: written out too
            line("        CommandSpec help = CommandSpec.wrapWithoutInspection(new Object());");
            for (OptionSpec o : m.options()) {
                line("        help.addOption(" + arg(o, null, "                ") + ");");
            }
            line("        spec.addMixin(" + literal(name) + ", help);");
            return;
        }
        Field field = (Field) spec.mixinAnnotatedElements().get(name).userObject();
        String holder = "c." + field.getName();
        String var = "mixin" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        line("        CommandSpec " + var + " = CommandSpec.wrapWithoutInspection(" + holder + ");");
        for (OptionSpec o : m.options()) {
            line("        " + var + ".addOption(" + arg(o, holder, "                ") + ");");
        }
        line("        spec.addMixin(" + literal(name) + ", " + var + ");");
    }

    /** An option or positional parameter, bound to a member of {@code holder} (or to a value of its own). */
    private String arg(ArgSpec a, String holder, String indent) {
        // each call of the builder on a line of its own: CALL marks where (literals escape every control character)
        require(a.completionCandidates() == null, "completion candidates on " + a);
        require(a.parameterConsumer() == null, "a parameter consumer on " + a);
        require(a.preprocessor() == null || a.preprocessor().getClass().getSimpleName().equals("NoOpParameterPreprocessor"),
                "a preprocessor on " + a);
        require(a.converters().length == 0, "a converter on " + a);
        require(a.scopeType() == CommandLine.ScopeType.LOCAL && !a.inherited(), "an inherited option: " + a);
        require(!a.interactive(), "an interactive option: " + a);
        StringBuilder b = new StringBuilder();
        ArgSpec plain;
        if (a instanceof OptionSpec o) {
            b.append("OptionSpec.builder(").append(literals(o.names())).append(")");
            if (holder != null) {
                b.insert(0, "bound(").append(", c, ").append(bound.size()).append(")");
            } else {
                b.insert(0, "flag(").append(", ").append(a.initialValue()).append(")");
            }
            plain = OptionSpec.builder(o.names()).type(a.type()).auxiliaryTypes(a.auxiliaryTypes()).build();
            OptionSpec p = (OptionSpec) plain;
            if (o.usageHelp() != p.usageHelp()) {
                b.append(CALL + ".usageHelp(").append(o.usageHelp()).append(")");
            }
            if (o.versionHelp() != p.versionHelp()) {
                b.append(CALL + ".versionHelp(").append(o.versionHelp()).append(")");
            }
            require(o.help() == p.help(), "a help option of the old kind: " + a);
            if (o.negatable() != p.negatable()) {
                b.append(CALL + ".negatable(").append(o.negatable()).append(")");
            }
            if (!Objects.equals(o.fallbackValue(), p.fallbackValue())) {
                b.append(CALL + ".fallbackValue(").append(literal(o.fallbackValue())).append(")");
            }
            if (o.order() != p.order()) {
                b.append(CALL + ".order(").append(o.order()).append(")");
            }
        } else {
            PositionalParamSpec pp = (PositionalParamSpec) a;
            b.append("PositionalParamSpec.builder()");
            if (holder != null) {
                b.insert(0, "bound(").append(", c, ").append(bound.size()).append(")");
            }
            b.append(CALL + ".index(").append(literal(pp.index().originalValue())).append(")");
            plain = PositionalParamSpec.builder().type(a.type()).auxiliaryTypes(a.auxiliaryTypes()).build();
        }
        b.append(CALL + ".type(").append(classLiteral(a.type())).append(")");
        if (a.auxiliaryTypes().length > 0) {
            b.append(CALL + ".auxiliaryTypes(").append(String.join(", ",
                    Arrays.stream(a.auxiliaryTypes()).map(CliModelGenerator::classLiteral).toList())).append(")");
        }
        if (!a.arity().isUnspecified()) {
            b.append(CALL + ".arity(").append(literal(a.arity().originalValue())).append(")");
        } else if (!a.arity().equals(plain.arity())) {
            // the arity picocli derives from the member differs from the builder's (a method option's): as
            // derived, still marked unspecified as picocli marks it
            b.append(CALL + ".arity(CommandLine.Range.valueOf(").append(literal(a.arity().toString()))
                    .append(").unspecified(true))");
        }
        if (!Objects.equals(a.paramLabel(), plain.paramLabel())) {
            b.append(CALL + ".paramLabel(").append(literal(a.paramLabel())).append(")");
        }
        if (a.hideParamSyntax() != plain.hideParamSyntax()) {
            b.append(CALL + ".hideParamSyntax(").append(a.hideParamSyntax()).append(")");
        }
        if (!Arrays.equals(a.description(), plain.description())) {
            b.append(CALL + ".description(").append(literals(a.description())).append(")");
        }
        if (!Objects.equals(a.descriptionKey(), plain.descriptionKey())) {
            b.append(CALL + ".descriptionKey(").append(literal(a.descriptionKey())).append(")");
        }
        if (!Objects.equals(a.splitRegex(), plain.splitRegex())) {
            b.append(CALL + ".splitRegex(").append(literal(a.splitRegex())).append(")");
        }
        if (!Objects.equals(a.splitRegexSynopsisLabel(), plain.splitRegexSynopsisLabel())) {
            b.append(CALL + ".splitRegexSynopsisLabel(").append(literal(a.splitRegexSynopsisLabel())).append(")");
        }
        if (!Objects.equals(a.prompt(), plain.prompt())) {
            b.append(CALL + ".prompt(").append(literal(a.prompt())).append(")");
        }
        if (a.echo() != plain.echo()) {
            b.append(CALL + ".echo(").append(a.echo()).append(")");
        }
        if (a.hidden() != plain.hidden()) {
            b.append(CALL + ".hidden(").append(a.hidden()).append(")");
        }
        if (a.required() != plain.required()) {
            b.append(CALL + ".required(").append(a.required()).append(")");
        }
        if (!Objects.equals(a.defaultValue(), plain.defaultValue())) {
            b.append(CALL + ".defaultValue(").append(literal(a.defaultValue())).append(")");
        }
        if (a.showDefaultValue() != plain.showDefaultValue()) {
            b.append(CALL + ".showDefaultValue(CommandLine.Help.Visibility.").append(a.showDefaultValue()).append(")");
        }
        if (holder != null) {
            AnnotatedElement member = (AnnotatedElement) a.userObject();
            bound.add(new Bound(holder, member));
            if (a.hasInitialValue()) {
                b.append(CALL + ".initialValue(").append(holder).append('.').append(((Field) member).getName()).append(")");
            } else {
                b.append(CALL + ".hasInitialValue(false)");
            }
        } else {
            // a value of its own (picocli's help options), which holds the initial value from the start
            require(a.initialValue() instanceof Boolean, "an option not bound to a member: " + a);
            b.append(CALL + ".initialValue(").append(a.initialValue()).append(")");

        }
        b.append(CALL + ".build()");
        return b.toString().replace(CALL, "\n" + indent);
    }

    /** The command's @Spec fields: given the model, as picocli does when it reads the annotations. */
    private void injectSpecs() {
        for (Class<?> c = command; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                CommandLine.Spec s = f.getAnnotation(CommandLine.Spec.class);
                if (s != null) {
                    require(s.value() == CommandLine.Spec.Target.SELF, "a @Spec(MIXEE) field");
                    line("        c." + f.getName() + " = spec;");
                }
            }
        }
        for (CommandSpec m : spec.mixins().values()) {
            require(m.specElements().isEmpty() || m.userObject().getClass().getName().startsWith("picocli."),
                    "a @Spec field in a mixin");
        }
    }

    /** picocli's help options: a value of their own, which the model holds. */
    private void flag() {
        line("    /** {@code builder} with a value of its own, {@code initial} from the start (the help options). */");
        line("    private static OptionSpec.Builder flag(OptionSpec.Builder builder, boolean initial) {");
        line("        Flag flag = new Flag(initial);");
        line("        return builder.getter(flag).setter(flag);");
        line("    }");
        line("");
        line("    /** An option's value held by the model itself. */");
        line("    private static final class Flag implements IGetter, ISetter {");
        line("        private Object value;");
        line("");
        line("        Flag(boolean initial) {");
        line("            value = initial;");
        line("        }");
        line("");
        line("        @Override");
        line("        public <T> T get() {");
        line("            return (T) value;");
        line("        }");
        line("");
        line("        @Override");
        line("        public <T> T set(T value) {");
        line("            T old = get();");
        line("            this.value = value;");
        line("            return old;");
        line("        }");
        line("    }");
        line("");
    }

    /** The one class that reads and writes every bound member, by slot: no reflection, no class per option. */
    private void binding(String type) {
        // picocli's builders share a superclass that is not public: one method for each kind of builder
        for (String builder : List.of("OptionSpec.Builder", "PositionalParamSpec.Builder")) {
            line("    /** {@code builder} bound to the member of slot {@code slot}: one binding reads and writes it. */");
            line("    private static " + builder + " bound(" + builder + " builder, " + type + " c, int slot) {");
            line("        Binding binding = new Binding(c, slot);");
            line("        return builder.getter(binding).setter(binding);");
            line("    }");
            line("");
        }
        line("    /** Reads and writes the member bound to one option, by its number. */");
        line("    private static final class Binding implements IGetter, ISetter {");
        line("        private final " + type + " c;");
        line("        private final int slot;");
        line("        /** What a method option was last given (picocli keeps it for a method too). */");
        line("        private Object given;");
        line("");
        line("        Binding(" + type + " c, int slot) {");
        line("            this.c = c;");
        line("            this.slot = slot;");
        line("        }");
        line("");
        line("        @Override");
        line("        public <T> T get() {");
        line("            Object value = switch (slot) {");
        for (int i = 0; i < bound.size(); i++) {
            Bound b = bound.get(i);
            String read = b.member() instanceof Field f ? b.holder() + "." + f.getName() : "given";
            line("                case " + i + " -> " + read + ";");
        }
        line("                default -> throw new IllegalStateException(\"no option bound to \" + slot);");
        line("            };");
        line("            return (T) value;");
        line("        }");
        line("");
        line("        @Override");
        line("        public <T> T set(T value) {");
        line("            T old = get();");
        line("            switch (slot) {");
        for (int i = 0; i < bound.size(); i++) {
            Bound b = bound.get(i);
            if (b.member() instanceof Field f) {
                require(!Modifier.isFinal(f.getModifiers()) && !Modifier.isPrivate(f.getModifiers()),
                        "a final or private option field: " + f);
                line("                case " + i + " -> " + b.holder() + "." + f.getName() + " = ("
                        + boxed(f.getGenericType().getTypeName()) + ") value;");
            } else {
                Method m = (Method) b.member();
                require(m.getParameterCount() == 1 && !Modifier.isPrivate(m.getModifiers()),
                        "an option method that is private or takes other than one value: " + m);
                line("                case " + i + " -> {");
                line("                    " + b.holder() + "." + m.getName() + "(("
                        + boxed(m.getGenericParameterTypes()[0].getTypeName()) + ") value);");
                line("                    given = value;");
                line("                }");
            }
        }
        line("                default -> throw new IllegalStateException(\"no option bound to \" + slot);");
        line("            }");
        line("            return old;");
        line("        }");
        line("    }");
    }

    private static String boxed(String type) {
        return switch (type) {
            case "boolean" -> "Boolean";
            case "int" -> "Integer";
            case "long" -> "Long";
            case "double" -> "Double";
            default -> type.replace("java.util.List", "List").replace("java.lang.", "");
        };
    }

    private static String classLiteral(Class<?> c) {
        String name = c.getCanonicalName().replace("java.util.List", "List").replace("java.lang.", "");
        return name + ".class";
    }

    private void line(String s) {
        out.append(s).append('\n');
    }

    private static String literals(String[] values) {
        return String.join(", ", Arrays.stream(values).map(CliModelGenerator::literal).toList());
    }

    static String literal(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    if (ch < 0x20 || ch > 0x7e) {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
