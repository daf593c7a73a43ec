package org.pmix4j.cli.reference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.cli.Main;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes the command-line reference of the documentation site: one Markdown page per {@code pmix4j}
 * command, taken from the picocli model that parses the command line, so the pages say exactly what the
 * parser accepts and cannot drift from it.
 *
 * <p>Every command that is not hidden gets a page named after its path ({@code run.md},
 * {@code wire-decode.md}), with its synopsis, description, every visible option and parameter with its
 * description and default, its subcommands and its footer (the examples); {@code index.md} lists them all.
 * Hidden commands and options are internal (started by pmix4j itself) and left out on purpose.
 *
 * <p>Run by {@code bin/docs}: {@code java -cp cli/target/pmix4j.jar org.pmix4j.cli.reference.CliReference DIR}.
 */
public final class CliReference {
    private final Path dir;

    /**
     * A writer of reference pages.
     *
     * @param dir the directory the pages are written to; created when missing
     */
    public CliReference(Path dir) {
        this.dir = dir;
    }

    /**
     * Writes the reference pages of {@code pmix4j} into the directory given as the only argument.
     *
     * @param args the output directory
     * @throws IOException when a page cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CliReference OUTPUT-DIRECTORY");
            System.exit(2);
        }
        int pages = new CliReference(Path.of(args[0])).write(new CommandLine(new Main()));
        System.out.println("CliReference: " + pages + " pages in " + args[0]);
    }

    /**
     * Writes the pages of a command tree: one per visible command and an index.
     *
     * @param root the command line of the top command
     * @return the number of pages written, the index included
     * @throws IOException when a page cannot be written
     */
    public int write(CommandLine root) throws IOException {
        Files.createDirectories(dir);
        List<CommandSpec> commands = new ArrayList<>();
        collect(root.getCommandSpec(), commands);
        StringBuilder index = new StringBuilder();
        index.append("# Command-line reference\n\n");
        index.append("Generated from the command-line parser of `pmix4j` (its picocli model) when the site is built:\n"
                + "every option listed here is one the parser accepts, with the description `--help` prints.\n\n");
        index.append("| command | what it does |\n|---|---|\n");
        for (CommandSpec command : commands) {
            String page = pageName(command);
            index.append("| [`").append(command.qualifiedName()).append("`](").append(page).append(") | ")
                    .append(cell(firstSentence(command))).append(" |\n");
            Files.writeString(dir.resolve(page), page(command), StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve("index.md"), index.toString(), StandardCharsets.UTF_8);
        return commands.size() + 1;
    }

    private static void collect(CommandSpec command, List<CommandSpec> into) {
        into.add(command);
        for (Map.Entry<String, CommandLine> sub : command.subcommands().entrySet()) {
            CommandSpec spec = sub.getValue().getCommandSpec();
            // aliases map to the same spec; hidden commands are internal
            if (!sub.getKey().equals(spec.name()) || spec.usageMessage().hidden()) {
                continue;
            }
            collect(spec, into);
        }
    }

    /** The page of one command, e.g. {@code wire-decode.md} for {@code pmix4j wire decode}. */
    static String pageName(CommandSpec command) {
        return command.parent() == null ? "pmix4j.md"
                : command.qualifiedName("-").substring(command.root().name().length() + 1) + ".md";
    }

    private static String page(CommandSpec command) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(command.qualifiedName()).append("\n\n");
        md.append("```\n").append(synopsis(command)).append("```\n\n");
        for (String line : joinedParagraphs(command.usageMessage().description())) {
            md.append(escape(line)).append("\n\n");
        }
        List<PositionalParamSpec> parameters = command.positionalParameters().stream()
                .filter(p -> !p.hidden()).toList();
        if (!parameters.isEmpty()) {
            md.append("## Parameters\n\n| parameter | description |\n|---|---|\n");
            for (PositionalParamSpec p : parameters) {
                md.append("| `").append(p.paramLabel()).append("` | ").append(cell(description(p.description(), null)))
                        .append(" |\n");
            }
            md.append("\n");
        }
        List<OptionSpec> options = command.options().stream().filter(o -> !o.hidden()).toList();
        if (!options.isEmpty()) {
            md.append("## Options\n\n| option | description |\n|---|---|\n");
            for (OptionSpec o : options) {
                md.append("| ").append(optionNames(o)).append(" | ")
                        .append(cell(description(o.description(), defaultValue(o)))).append(" |\n");
            }
            md.append("\n");
        }
        List<CommandSpec> subcommands = new ArrayList<>();
        command.subcommands().forEach((name, sub) -> {
            CommandSpec spec = sub.getCommandSpec();
            if (name.equals(spec.name()) && !spec.usageMessage().hidden()) {
                subcommands.add(spec);
            }
        });
        if (!subcommands.isEmpty()) {
            md.append("## Commands\n\n| command | what it does |\n|---|---|\n");
            for (CommandSpec sub : subcommands) {
                md.append("| [`").append(sub.qualifiedName()).append("`](").append(pageName(sub)).append(") | ")
                        .append(cell(firstSentence(sub))).append(" |\n");
            }
            md.append("\n");
        }
        String footer = String.join("\n", command.usageMessage().footer()).strip();
        if (!footer.isEmpty()) {
            md.append("## More\n\n```\n").append(footer).append("\n```\n");
        }
        return md.toString();
    }

    private static String synopsis(CommandSpec command) {
        CommandLine.Help help = new CommandLine.Help(command, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        return help.synopsis(0);
    }

    private static String optionNames(OptionSpec o) {
        StringBuilder names = new StringBuilder("`").append(String.join("`, `", o.names())).append("`");
        if (o.arity().max() > 0 && !o.paramLabel().isEmpty()) {
            names.append(" `").append(o.paramLabel()).append("`");
        }
        return names.toString();
    }

    private static String defaultValue(OptionSpec o) {
        String value = o.defaultValueString();
        boolean shown = o.showDefaultValue() == CommandLine.Help.Visibility.ALWAYS
                || (o.showDefaultValue() == CommandLine.Help.Visibility.ON_DEMAND
                        && String.join(" ", o.description()).contains("${DEFAULT-VALUE}"));
        // descriptions that name their default themselves already show it; others get it appended
        return value == null || value.isEmpty() || value.equals("null") || !shown
                || String.join(" ", o.description()).contains(value) ? null : value;
    }

    private static String description(String[] lines, String defaultValue) {
        String text = String.join("<br>", joinedParagraphs(lines).stream().map(CliReference::escape).toList());
        return defaultValue == null ? text : text + " Default: `" + defaultValue + "`.";
    }

    /** picocli descriptions are arrays of lines where "" separates paragraphs; Markdown wants one per block. */
    private static List<String> joinedParagraphs(String[] lines) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        // picocli formats descriptions: "%n" is a line break ("%%" a percent sign)
        List<String> split = new ArrayList<>();
        for (String line : lines) {
            split.addAll(List.of(line.replace("%%", "\u0000").split("%n", -1)));
        }
        for (String raw : split) {
            String line = raw.replace("\u0000", "%");
            if (line.isBlank()) {
                if (!current.isEmpty()) {
                    paragraphs.add(current.toString());
                    current.setLength(0);
                }
            } else {
                if (!current.isEmpty()) {
                    current.append(' ');
                }
                current.append(line.strip());
            }
        }
        if (!current.isEmpty()) {
            paragraphs.add(current.toString());
        }
        return paragraphs;
    }

    private static String firstSentence(CommandSpec command) {
        List<String> paragraphs = joinedParagraphs(command.usageMessage().description());
        if (paragraphs.isEmpty()) {
            return "";
        }
        String first = paragraphs.getFirst();
        int end = first.indexOf(". ");
        return escape(end < 0 ? first : first.substring(0, end + 1));
    }

    /** Text that Markdown must show as written: angle brackets, asterisks and underscores. */
    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("<", "&lt;").replace(">", "&gt;").replace("*", "\\*")
                .replace("_", "\\_").replace("`", "\\`");
    }

    /** A table cell: no pipe may end it early. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
