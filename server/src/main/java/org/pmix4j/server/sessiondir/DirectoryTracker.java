package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;

/**
 * Creates directories on demand and remembers exactly which ones it created, so that cleanup removes
 * those and nothing else.
 *
 * <p>{@link #ensure} creates each missing element of a path, owner-only (0700), and records each one it
 * created itself; an element that already existed, or that another process created in the meantime, is
 * never recorded and therefore never removed. Removal ({@link #removeAt}, {@link #removeAll}) goes deepest
 * first and takes a recorded directory together with everything in it (files, links, and directories
 * others made inside it); symbolic links are removed, never followed.
 *
 * <p>Directories created on the way to one named by {@link #shareAncestorsOf} are shared with other
 * processes (as {@code <tmp>/pmix4j.<host>.<uid>}, under which every runtime of a user keeps its own
 * session directory): they are removed only when empty, after the rest, never with what others put in them.
 *
 * <p>When the host owns cleanup (PMIX_TDIR_RMCLEAN, {@code hostCleans}), removal removes nothing.
 * Removal is best effort: a failure is logged and the rest carries on.
 */
public final class DirectoryTracker {
    private static final Log LOG = Log.of(DirectoryTracker.class);

    private static final int CREATE_ATTEMPTS = 3;

    private final boolean hostCleans;
    private final Set<Path> created = new LinkedHashSet<>();
    /** The directories whose missing ancestors, once created, are shared (removed only when empty). */
    private final Set<Path> sharedAbove = new LinkedHashSet<>();
    private final Set<Path> shared = new LinkedHashSet<>();

    /** @param hostCleans true when the host removes the directories itself (PMIX_TDIR_RMCLEAN) */
    public DirectoryTracker(boolean hostCleans) {
        this.hostCleans = hostCleans;
    }

    /**
     * Marks the directories that are created on the way to {@code dir} (its ancestors, not itself) as
     * shared with other processes: at removal they go only when empty.
     */
    public void shareAncestorsOf(Path dir) {
        sharedAbove.add(dir.toAbsolutePath().normalize());
    }

    /** Whether the host owns cleanup, so that removal removes nothing. */
    public boolean hostCleans() {
        return hostCleans;
    }

    /**
     * Makes sure {@code dir} exists as a directory, creating each missing element (mode 0700) and
     * recording the ones created here. Returns the absolute, normalized path.
     *
     * @throws PmixException PMIX_ERR_FILE_OPEN_FAILURE when an element exists but is not a directory, or
     *                       cannot be created
     */
    public Path ensure(Path dir) {
        Path target = dir.toAbsolutePath().normalize();
        // an empty parent can vanish between the look and the creation (pmix4j clean removes an empty
        // pmix4j.<host>.<uid> left by a dead runtime): look again
        for (int attempt = 1;; attempt++) {
            try {
                return ensureOnce(target);
            } catch (PmixException e) {
                if (attempt == CREATE_ATTEMPTS || !(e.getCause() instanceof NoSuchFileException)) {
                    throw e;
                }
            }
        }
    }

    private Path ensureOnce(Path target) {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path p = target; p != null && !Files.isDirectory(p); p = p.getParent()) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE,
                        p + " exists and is not a directory");
            }
            missing.push(p);
        }
        while (!missing.isEmpty()) {
            Path p = missing.pop();
            try {
                Files.createDirectory(p, OwnerOnly.directoryAttributes(p));
                created.add(p);
                Path made = p;
                if (sharedAbove.stream().anyMatch(d -> d.startsWith(made) && !d.equals(made))) {
                    shared.add(p);
                }
                LOG.debug("created directory {}", p);
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(p)) {
                    throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE,
                            p + " exists and is not a directory", e);
                }
                // someone else made it meanwhile: theirs, not ours to remove
            } catch (IOException e) {
                throw new PmixException(PmixStatus.PMIX_ERR_FILE_OPEN_FAILURE,
                        "cannot create directory " + p + ": " + e, e);
            }
        }
        return target;
    }

    /** Whether {@code dir} was created by this tracker (and not removed since). */
    public boolean created(Path dir) {
        return created.contains(dir.toAbsolutePath().normalize());
    }

    /** The directories this tracker created and has not removed, in creation order. */
    public List<Path> createdDirectories() {
        return List.copyOf(created);
    }

    /**
     * Removes, with their contents, the recorded directories that are {@code root} or below it, deepest
     * first, and forgets them. Recorded directories above {@code root} stay. Does nothing when the host
     * cleans.
     */
    public void removeAt(Path root) {
        Path r = root.toAbsolutePath().normalize();
        removeAll(created.stream().filter(p -> p.startsWith(r)).toList());
    }

    /** Removes every recorded directory, deepest first, with its contents. Does nothing when the host cleans. */
    public void removeAll() {
        removeAll(List.copyOf(created));
    }

    private void removeAll(List<Path> dirs) {
        if (hostCleans) {
            LOG.debug("PMIX_TDIR_RMCLEAN: leaving {} directories to the host", dirs.size());
            return;
        }
        List<Path> order = new ArrayList<>(dirs);
        order.sort(Comparator.comparingInt(Path::getNameCount).reversed());
        for (Path d : order) {
            created.remove(d);
            if (shared.remove(d)) {
                removeIfEmpty(d);
            } else {
                removeTree(d);
            }
        }
    }

    private static void removeIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (java.nio.file.DirectoryNotEmptyException e) {
            LOG.debug("{} is still in use by others: left", dir);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", dir, e.toString());
        }
    }

    private static void removeTree(Path dir) {
        if (Files.isSymbolicLink(dir)) {
            LOG.warn("{} was created as a directory but is now a symbolic link: left alone", dir);
            return;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return; // already gone
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    if (!(e instanceof NoSuchFileException)) {
                        LOG.warn("cannot look at {} while removing {}: {}", file, dir, e.toString());
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", dir, e.toString());
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", p, e.toString());
        }
    }
}
