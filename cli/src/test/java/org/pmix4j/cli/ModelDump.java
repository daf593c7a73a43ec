package org.pmix4j.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Everything picocli knows about a command, as text, one attribute a line: what {@link CliModelsTest}
 * compares between the model picocli reads from a command's annotations and the one written out for it at
 * build time ({@link CliModelGenerator}); and the values of a command's fields after a parse.
 */
final class ModelDump {
    private ModelDump() {
    }

    static List<String> of(CommandSpec spec) {
        List<String> out = new ArrayList<>();
        out.add("name " + spec.name());
        out.add("aliases " + Arrays.toString(spec.aliases()));
        out.add("version " + Arrays.toString(spec.version()));
        out.add("versionProvider " + className(spec.versionProvider()));
        out.add("helpCommand " + spec.helpCommand());
        out.add("exitCodes " + spec.exitCodeOnSuccess() + " " + spec.exitCodeOnUsageHelp() + " "
                + spec.exitCodeOnVersionHelp() + " " + spec.exitCodeOnInvalidInput() + " "
                + spec.exitCodeOnExecutionException());
        out.add("mixinStandardHelpOptions " + spec.mixinStandardHelpOptions());
        out.add("subcommands " + spec.subcommands().keySet());
        out.add("subcommandsRepeatable " + spec.subcommandsRepeatable());
        out.add("interpolateVariables " + spec.interpolateVariables());
        out.add("scopeType " + spec.scopeType());
        out.add("resourceBundleBaseName " + spec.resourceBundleBaseName());
        out.add("defaultValueProvider " + className(spec.defaultValueProvider()));
        out.add("preprocessor " + className(spec.preprocessor()));
        out.add("negatableOptionTransformer " + className(spec.negatableOptionTransformer()));
        out.add("argGroups " + spec.argGroups().size());
        out.add("unmatchedArgsBindings " + spec.unmatchedArgsBindings().size());
        out.add("parentCommandElements " + spec.parentCommandElements().size());
        out.add("userObject " + className(spec.userObject()));
        for (Map.Entry<String, CommandSpec> m : spec.mixins().entrySet()) {
            out.add("mixin " + m.getKey() + " options " + names(m.getValue().options()) + " positionals "
                    + m.getValue().positionalParameters().size());
        }
        out.add("options " + names(spec.options()));
        UsageMessageSpec u = spec.usageMessage();
        out.add("usage.headerHeading " + u.headerHeading());
        out.add("usage.header " + Arrays.toString(u.header()));
        out.add("usage.synopsisHeading " + u.synopsisHeading());
        out.add("usage.synopsisSubcommandLabel " + u.synopsisSubcommandLabel());
        out.add("usage.abbreviateSynopsis " + u.abbreviateSynopsis());
        out.add("usage.customSynopsis " + Arrays.toString(u.customSynopsis()));
        out.add("usage.descriptionHeading " + u.descriptionHeading());
        out.add("usage.description " + Arrays.toString(u.description()));
        out.add("usage.parameterListHeading " + u.parameterListHeading());
        out.add("usage.optionListHeading " + u.optionListHeading());
        out.add("usage.sortOptions " + u.sortOptions() + " sortSynopsis " + u.sortSynopsis());
        out.add("usage.requiredOptionMarker " + (int) u.requiredOptionMarker());
        out.add("usage.showDefaultValues " + u.showDefaultValues());
        out.add("usage.showAtFile " + u.showAtFileInUsageHelp() + " endOfOptions "
                + u.showEndOfOptionsDelimiterInUsageHelp());
        out.add("usage.hidden " + u.hidden());
        out.add("usage.commandListHeading " + u.commandListHeading());
        out.add("usage.exitCodeListHeading " + u.exitCodeListHeading() + " " + u.exitCodeList());
        out.add("usage.footerHeading " + u.footerHeading());
        out.add("usage.footer " + Arrays.toString(u.footer()));
        out.add("usage.width " + u.width() + " auto " + u.autoWidth() + " longOptionsMaxWidth "
                + u.longOptionsMaxWidth());
        out.add("usage.sectionKeys " + u.sectionKeys());
        for (ArgSpec a : spec.args()) {
            String id = a.isOption() ? "option " + ((OptionSpec) a).longestName()
                    : "positional " + ((PositionalParamSpec) a).index();
            if (a instanceof OptionSpec o) {
                out.add(id + " names " + Arrays.toString(o.names()));
                out.add(id + " help " + o.help() + " usageHelp " + o.usageHelp() + " versionHelp " + o.versionHelp());
                out.add(id + " negatable " + o.negatable() + " fallbackValue " + o.fallbackValue() + " order "
                        + o.order());
            } else {
                PositionalParamSpec p = (PositionalParamSpec) a;
                out.add(id + " index " + p.index());
            }
            out.add(id + " required " + a.required() + " interactive " + a.interactive() + " echo " + a.echo()
                    + " prompt " + a.prompt());
            out.add(id + " description " + Arrays.toString(a.description()) + " key " + a.descriptionKey());
            out.add(id + " arity " + a.arity() + " unspecified " + a.arity().isUnspecified() + " original "
                    + a.arity().originalValue());
            out.add(id + " paramLabel " + a.paramLabel() + " hideParamSyntax " + a.hideParamSyntax());
            out.add(id + " type " + a.type().getName() + " auxiliaryTypes " + Arrays.toString(a.auxiliaryTypes()));
            out.add(id + " typeInfo multi " + a.typeInfo().isMultiValue() + " collection "
                    + a.typeInfo().isCollection() + " array " + a.typeInfo().isArray() + " map " + a.typeInfo().isMap()
                    + " boolean " + a.typeInfo().isBoolean() + " enum " + a.typeInfo().isEnum() + " optional "
                    + a.typeInfo().isOptional() + " class " + a.typeInfo().getClassName());
            // (not its generic type arguments: only @Unmatched reads them, which the generator refuses)
            out.add(id + " converters " + Arrays.stream(a.converters()).map(ModelDump::className).toList());
            out.add(id + " split " + a.splitRegex() + " splitLabel " + a.splitRegexSynopsisLabel());
            out.add(id + " hidden " + a.hidden() + " inherited " + a.inherited() + " scopeType " + a.scopeType());
            out.add(id + " defaultValue " + a.defaultValue() + " mapFallbackValue " + a.mapFallbackValue()
                    + " showDefaultValue " + a.showDefaultValue());
            out.add(id + " hasInitialValue " + a.hasInitialValue() + " initialValue " + show(a.initialValue())
                    + " value " + (a.isValueGettable() ? show(a.getValue()) : "(not gettable)"));
            out.add(id + " completionCandidates " + className(a.completionCandidates()) + " parameterConsumer "
                    + className(a.parameterConsumer()) + " preprocessor " + className(a.preprocessor()));
            out.add(id + " group " + (a.group() != null));
        }
        return out;
    }

    /** The usage help as printed, without colours, at a fixed width. */
    static String usage(CommandSpec spec) {
        return new CommandLine(spec).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /**
     * The values of the command's fields and of its mixins' fields, as the parse left them: which field an
     * option wrote is checked here, not through the model's own bindings.
     */
    static List<String> fields(Object command) {
        List<String> out = new ArrayList<>();
        fields(command, "", out);
        return out;
    }

    private static void fields(Object o, String prefix, List<String> out) {
        for (Class<?> c = o.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType() == CommandSpec.class) {
                    continue;
                }
                f.setAccessible(true);
                Object value;
                try {
                    value = f.get(o);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
                if (f.isAnnotationPresent(CommandLine.Mixin.class)) {
                    fields(value, prefix + f.getName() + ".", out);
                } else if (f.isAnnotationPresent(CommandLine.Option.class)
                        || f.isAnnotationPresent(CommandLine.Parameters.class)) {
                    out.add(prefix + f.getName() + " = " + show(value));
                }
            }
        }
    }

    /** A value as text, an array's elements included. */
    private static String show(Object value) {
        return value instanceof boolean[] b ? Arrays.toString(b)
                : value instanceof Object[] array ? Arrays.deepToString(array) : String.valueOf(value);
    }

    private static String names(List<OptionSpec> options) {
        return options.stream().map(OptionSpec::longestName).toList().toString();
    }

    private static String className(Object o) {
        return o == null ? "null" : o.getClass().getName();
    }
}
