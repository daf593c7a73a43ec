package org.pmix4j.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pmix4j.api.Attribute;
import org.pmix4j.testkit.Run;

/**
 * The expectations {@code src/test/c/get_all_keys.c} checks a job against: one line per key and realm,
 * "realm [id] PMIX_MACRO value", as the C program's header describes. The test that registered the job
 * writes what it registered (or what the server derives from it) here.
 */
final class KeyFacts {
    /** The value for a key that must not be found (PMIX_PROCDIR of a process on another node). */
    static final String ABSENT = "!absent";

    private final StringBuilder text = new StringBuilder();

    KeyFacts session(Attribute<?> key, Object value) {
        return line("session " + key.macroName(), value);
    }

    KeyFacts job(Attribute<?> key, Object value) {
        return line("job " + key.macroName(), value);
    }

    KeyFacts app(int appnum, Attribute<?> key, Object value) {
        return line("app " + appnum + " " + key.macroName(), value);
    }

    KeyFacts node(int nodeid, Attribute<?> key, Object value) {
        return line("node " + nodeid + " " + key.macroName(), value);
    }

    KeyFacts proc(int rank, Attribute<?> key, Object value) {
        return line("proc " + rank + " " + key.macroName(), value);
    }

    private KeyFacts line(String head, Object value) {
        String v = String.valueOf(value);
        if (v.contains("\n")) {
            throw new IllegalArgumentException(head + ": a fact is one line");
        }
        text.append(head).append(' ').append(v).append('\n');
        return this;
    }

    Path write(Path file) {
        try {
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Asserts that one run of get_all_keys checked something and that no check failed; the message lists
     * every failing check (one line each: mode, realm, key, target, qualifiers, what was wrong).
     */
    static void assertAllPassed(Run.Result r) {
        List<String> lines = r.stdout().lines().toList();
        List<String> failed = lines.stream().filter(l -> l.startsWith("FAIL ")).toList();
        long passed = lines.stream().filter(l -> l.startsWith("PASS ")).count();
        // the known limits of the libpmix client, for whoever reads the test output
        lines.stream().filter(l -> l.startsWith("XFAIL ") || l.startsWith("XPASS ") || l.startsWith("DONE "))
                .forEach(System.out::println);
        assertTrue(failed.isEmpty(), failed.size() + " of " + (failed.size() + passed) + " checks failed:\n"
                + String.join("\n", failed) + "\n--- stderr\n" + r.stderr());
        assertTrue(passed > 0, "get_all_keys checked nothing:\n" + r.all());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("DONE ")), "get_all_keys did not finish:\n" + r.all());
        assertEquals(0, r.exitCode(), r.all());
    }
}
