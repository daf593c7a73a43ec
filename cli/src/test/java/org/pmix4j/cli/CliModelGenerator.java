package org.pmix4j.cli;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
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
 * Writes out picocli's model of the commands that start often (the launcher, the front ends, the daemons)
 * as Java code that builds the same model through picocli's programmatic API: {@code CliModels}. Reading the
 * annotations at every start costs a fresh JVM ~100–150 ms (the JDK generates a proxy class per annotation
 * type, which no AOT cache keeps, and reflective accessors per field; measured in docs/benchmarks.md).
 *
 * <p>The source of truth stays the annotations: the generator reads the model picocli itself derives from
 * them (no rule of picocli's is re-implemented here), and {@link CliModelsTest} fails when the written model
 * and the annotations' differ, attribute by attribute, in the usage text and in what command lines parse to.
 * What one class declares is written once, however many commands have it: a mixin's options in one
 * {@code mixin(M)} method, a command class's own in one {@code declaredBy...} method (a subclass calls its
 * superclass's), every bound field or method in one slot of one {@code Binding}. Anything the generator does
 * not know how to write (an argument group, a converter, a nested mixin ...) stops it with the name of what
 * it met, never a model that silently differs.
 *
 * <p>Run: {@code bin/generate-cli-models} (CliModelsTest#write).
 */
final class CliModelGenerator {
    /** The commands whose model is written, in the order of the file. */
    static final List<Class<?>> COMMANDS = List.of(RunCommand.class, PrunCommand.class, DaemonCommand.class,
            DvmCommand.class, TermCommand.class, PsCommand.class, SchedCommand.class);

    /** The class written, in the cli's package. */
    static final String CLASS = "CliModels";

    /** Where picocli keeps the mixin of its standard help options (its own key). */
    static final String HELP_MIXIN = "mixinStandardHelpOptions";

    /** Marks where a builder call starts its own line (literals escape every control character). */
    private static final String CALL = "\u0000";
    private static final String INDENT = "                ";

    /** Every bound field or method, by slot. */
    private final List<AnnotatedElement> bound = new ArrayList<>();
    /** By equality: each command's model holds its own copies of the same Field and Method objects. */
    private final Map<AnnotatedElement, Integer> slots = new java.util.HashMap<>();
    /** A class's declarations, written once: the method's text, by the class. */
    private final Map<Class<?>, String> declaredBy = new LinkedHashMap<>();
    /** A mixin class's options, written once: the method's text, by the class. */
    private final Map<Class<?>, String> mixins = new LinkedHashMap<>();
    private String help;

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

    /** The Java source of {@code CliModels}. */
    static String source() {
        return new CliModelGenerator().write();
    }

    private String write() {
        StringBuilder commands = new StringBuilder();
        for (Class<?> c : COMMANDS) {
            commands.append(command(c));
        }
        StringBuilder out = new StringBuilder();
        out.append("""
                package org.pmix4j.cli;

                import java.util.List;
                import picocli.CommandLine;
                import picocli.CommandLine.Model.CommandSpec;
                import picocli.CommandLine.Model.IGetter;
                import picocli.CommandLine.Model.ISetter;
                import picocli.CommandLine.Model.OptionSpec;
                import picocli.CommandLine.Model.PositionalParamSpec;

                /**
                 * picocli's models of the commands that start often, built without reading their annotations: written
                 * from them by CliModelGenerator (cli tests). Do not edit: run {@code bin/generate-cli-models};
                 * CliModelsTest fails when this and the annotations differ.
                 */
                @SuppressWarnings({"unchecked", "deprecation"})
                final class CliModels {
                    private CliModels() {
                    }

                """);
        out.append(commands);
        declaredBy.values().forEach(out::append);
        mixins.values().forEach(out::append);
        if (help != null) {
            out.append(help);
        }
        out.append(helpers());
        out.append(binding());
        out.append("}\n");
        return out.toString();
    }

    /** {@code static CommandSpec of(C c)}: the command's own attributes, then what each class declares. */
    private String command(Class<?> command) {
        CommandSpec spec = reflectiveModel(command);
        checkCommand(command, spec);
        StringBuilder b = new StringBuilder();
        String type = command.getSimpleName();
        b.append("    /** The model of {@code pmix4j ").append(spec.name()).append("} ({@link ").append(type)
                .append("}), bound to {@code c}. */\n");
        b.append("    static CommandSpec of(").append(type).append(" c) {\n");
        b.append("        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);\n");
        b.append("        spec.name(").append(literal(spec.name())).append(");\n");
        b.append(usage(command, spec));
        // the arguments in picocli's order, in runs declared by one class each (a mixin by the class of its field)
        Map<OptionSpec, String> mixinOf = new IdentityHashMap<>();
        spec.mixins().forEach((name, m) -> m.options().forEach(o -> mixinOf.put(o, name)));
        List<Class<?>> order = new ArrayList<>();
        Map<Class<?>, List<ArgSpec>> runs = new LinkedHashMap<>();
        boolean withHelp = false;
        for (ArgSpec a : spec.args()) {
            String mixin = a instanceof OptionSpec o ? mixinOf.get(o) : null;
            if (HELP_MIXIN.equals(mixin)) {
                withHelp = true;
                continue;
            }
            Class<?> by = mixin != null ? mixinField(spec, mixin).getDeclaringClass()
                    : ((Member) a.userObject()).getDeclaringClass();
            if (order.isEmpty() || order.get(order.size() - 1) != by) {
                require(command, !order.contains(by), "what " + by.getSimpleName() + " declares in more than one run");
                order.add(by);
            }
            runs.computeIfAbsent(by, k -> new ArrayList<>()).add(a);
        }
        for (Class<?> by : order) {
            declare(command, spec, by, runs.get(by), mixinOf);
            b.append("        declaredBy").append(by.getSimpleName()).append("(spec, c);\n");
        }
        // @Spec fields of classes that declare nothing else
        for (Class<?> k = command; k != Object.class; k = k.getSuperclass()) {
            if (!order.contains(k)) {
                for (String field : specFields(command, k)) {
                    b.append("        c.").append(field).append(" = spec;\n");
                }
            }
        }
        if (withHelp) {
            helpMixin(command, spec.mixins().get(HELP_MIXIN));
            b.append("        spec.addMixin(").append(literal(HELP_MIXIN)).append(", help());\n");
        }
        b.append("        return spec;\n");
        b.append("    }\n\n");
        return b.toString();
    }

    /** What picocli reads from the command but the generator does not write: refused, by name. */
    private static void checkCommand(Class<?> command, CommandSpec spec) {
        require(command, spec.subcommands().isEmpty(), "subcommands");
        require(command, spec.argGroups().isEmpty(), "argument groups");
        require(command, spec.unmatchedArgsBindings().isEmpty(), "@Unmatched");
        require(command, spec.parentCommandElements().isEmpty(), "@ParentCommand");
        require(command, spec.versionProvider() == null && spec.version().length == 0, "a version");
        require(command, spec.aliases().length == 0, "aliases");
        require(command, spec.defaultValueProvider() == null, "a default value provider");
        require(command, spec.resourceBundleBaseName() == null, "a resource bundle");
        require(command, !spec.helpCommand(), "helpCommand");
        CommandSpec plain = CommandSpec.create();
        require(command, spec.exitCodeOnInvalidInput() == plain.exitCodeOnInvalidInput()
                && spec.exitCodeOnExecutionException() == plain.exitCodeOnExecutionException()
                && spec.exitCodeOnSuccess() == plain.exitCodeOnSuccess(), "exit codes");
        for (CommandSpec m : spec.mixins().values()) {
            require(command, m.mixins().isEmpty(), "a mixin within a mixin");
            require(command, m.positionalParameters().isEmpty(), "positional parameters in a mixin");
            require(command, m.specElements().isEmpty() || m.userObject().getClass().getName().startsWith("picocli."),
                    "a @Spec field in a mixin");
        }
    }

    private static void require(Class<?> command, boolean supported, String what) {
        if (!supported) {
            throw new IllegalStateException(command.getSimpleName() + " has " + what
                    + ", which CliModelGenerator does not write: teach it, or leave the command out of COMMANDS");
        }
    }

    /** The usage message's attributes that differ from picocli's defaults. */
    private static String usage(Class<?> command, CommandSpec spec) {
        UsageMessageSpec u = spec.usageMessage();
        UsageMessageSpec d = new UsageMessageSpec();
        List<String> calls = new ArrayList<>();
        // a usage text's lines one to a line of code
        String between = ",\n" + INDENT + "        ";
        if (!Arrays.equals(u.description(), d.description())) {
            calls.add(".description(" + String.join(between, literalList(u.description())) + ")");
        }
        if (!Arrays.equals(u.footer(), d.footer())) {
            calls.add(".footer(" + String.join(between, literalList(u.footer())) + ")");
        }
        if (!Arrays.equals(u.header(), d.header())) {
            calls.add(".header(" + String.join(between, literalList(u.header())) + ")");
        }
        if (u.sortOptions() != d.sortOptions()) {
            calls.add(".sortOptions(" + u.sortOptions() + ")");
        }
        if (u.hidden() != d.hidden()) {
            calls.add(".hidden(" + u.hidden() + ")");
        }
        require(command, Arrays.equals(u.customSynopsis(), d.customSynopsis()), "a custom synopsis");
        require(command, u.abbreviateSynopsis() == d.abbreviateSynopsis(), "an abbreviated synopsis");
        require(command, u.sortSynopsis() == d.sortSynopsis(), "sortSynopsis");
        require(command, u.showDefaultValues() == d.showDefaultValues(), "showDefaultValues");
        require(command, u.exitCodeList().isEmpty(), "an exit code list");
        require(command, Objects.equals(u.synopsisHeading(), d.synopsisHeading())
                && Objects.equals(u.descriptionHeading(), d.descriptionHeading())
                && Objects.equals(u.optionListHeading(), d.optionListHeading())
                && Objects.equals(u.parameterListHeading(), d.parameterListHeading())
                && Objects.equals(u.footerHeading(), d.footerHeading())
                && Objects.equals(u.headerHeading(), d.headerHeading()), "a usage heading of its own");
        if (calls.isEmpty()) {
            return "";
        }
        return "        spec.usageMessage()\n" + INDENT + String.join("\n" + INDENT, calls) + ";\n";
    }

    private static Field mixinField(CommandSpec spec, String mixin) {
        return (Field) spec.mixinAnnotatedElements().get(mixin).userObject();
    }

    /** {@code declaredBy<K>(spec, c)}: what class {@code by} declares, once (checked the same for every command). */
    private void declare(Class<?> command, CommandSpec spec, Class<?> by, List<ArgSpec> args,
            Map<OptionSpec, String> mixinOf) {
        StringBuilder b = new StringBuilder();
        b.append("    /** What {@link ").append(by.getSimpleName())
                .append("} declares: its options, mixins and parameters, in picocli's order. */\n");
        b.append("    private static void declaredBy").append(by.getSimpleName()).append("(CommandSpec spec, ")
                .append(by.getSimpleName()).append(" c) {\n");
        List<String> written = new ArrayList<>();
        for (ArgSpec a : args) {
            String mixin = a instanceof OptionSpec o ? mixinOf.get(o) : null;
            if (mixin == null) {
                b.append("        spec.add(").append(arg(command, a, "c")).append(");\n");
            } else if (!written.contains(mixin)) {
                written.add(mixin);
                Field field = mixinField(spec, mixin);
                mixin(command, field.getType(), spec.mixins().get(mixin));
                b.append("        spec.addMixin(").append(literal(mixin)).append(", mixin(c.").append(field.getName())
                        .append("));\n");
            }
        }
        for (String field : specFields(command, by)) {
            b.append("        c.").append(field).append(" = spec;\n");
        }
        b.append("    }\n\n");
        once(command, declaredBy, by, b.toString());
    }

    /** {@code mixin(M m)}: a mixin class's options, once. */
    private void mixin(Class<?> command, Class<?> type, CommandSpec m) {
        StringBuilder b = new StringBuilder();
        b.append("    /** The options of {@link ").append(type.getSimpleName()).append("}, bound to {@code m}. */\n");
        b.append("    private static CommandSpec mixin(").append(type.getSimpleName()).append(" m) {\n");
        b.append("        CommandSpec mixin = CommandSpec.wrapWithoutInspection(m);\n");
        for (OptionSpec o : m.options()) {
            b.append("        mixin.addOption(").append(arg(command, o, "m")).append(");\n");
        }
        b.append("        return mixin;\n");
        b.append("    }\n\n");
        once(command, mixins, type, b.toString());
    }

    /** picocli's standard help options, which it would make by reading the annotations of its AutoHelpMixin. */
    private void helpMixin(Class<?> command, CommandSpec m) {
        StringBuilder b = new StringBuilder();
        b.append("    /** picocli's standard help options (-h, -V), each holding its own value. */\n");
        b.append("    private static CommandSpec help() {\n");
        b.append("        CommandSpec help = CommandSpec.wrapWithoutInspection(new Object());\n");
        for (OptionSpec o : m.options()) {
            b.append("        help.addOption(").append(arg(command, o, null)).append(");\n");
        }
        b.append("        return help;\n");
        b.append("    }\n\n");
        String text = b.toString();
        require(command, help == null || help.equals(text), "help options unlike the other commands'");
        help = text;
    }

    /** Keeps {@code text} as {@code key}'s method, or checks that it is the one kept. */
    private static void once(Class<?> command, Map<Class<?>, String> methods, Class<?> key, String text) {
        String kept = methods.putIfAbsent(key, text);
        require(command, kept == null || kept.equals(text), "a model of " + key.getSimpleName()
                + " unlike another command's");
    }

    /** The names of {@code k}'s own @Spec fields, which are given the command's model. */
    private static List<String> specFields(Class<?> command, Class<?> k) {
        List<String> names = new ArrayList<>();
        for (Field f : k.getDeclaredFields()) {
            CommandLine.Spec s = f.getAnnotation(CommandLine.Spec.class);
            if (s != null) {
                require(command, s.value() == CommandLine.Spec.Target.SELF, "a @Spec(MIXEE) field");
                names.add(f.getName());
            }
        }
        return names;
    }

    /** An option or positional parameter, bound to a member of {@code holder} (none: a value of its own). */
    private String arg(Class<?> command, ArgSpec a, String holder) {
        require(command, a.completionCandidates() == null, "completion candidates on " + a);
        require(command, a.parameterConsumer() == null, "a parameter consumer on " + a);
        require(command, a.preprocessor() == null
                || a.preprocessor().getClass().getSimpleName().equals("NoOpParameterPreprocessor"), "a preprocessor on " + a);
        require(command, a.converters().length == 0, "a converter on " + a);
        require(command, a.scopeType() == CommandLine.ScopeType.LOCAL && !a.inherited(), "an inherited option: " + a);
        require(command, !a.interactive(), "an interactive option: " + a);
        StringBuilder b = new StringBuilder();
        ArgSpec plain;
        String binding = holder == null ? "" : ", " + holder + ", " + slot(command, (AnnotatedElement) a.userObject()) + ")";
        if (a instanceof OptionSpec o) {
            String builder = "OptionSpec.builder(" + literals(o.names()) + ")";
            b.append(holder == null ? "OwnValue.of(" + builder + ", " + a.initialValue() + ")" : "bound(" + builder + binding);
            plain = OptionSpec.builder(o.names()).type(a.type()).auxiliaryTypes(a.auxiliaryTypes()).build();
            OptionSpec p = (OptionSpec) plain;
            call(b, "usageHelp", o.usageHelp(), p.usageHelp(), String.valueOf(o.usageHelp()));
            call(b, "versionHelp", o.versionHelp(), p.versionHelp(), String.valueOf(o.versionHelp()));
            require(command, o.help() == p.help(), "a help option of the old kind: " + a);
            call(b, "negatable", o.negatable(), p.negatable(), String.valueOf(o.negatable()));
            call(b, "fallbackValue", o.fallbackValue(), p.fallbackValue(), literal(o.fallbackValue()));
            call(b, "order", o.order(), p.order(), String.valueOf(o.order()));
        } else {
            require(command, holder != null, "a positional parameter without a member: " + a);
            b.append("bound(PositionalParamSpec.builder()").append(binding);
            b.append(CALL + ".index(").append(literal(((PositionalParamSpec) a).index().originalValue())).append(")");
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
        call(b, "paramLabel", a.paramLabel(), plain.paramLabel(), literal(a.paramLabel()));
        call(b, "hideParamSyntax", a.hideParamSyntax(), plain.hideParamSyntax(), String.valueOf(a.hideParamSyntax()));
        call(b, "description", a.description(), plain.description(), literals(a.description()));
        call(b, "descriptionKey", a.descriptionKey(), plain.descriptionKey(), literal(a.descriptionKey()));
        call(b, "splitRegex", a.splitRegex(), plain.splitRegex(), literal(a.splitRegex()));
        call(b, "splitRegexSynopsisLabel", a.splitRegexSynopsisLabel(), plain.splitRegexSynopsisLabel(),
                literal(a.splitRegexSynopsisLabel()));
        call(b, "prompt", a.prompt(), plain.prompt(), literal(a.prompt()));
        call(b, "echo", a.echo(), plain.echo(), String.valueOf(a.echo()));
        call(b, "hidden", a.hidden(), plain.hidden(), String.valueOf(a.hidden()));
        call(b, "required", a.required(), plain.required(), String.valueOf(a.required()));
        call(b, "defaultValue", a.defaultValue(), plain.defaultValue(), literal(a.defaultValue()));
        call(b, "showDefaultValue", a.showDefaultValue(), plain.showDefaultValue(),
                "CommandLine.Help.Visibility." + a.showDefaultValue());
        if (holder == null) {
            // a value of its own (picocli's help options), holding the initial value from the start
            require(command, a.initialValue() instanceof Boolean, "an option not bound to a member: " + a);
            b.append(CALL + ".initialValue(").append(a.initialValue()).append(")");
        } else if (a.hasInitialValue()) {
            b.append(CALL + ".initialValue(").append(holder).append('.')
                    .append(((Field) a.userObject()).getName()).append(")");
        } else {
            b.append(CALL + ".hasInitialValue(false)");
        }
        b.append(CALL + ".build()");
        return b.toString().replace(CALL, "\n" + INDENT);
    }

    /** A builder call {@code .method(code)}, when the attribute differs from a plain builder's. */
    private static void call(StringBuilder b, String method, Object value, Object plain, String code) {
        if (!Objects.deepEquals(value, plain)) {
            b.append(CALL + ".").append(method).append('(').append(code).append(')');
        }
    }

    /** The slot of a field or method, the same for every command that has it. */
    private int slot(Class<?> command, AnnotatedElement member) {
        Integer known = slots.get(member);
        if (known != null) {
            return known;
        }
        if (member instanceof Field f) {
            require(command, !Modifier.isFinal(f.getModifiers()) && !Modifier.isPrivate(f.getModifiers()),
                    "a final or private option field: " + f);
        } else {
            Method m = (Method) member;
            require(command, m.getParameterCount() == 1 && !Modifier.isPrivate(m.getModifiers()),
                    "an option method that is private or takes other than one value: " + m);
        }
        slots.put(member, bound.size());
        bound.add(member);
        return bound.size() - 1;
    }

    private static String helpers() {
        return """
                    /** {@code builder} bound to the member in slot {@code slot} of {@code holder}. */
                    private static OptionSpec.Builder bound(OptionSpec.Builder builder, Object holder, int slot) {
                        Binding binding = new Binding(holder, slot);
                        return builder.getter(binding).setter(binding);
                    }

                    /** {@code builder} bound to the member in slot {@code slot} of {@code holder}. */
                    private static PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, Object holder,
                            int slot) {
                        Binding binding = new Binding(holder, slot);
                        return builder.getter(binding).setter(binding);
                    }

                """;
    }

    /** The one class that reads and writes every bound member, by slot: no reflection, no class per option. */
    private String binding() {
        StringBuilder b = new StringBuilder();
        b.append("""
                    /** Reads and writes the member of one option, by its slot. */
                    private static final class Binding implements IGetter, ISetter {
                        private final Object holder;
                        private final int slot;
                        /** What a method option was last given (picocli keeps it for a method too). */
                        private Object given;

                        Binding(Object holder, int slot) {
                            this.holder = holder;
                            this.slot = slot;
                        }

                        @Override
                        public <T> T get() {
                            Object value = switch (slot) {
                """);
        for (int i = 0; i < bound.size(); i++) {
            AnnotatedElement m = bound.get(i);
            String read = m instanceof Field f ? held(f) + "." + f.getName() : "given";
            b.append("                case ").append(i).append(" -> ").append(read).append(";\n");
        }
        b.append("""
                                default -> throw new IllegalStateException("no option bound to " + slot);
                            };
                            return (T) value;
                        }

                        @Override
                        public <T> T set(T value) {
                            T old = get();
                            switch (slot) {
                """);
        for (int i = 0; i < bound.size(); i++) {
            AnnotatedElement m = bound.get(i);
            if (m instanceof Field f) {
                b.append("                case ").append(i).append(" -> ").append(held(f)).append('.').append(f.getName())
                        .append(" = (").append(boxed(f.getGenericType().getTypeName())).append(") value;\n");
            } else {
                Method method = (Method) m;
                b.append("                case ").append(i).append(" -> {\n");
                b.append("                    ").append(held(method)).append('.').append(method.getName()).append("((")
                        .append(boxed(method.getGenericParameterTypes()[0].getTypeName())).append(") value);\n");
                b.append("                    given = value;\n");
                b.append("                }\n");
            }
        }
        b.append("""
                                default -> throw new IllegalStateException("no option bound to " + slot);
                            }
                            return old;
                        }
                    }
                """);
        return b.toString();
    }

    /** The holder cast to the class that declares {@code m}. */
    private static String held(Member m) {
        return "((" + m.getDeclaringClass().getSimpleName() + ") holder)";
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
        return c.getCanonicalName().replace("java.util.List", "List").replace("java.lang.", "") + ".class";
    }

    private static String literals(String[] values) {
        return String.join(", ", literalList(values));
    }

    private static List<String> literalList(String[] values) {
        return Arrays.stream(values).map(CliModelGenerator::literal).toList();
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
