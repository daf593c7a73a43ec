package org.pmix4j.client.net;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

    private static LocalIdentity read() {
        int uid = -1;
        int gid = -1;
        try {
            // Uid: real effective saved fs -- the credential is the effective pair, as libpmix's geteuid()
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    uid = (int) Long.parseLong(line.substring(4).strip().split("\\s+")[1]);
                } else if (line.startsWith("Gid:")) {
                    gid = (int) Long.parseLong(line.substring(4).strip().split("\\s+")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall back below
        }
        if (uid == -1 || gid == -1) {
            com.sun.security.auth.module.UnixSystem u = new com.sun.security.auth.module.UnixSystem();
            uid = (int) u.getUid();
            gid = (int) u.getGid();
        }
        String cmd = "java";
        try {
            byte[] b = Files.readAllBytes(Path.of("/proc/self/cmdline"));
            StringBuilder s = new StringBuilder();
            for (byte x : b) {
                s.append(x == 0 ? ' ' : (char) (x & 0xff));
            }
            if (!s.toString().isBlank()) {
                cmd = s.toString().strip();
            }
        } catch (IOException | RuntimeException e) {
            // keep "java"
        }
        return new LocalIdentity(uid, gid, ProcessHandle.current().pid(), cmd);
    }
}
