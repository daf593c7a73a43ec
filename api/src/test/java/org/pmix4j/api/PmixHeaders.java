package org.pmix4j.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/** Finds and reads the installed libpmix headers, for tests that compare our tables with them. */
final class PmixHeaders {
    /** {@code #define PMIX_NAME "string"  // comment}: group 1 the name, 2 the string, 3 the rest. */
    static final Pattern STRING_DEFINE = Pattern.compile("^\\s*#\\s*define\\s+(PMIX_\\w+)\\s+\"([^\"]*)\"(.*)$");

    private PmixHeaders() {
    }

    /** The directory holding pmix_common.h, as pkg-config reports it. */
    static Path includeDir() {
        NativeBuild.requireTool("pkg-config", "pkg-config");
        List<Path> candidates = new ArrayList<>();
        Run.Result r = Run.command("pkg-config", "--variable=includedir", "pmix").go();
        if (r.exitCode() == 0 && !r.stdout().isBlank()) {
            candidates.add(Path.of(r.stdout().trim()));
        }
        Run.Result cf = Run.command("pkg-config", "--cflags", "pmix").go();
        if (cf.exitCode() == 0) {
            for (String flag : cf.stdout().trim().split("\\s+")) {
                if (flag.startsWith("-I")) {
                    candidates.add(Path.of(flag.substring(2)));
                }
            }
        }
        for (Path dir : candidates) {
            if (Files.isRegularFile(dir.resolve("pmix_common.h"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no pmix_common.h found via pkg-config (looked in " + candidates
                + "); install Debian's libpmix-dev: " + r.stderr().trim() + cf.stderr().trim());
    }

    static Path header(String name) {
        Path p = includeDir().resolve(name);
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException("installed libpmix has no " + p);
        }
        return p;
    }

    static List<String> lines(String headerName) {
        try {
            return Files.readAllLines(header(headerName));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One {@code #define PMIX_X "..."} of a header, with its trailing comment and its continuation lines. */
    record StringDefine(String file, int line, String name, String value, String comment) {
    }

    static List<StringDefine> stringDefines(String headerName) {
        List<String> lines = lines(headerName);
        List<StringDefine> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = STRING_DEFINE.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            StringBuilder comment = new StringBuilder(m.group(3));
            for (int j = i + 1; j < lines.size() && lines.get(j).matches("^\\s+//.*"); j++) {
                comment.append(' ').append(lines.get(j).trim());
            }
            out.add(new StringDefine(headerName, i + 1, m.group(1), m.group(2), comment.toString()));
        }
        return out;
    }
}
