package org.pmix4j.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What the launcher says about the command line before the job's output: old spellings it converted (all
 * of them on ONE line) and options it accepted but ignores (one line each). {@code -q}/{@code --quiet}
 * silences both; refusals are errors, not notices, and are never silenced.
 */
final class LauncherNotices {
    private final List<String> conversions = new ArrayList<>();
    private final List<String> ignored = new ArrayList<>();

    /** An old spelling and what it now is: "-npernode 2", "--map-by ppr:2:node". */
    void converted(String typed, String meaning) {
        conversions.add(typed + " -> " + meaning);
    }

    /** An option accepted without effect, and why it has none. */
    void ignored(String typed, String why) {
        ignored.add(typed + ": ignored (" + why + ")");
    }

    List<String> lines(String command) {
        List<String> out = new ArrayList<>();
        if (!conversions.isEmpty()) {
            out.add(command + ": old spelling" + (conversions.size() > 1 ? "s" : "") + " converted: "
                    + String.join(", ", conversions) + " (-q hides this)");
        }
        ignored.forEach(i -> out.add(command + ": " + i));
        return out;
    }

    void print(PrintStream err, String command, boolean quiet) {
        if (!quiet) {
            lines(command).forEach(err::println);
        }
    }
}
