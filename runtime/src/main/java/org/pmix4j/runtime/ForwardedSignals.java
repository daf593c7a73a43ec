package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which signals the launcher passes on to every process ({@code --forward-signals}, PRRTE's option): by
 * default SIGUSR1 and SIGUSR2; the option adds to them, {@code none} forwards nothing. SIGINT, SIGTERM and
 * SIGHUP stop the job and SIGTSTP/SIGCONT suspend and resume it whatever is given, as without the option.
 *
 * @param names the signals' names without "SIG" (USR1, ALRM ...), in the order given
 */
public record ForwardedSignals(List<String> names) {
    /** What is forwarded when the option is not given. */
    public static final ForwardedSignals DEFAULT = new ForwardedSignals(List.of("USR1", "USR2"));

    /** Linux's numbers of the signals a user may forward (the Linux numbering: pmix4j runs on Linux). */
    private static final Map<String, Integer> NUMBERS = numbers();

    /** The launcher's own use of these keeps them from being forwarded (stop, suspend, resume). */
    private static final List<String> OWN = List.of("INT", "TERM", "HUP", "TSTP", "CONT");

    public ForwardedSignals {
        names = List.copyOf(names);
    }

    /**
     * Reads the option's value: comma-separated names (with or without SIG, any case) or numbers, or
     * {@code none}; null gives the default.
     *
     * @throws IllegalArgumentException naming the signal that cannot be forwarded, and why
     */
    public static ForwardedSignals parse(String spec) {
        if (spec == null) {
            return DEFAULT;
        }
        if (spec.strip().equalsIgnoreCase("none")) {
            return new ForwardedSignals(List.of());
        }
        List<String> out = new ArrayList<>(DEFAULT.names);
        for (String word : spec.split(",")) {
            String name = name(word.strip());
            if (!OWN.contains(name) && !out.contains(name)) {
                out.add(name);
            }
        }
        return new ForwardedSignals(out);
    }

    /** The signal's number (for a DVM's job control, which takes numbers). */
    public static int number(String name) {
        return NUMBERS.get(name);
    }

    /** The number of the signal named {@code name} ("USR1"), or null for a name not in the table. */
    static Integer numberOrNull(String name) {
        return NUMBERS.get(name);
    }

    private static String name(String word) {
        if (word.isEmpty()) {
            throw new IllegalArgumentException("--forward-signals: an empty signal name");
        }
        String name = null;
        if (word.chars().allMatch(Character::isDigit)) {
            int n = Integer.parseInt(word);
            name = NUMBERS.entrySet().stream().filter(e -> e.getValue() == n).map(Map.Entry::getKey).findFirst()
                    .orElse(null);
        } else {
            String w = word.toUpperCase(Locale.ROOT);
            name = w.startsWith("SIG") ? w.substring(3) : w;
            if (!NUMBERS.containsKey(name)) {
                name = null;
            }
        }
        if (name == null) {
            throw new IllegalArgumentException("--forward-signals: '" + word + "' is not a signal that can be"
                    + " forwarded; those are " + String.join(", ", NUMBERS.keySet()) + " (names or numbers)");
        }
        if (name.equals("KILL") || name.equals("STOP")) {
            throw new IllegalArgumentException("--forward-signals: SIG" + name + " cannot be caught, so the launcher"
                    + " cannot forward it");
        }
        return name;
    }

    /**
     * Only signals a JVM lets a program handle: SIGQUIT (thread dumps), SIGSEGV, SIGBUS, SIGFPE and SIGILL
     * belong to the JVM itself.
     */
    private static Map<String, Integer> numbers() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("HUP", 1);
        m.put("INT", 2);
        m.put("ABRT", 6);
        m.put("KILL", 9);
        m.put("USR1", 10);
        m.put("USR2", 12);
        m.put("PIPE", 13);
        m.put("ALRM", 14);
        m.put("TERM", 15);
        m.put("CHLD", 17);
        m.put("CONT", 18);
        m.put("STOP", 19);
        m.put("TSTP", 20);
        m.put("TTIN", 21);
        m.put("TTOU", 22);
        m.put("URG", 23);
        m.put("XCPU", 24);
        m.put("XFSZ", 25);
        m.put("VTALRM", 26);
        m.put("PROF", 27);
        m.put("WINCH", 28);
        m.put("IO", 29);
        m.put("PWR", 30);
        m.put("SYS", 31);
        return m;
    }
}
