package org.pmix4j.runtime.session;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;

/**
 * The session level of the session-directory tree: a session other than the default one has its directory
 * {@code <runtime's session dir>/session.<id>}, holding the directories of its jobs ({@code <nspace>}, the
 * job's PMIX_NSDIR) and their processes ({@code <nspace>/<rank>}, PMIX_PROCDIR), so that the session's files
 * go with it. The default session's jobs keep theirs where the server makes them. Removal follows RFC0027's
 * cleanup rules: files of other users are left alone, links are not followed, directories go deepest first
 * and only when empty, and what cannot be removed is silently left.
 */
public final class SessionDirectoryTree {
    private static final Log LOG = Log.of(SessionDirectoryTree.class);

    private final int uid;

    /** @param uid the runtime's user: only its files are removed */
    public SessionDirectoryTree(int uid) {
        this.uid = uid;
    }

    /** Makes the session's directory (0700). */
    public void create(Session s) {
        if (s.directory() != null) {
            ensure(s.directory());
        }
    }

    /**
     * Makes a job's directories under its session's and returns what registers them (job-level PMIX_NSDIR,
     * one PMIX_PROC_DATA with PMIX_PROCDIR per rank); nothing for the default session.
     */
    public List<Info> jobDirectories(Session s, String nspace, List<Integer> ranks) {
        List<Info> out = new ArrayList<>();
        if (s.directory() == null) {
            return out;
        }
        Path ns = ensure(jobDirectory(s, nspace));
        out.add(Attributes.NSDIR.info(ns.toString()));
        for (int r : ranks) {
            Path p = ensure(ns.resolve(Integer.toString(r)));
            out.add(Attributes.PROC_DATA.info(DataArray.ofInfos(List.of(Attributes.RANK.info(r),
                    Attributes.PROCDIR.info(p.toString())))));
        }
        return out;
    }

    /** A job of the session ended: its directories go. */
    public void removeJob(Session s, String nspace) {
        if (s.directory() != null) {
            remove(jobDirectory(s, nspace));
        }
    }

    /** The session ended: its level of the tree goes, with whatever its jobs left. */
    public void remove(Session s) {
        if (s.directory() != null) {
            remove(s.directory());
        }
    }

    private static Path jobDirectory(Session s, String nspace) {
        if (nspace.contains("/") || nspace.equals(".") || nspace.equals("..")) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "namespace " + nspace + " is no file name");
        }
        return s.directory().resolve(nspace);
    }

    private static Path ensure(Path dir) {
        try {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir.getParent());
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            }
            return dir;
        } catch (IOException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE, "cannot make the session directory "
                    + dir + ": " + e.getMessage());
        }
    }

    private void remove(Path top) {
        if (!Files.exists(top, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(top, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (ours(file)) {
                        quietly(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    if (ours(dir)) {
                        quietly(dir);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.debug("removing {}: {}", top, e.toString());
        }
    }

    private boolean ours(Path p) {
        try {
            return ((Number) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue() == uid;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static void quietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // not empty (another user's file inside), or not ours to remove: left, as RFC0027 says
            LOG.debug("left {}: {}", p, e.toString());
        }
    }
}
