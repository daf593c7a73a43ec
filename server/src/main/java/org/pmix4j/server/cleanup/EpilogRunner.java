package org.pmix4j.server.cleanup;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.internal.Log;

/**
 * Carries out an {@link Epilog} as RFC0027 and libpmix's {@code pmix_execute_epilog} do: first the
 * registered files, then each registered directory — its files removed (not with PMIX_CLEANUP_EMPTY), its
 * subdirectories descended into when recursive, every directory left empty removed from the deepest up, the
 * named directory itself too unless PMIX_CLEANUP_LEAVE_TOPDIR. Ignored paths and everything below them are
 * kept; only what the requester's uid and gid own is touched, and symbolic links are removed, never followed.
 * Whatever cannot be removed is left alone silently (logged at debug level), as the RFC says.
 */
public final class EpilogRunner {
    private static final Log LOG = Log.of(EpilogRunner.class);

    private EpilogRunner() {
    }

    public static void run(Epilog e) {
        for (Path f : e.files()) {
            if (e.ignores().contains(f)) {
                continue;
            }
            if (!owned(f, e)) {
                LOG.debug("cleanup: leaving {} (missing, or not owned by uid {} gid {})", f, e.uid(), e.gid());
            } else if (!Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                delete(f);
            }
        }
        // deepest first: a registered directory inside another one is emptied (and removed) before the
        // outer one is looked at, so the outer one can go too (RFC0027 removes from the deepest upwards)
        List<Epilog.Directory> dirs = new ArrayList<>(e.directories());
        dirs.sort(Comparator.comparingInt((Epilog.Directory d) -> d.path().getNameCount()).reversed());
        for (Epilog.Directory d : dirs) {
            Path top = d.path();
            if (Files.isDirectory(top, LinkOption.NOFOLLOW_LINKS) && owned(top, e) && ownerMayChange(top)) {
                destroy(top, true, d, e);
            } else {
                LOG.debug("cleanup: leaving {} (missing, not a directory, or not the requester's)", top);
            }
        }
    }

    private static void destroy(Path dir, boolean top, Epilog.Directory d, Epilog e) {
        if (e.ignores().contains(dir)) {
            return;
        }
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                if (e.ignores().contains(child)) {
                    continue;
                }
                if (!owned(child, e)) {
                    LOG.debug("cleanup: leaving {} (not owned by uid {} gid {})", child, e.uid(), e.gid());
                    continue;
                }
                if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                    if (d.recursive() && ownerMayChange(child)) {
                        destroy(child, false, d, e);
                    }
                } else if (!d.emptyOnly()) {
                    delete(child);
                }
            }
        } catch (IOException ex) {
            LOG.debug("cleanup: cannot list {}: {}", dir, ex.toString());
            return;
        }
        if (top && d.leaveTopdir()) {
            return;
        }
        try (DirectoryStream<Path> left = Files.newDirectoryStream(dir)) {
            if (left.iterator().hasNext()) {
                return;
            }
        } catch (IOException ex) {
            return;
        }
        delete(dir);
    }

    private static boolean owned(Path p, Epilog e) {
        try {
            int uid = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int gid = (Integer) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS);
            return uid == e.uid() && gid == e.gid();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException ex) {
            return false;
        }
    }

    /** libpmix descends only into directories whose owner has all of read, write and search. */
    private static boolean ownerMayChange(Path dir) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
            return p.contains(PosixFilePermission.OWNER_READ) && p.contains(PosixFilePermission.OWNER_WRITE)
                    && p.contains(PosixFilePermission.OWNER_EXECUTE);
        } catch (IOException | UnsupportedOperationException ex) {
            return false;
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ex) {
            LOG.debug("cleanup: cannot remove {}: {}", p, ex.toString());
        }
    }
}
