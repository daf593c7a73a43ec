package org.pmix4j.server.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pmix4j.server.sessiondir.ProcessIds;

/**
 * Finds which processes hold given sockets, by their inodes, through /proc/&lt;pid&gt;/fd (each open socket
 * is a link named {@code socket:[inode]}), and reads a process's effective gid from /proc/&lt;pid&gt;/status.
 *
 * <p>There is no cheaper way in pure Java (the kernel's sock_diag answers by netlink, which the JDK cannot
 * open), so the search is narrow: first the processes the host said it started, then their children (a
 * fork/exec agent's client) and those of this process (the runtime's own processes, whose sockets these
 * usually are), then only the processes owned by the uids the kernel gave the sockets, and
 * one pass looks for every inode asked at once.
 */
final class SocketHolders {
    private final Path proc;

    SocketHolders(Path proc) {
        this.proc = proc;
    }

    /**
     * The pid holding each of {@code inodes} that could be found; {@code uids} are the sockets' owners,
     * {@code likely} the processes to look in first (those the host said it started).
     */
    Map<Long, Long> find(Set<Long> inodes, Set<Integer> uids, Set<Long> likely) {
        return find(inodes, uids, likely, Set.of());
    }

    /**
     * As {@link #find(Set, Set, Set)}, looking next in the processes the peers say they are ({@code claimed}: a
     * tool's PMIX_PROC_PID): a claim only says where to look first, and is looked in only when a socket's
     * owner owns that process; the answer is still a process the kernel shows holding the socket and owned by
     * its owner, as the wide search's is (when several hold one socket, as after a fork, that search too takes
     * the first it reads). A tool that is not the runtime's child is otherwise found by reading the open files
     * of every process of its user.
     */
    Map<Long, Long> find(Set<Long> inodes, Set<Integer> uids, Set<Long> likely, Set<Long> claimed) {
        Map<Long, Long> found = new HashMap<>();
        Set<Long> searched = new HashSet<>();
        for (long pid : likely) {
            searched.add(pid);
            scan(pid, inodes, found);
        }
        for (long pid : claimed) {
            if (found.size() == inodes.size()) {
                break;
            }
            if (searched.add(pid) && uids.contains(ownerOf(proc.resolve(Long.toString(pid))))) {
                scan(pid, inodes, found);
            }
        }
        if (found.size() == inodes.size()) {
            return found;
        }
        // then their children: a fork/exec agent the host started forks the client that connects
        List<Long> near = new ArrayList<>();
        for (long pid : likely) {
            near.addAll(childrenOf(pid));
        }
        near.addAll(childrenOf(ProcessHandle.current().pid()));
        for (long pid : near) {
            if (!searched.add(pid)) {
                continue;
            }
            scan(pid, inodes, found);
            if (found.size() == inodes.size()) {
                return found;
            }
        }
        // a snapshot of the names: a directory stream over /proc throws when a process ends meanwhile
        String[] all = proc.toFile().list();
        for (String name : all == null ? new String[0] : all) {
            long pid = pidOf(name);
            if (pid <= 0 || searched.contains(pid) || !uids.contains(ownerOf(proc.resolve(name)))) {
                continue;
            }
            scan(pid, inodes, found);
            if (found.size() == inodes.size()) {
                break;
            }
        }
        return found;
    }

    /** The effective gid of {@code pid}, or -1 when it is gone. */
    int effectiveGid(long pid) {
        ProcessIds ids = ProcessIds.read(proc.resolve(Long.toString(pid)).resolve("status"));
        return ids == null ? -1 : (int) ids.gid();
    }

    private List<Long> childrenOf(long parent) {
        List<Long> out = new ArrayList<>();
        Path tasks = proc.resolve(Long.toString(parent)).resolve("task");
        String[] threads = tasks.toFile().list();
        for (String t : threads == null ? new String[0] : threads) {
            try {
                for (String pid : Files.readString(tasks.resolve(t).resolve("children")).trim().split("\\s+")) {
                    if (!pid.isEmpty()) {
                        out.add(Long.parseLong(pid));
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // a thread that ended, or a kernel without the children file: the wider search covers it
            }
        }
        return out;
    }

    /** Looks through the open files of {@code pid} (gone, or not ours to read: nothing found). */
    private void scan(long pid, Set<Long> inodes, Map<Long, Long> found) {
        Path dir = proc.resolve(Long.toString(pid)).resolve("fd");
        String[] fds = dir.toFile().list();
        if (fds == null) {
            return;
        }
        for (String fd : fds) {
            String target;
            try {
                target = Files.readSymbolicLink(dir.resolve(fd)).toString();
            } catch (IOException | UnsupportedOperationException e) {
                continue; // closed meanwhile
            }
            if (target.startsWith("socket:[") && target.endsWith("]")) {
                try {
                    long inode = Long.parseLong(target, 8, target.length() - 1, 10);
                    if (inodes.contains(inode)) {
                        found.putIfAbsent(inode, pid);
                    }
                } catch (NumberFormatException ignored) {
                    // not a socket link of the usual form
                }
            }
        }
    }

    private static long pidOf(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return -1;
            }
        }
        return name.isEmpty() ? -1 : Long.parseLong(name);
    }

    private static int ownerOf(Path p) {
        try {
            return (Integer) Files.getAttribute(p, "unix:uid");
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
