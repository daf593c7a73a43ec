package org.pmix4j.runtime;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The executable of an application as a process table names it (pmix_proc_info_t's executable): the
 * absolute path that starting {@code argv[0]} runs, found by the launcher's own search ({@link
 * Launcher#resolve}, the one that chose the program it started), so that a debugger can read the program's
 * symbols without guessing the job's PATH. A command that cannot be found is named as given.
 */
final class ExecutablePath {
    private ExecutablePath() {
    }

    /**
     * @param app         the application (its PATH when its environment sets one, and its working directory)
     * @param defaultPath the PATH its processes get otherwise (the launcher's)
     */
    static String of(AppContext app, String defaultPath) {
        String command = app.argv().get(0);
        try {
            if (command.contains("/")) {
                Path p = Path.of(command);
                Path wdir = Path.of(app.wdir() != null ? app.wdir() : "").toAbsolutePath();
                return wdir.resolve(p).normalize().toString();
            }
            return Path.of(Launcher.resolve(command, app.env().getOrDefault("PATH", defaultPath),
                    app.wdir() != null ? app.wdir() : "")).normalize().toString();
        } catch (LaunchException | InvalidPathException e) {
            // not found, or a name no file can have: named as given
            return command;
        }
    }
}
