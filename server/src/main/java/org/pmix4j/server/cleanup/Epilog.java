package org.pmix4j.server.cleanup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * Everything registered for removal when one scope (a process or a job) ends, merged as RFC0027 says:
 * a file registered twice is kept once; a directory registered twice keeps the stronger options
 * (recursive wins, leave-the-top wins); a path that is both to be removed and to be ignored is a conflict
 * that fails the request that makes it. Owner: the uid and gid of the first request (only files they own are
 * removed).
 */
public final class Epilog {
    /** How one directory is to be cleaned. */
    public record Directory(Path path, boolean recursive, boolean leaveTopdir, boolean emptyOnly) {
    }

    private final int uid;
    private final int gid;
    private final Set<Path> files = new LinkedHashSet<>();
    private final Map<Path, Directory> directories = new LinkedHashMap<>();
    private final Set<Path> ignores = new LinkedHashSet<>();

    public Epilog(int uid, int gid) {
        this.uid = uid;
        this.gid = gid;
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }

    public Set<Path> files() {
        return Collections.unmodifiableSet(files);
    }

    public List<Directory> directories() {
        return List.copyOf(directories.values());
    }

    public Set<Path> ignores() {
        return Collections.unmodifiableSet(ignores);
    }

    public boolean isEmpty() {
        return files.isEmpty() && directories.isEmpty();
    }

    /** Merges a request; nothing changes when it conflicts. */
    void add(CleanupRequest r) {
        check(r);
        merge(r);
    }

    /**
     * Whether the request may be merged: none of the paths it or this epilog would remove is one that it
     * or this epilog keeps (RFC0027: "to be removed" and "to be ignored" in the same, an earlier or a later
     * request is contradictory, and the contradicting request fails).
     */
    void check(CleanupRequest r) {
        Set<Path> newIgnores = new LinkedHashSet<>(ignores);
        newIgnores.addAll(r.ignores());
        List<Path> removals = new ArrayList<>(files);
        removals.addAll(r.files());
        removals.addAll(directories.keySet());
        removals.addAll(r.directories());
        for (Path p : removals) {
            if (newIgnores.contains(p)) {
                throw new PmixException(PmixStatus.PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES, "cleanup of '" + p
                        + "' conflicts with a request to leave it alone");
            }
        }
    }

    private void merge(CleanupRequest r) {
        ignores.addAll(r.ignores());
        files.addAll(r.files());
        for (Path d : r.directories()) {
            Directory old = directories.get(d);
            directories.put(d, old == null ? new Directory(d, r.recursive(), r.leaveTopdir(), r.emptyOnly())
                    : new Directory(d, old.recursive() || r.recursive(), old.leaveTopdir() || r.leaveTopdir(),
                            old.emptyOnly() && r.emptyOnly()));
        }
    }

    @Override
    public String toString() {
        return "epilog(uid " + Integer.toUnsignedString(uid) + ", files " + files + ", dirs " + directories.values()
                + ", ignore " + ignores + ")";
    }
}
