package org.pmix4j.cli.cleanup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A script for {@code cleanup_client.c} (one line per action, "<rank|*> <command> <args>") with what each
 * line must answer: the status of a registration, whether a path exists. Checks the client's output
 * ("R<rank> L<line> ...") against it, naming the line and why it was expected.
 */
final class CleanupScript {
    private record Expectation(String rank, String result, String why) {
    }

    private final List<String> lines = new ArrayList<>();
    private final Map<Integer, Expectation> expected = new LinkedHashMap<>();

    private int add(String line) {
        lines.add(line);
        return lines.size();
    }

    /** A PMIx_Job_control_nb registration by {@code rank} on {@code target} that must answer {@code status}. */
    CleanupScript reg(int rank, String target, int status, String why, String... items) {
        int n = add(rank + " reg " + target + " " + String.join(" ", items));
        expected.put(n, new Expectation(Integer.toString(rank), "REG rc=" + status, why));
        return this;
    }

    /** While the job runs, {@code rank} sees {@code path} (not yet removed). */
    CleanupScript exists(int rank, Path path, boolean yes, String why) {
        int n = add(rank + " exists " + path);
        expected.put(n, new Expectation(Integer.toString(rank), "EXISTS " + (yes ? "yes" : "no"), why));
        return this;
    }

    /** {@code rank} sees {@code path} disappear within {@code ms}. */
    CleanupScript awaitGone(int rank, Path path, long ms, String why) {
        int n = add(rank + " await-gone " + path + " " + ms);
        expected.put(n, new Expectation(Integer.toString(rank), "GONE yes", why));
        return this;
    }

    /** A line without an answer to check (fence, exit, sleep). */
    CleanupScript line(String line) {
        add(line);
        return this;
    }

    Path write(Path file) throws IOException {
        return Files.write(file, lines);
    }

    /** Every expected answer is in {@code stdout}. */
    void check(String stdout, String context) {
        for (Map.Entry<Integer, Expectation> e : expected.entrySet()) {
            Expectation x = e.getValue();
            Matcher m = Pattern.compile("^R" + x.rank() + " L" + e.getKey() + " (.*)$", Pattern.MULTILINE).matcher(stdout);
            String where = "script line " + e.getKey() + " '" + lines.get(e.getKey() - 1) + "' (" + x.why() + ")";
            assertNotNull(m.find() ? m : null, where + ": no answer\n" + context);
            assertEquals(x.result(), m.group(1), where + "\n" + context);
        }
    }
}
