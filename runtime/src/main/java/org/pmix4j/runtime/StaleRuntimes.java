package org.pmix4j.runtime;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.pmix4j.server.sessiondir.ProcessIds;
import org.pmix4j.server.sessiondir.RendezvousNames;
import org.pmix4j.server.sessiondir.StaleRendezvousFile;
import org.pmix4j.server.sessiondir.WriterLiveness;

/**
 * What runtimes of this user on this node that are gone (SIGKILLed, or lost with their node's power) left
 * under a {@code <tmp>}: their session directories ({@code pmix4j.<host>.<uid>/run.<pid>},
 * {@code dvm.<pid>}, with the rendezvous files and job directories in them), the node-wide rendezvous
 * files a DVM wrote in {@code <tmp>} itself ({@code pmix.sys.<host>}, {@code pmix.sysctrlr.<host>},
 * {@code pmix.sched.<host>}), and the processes their jobs left running. {@code pmix4j run} and
 * {@code pmix4j dvm} reclaim them as they start; {@code pmix4j clean} on request.
 *
 * <p>Never a live runtime's: a session directory is its owner's while a process with the pid in its name
 * runs that had started when the directory was last changed ({@link WriterLiveness}: a reused pid does not
 * keep a dead runtime's tree forever). Only this user's (the owner of each file is checked), only real
 * directories (links are removed, never followed), and a rendezvous file only when it names a pmix4j
 * runtime (its server namespace starts with {@code pmix4j-}) that is gone ({@link StaleRendezvousFile}).
 */
public final class StaleRuntimes {
    /** A temporary file of a rendezvous write that was cut short is this old at least before it goes. */
    private static final Duration UNFINISHED_WRITE = Duration.ofMinutes(1);
    private static final String TEMP_PREFIX = ".pmix4j-";

    /**
     * One thing left behind.
     *
     * @param what    what it is ("directory /tmp/pmix4j.n.0/run.42", "process 77 (sleep 60)")
     * @param why     why it is left over ("left by process 42, which is no longer running")
     * @param process whether it is a process to kill rather than a file to remove
     */
    public record Leftover(String what, String why, boolean process, Removal removal) {
        /** The message for it once done, or, with {@code dryRun}, for what would be done. */
        public String describe(boolean dryRun) {
            String verb = process ? (dryRun ? "would kill " : "killed ") : (dryRun ? "would remove " : "removed ");
            return verb + what + ": " + why;
        }
    }

    /** How a leftover is removed; false when it turned out not to be there (any more) to remove. */
    @FunctionalInterface
    public interface Removal {
        boolean remove() throws IOException;
    }

    private final Path tmp;
    private final String hostname;
    private final long uid;

    /** This user's leftovers under {@code tmp} (see {@link RuntimeDirectories#tmp}) on node {@code hostname}. */
    public StaleRuntimes(Path tmp, String hostname) {
        this.tmp = tmp;
        this.hostname = hostname;
        this.uid = ProcessIds.current().uid();
    }

    /** What is left over now, processes first (they may hold the files), then the files. */
    public List<Leftover> find() {
        List<Leftover> processes = new ArrayList<>();
        List<Leftover> files = new ArrayList<>();
        Path user = RuntimeDirectories.userDir(tmp, hostname);
        int sessions = 0;
        for (Path dir : list(user)) {
            long pid = RuntimeDirectories.ownerPid(dir.getFileName().toString());
            if (pid < 0 || !ours(dir)) {
                continue;
            }
            sessions++;
            Optional<String> gone = WriterLiveness.gone(pid, dir);
            if (gone.isEmpty()) {
                continue;
            }
            String why = "left by " + gone.get();
            for (ProcessHandle h : OrphanedProcesses.leftBy(hostname, pid, uid)) {
                processes.add(new Leftover("process " + h.pid() + " (" + h.info().commandLine().orElse("?") + ")",
                        "a process of a job of " + kindOf(dir) + " " + pid + ", which is no longer running",
                        true, () -> h.destroyForcibly() || !h.isAlive()));
            }
            files.add(new Leftover("directory " + dir, why, false, () -> removeSessionDir(dir, pid)));
        }
        for (Path f : List.of(RendezvousNames.system(tmp, hostname), RendezvousNames.systemController(tmp, hostname),
                RendezvousNames.scheduler(tmp, hostname))) {
            staleRendezvousFile(f).ifPresent(files::add);
        }
        for (Path f : list(tmp)) {
            unfinishedWrite(f).ifPresent(files::add);
        }
        if (Files.isDirectory(user, LinkOption.NOFOLLOW_LINKS) && ours(user)
                && (sessions == files.stream().filter(l -> l.what().startsWith("directory ")).count())) {
            // every runtime in it is gone: the directory itself goes once it is empty (a runtime starting
            // meanwhile makes it again, see DirectoryTracker.ensure)
            files.add(new Leftover("directory " + user, "no runtime of this user on this node is left in it", false,
                    () -> removeIfEmpty(user)));
        }
        List<Leftover> all = new ArrayList<>(processes);
        all.addAll(files);
        return all;
    }

    /**
     * Removes what is left over, telling {@code say} of each thing removed and {@code failed} of each that
     * could not be; returns what was removed.
     */
    public List<Leftover> reclaim(Consumer<String> say, Consumer<String> failed) {
        List<Leftover> done = new ArrayList<>();
        for (Leftover l : find()) {
            try {
                if (l.removal().remove()) {
                    done.add(l);
                    say.accept(l.describe(false));
                }
            } catch (IOException | RuntimeException e) {
                failed.accept("cannot " + (l.process() ? "kill " : "remove ") + l.what() + ": " + e.getMessage());
            }
        }
        return done;
    }

    private static String kindOf(Path sessionDir) {
        return sessionDir.getFileName().toString().startsWith("dvm.") ? "pmix4j dvm" : "pmix4j run";
    }

    private Optional<Leftover> staleRendezvousFile(Path f) {
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || !ours(f)) {
            return Optional.empty();
        }
        StaleRendezvousFile judged;
        try {
            judged = StaleRendezvousFile.judge(f);
        } catch (NoSuchFileException | AccessDeniedException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
        // only a pmix4j runtime's file: another server's (libpmix's, PRRTE's) is for that server to replace
        if (!judged.stale() || judged.parsed() == null || !judged.parsed().hasPid()
                || !judged.parsed().serverNspace().startsWith("pmix4j-")) {
            return Optional.empty();
        }
        return Optional.of(new Leftover("rendezvous file " + f, judged.why().replaceFirst("^was ", ""), false,
                judged::remove));
    }

    private Optional<Leftover> unfinishedWrite(Path f) {
        if (!f.getFileName().toString().startsWith(TEMP_PREFIX) || !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
                || !ours(f)) {
            return Optional.empty();
        }
        try {
            Instant written = Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toInstant();
            if (written.plus(UNFINISHED_WRITE).isAfter(Instant.now())) {
                return Optional.empty(); // a writer may be at it right now
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(new Leftover("file " + f, "an unfinished rendezvous file written over "
                + UNFINISHED_WRITE.toMinutes() + " minute ago", false, () -> Files.deleteIfExists(f)));
    }

    /**
     * Removes a dead runtime's session directory: first renamed aside in one step (so that nothing half
     * removed keeps its name, and two reclaimers do not both work on it), judged again there (a runtime
     * that took the same pid and made its directory in between gets it back), then removed.
     */
    private boolean removeSessionDir(Path dir, long pid) throws IOException {
        Path aside = dir.resolveSibling(TEMP_PREFIX + "stale-" + dir.getFileName() + "-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
        try {
            Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return false;
        }
        if (WriterLiveness.gone(pid, aside).isEmpty()) {
            Files.move(aside, dir, StandardCopyOption.ATOMIC_MOVE);
            return false;
        }
        removeTree(aside);
        return true;
    }

    private static boolean removeIfEmpty(Path dir) throws IOException {
        try {
            return Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            return false; // a runtime started meanwhile: its directory, not a leftover
        }
    }

    /** Deletes a tree without following links (a link is removed as a link). */
    private static void removeTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** A real directory or file (not a link) of this user. */
    private boolean ours(Path p) {
        try {
            Object owner = Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            return ((Number) owner).longValue() == uid && !Files.isSymbolicLink(p);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
