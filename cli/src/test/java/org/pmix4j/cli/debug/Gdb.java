package org.pmix4j.cli.debug;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/** Debian's gdb, attached to a running process the way a user attaches it, in batch mode. */
public final class Gdb {
    private static final Pattern VALUE = Pattern.compile("^\\$1 = (-?\\d+)$", Pattern.MULTILINE);

    private Gdb() {
    }

    /** Fails the test with the install hint when gdb is missing (bin/install-test-deps installs it). */
    public static void require() {
        NativeBuild.requireTool("gdb", "gdb");
    }

    /**
     * Attaches to {@code pid}, prints the integer variable {@code name}, detaches (the process stays as it was:
     * stopped, or waiting where it waited); returns the value gdb printed.
     */
    public static int readInt(long pid, String name) {
        Run.Result r = Run.command(List.of("gdb", "-nx", "-batch", "-p", Long.toString(pid), "-ex", "print " + name,
                "-ex", "detach")).timeout(Duration.ofSeconds(60)).go();
        Matcher m = VALUE.matcher(r.stdout());
        if (!m.find()) {
            throw new AssertionError("gdb printed no value of " + name + " for pid " + pid + ":\n" + r.all());
        }
        return Integer.parseInt(m.group(1));
    }
}
