package org.pmix4j.cli.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pmix4j.cli.CompatParse;
import org.pmix4j.testkit.Run;

/**
 * Every option Open MPI 4.1's {@code mpirun --help all} names (read from the real mpirun), and every option of
 * PRRTE's prterun (src/test/resources/compat/prterun-options.txt), given to {@code pmix4j run} and
 * {@code pmix4j prun}: each is accepted (its values taken, the program left whole) or refused with a message
 * that names it; none is an "Unknown option".
 */
class CompatHelpTest {
    /** A spelling and how many values it takes (-1: an optional one, not given). */
    record Spelled(String option, int values) {
    }

    @Test
    void everyOptionOfMpirunHelpAll() {
        Run.Result help = Run.command("mpirun", "--allow-run-as-root", "--help", "all").go();
        List<Spelled> options = mpirunOptions(help.stdout() + help.stderr());
        assertTrue(options.size() > 100, "mpirun --help all named only " + options.size() + " spellings\n"
                + help.all());
        List<String> problems = new ArrayList<>();
        for (String command : List.of("run", "prun")) {
            options.forEach(o -> check(command, o, problems));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyOptionOfPrterun() throws IOException {
        List<Spelled> options = new ArrayList<>();
        try (InputStream in = getClass().getResourceAsStream("/compat/prterun-options.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] w = line.strip().split("\\s+");
                String dash = w[0].length() == 1 ? "-" : "--";
                options.add(new Spelled(dash + w[0], w[1].equals("?") ? -1 : Integer.parseInt(w[1])));
            }
        }
        assertTrue(options.size() > 100, options.size() + " options");
        List<String> problems = new ArrayList<>();
        for (String command : List.of("run", "prun")) {
            options.forEach(o -> check(command, o, problems));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void refusalsAndNoticesNameTheOption() {
        CompatParse.Outcome refused = CompatParse.parse("run", "-np", "2", "--enable-recovery", "hostname");
        assertTrue(refused.refusal().contains("--enable-recovery") && refused.refusal().contains("restart"),
                refused.toString());
        CompatParse.Outcome ignored = CompatParse.parse("run", "-novm", "-np", "2", "hostname");
        assertTrue(ignored.accepted(), ignored.toString());
        assertEquals(1, ignored.notices().size(), ignored.toString());
        assertTrue(ignored.notices().get(0).contains("-novm: ignored"), ignored.toString());
        CompatParse.Outcome old = CompatParse.parse("run", "-npernode", "2", "-bind-to-core", "--tag-output",
                "hostname", "-n", "5");
        assertTrue(old.accepted(), old.toString());
        assertEquals(List.of("hostname", "-n", "5"), old.program(), "the program's own words stay as they are");
        // the placement's conversions are said on one line (--tag-output's is added when the job is built)
        assertEquals(1, old.notices().size(), old.toString());
        CompatParse.Outcome twoPlacements = CompatParse.parse("run", "-npernode", "2", "--map-by", "core", "a");
        assertTrue(twoPlacements.refusal().contains("-npernode 2") && twoPlacements.refusal().contains("--map-by core"),
                twoPlacements.toString());
        CompatParse.Outcome perApp = CompatParse.parse("run", "-np", "1", "a", ":", "-H", "x", "-np", "1", "b");
        assertTrue(perApp.accepted(), "checked when the applications are built: " + perApp);
    }

    /** Option lines of mpirun's help: up to three blanks, then the spellings joined by '|', then {@code <argN>}s. */
    static List<Spelled> mpirunOptions(String help) {
        Pattern line = Pattern.compile("^ {0,3}(-[^\\s<]+(?:\\|-[^\\s<]+)*)(.*)$");
        List<Spelled> out = new ArrayList<>();
        for (String l : help.split("\n")) {
            Matcher m = line.matcher(l);
            if (!m.matches()) {
                continue;
            }
            int values = (int) Pattern.compile("<arg\\d>").matcher(m.group(2)).results().count();
            for (String spelling : m.group(1).split("\\|")) {
                out.add(new Spelled(spelling, values));
            }
        }
        return out;
    }

    private static void check(String command, Spelled o, List<String> problems) {
        List<String> args = new ArrayList<>(List.of(o.option()));
        for (int i = 0; i < o.values(); i++) {
            args.add("1");
        }
        args.add("hostname");
        CompatParse.Outcome r = CompatParse.parse(command, args.toArray(String[]::new));
        String what = command + " " + String.join(" ", args) + ": ";
        if (r.parseError() != null) {
            problems.add(what + r.parseError());
        } else if (r.refusal() != null) {
            if (!r.refusal().contains(o.option())) {
                problems.add(what + "refused without naming it: " + r.refusal());
            }
        } else if (!r.program().equals(List.of("hostname")) && !o.option().matches("-h|--help|-?-dvm")) {
            // --help takes an optional category (here "1" is the program); our --dvm an optional DVM
            problems.add(what + "the program became " + r.program());
        }
    }
}
