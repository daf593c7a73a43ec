package org.pmix4j.runtime;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The executable of an application as a process table names it (pmix_proc_info_t's executable): the
 * absolute path that starting {@code argv[0]} runs, found as execvp finds it, so that a debugger can read
 * the program's symbols without guessing the job's PATH. A command that cannot be found is named as given.
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
            String path = app.env().getOrDefault("PATH", defaultPath);
            for (String dir : (path == null ? "" : path).split(":", -1)) {
                // an empty PATH entry is the working directory, as for execvp
                Path candidate = Path.of(dir.isEmpty() ? (app.wdir() != null ? app.wdir() : ".") : dir, command);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate.toAbsolutePath().normalize().toString();
                }
            }
        } catch (InvalidPathException e) {
            // a name no file can have: named as given
        }
        return command;
    }
}
