package org.pmix4j.server.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which process holds a socket, read from a /proc of the test's making (each process a directory owned by
 * this test's user, each open socket an fd link {@code socket:[inode]}): the pids the host started first,
 * then the pid a tool claims, looked in only when the socket's owner owns that process, then every process
 * of that owner. A claim says where to look, never who the peer is.
 */
class SocketHoldersTest {
    private static final long INODE = 555;

    @TempDir
    Path proc;

    private void process(long pid, long... sockets) throws IOException {
        Path fd = Files.createDirectories(proc.resolve(Long.toString(pid)).resolve("fd"));
        int n = 3;
        for (long s : sockets) {
            Files.createSymbolicLink(fd.resolve(Integer.toString(n++)), Path.of("socket:[" + s + "]"));
        }
    }

    private int owner() throws IOException {
        return (Integer) Files.getAttribute(proc, "unix:uid");
    }

    @Test
    void aClaimOfTheHolderIsLookedInAndATrueOneIsFound() throws IOException {
        process(100, 7, 8);
        process(200, INODE);
        SocketHolders holders = new SocketHolders(proc);
        assertEquals(Map.of(INODE, 200L), holders.find(Set.of(INODE), Set.of(owner()), Set.of(), Set.of(200L)));
    }

    @Test
    void aFalseClaimCostsOneLookAndTheWideSearchFindsTheHolder() throws IOException {
        process(100, INODE);
        process(300, 9);
        SocketHolders holders = new SocketHolders(proc);
        assertEquals(Map.of(INODE, 100L), holders.find(Set.of(INODE), Set.of(owner()), Set.of(), Set.of(300L)));
        // a claim of a process that does not exist is no different
        assertEquals(Map.of(INODE, 100L), holders.find(Set.of(INODE), Set.of(owner()), Set.of(), Set.of(999_999L)));
    }

    @Test
    void aClaimedProcessNotOwnedByTheSocketsOwnerIsNotLookedIn() throws IOException {
        process(200, INODE);
        SocketHolders holders = new SocketHolders(proc);
        int stranger = owner() + 1;
        // the socket's owner owns no process here: neither the claim nor the wide search may name one
        assertEquals(Map.of(), holders.find(Set.of(INODE), Set.of(stranger), Set.of(), Set.of(200L)));
    }
}
