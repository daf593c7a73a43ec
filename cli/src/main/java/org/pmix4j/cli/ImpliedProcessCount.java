package org.pmix4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How many processes an application without {@code -n} gets when its placement says so, as mpirun and
 * prterun count them: {@code ppr:N:node} (also {@code -N}, {@code -npernode}, {@code -pernode}) gives N on
 * each node of the allocation, {@code ppr:N:package} ({@code -npersocket}) N on each package of each node,
 * a rankfile one per rank it lists, {@code seq} one per line of the hostfile.
 * Otherwise pmix4j's default is one process; under {@code --personality ompi|prte} (or run under the name
 * mpirun or prterun) it is mpirun's and prterun's: one per slot of the allocation
 * ({@link org.pmix4j.runtime.AllocationSlots}).
 */
final class ImpliedProcessCount {
    private ImpliedProcessCount() {
    }

    /** The count the placement implies, or null. */
    static Integer of(String mapBy, List<String> hosts, String hostfile) {
        if (mapBy == null) {
            return null;
        }
        String m = mapBy.strip();
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.startsWith("ppr:")) {
            String[] parts = m.split(":");
            if (parts.length < 3 || !parts[1].matches("\\d+")) {
                return null;
            }
            String resource = parts[2].toLowerCase(Locale.ROOT);
            int perResource = Integer.parseInt(parts[1]);
            if (resource.equals("node")) {
                return perResource * nodes(hosts, hostfile);
            }
            if (resource.equals("package") || resource.equals("socket")) {
                // the nodes are taken to be alike (PRRTE's assumption too): this node's packages on each
                return perResource * localPackages() * nodes(hosts, hostfile);
            }
            return null;
        }
        if (lower.startsWith("rankfile:")) {
            int eq = m.indexOf('=');
            return eq < 0 ? null : countLines(m.substring(eq + 1).split(":")[0], "rank");
        }
        if (lower.equals("seq") || lower.startsWith("seq:")) {
            return hostfile == null ? null : countLines(hostfile, null);
        }
        return null;
    }

    /** The processor packages (sockets) of this node, from Linux's CPU topology; 1 if it cannot be read. */
    private static int localPackages() {
        try (var cpus = Files.list(Path.of("/sys/devices/system/cpu"))) {
            long n = cpus.filter(c -> c.getFileName().toString().matches("cpu\\d+"))
                    .map(c -> c.resolve("topology/physical_package_id"))
                    .filter(Files::isReadable)
                    .map(f -> {
                        try {
                            return Files.readString(f).strip();
                        } catch (IOException e) {
                            return "0";
                        }
                    }).distinct().count();
            return (int) Math.max(1, n);
        } catch (IOException e) {
            return 1;
        }
    }

    /** The distinct nodes of --host, else of the hostfile, else this one. */
    private static int nodes(List<String> hosts, String hostfile) {
        Set<String> names = new LinkedHashSet<>();
        for (String h : hosts) {
            for (String one : h.split(",")) {
                if (!one.isBlank()) {
                    names.add(one.split(":")[0].strip());
                }
            }
        }
        if (names.isEmpty() && hostfile != null) {
            for (String line : lines(hostfile)) {
                names.add(line.split("\\s+")[0]);
            }
        }
        return Math.max(1, names.size());
    }

    private static Integer countLines(String file, String firstWord) {
        int n = (int) lines(file).stream().filter(l -> firstWord == null || l.startsWith(firstWord)).count();
        return n == 0 ? null : n;
    }

    /** The file's lines without comments and blanks; none if it cannot be read (the runtime says why later). */
    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file)).stream().map(l -> l.replaceFirst("#.*", "").strip())
                    .filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
