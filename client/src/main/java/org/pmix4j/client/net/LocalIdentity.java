package org.pmix4j.client.net;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Who this process is to the operating system: the effective uid and gid a "native" credential carries,
 * and the pid and command line a tool announces to a server.
 *
 * @param uid     effective user id
 * @param gid     effective group id
 * @param pid     process id
 * @param cmdLine the command line as the kernel has it (arguments joined by spaces), or "java"
 */
public record LocalIdentity(int uid, int gid, long pid, String cmdLine) {
    private static volatile LocalIdentity current;

    /** This process. */
    public static LocalIdentity current() {
        LocalIdentity c = current;
        if (c == null) {
            c = read();
            current = c;
        }
        return c;
    }

    // Read with java.io and plain string operations, the pid from the same file: in a fresh JVM, still
    // interpreting, a regular expression, a StringBuilder fed byte by byte, NIO's file system and
    // ProcessHandle's set-up made this ~2.6 ms of every PMIx_Init.
    private static LocalIdentity read() {
        long uid = -1;
        long gid = -1;
        long pid = -1;
        try {
            // Uid: real effective saved fs -- the credential is the effective pair, as libpmix's geteuid()
            String status = procFile("/proc/self/status");
            uid = field(status, "\nUid:", 1);
            gid = field(status, "\nGid:", 1);
            // NSpid: the pid in each pid namespace from the /proc's to our own: the last one is getpid()
            pid = field(status, "\nNSpid:", -1);
        } catch (IOException | RuntimeException e) {
            // not Linux: fall back below
        }
        if (uid == -1 || gid == -1) {
            org.pmix4j.api.ProcessOwner owner = org.pmix4j.api.ProcessOwner.current();
            uid = owner.uid();
            gid = owner.gid();
        }
        if (pid == -1) {
            pid = ProcessHandle.current().pid();
        }
        String cmd = "java";
        try {
            // the arguments are NUL-terminated
            String line = procFile("/proc/self/cmdline").replace('\0', ' ').strip();
            if (!line.isEmpty()) {
                cmd = line;
            }
        } catch (IOException | RuntimeException e) {
            // keep "java"
        }
        return new LocalIdentity((int) uid, (int) gid, pid, cmd);
    }

    private static String procFile(String path) throws IOException {
        try (FileInputStream in = new FileInputStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * Number {@code n} (from 0; -1: the last) on the line {@code tag} begins ("Uid:\t0\t0\t0\t0": real,
     * effective ...), or -1 when there is no such line or number.
     */
    private static long field(String status, String tag, int n) {
        int at = status.indexOf(tag);
        if (at < 0) {
            return -1;
        }
        int end = status.indexOf('\n', at + tag.length());
        String[] values = status.substring(at + tag.length(), end < 0 ? status.length() : end).strip().split("\t");
        int i = n < 0 ? values.length - 1 : n;
        return i >= values.length || values[i].isBlank() ? -1 : Long.parseLong(values[i].strip());
    }
}
