package org.pmix4j.runtime.iof;

import java.util.Locale;

/**
 * The old spellings of output options that users still type (ORTE's {@code mpirun}), converted to the
 * {@code --output} directive PRRTE converts them to ({@code convert_deprecated_cli} of its prte and ompi
 * personalities). PRRTE warns on each use with a box of text; {@link #warning} says it in one line.
 *
 * <table>
 * <caption>conversions</caption>
 * <tr><td>{@code --tag-output}</td><td>{@code --output tag}</td></tr>
 * <tr><td>{@code --timestamp-output}</td><td>{@code --output timestamp}</td></tr>
 * <tr><td>{@code --xml}</td><td>{@code --output xml}</td></tr>
 * <tr><td>{@code --merge-stderr-to-stdout}</td><td>{@code --output merge-stderr-to-stdout}</td></tr>
 * <tr><td>{@code --output-filename F}</td><td>{@code --output file=F}</td></tr>
 * <tr><td>{@code --output-directory D}</td><td>{@code --output dir=D}</td></tr>
 * </table>
 * Note that ORTE's {@code --output-filename D} wrote {@code D/1/rank.0/stdout} and also copied to the
 * terminal; PRRTE's conversion (and so ours) gives {@code file=D}, files named {@code D.<nspace>.<rank>.out}
 * and nothing on the terminal.
 */
public final class DeprecatedOutputOptions {
    private DeprecatedOutputOptions() {
    }

    /**
     * The {@code --output} value an old option stands for.
     *
     * @param option the option as typed, with or without leading dashes ({@code --tag-output},
     *               {@code -tag-output}, {@code tag-output})
     * @param value  its argument for {@code --output-filename} and {@code --output-directory}, else ignored
     * @throws IllegalArgumentException if the option is not one of these, or lacks its argument
     */
    public static String toOutputDirective(String option, String value) {
        String name = option.replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
        return switch (name) {
            case "tag-output" -> "tag";
            case "timestamp-output" -> "timestamp";
            case "xml" -> "xml";
            case "merge-stderr-to-stdout" -> "merge-stderr-to-stdout";
            case "output-filename" -> "file=" + required(option, value);
            case "output-directory" -> "dir=" + required(option, value);
            default -> throw new IllegalArgumentException(option + " is not a deprecated output option; those are "
                    + "--tag-output, --timestamp-output, --xml, --merge-stderr-to-stdout, --output-filename FILE and "
                    + "--output-directory DIR");
        };
    }

    /**
     * The one line that says a deprecated option was converted, naming the replacement (PRRTE prints a box
     * of six lines; one is enough, and a front end may gather several conversions into one line).
     */
    public static String warning(String option, String value) {
        return "deprecated option " + option.replaceFirst("^-+", "") + (value == null ? "" : " " + value)
                + " converted to --output " + toOutputDirective(option, value);
    }

    private static String required(String option, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }
}
