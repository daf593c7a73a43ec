package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * The effective user and group ids of this process, which libpmix writes as the fourth line of a
 * rendezvous file ({@code geteuid():getegid()}). Java has no call for them: on Linux they are the second
 * fields of the "Uid:" and "Gid:" lines of /proc/self/status; elsewhere the owner of a freshly created
 * file stands in for them.
 *
 * @param uid effective user id
 * @param gid effective group id
 */
public record ProcessIds(long uid, long gid) {
    private static final Path STATUS = Path.of("/proc/self/status");

    /** The ids of this process. */
    public static ProcessIds current() {
        ProcessIds ids = read(STATUS);
        return ids != null ? ids : fromNewFile();
    }

    /** The ids in a process's status file (/proc/&lt;pid&gt;/status), or null when it cannot be read. */
    public static ProcessIds read(Path status) {
        try {
            List<String> lines = Files.readAllLines(status);
            long uid = field(lines, "Uid:");
            long gid = field(lines, "Gid:");
            if (uid >= 0 && gid >= 0) {
                return new ProcessIds(uid, gid);
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return null;
    }

    private static long field(List<String> lines, String name) {
        for (String l : lines) {
            if (l.startsWith(name)) {
                String[] f = l.substring(name.length()).trim().split("\\s+");
                return f.length >= 2 ? Long.parseLong(f[1]) : -1;
            }
        }
        return -1;
    }

    private static ProcessIds fromNewFile() {
        Path probe = null;
        try {
            probe = Files.createTempFile("pmix4j-ids", ".tmp");
            Object uid = Files.getAttribute(probe, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            Object gid = Files.getAttribute(probe, "unix:gid", LinkOption.NOFOLLOW_LINKS);
            return new ProcessIds(((Number) uid).longValue(), ((Number) gid).longValue());
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot determine the effective uid and gid of this process", e);
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException ignored) {
                    // a stray empty temp file is harmless
                }
            }
        }
    }
}
