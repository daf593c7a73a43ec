package org.pmix4j.server.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.pmix4j.wire.protocol.RendezvousContent;

/** The C library's ctime text (JDK 22+) is the one java.time's gives for the same second, character for character. */
class CtimeTest {

    @Test
    void theCLibrarysTextIsJavaTimesText() {
        assertEquals(ForeignCalls.available(), Ctime.fromTheCLibrary(), "ctime_r is used on every JDK 22+");
        for (int attempt = 0; attempt < 5; attempt++) {
            String before = RendezvousContent.ctime(ZonedDateTime.now());
            String ours = Ctime.now();
            String after = RendezvousContent.ctime(ZonedDateTime.now());
            if (before.equals(after)) { // no second boundary crossed while the three were read
                assertEquals(before, ours);
                String ctime = "[A-Z][a-z]{2} [A-Z][a-z]{2} [ 1-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-6][0-9] [0-9]{4,}";
                assertTrue(ours.matches(ctime), ours);
                return;
            }
        }
        throw new AssertionError("five second boundaries in a row: the clock is not usable here");
    }

    @Test
    void inAnotherTimeZoneAsWell() throws Exception {
        // the C library reads TZ from the environment, java.time from user.timezone or TZ: a child JVM with
        // TZ set checks both agree away from UTC (this machine's zone)
        ProcessBuilder pb = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                CtimeTest.class.getName() + "$Print");
        pb.environment().put("TZ", "Pacific/Chatham"); // +12:45 or +13:45: an offset no rounding hides
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.startsWith("same "), out);
    }

    /** Prints "same TEXT" when the C library's text and java.time's agree in this process's zone. */
    public static final class Print {
        public static void main(String[] args) {
            for (int attempt = 0; attempt < 5; attempt++) {
                String before = RendezvousContent.ctime(ZonedDateTime.now());
                String ours = Ctime.now();
                String after = RendezvousContent.ctime(ZonedDateTime.now());
                if (before.equals(after)) {
                    if (!Ctime.fromTheCLibrary()) {
                        System.out.println("not the C library's");
                        return;
                    }
                    System.out.println((before.equals(ours) ? "same " : "different " + before + " / ") + ours);
                    return;
                }
            }
            System.out.println("no steady second");
        }
    }
}
