package org.pmix4j.runtime;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where pmix4j's runtimes keep their session directories, by one rule for the runtimes and the front ends
 * that look for them: {@code <tmp>/pmix4j.<host>.<uid>/<kind>.<pid>}, {@code <tmp>} being an explicit
 * directory ({@code --tmpdir}), else TMPDIR, TEMP or TMP (the first set), else /tmp; kind {@code run} for
 * {@code pmix4j run}, {@code dvm} for {@code pmix4j dvm}, {@code sched} for {@code pmix4j sched}.
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
        int uid = org.pmix4j.api.ProcessOwner.current().uid();
        return tmp.resolve("pmix4j." + hostname + "." + Integer.toUnsignedString(uid));
    }

    /** The kinds of runtime that keep a session directory here, by the first part of its name. */
    public static final List<String> KINDS = List.of("run", "dvm", "sched", "daemon");

    /** The session directory of the runtime of kind {@code kind} ("run", "dvm") with process id {@code pid}. */
    public static Path sessionDir(Path tmp, String hostname, String kind, long pid) {
        return userDir(tmp, hostname).resolve(kind + "." + pid);
    }

    /** The {@code <tmp>} a session directory ({@link #sessionDir}) is under. */
    public static Path tmpOf(Path sessionDir) {
        return sessionDir.getParent().getParent();
    }

    /**
     * The pid in a session directory's name ({@code run.<pid>}, {@code dvm.<pid>}), or -1 when the name is
     * not one of a runtime's.
     */
    public static long ownerPid(String name) {
        int dot = name.indexOf('.');
        if (dot < 0 || !KINDS.contains(name.substring(0, dot))) {
            return -1;
        }
        String digits = name.substring(dot + 1);
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(digits);
    }

    /** The namespace of every job of the runtime with process id {@code pid} starts with this. */
    public static String namespacePrefix(String hostname, long pid) {
        return "pmix4j-" + hostname + "-" + pid + "@";
    }

    /**
     * Removes this user's {@code <tmp>/pmix4j.<host>.<uid>} of {@code sessionDir} when nothing is left in it:
     * shared by every runtime of the user, it is made by whichever starts first and may outlive it (its
     * server removes it only when empty, see {@code DirectoryTracker.shareAncestorsOf}), so the last to end
     * takes it. One starting meanwhile makes it again.
     */
    public static void removeUserDirIfEmpty(Path sessionDir) {
        try {
            java.nio.file.Files.deleteIfExists(sessionDir.getParent());
        } catch (java.io.IOException e) {
            // not empty (another runtime's), or not ours to remove: it stays
        }
    }
}
