package org.pmix4j.runtime;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where pmix4j's runtimes keep their session directories, by one rule for the runtimes and the front ends
 * that look for them: {@code <tmp>/pmix4j.<host>.<uid>/<kind>.<pid>}, {@code <tmp>} being an explicit
 * directory ({@code --tmpdir}), else TMPDIR, TEMP or TMP (the first set), else /tmp; kind {@code run} for
 * {@code pmix4j run}, {@code dvm} for {@code pmix4j dvm}.
 */
public final class RuntimeDirectories {
    private RuntimeDirectories() {
    }

    /** The directory under which the session directories are made. */
    public static Path tmp(Map<String, String> env, String explicit) {
        if (explicit != null && !explicit.isEmpty()) {
            return Path.of(explicit).toAbsolutePath();
        }
        for (String n : List.of("TMPDIR", "TEMP", "TMP")) {
            String v = env.get(n);
            if (v != null && !v.isEmpty()) {
                return Path.of(v).toAbsolutePath();
            }
        }
        return Path.of("/tmp");
    }

    /** {@code <tmp>/pmix4j.<host>.<uid>}: this user's runtimes on this node. */
    public static Path userDir(Path tmp, String hostname) {
        int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
        return tmp.resolve("pmix4j." + hostname + "." + Integer.toUnsignedString(uid));
    }

    /** The session directory of the runtime of kind {@code kind} ("run", "dvm") with process id {@code pid}. */
    public static Path sessionDir(Path tmp, String hostname, String kind, long pid) {
        return userDir(tmp, hostname).resolve(kind + "." + pid);
    }
}
