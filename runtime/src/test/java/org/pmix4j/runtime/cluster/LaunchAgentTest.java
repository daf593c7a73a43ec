package org.pmix4j.runtime.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The launch agent's command line: the remote side (ssh's, or any agent's) joins the command's words into
 * one line for a POSIX shell, so each word is quoted such that the shell gives back the very words.
 * Checked with a real {@code /bin/sh}.
 */
class LaunchAgentTest {

    /** What {@code sh -c} makes of the quoted words joined by blanks, one word a line (NUL-free words only). */
    private static List<String> throughTheShell(List<String> words) throws IOException, InterruptedException {
        List<String> quoted = words.stream().map(LaunchAgent::quote).toList();
        String line = "printf '%s\\0' " + String.join(" ", quoted);
        Process p = new ProcessBuilder("/bin/sh", "-c", line).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), () -> new String(out, StandardCharsets.UTF_8));
        List<String> back = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < out.length; i++) {
            if (out[i] == 0) {
                back.add(new String(out, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        assertEquals(out.length, start, "output after the last word: " + new String(out, StandardCharsets.UTF_8));
        return back;
    }

    @Test
    void plainWordsAreKeptAsTheyAre() {
        for (String w : List.of("pmix4j", "--parent", "10.0.0.1:4242,127.0.0.1:4242", "/opt/pmix4j/bin/pmix4j",
                "--silence-limit", "30000", "a=b", "user@host", "50%", "x+y", "a,b")) {
            assertEquals(w, LaunchAgent.quote(w));
        }
    }

    @Test
    void otherWordsAreSingleQuoted() {
        assertEquals("'two words'", LaunchAgent.quote("two words"));
        assertEquals("''", LaunchAgent.quote(""));
        assertEquals("'it'\\''s'", LaunchAgent.quote("it's"));
        assertEquals("'$HOME'", LaunchAgent.quote("$HOME"));
        assertEquals("'*'", LaunchAgent.quote("*"));
        assertEquals("'~'", LaunchAgent.quote("~"));
    }

    @Test
    void theShellGivesBackTheOriginalWords() throws Exception {
        List<String> argv = List.of("/opt/my pmix4j/bin/pmix4j", "daemon", "--parent", "10.1.2.3:4000", "", "it's",
                "$HOME", "`id`", "$(id)", "a;b", "a&&b", "a|b", "*", "?", "[a]", "~", "~root", "#comment", "\\",
                "\\n", "\"double\"", "'single'", "''", "tab\there", "new\nline", "é€ unicode", "{a,b}", "!",
                "-", "--", "a=b c", "x>y", "<in", "(sub)", "%", "trailing space ", " leading");
        assertEquals(argv, throughTheShell(argv));
    }

    @Test
    void everyPrintableAsciiCharacterSurvivesAloneAndInAWord() throws Exception {
        List<String> words = new ArrayList<>();
        for (char c = 0x20; c < 0x7f; c++) {
            words.add(String.valueOf(c));
            words.add("a" + c + "b");
            words.add(c + "" + c);
        }
        assertEquals(words, throughTheShell(words));
    }

    @Test
    void commandForPutsTheHostAfterTheAgentAndQuotesTheCommand() {
        LaunchAgent agent = LaunchAgent.parse("  ssh -p 2222   -i key ");
        assertEquals(List.of("ssh", "-p", "2222", "-i", "key"), agent.argv());
        assertEquals(List.of("ssh", "-p", "2222", "-i", "key", "h1", "pmix4j", "'a b'", "--id", "3"),
                agent.commandFor("h1", List.of("pmix4j", "a b", "--id", "3")));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "h2", "true"), LaunchAgent.SSH.commandFor("h2",
                List.of("true")));
    }

    @Test
    void anEmptyAgentIsRefused() {
        for (String v : new String[] {"", "   "}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaunchAgent.parse(v));
            assertTrue(e.getMessage().contains("--launch-agent"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new LaunchAgent(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new LaunchAgent(List.of(" ")));
    }
}
