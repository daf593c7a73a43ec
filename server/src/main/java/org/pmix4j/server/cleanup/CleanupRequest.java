package org.pmix4j.server.cleanup;

import java.nio.file.Path;
import java.util.List;

/**
 * One registration for cleanup at termination (RFC0027, libpmix's PMIX_REGISTER_CLEANUP job-control
 * directives): files and directories to remove, paths to leave alone, and how to treat the directories.
 * All paths are absolute. {@code uid}/{@code gid} are the requester's: only what they own is removed.
 *
 * @param files       PMIX_REGISTER_CLEANUP
 * @param directories PMIX_REGISTER_CLEANUP_DIR
 * @param ignores     PMIX_CLEANUP_IGNORE
 * @param recursive   PMIX_CLEANUP_RECURSIVE: descend into subdirectories
 * @param leaveTopdir PMIX_CLEANUP_LEAVE_TOPDIR: keep the named directories themselves
 * @param emptyOnly   PMIX_CLEANUP_EMPTY: remove only empty subdirectories, no files below the named ones
 */
public record CleanupRequest(List<Path> files, List<Path> directories, List<Path> ignores, boolean recursive,
        boolean leaveTopdir, boolean emptyOnly, int uid, int gid) {
    public CleanupRequest {
        files = List.copyOf(files);
        directories = List.copyOf(directories);
        ignores = List.copyOf(ignores);
        for (List<Path> l : List.of(files, directories, ignores)) {
            for (Path p : l) {
                if (!p.isAbsolute()) {
                    throw new IllegalArgumentException("cleanup path '" + p + "' is not absolute");
                }
            }
        }
    }

    public boolean isEmpty() {
        return files.isEmpty() && directories.isEmpty() && ignores.isEmpty();
    }
}
