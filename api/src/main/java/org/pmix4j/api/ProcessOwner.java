package org.pmix4j.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A user and group id pair: who owns a process or a file. A host registers jobs under the uid and gid of
 * the user who submitted them (PMIX_USERID, PMIX_GRPID), and pmix4j's server authorises a peer by the ids
 * the kernel gives for its socket; this is how a Java host learns the ids without {@code com.sun.*}
 * classes or native code.
 *
 * @param uid the user id (unsigned in C; ids above 2^31 read back negative here)
 * @param gid the group id
 */
public record ProcessOwner(int uid, int gid) {
    private static volatile ProcessOwner self;

    /**
     * The effective user and group of this process (what a credential it sends carries).
     *
     * @return this process's effective uid and gid
     */
    public static ProcessOwner current() {
        ProcessOwner known = self;
        if (known == null) {
            known = readSelf();
            self = known;
        }
        return known;
    }

    /**
     * The owner of a file or directory (not following a symbolic link at the end of the path).
     *
     * @param path the file or directory
     * @return its owner and group
     * @throws IOException when its attributes cannot be read
     */
    public static ProcessOwner ofFile(Path path) throws IOException {
        return new ProcessOwner((Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS),
                (Integer) Files.getAttribute(path, "unix:gid", LinkOption.NOFOLLOW_LINKS));
    }

    /**
     * True for root, which PMIx servers let act on any job.
     *
     * @return whether the uid is 0
     */
    public boolean isRoot() {
        return uid == 0;
    }

    /**
     * Linux tells the effective ids in /proc/self/status (second number of the Uid: and Gid: lines);
     * elsewhere a file this process creates is owned by them.
     */
    private static ProcessOwner readSelf() {
        try {
            String status = Files.readString(Path.of("/proc/self/status"), StandardCharsets.ISO_8859_1);
            return new ProcessOwner(effective(status, "Uid:"), effective(status, "Gid:"));
        } catch (IOException | RuntimeException notLinux) {
            try {
                Path probe = Files.createTempFile("pmix4j-owner", "");
                try {
                    return ofFile(probe);
                } finally {
                    Files.deleteIfExists(probe);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot tell this process's user and group ids", e);
            }
        }
    }

    private static int effective(String status, String tag) {
        for (String line : status.split("\n")) {
            if (line.startsWith(tag)) {
                String[] ids = line.substring(tag.length()).trim().split("\\s+");
                return (int) Long.parseLong(ids[1]);
            }
        }
        throw new IllegalStateException("/proc/self/status has no " + tag + " line");
    }
}
