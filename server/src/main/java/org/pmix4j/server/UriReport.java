package org.pmix4j.server;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * PMIX_TCP_REPORT_URI, as libpmix interprets it: "-" prints the URI on stdout, "+" on stderr, a number is
 * a pipe to write "VARNAMES;URI" to (then closed), anything else a file to write the URI and "v" + version
 * into.
 */
final class UriReport {
    private UriReport() {
    }

    static void report(String where, String uri, String version, List<String> varNames) {
        if (where == null || where.isEmpty()) {
            return;
        }
        switch (where) {
            case "-" -> {
                System.out.println(uri);
                System.out.flush();
            }
            case "+" -> System.err.println(uri);
            default -> {
                if (where.chars().allMatch(Character::isDigit)) {
                    toPipe(Integer.parseInt(where), String.join(":", varNames) + ";" + uri);
                } else {
                    toFile(Path.of(where), uri + "\nv" + version + "\n");
                }
            }
        }
    }

    private static void toPipe(int fd, String text) {
        // Java cannot adopt a raw descriptor, but Linux lets us reopen it through /proc
        try (FileOutputStream out = new FileOutputStream("/proc/self/fd/" + fd)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.write(0);
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_WRITE_FAILURE,
                    "PMIX_TCP_REPORT_URI: cannot write to descriptor " + fd + ": " + e.getMessage());
        }
    }

    private static void toFile(Path p, String text) {
        try {
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE,
                    "PMIX_TCP_REPORT_URI: cannot write " + p + ": " + e.getMessage());
        }
    }
}
