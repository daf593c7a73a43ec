package org.pmix4j.runtime.iof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the launcher may read its stdin now. Reading a terminal from a background process group makes
 * the kernel stop the whole launcher (SIGTTIN), output forwarding included; OpenPMIx therefore reads stdin
 * only when it is not a terminal or the launcher is in the terminal's foreground process group
 * ({@code pmix_iof_stdin_check}: {@code isatty(0) && getpgrp() != tcgetpgrp(0)} means wait), and looks
 * again when continued. Java has neither call, so this reads Linux's {@code /proc/self/fd/0} (is it a
 * terminal?) and {@code /proc/self/stat} (process group and the terminal's foreground group). Elsewhere,
 * or if /proc cannot be read, it says yes.
 */
final class TerminalForeground {
    private TerminalForeground() {
    }

    /** The launcher's stdin is a terminal (it stays one: checked once). */
    static boolean stdinIsTerminal() {
        try {
            return isTerminal(Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The launcher is not in the background of its terminal. */
    static boolean inForeground() {
        try {
            return !background(Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return true;
        }
    }

    static boolean isTerminal(String device) {
        return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty") || device.startsWith("/dev/console");
    }

    /**
     * From a {@code /proc/<pid>/stat} line: the process has a controlling terminal whose foreground
     * process group is not its own. The command name (field 2) may contain spaces and parentheses, so
     * fields are counted from the last ')'.
     */
    static boolean background(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return false;
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        // state ppid pgrp session tty_nr tpgid ...
        if (f.length < 6) {
            return false;
        }
        try {
            long pgrp = Long.parseLong(f[2]);
            long ttyNr = Long.parseLong(f[4]);
            long tpgid = Long.parseLong(f[5]);
            return ttyNr != 0 && tpgid > 0 && tpgid != pgrp;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
