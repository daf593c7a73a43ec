package org.pmix4j.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a daemon's {@code --report-pid} (and the like) goes, as PRRTE's options say: "-" stdout, "+" stderr,
 * else a file written whole.
 */
public final class ReportTarget {
    private ReportTarget() {
    }

    /** Writes {@code text} and a newline to {@code where}; nothing when {@code where} is null or empty. */
    public static void write(String option, String where, String text, OutputStream out, OutputStream err) {
        if (where == null || where.isEmpty()) {
            return;
        }
        switch (where) {
            case "-" -> println(out, text);
            case "+" -> println(err, text);
            default -> {
                try {
                    Files.writeString(Path.of(where), text + "\n", StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new LaunchException(option + " " + where + ": cannot write there: " + e.getMessage(), 1);
                }
            }
        }
    }

    private static void println(OutputStream s, String text) {
        PrintStream p = new PrintStream(s, true, StandardCharsets.UTF_8);
        p.println(text);
        p.flush();
    }
}
