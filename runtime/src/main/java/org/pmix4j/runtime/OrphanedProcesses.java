package org.pmix4j.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The processes a runtime that is gone left running: this user's processes whose environment names one of
 * its jobs (PMIX_NAMESPACE {@code pmix4j-<host>-<pid>@N}, which every process it started has, and which
 * their own children inherit). The runtime's direct children die with it (their parent-death signal,
 * {@link ProcessStarter}); what they started themselves, in their process group or out of it, does not.
 *
 * <p>Linux only (/proc); elsewhere nothing is found. A process whose environment this user may not read
 * (another user's, or one that changed its ids) is not ours to end.
 */
final class OrphanedProcesses {
    private static final Path PROC = Path.of("/proc");

    private OrphanedProcesses() {
    }

    /**
     * The processes of uid {@code uid} left by the runtime with pid {@code runtimePid} on {@code hostname}.
     * Called only once that runtime is known to be gone; if its pid is taken again meanwhile, by a runtime
     * whose jobs would carry the same names, only processes started before the newcomer are taken (the
     * newcomer's children start after it, the dead runtime's before it).
     */
    static List<ProcessHandle> leftBy(String hostname, long runtimePid, long uid) {
        byte[] marker = ("PMIX_NAMESPACE=" + RuntimeDirectories.namespacePrefix(hostname, runtimePid))
                .getBytes(StandardCharsets.UTF_8);
        Optional<Instant> newcomer = ProcessHandle.of(runtimePid).flatMap(h -> h.info().startInstant());
        boolean pidTaken = ProcessHandle.of(runtimePid).isPresent();
        List<ProcessHandle> out = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return out;
        }
        long self = ProcessHandle.current().pid();
        try (Stream<Path> s = Files.list(PROC)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String name = p.getFileName().toString();
                if (name.isEmpty() || !name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                long pid = Long.parseLong(name);
                if (pid == self || pid == runtimePid || !ownedBy(p, uid) || !hasMarker(p.resolve("environ"), marker)) {
                    continue;
                }
                Optional<ProcessHandle> h = ProcessHandle.of(pid);
                if (h.isEmpty()) {
                    continue;
                }
                if (pidTaken) {
                    Optional<Instant> started = h.get().info().startInstant();
                    if (newcomer.isEmpty() || started.isEmpty() || !started.get().isBefore(newcomer.get())) {
                        continue;
                    }
                }
                out.add(h.get());
            }
        } catch (IOException e) {
            // /proc unreadable: nothing found
        }
        return out;
    }

    private static boolean ownedBy(Path procDir, long uid) {
        try {
            return ((Number) Files.getAttribute(procDir, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue() == uid;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether the environment (NUL-separated) has a variable starting with {@code marker}. */
    private static boolean hasMarker(Path environ, byte[] marker) {
        byte[] env;
        try {
            env = Files.readAllBytes(environ);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        for (int start = 0; start < env.length; ) {
            if (startsWith(env, start, marker)) {
                return true;
            }
            int end = start;
            while (end < env.length && env[end] != 0) {
                end++;
            }
            start = end + 1;
        }
        return false;
    }

    private static boolean startsWith(byte[] a, int from, byte[] prefix) {
        if (a.length - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (a[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
