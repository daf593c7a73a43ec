package org.pmix4j.cli.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * This node's CPUs by name, as Linux lists them ({@code 0-1,4}): the corpus says {@code core0}, {@code core1},
 * {@code cores0-1}, {@code package0}, {@code allcpus} so that its expectations hold on any machine.
 */
final class Cpus {
    private static final Path CPU = Path.of("/sys/devices/system/cpu");

    private Cpus() {
    }

    /** The CPU list a name stands for (another value is returned as it is). */
    static String resolve(String name) {
        return switch (name) {
            case "core0" -> format(core(0));
            case "core1" -> format(core(1));
            case "cores0-1" -> {
                Set<Integer> both = new TreeSet<>(core(0));
                both.addAll(core(1));
                yield format(both);
            }
            case "package0" -> format(parse(read(CPU.resolve("cpu0/topology/package_cpus_list"))));
            case "allcpus" -> format(parse(read(CPU.resolve("online"))));
            default -> name;
        };
    }

    /** The CPUs of the n-th core in CPU order. */
    private static Set<Integer> core(int n) {
        List<String> cores = new ArrayList<>();
        try (Stream<Path> cpus = Files.list(CPU)) {
            cpus.filter(c -> c.getFileName().toString().matches("cpu\\d+"))
                    .sorted((a, b) -> Integer.compare(number(a), number(b)))
                    .map(c -> read(c.resolve("topology/core_cpus_list")))
                    .forEach(l -> {
                        if (!cores.contains(l)) {
                            cores.add(l);
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(cores.get(n));
    }

    private static int number(Path cpu) {
        return Integer.parseInt(cpu.getFileName().toString().substring(3));
    }

    private static Set<Integer> parse(String list) {
        Set<Integer> out = new LinkedHashSet<>();
        for (String part : list.strip().split(",")) {
            String[] r = part.split("-");
            int from = Integer.parseInt(r[0]);
            int to = r.length > 1 ? Integer.parseInt(r[1]) : from;
            for (int i = from; i <= to; i++) {
                out.add(i);
            }
        }
        return new TreeSet<>(out);
    }

    /** As the kernel writes lists: ranges joined by commas. */
    private static String format(Set<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        Integer start = null;
        Integer prev = null;
        for (int c : new TreeSet<>(cpus)) {
            if (prev != null && c == prev + 1) {
                prev = c;
                continue;
            }
            if (start != null) {
                parts.add(start.equals(prev) ? "" + start : start + "-" + prev);
            }
            start = c;
            prev = c;
        }
        if (start != null) {
            parts.add(start.equals(prev) ? "" + start : start + "-" + prev);
        }
        return String.join(",", parts);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
