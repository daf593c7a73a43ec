package org.pmix4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The models of {@code pmix4j run}, {@code prun}, {@code daemon}, {@code dvm}, {@code term}, {@code ps} and
 * {@code sched} written out at build time ({@link CliModelGenerator})
 * are the models picocli reads from the commands' annotations: the same source as the generator writes now,
 * the same attributes, the same usage text, and the same values after parsing a command line that gives
 * every option. (The compatibility tests parse through the written models too: {@link CompatParse}.)
 */
class CliModelsTest {
    /** How a command is made, and its written model as pmix4j uses it (named in full). */
    private record Written(Supplier<Object> command, Function<Object, CommandSpec> model) {
    }

    private static final Path WRITTEN = Path.of("src/main/java/org/pmix4j/cli", CliModelGenerator.CLASS + ".java");

    private static final Map<Class<?>, Written> COMMANDS = Map.of(
            RunCommand.class, new Written(RunCommand::new, c -> ((JobCommand) c).commandLine().getCommandSpec()),
            PrunCommand.class, new Written(PrunCommand::new, c -> ((JobCommand) c).commandLine().getCommandSpec()),
            DaemonCommand.class, new Written(DaemonCommand::new, c -> Main.inTree(CliModels.of((DaemonCommand) c))),
            DvmCommand.class, new Written(DvmCommand::new, c -> Main.inTree(CliModels.of((DvmCommand) c))),
            TermCommand.class, new Written(TermCommand::new, c -> Main.inTree(CliModels.of((TermCommand) c))),
            PsCommand.class, new Written(PsCommand::new, c -> Main.inTree(CliModels.of((PsCommand) c))),
            SchedCommand.class, new Written(SchedCommand::new, c -> Main.inTree(CliModels.of((SchedCommand) c))));

    /** What bin/generate-cli-models runs: writes the models (after making every option's change compile). */
    @Test
    @EnabledIfSystemProperty(named = "pmix4j.cli.models.write", matches = "true")
    void write() throws IOException {
        Files.writeString(WRITTEN, CliModelGenerator.source());
        System.out.println("wrote " + WRITTEN.toAbsolutePath());
    }

    @Test
    @DisabledIfSystemProperty(named = "pmix4j.cli.models.write", matches = "true")
    void theWrittenSourceIsWhatTheGeneratorWritesNow() throws IOException {
        assertEquals(COMMANDS.keySet(), Set.copyOf(CliModelGenerator.COMMANDS));
        String written = Files.readString(WRITTEN);
        String now = CliModelGenerator.source();
        if (!written.equals(now)) {
            fail(WRITTEN + " is not the model of the commands' annotations any more: run bin/generate-cli-models."
                    + " First difference: " + firstDifference(written, now));
        }
    }

    @Test
    void sameAttributesAndUsage() {
        for (Map.Entry<Class<?>, Written> e : COMMANDS.entrySet()) {
            CommandSpec reflective = CliModelGenerator.reflectiveModel(e.getKey());
            CommandSpec written = e.getValue().model().apply(e.getValue().command().get());
            assertSameLines(ModelDump.of(reflective), ModelDump.of(written), e.getKey().getSimpleName());
            assertEquals(ModelDump.usage(reflective), ModelDump.usage(written), e.getKey().getSimpleName());
        }
    }

    @Test
    void sameValuesAfterParsingEveryOption() {
        Properties saved = (Properties) System.getProperties().clone();
        try {
            for (Map.Entry<Class<?>, Written> e : COMMANDS.entrySet()) {
                List<List<String>> lines = commandLines(CliModelGenerator.reflectiveModel(e.getKey()));
                assertFalse(lines.isEmpty());
                for (List<String> line : lines) {
                    Object byAnnotations = e.getValue().command().get();
                    CommandLine reflective = new CommandLine(byAnnotations);
                    reflective.setStopAtPositional(true);
                    Object byWritten = e.getValue().command().get();
                    CommandLine written = new CommandLine(e.getValue().model().apply(byWritten));
                    written.setStopAtPositional(true);
                    String[] args = line.toArray(String[]::new);
                    reflective.parseArgs(args);
                    written.parseArgs(args);
                    assertSameLines(ModelDump.of(reflective.getCommandSpec()), ModelDump.of(written.getCommandSpec()),
                            e.getKey().getSimpleName() + " " + line);
                    assertSameLines(ModelDump.fields(byAnnotations), ModelDump.fields(byWritten),
                            e.getKey().getSimpleName() + " " + line + ": the fields");
                }
            }
        } finally {
            // -v sets the log level of this JVM (LogLevels): as it was for the tests after this one
            System.setProperties(saved);
        }
    }

    /**
     * Command lines that give every option (an option that takes many values twice, so that its list grows),
     * each with values of its type and with the required options, then, for a command that runs a program,
     * a program whose own words look like options; and one line with all of them.
     */
    private static List<List<String>> commandLines(CommandSpec spec) {
        List<List<String>> lines = new ArrayList<>();
        // what every line gives: the required options; after the options, a program's words if it takes any
        List<String> required = new ArrayList<>();
        spec.options().stream().filter(OptionSpec::required).forEach(o -> required.addAll(given(o)));
        List<String> program = spec.positionalParameters().isEmpty() ? List.of() : List.of("prog", "--np", "7");
        List<String> all = new ArrayList<>(required);
        for (OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp()) {
                lines.add(List.of(o.shortestName()));
                continue;
            }
            if (o.required()) {
                continue;
            }
            List<String> line = new ArrayList<>(required);
            line.addAll(given(o));
            if (o.isMultiValue()) {
                line.addAll(given(o));
            }
            line.addAll(program);
            lines.add(line);
            all.addAll(given(o));
        }
        if (!program.isEmpty()) {
            all.addAll(List.of("prog", "-x", ":", "-n", "2", "other"));
        }
        lines.add(all);
        return lines;
    }

    /** The option once, with values of its type. */
    private static List<String> given(OptionSpec o) {
        List<String> given = new ArrayList<>();
        given.add(o.longestName());
        for (int i = 0; i < Math.max(o.arity().min(), 0); i++) {
            given.add(value(o, i));
        }
        return given;
    }

    /** Fails with the lines that differ (the dumps are ~1,000 lines: the whole of both would hide them). */
    private static void assertSameLines(List<String> expected, List<String> actual, String what) {
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            String x = i < expected.size() ? expected.get(i) : "(none)";
            String y = i < actual.size() ? actual.get(i) : "(none)";
            if (!x.equals(y) && differences.size() < 20) {
                differences.add("annotations: " + x + "\n    written: " + y);
            }
        }
        assertEquals(List.of(), differences, what);
    }

    private static String value(OptionSpec o, int i) {
        if (o.type() == Integer.class || o.type() == int.class || o.type() == long.class || o.type() == Long.class) {
            return String.valueOf(3 + i);
        }
        return o.splitRegex().isEmpty() ? "v" + i : "a" + i + o.splitRegex() + "b" + i;
    }

    private static String firstDifference(String a, String b) {
        String[] x = a.split("\n", -1);
        String[] y = b.split("\n", -1);
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (!x[i].equals(y[i])) {
                return "line " + (i + 1) + ": written '" + x[i] + "', now '" + y[i] + "'";
            }
        }
        return "the written file has " + x.length + " lines, the generator writes " + y.length;
    }
}
