package org.pmix4j.runtime.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** kill(2) through java.lang.foreign: a signal reaches a process and a process group; a bad pid is named. */
class SignallerTest {
    private final Signaller signaller = Signaller.available().orElseThrow(
            () -> new AssertionError("a JDK 22+ build on Linux with glibc has kill(2) through java.lang.foreign"));

    @Test
    void aSignalReachesTheProcess() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            signaller.kill(sleeper.pid(), 10); // SIGUSR1: its default action ends the process
            assertTrue(sleeper.waitFor(10, TimeUnit.SECONDS), "sleep still runs after SIGUSR1");
            assertEquals(128 + 10, sleeper.exitValue(), "ended by SIGUSR1");
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void aNegativePidNamesAProcessGroup() throws Exception {
        // setsid: the shell leads a group of its own, with its sleep in it
        Process group = new ProcessBuilder("setsid", "sh", "-c", "sleep 30 & wait").start();
        try {
            long leader = group.pid();
            assertTrue(waitForGroup(leader), "the shell did not lead a group of its own");
            ProcessHandle sleep = null;
            for (int i = 0; i < 500 && sleep == null; i++) {
                sleep = group.toHandle().children().findFirst().orElse(null);
                Thread.sleep(10);
            }
            assertTrue(sleep != null, "the shell started no sleep");
            signaller.kill(-leader, 9);
            assertTrue(group.waitFor(10, TimeUnit.SECONDS), "the group's leader still runs after SIGKILL to the group");
            assertTrue(sleep.onExit().get(10, TimeUnit.SECONDS) != null && !sleep.isAlive(),
                    "the group's sleep survived the group's SIGKILL");
        } finally {
            group.destroyForcibly();
        }
    }

    @Test
    void aProcessThatIsNotThereIsNamedInTheError() {
        IOException e = assertThrows(IOException.class, () -> signaller.kill(Integer.MAX_VALUE - 1, 0));
        assertTrue(e.getMessage().contains("ESRCH") && e.getMessage().contains("kill(" + (Integer.MAX_VALUE - 1)),
                e.getMessage());
    }

    /** Whether process {@code pid} leads its own group (setsid has run), within a few seconds. */
    private static boolean waitForGroup(long pid) throws Exception {
        for (int i = 0; i < 500; i++) {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            if (Long.parseLong(f[2]) == pid) { // pgrp
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
