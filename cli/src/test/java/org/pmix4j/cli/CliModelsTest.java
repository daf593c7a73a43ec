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
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The models of {@code pmix4j run} and {@code prun} written out at build time ({@link CliModelGenerator})
 * are the models picocli reads from the commands' annotations: the same source as the generator writes now,
 * the same attributes, the same usage text, and the same values after parsing a command line that gives
 * every option. (The compatibility tests parse through the written models too: {@link CompatParse}.)
 */
class CliModelsTest {
    private static final Map<Class<?>, Supplier<JobCommand>> COMMANDS = Map.of(
            RunCommand.class, RunCommand::new, PrunCommand.class, PrunCommand::new);

    /** What bin/generate-cli-models runs: writes the models (after making every option's change compile). */
    @Test
    @EnabledIfSystemProperty(named = "pmix4j.cli.models.write", matches = "true")
    void write() throws IOException {
        for (Map.Entry<Class<?>, String> e : CliModelGenerator.MODELS.entrySet()) {
            Path file = Path.of("src/main/java/org/pmix4j/cli", e.getValue() + ".java");
            Files.writeString(file, new CliModelGenerator(e.getKey(), e.getValue()).source());
            System.out.println("wrote " + file.toAbsolutePath());
        }
    }

    @Test
    @DisabledIfSystemProperty(named = "pmix4j.cli.models.write", matches = "true")
    void theWrittenSourceIsWhatTheGeneratorWritesNow() throws IOException {
        assertEquals(COMMANDS.keySet(), CliModelGenerator.MODELS.keySet());
        for (Map.Entry<Class<?>, String> e : CliModelGenerator.MODELS.entrySet()) {
            Path file = Path.of("src/main/java/org/pmix4j/cli", e.getValue() + ".java");
            String written = Files.readString(file);
            String now = new CliModelGenerator(e.getKey(), e.getValue()).source();
            if (!written.equals(now)) {
                fail(file + " is not the model of " + e.getKey().getSimpleName() + "'s annotations any more: run "
                        + "bin/generate-cli-models. First difference: " + firstDifference(written, now));
            }
        }
    }

    @Test
    void sameAttributesAndUsage() {
        for (Map.Entry<Class<?>, Supplier<JobCommand>> e : COMMANDS.entrySet()) {
            CommandSpec reflective = CliModelGenerator.reflectiveModel(e.getKey());
            CommandSpec written = e.getValue().get().commandLine().getCommandSpec();
            assertSameLines(ModelDump.of(reflective), ModelDump.of(written), e.getKey().getSimpleName());
            assertEquals(ModelDump.usage(reflective), ModelDump.usage(written), e.getKey().getSimpleName());
        }
    }

    @Test
    void sameValuesAfterParsingEveryOption() {
        Properties saved = (Properties) System.getProperties().clone();
        try {
            for (Map.Entry<Class<?>, Supplier<JobCommand>> e : COMMANDS.entrySet()) {
                List<List<String>> lines = commandLines(CliModelGenerator.reflectiveModel(e.getKey()));
                assertFalse(lines.isEmpty());
                for (List<String> line : lines) {
                    JobCommand byAnnotations = e.getValue().get();
                    CommandLine reflective = new CommandLine(byAnnotations);
                    reflective.setStopAtPositional(true);
                    JobCommand byWritten = e.getValue().get();
                    CommandLine written = byWritten.commandLine();
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
     * Command lines that give every option: once and twice (a list grows, a single value is replaced), each
     * with values of its type, then a program whose own words look like options.
     */
    private static List<List<String>> commandLines(CommandSpec spec) {
        List<List<String>> lines = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp()) {
                lines.add(List.of(o.shortestName()));
                continue;
            }
            List<String> given = new ArrayList<>();
            given.add(o.longestName());
            for (int i = 0; i < Math.max(o.arity().min(), 0); i++) {
                given.add(value(o, i));
            }
            List<String> line = new ArrayList<>(given);
            if (o.isMultiValue()) {
                line.addAll(given);
            }
            line.addAll(List.of("prog", "--np", "7"));
            lines.add(line);
            all.addAll(given);
        }
        all.addAll(List.of("prog", "-x", ":", "-n", "2", "other"));
        lines.add(all);
        return lines;
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
        if (o.type() == Integer.class || o.type() == int.class) {
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
