package org.pmix4j.runtime.iof;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

/**
 * How a job's output is presented: the {@code --output} directives of PRRTE's {@code prterun}.
 *
 * <p>{@code --output} takes comma-separated directives, each optionally followed by {@code :qualifier}s,
 * and may be repeated; directives and qualifiers are case-insensitive and may be abbreviated while
 * unambiguous ({@code merge} for {@code merge-stderr-to-stdout}, {@code dir=} for {@code directory=},
 * {@code file=} for {@code filename=}). Directives: {@code tag}, {@code tag-detailed}, {@code tag-fullname},
 * {@code rank}, {@code timestamp}, {@code xml}, {@code merge-stderr-to-stdout} (each may take
 * {@code =true/false}), {@code directory=DIR}, {@code filename=NAME}. Qualifiers: {@code copy},
 * {@code nocopy}, {@code raw}, {@code pattern}; a qualifier may also stand alone ({@code :raw} or
 * {@code raw}).
 *
 * @param tag         {@code [job,rank]<stream>: } before each line (job: the part of the nspace after '@')
 * @param tagDetailed {@code [job,rank][host:pid]<stream>: }
 * @param tagFullname {@code [nspace,rank]<stream>: }
 * @param rank        {@code [rank]<stream>: }
 * @param timestamp   the launcher's time ({@code ctime} format, in brackets) before each line
 * @param xml         each line as an XML element, the whole run wrapped in {@code <pmix4j>}
 * @param merge       stderr is written where stdout goes (it keeps its {@code stderr} label)
 * @param raw         no line buffering: chunks are forwarded as read
 * @param directory   {@code DIR/<nspace>/rank.<N>/stdout|stderr}, or null
 * @param file        {@code NAME.<nspace>.<N>.out|.err} (or the expanded pattern plus .out/.err), or null
 * @param pattern     {@code file} is a pattern with {@code %n %r %R %h %%}
 * @param copy        with files, also write to the launcher's stdout/stderr (default: files only)
 */
public record OutputOptions(boolean tag, boolean tagDetailed, boolean tagFullname, boolean rank, boolean timestamp,
        boolean xml, boolean merge, boolean raw, Path directory, Path file, boolean pattern, boolean copy) {

    /** Plain output: each line as written, stdout to stdout, stderr to stderr. */
    public static final OutputOptions DEFAULT = new OutputOptions(false, false, false, false, false, false, false,
            false, null, null, false, false);

    static final String OPTION = "--output";
    static final List<String> DIRECTIVES = List.of("tag", "tag-detailed", "tag-fullname", "rank", "timestamp", "xml",
            "merge-stderr-to-stdout", "directory", "filename");
    static final List<String> QUALIFIERS = List.of("copy", "nocopy", "raw", "pattern");

    public OutputOptions {
        if (directory != null && file != null) {
            throw new IllegalArgumentException(OPTION + ": both a directory (" + directory + ") and a file name (" + file
                    + ") were given for the output; choose one");
        }
        if (pattern && file == null) {
            throw new IllegalArgumentException(OPTION + ": the 'pattern' qualifier names how output files are called, "
                    + "but no filename=NAME was given");
        }
        if (pattern) {
            FileNames.checkPattern(file.toString());
        }
    }

    /** Parses {@code --output} values as given on the command line, relative paths against the current directory. */
    public static OutputOptions parse(List<String> values) {
        return parse(values, Path.of("").toAbsolutePath());
    }

    /** Parses {@code --output} values; relative directory and file names are resolved against {@code cwd}. */
    public static OutputOptions parse(List<String> values, Path cwd) {
        Builder b = new Builder();
        for (String value : values) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(OPTION + " needs a value: " + validList());
            }
            for (String item : value.split(",")) {
                b.item(item.strip(), value, cwd);
            }
        }
        return b.build();
    }

    /** Parses one {@code --output} value. */
    public static OutputOptions parse(String value) {
        return parse(List.of(value));
    }

    /** Any per-line decoration (a prefix or XML). */
    public boolean formatted() {
        return tag || tagDetailed || tagFullname || rank || timestamp || xml;
    }

    /** Output goes to files. */
    public boolean toFiles() {
        return directory != null || file != null;
    }

    /** Output goes to the launcher's stdout/stderr: always without files, with files only when copied. */
    public boolean toTerminal() {
        return !toFiles() || copy;
    }

    /** The same options without line buffering ({@code --stream-buffering 0} implies it, as in PRRTE). */
    public OutputOptions withRaw() {
        return new OutputOptions(tag, tagDetailed, tagFullname, rank, timestamp, xml, merge, true, directory, file,
                pattern, copy);
    }

    /**
     * The job-level PMIx attributes PRRTE registers for these options ({@code PMIX_IOF_TAG_OUTPUT} ...), so
     * that clients and tools that query the job see how its output is presented.
     */
    public List<Info> registrationInfos() {
        List<Info> infos = new ArrayList<>();
        flag(infos, tag, Attributes.IOF_TAG_OUTPUT);
        flag(infos, tagDetailed, Attributes.IOF_TAG_DETAILED_OUTPUT);
        flag(infos, tagFullname, Attributes.IOF_TAG_FULLNAME_OUTPUT);
        flag(infos, rank, Attributes.IOF_RANK_OUTPUT);
        flag(infos, timestamp, Attributes.IOF_TIMESTAMP_OUTPUT);
        flag(infos, xml, Attributes.IOF_XML_OUTPUT);
        flag(infos, merge, Attributes.IOF_MERGE_STDERR_STDOUT);
        flag(infos, raw, Attributes.IOF_OUTPUT_RAW);
        if (directory != null) {
            infos.add(Attributes.IOF_OUTPUT_TO_DIRECTORY.info(directory.toString()));
        }
        if (file != null) {
            infos.add(Attributes.IOF_OUTPUT_TO_FILE.info(file.toString()));
            flag(infos, pattern, Attributes.IOF_FILE_PATTERN);
        }
        if (toFiles()) {
            infos.add(Attributes.IOF_FILE_ONLY.info(!copy));
        }
        return infos;
    }

    /**
     * These options overridden by the IOF directives of a spawn request ({@code PMIX_IOF_TAG_OUTPUT} ...,
     * their deprecated spellings included): a job started by {@code PMIx_Spawn} may ask for its own format.
     */
    public OutputOptions withDirectives(List<Info> directives) {
        Path dir = find(directives, Attributes.IOF_OUTPUT_TO_DIRECTORY, Attributes.OUTPUT_TO_DIRECTORY)
                .map(Path::of).orElse(directory);
        Path f = find(directives, Attributes.IOF_OUTPUT_TO_FILE, Attributes.OUTPUT_TO_FILE).map(Path::of).orElse(file);
        if (dir != null && f != null) {
            // the request's own choice replaces ours rather than conflicting with it
            if (find(directives, Attributes.IOF_OUTPUT_TO_DIRECTORY, Attributes.OUTPUT_TO_DIRECTORY).isPresent()) {
                f = null;
            } else {
                dir = null;
            }
        }
        boolean fileOnly = find(directives, Attributes.IOF_FILE_ONLY, Attributes.OUTPUT_NOCOPY).orElse(!copy);
        return new OutputOptions(
                find(directives, Attributes.IOF_TAG_OUTPUT, Attributes.TAG_OUTPUT).orElse(tag),
                find(directives, Attributes.IOF_TAG_DETAILED_OUTPUT, null).orElse(tagDetailed),
                find(directives, Attributes.IOF_TAG_FULLNAME_OUTPUT, null).orElse(tagFullname),
                find(directives, Attributes.IOF_RANK_OUTPUT, null).orElse(rank),
                find(directives, Attributes.IOF_TIMESTAMP_OUTPUT, Attributes.TIMESTAMP_OUTPUT).orElse(timestamp),
                find(directives, Attributes.IOF_XML_OUTPUT, null).orElse(xml),
                find(directives, Attributes.IOF_MERGE_STDERR_STDOUT, Attributes.MERGE_STDERR_STDOUT).orElse(merge),
                find(directives, Attributes.IOF_OUTPUT_RAW, null).orElse(raw),
                dir, f,
                f != null && find(directives, Attributes.IOF_FILE_PATTERN, null).orElse(f.equals(file) && pattern),
                !fileOnly);
    }

    private static <T> Optional<T> find(List<Info> infos, Attribute<T> key, Attribute<T> deprecated) {
        Optional<T> v = key.find(infos);
        return v.isPresent() || deprecated == null ? v : deprecated.find(infos);
    }

    private static void flag(List<Info> infos, boolean on, Attribute<Boolean> key) {
        if (on) {
            infos.add(key.info(true));
        }
    }

    static String validList() {
        return "valid directives are " + String.join(", ", DIRECTIVES)
                + " (directory=DIR, filename=NAME; unique abbreviations such as dir=, file=, merge are accepted), "
                + "each optionally followed by the qualifiers :" + String.join(", :", QUALIFIERS)
                + "; combine them with commas, e.g. --output tag,timestamp";
    }

    /** Collects directives, then checks the combination once the whole list is known (as PRRTE does). */
    private static final class Builder {
        boolean tag;
        boolean tagDetailed;
        boolean tagFullname;
        boolean rank;
        boolean timestamp;
        boolean xml;
        boolean merge;
        boolean raw;
        Path directory;
        Path file;
        boolean pattern;
        Boolean copy;

        void item(String item, String value, Path cwd) {
            if (item.isEmpty()) {
                throw new IllegalArgumentException(OPTION + " '" + value + "' has an empty directive; " + validList());
            }
            String directive = item;
            int colon = item.indexOf(':');
            if (colon >= 0) {
                directive = item.substring(0, colon);
                for (String q : item.substring(colon + 1).split(":", -1)) {
                    qualifier(q, value, true);
                }
            }
            if (directive.isEmpty()) {
                return; // ":raw" - only qualifiers
            }
            String name = directive;
            String arg = null;
            int eq = directive.indexOf('=');
            if (eq >= 0) {
                name = directive.substring(0, eq);
                arg = directive.substring(eq + 1);
            }
            String d = OutputDirectiveWords.match(OPTION, name, DIRECTIVES, value);
            if (d == null) {
                if (OutputDirectiveWords.match(OPTION, name, QUALIFIERS, value) != null) {
                    qualifier(directive, value, false);
                    return;
                }
                throw new IllegalArgumentException(OPTION + ": unknown directive '" + name + "' in '" + value + "'; "
                        + validList());
            }
            switch (d) {
                case "directory" -> directory = path(d, arg, value, cwd);
                case "filename" -> file = path(d, arg, value, cwd);
                default -> {
                    boolean on = OutputDirectiveWords.truth(OPTION, d, arg);
                    switch (d) {
                        case "tag" -> tag = on;
                        case "tag-detailed" -> tagDetailed = on;
                        case "tag-fullname" -> tagFullname = on;
                        case "rank" -> rank = on;
                        case "timestamp" -> timestamp = on;
                        case "xml" -> xml = on;
                        case "merge-stderr-to-stdout" -> merge = on;
                        default -> throw new AssertionError(d);
                    }
                }
            }
        }

        private void qualifier(String typed, String value, boolean afterColon) {
            if (typed.isEmpty()) {
                throw new IllegalArgumentException(OPTION + " '" + value + "' has an empty qualifier after ':'; "
                        + validList());
            }
            String name = typed;
            String arg = null;
            int eq = typed.indexOf('=');
            if (eq >= 0) {
                name = typed.substring(0, eq);
                arg = typed.substring(eq + 1);
            }
            String q = OutputDirectiveWords.match(OPTION, name, QUALIFIERS, value);
            if (q == null) {
                throw new IllegalArgumentException(OPTION + ": unknown " + (afterColon ? "qualifier ':" : "directive '")
                        + name + "' in '" + value + "'; " + validList());
            }
            boolean on = OutputDirectiveWords.truth(OPTION, q, arg);
            switch (q) {
                case "copy", "nocopy" -> {
                    boolean c = q.equals("copy") == on;
                    if (copy != null && copy != c) {
                        throw new IllegalArgumentException(OPTION + ": both copy and nocopy were given in '" + value
                                + "'; choose one");
                    }
                    copy = c;
                }
                case "raw" -> raw = on;
                case "pattern" -> pattern = on;
                default -> throw new AssertionError(q);
            }
        }

        private static Path path(String directive, String arg, String value, Path cwd) {
            if (arg == null || arg.isEmpty()) {
                throw new IllegalArgumentException(OPTION + ": '" + directive + "' needs a value, as in "
                        + (directive.equals("directory") ? "dir=DIR" : "file=NAME") + " (in '" + value + "')");
            }
            // as PRRTE: a relative name is relative to where the user typed the command
            return cwd.resolve(arg).normalize();
        }

        OutputOptions build() {
            return new OutputOptions(tag, tagDetailed, tagFullname, rank, timestamp, xml, merge, raw, directory, file,
                    pattern, copy != null && copy);
        }
    }
}
