package org.pmix4j.server.sessiondir;

import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The permissions this package creates files and directories with: owner only, given at creation so that
 * they are never wider, whatever the umask. On a file system without POSIX permissions nothing is given.
 */
final class OwnerOnly {
    /** rw------- (0600). */
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    /** rwx------ (0700). */
    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private static final FileAttribute<?>[] NONE = new FileAttribute<?>[0];

    private OwnerOnly() {
    }

    static FileAttribute<?>[] fileAttributes(Path where) {
        return attributes(where, FILE);
    }

    static FileAttribute<?>[] directoryAttributes(Path where) {
        return attributes(where, DIRECTORY);
    }

    private static FileAttribute<?>[] attributes(Path where, Set<PosixFilePermission> perms) {
        if (!where.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return NONE;
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(perms)};
    }
}
