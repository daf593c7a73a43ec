package org.pmix4j.runtime.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's own list of where each rank goes: PRRTE's sequential file ({@code --map-by seq}) or rankfile
 * ({@code --map-by rankfile:FILE=path}), read as PRRTE documents them.
 *
 * <ul>
 * <li><b>Sequential file</b> (or the hostfile, or the {@code --host} list): one host per line, rank i on
 * the host of the i-th entry; a line may add the CPUs its rank is bound to ({@code host 0-1}, logical core
 * numbers); {@code [user@]}, {@code slots=} and other hostfile attributes are ignored; {@code #} starts a
 * comment.
 * <li><b>Rankfile</b>: {@code rank N=HOST slot=SPEC} lines, HOST a host name or {@code +nX} (the X-th host
 * of the allocation, from 0), SPEC logical cores ({@code 1-2}, {@code 0,1,4}) or package:cores
 * ({@code 1:0-2}, {@code 0:*}), several joined by {@code ;} ({@code 0:1;1:0-2}).
 * </ul>
 *
 * @param source  where the list came from, for messages ({@code rankfile rf}, {@code sequence file hf})
 * @param entries the entries by rank, in rank order from 0; a rankfile's missing ranks are {@code null}
 */
public record PlacementList(String source, List<Entry> entries) {
    private static final Pattern RANK_LINE = Pattern.compile(
            "rank\\s+(\\d+)\\s*=\\s*(\\S+)(?:\\s+slots?\\s*=\\s*(\\S+))?\\s*", Pattern.CASE_INSENSITIVE);
    private static final Pattern RELATIVE = Pattern.compile("\\+n(\\d+)");

    /**
     * One rank's place.
     *
     * @param host  its host as written (a name, or {@code +nX})
     * @param cpus  the CPUs it is bound to as written ({@code 1:0-2}), or {@code null} when not given
     * @param where the line, for messages ({@code rankfile rf line 3})
     */
    public record Entry(String host, String cpus, String where) {
    }

    public PlacementList {
        entries = java.util.Collections.unmodifiableList(new ArrayList<>(entries));
    }

    /**
     * Reads a sequential file.
     *
     * @throws IllegalArgumentException when it cannot be read or names no host
     */
    public static PlacementList readSequence(Path file) {
        return parseSequence("sequence file " + file, read(file, "--map-by seq"));
    }

    /** Parses the text of a sequential file; {@code source} names it in messages. */
    public static PlacementList parseSequence(String source, String text) {
        List<Entry> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = stripComment(lines[i]);
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\\s+");
            String host = f[0].substring(f[0].indexOf('@') + 1);
            String cpus = f.length > 1 && !f[1].contains("=") ? f[1] : null;
            out.add(new Entry(host, cpus, source + " line " + (i + 1)));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--map-by seq: " + source + " names no host");
        }
        return new PlacementList(source, out);
    }

    /** The hosts of {@code --host}, in order, each once, as the sequence (PRRTE's seq without a file). */
    public static PlacementList ofHosts(List<HostSpec.Host> hosts, String option) {
        List<Entry> out = new ArrayList<>();
        for (HostSpec.Host h : hosts) {
            out.add(new Entry(h.name(), null, option));
        }
        return new PlacementList(option, out);
    }

    /**
     * Reads a rankfile.
     *
     * @throws IllegalArgumentException naming the file and line when it cannot be read or a line is not
     *                                  {@code rank N=HOST slot=SPEC}, or a rank is given twice
     */
    public static PlacementList readRankfile(Path file) {
        return parseRankfile("rankfile " + file, read(file, "--map-by rankfile"));
    }

    /** Parses the text of a rankfile; {@code source} names it in messages. */
    public static PlacementList parseRankfile(String source, String text) {
        Map<Integer, Entry> byRank = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        int highest = -1;
        for (int i = 0; i < lines.length; i++) {
            String line = stripComment(lines[i]);
            if (line.isEmpty()) {
                continue;
            }
            String where = source + " line " + (i + 1);
            Matcher m = RANK_LINE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException("Error, invalid syntax in the rankfile (" + where + ": '" + line
                        + "')\nsyntax must be the following\n\nrank i=host_i slot=string\n\nExamples of proper syntax"
                        + " include:\n    rank 1=host1 slot=1:0,1\n    rank 0=host2 slot=0:*\n    rank 2=host4"
                        + " slot=1-2\n    rank 3=host3 slot=0:1;1:0-2");
            }
            int rank;
            try {
                rank = Integer.parseInt(m.group(1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + ": rank " + m.group(1) + " is too large");
            }
            Entry e = new Entry(m.group(2), m.group(3), where);
            Entry old = byRank.putIfAbsent(rank, e);
            if (old != null) {
                throw new IllegalArgumentException("Error, rank " + rank + " is already assigned to " + old.host()
                        + ", check " + where + " (and " + old.where() + ")");
            }
            highest = Math.max(highest, rank);
        }
        if (byRank.isEmpty()) {
            throw new IllegalArgumentException("--map-by rankfile: " + source + " names no rank");
        }
        List<Entry> out = new ArrayList<>();
        for (int r = 0; r <= highest; r++) {
            out.add(byRank.get(r));
        }
        return new PlacementList(source, out);
    }

    /** Whether this is a rankfile (ranks named by number) rather than a sequence. */
    boolean rankfile() {
        return source.startsWith("rankfile");
    }

    /**
     * The relative host index of {@code +nX}, or -1 for a name.
     */
    static int relativeIndex(String host) {
        Matcher m = RELATIVE.matcher(host.toLowerCase(Locale.ROOT));
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * The CPUs a rankfile or sequence {@code spec} names on {@code topo}: logical cores ({@code 0-2}),
     * package:cores ({@code 1:0-2}, {@code 0:*}), several joined by {@code ;}.
     *
     * @throws IllegalArgumentException naming the spec and what the node has when a CPU does not exist
     */
    static CpuSet cpus(String spec, NodeTopology topo, String node, String where) {
        boolean threads = !topo.has(HwLevel.CORE);
        HwLevel unit = threads ? HwLevel.HWTHREAD : HwLevel.CORE;
        List<HwObject> units = topo.objects(unit);
        CpuSet out = CpuSet.EMPTY;
        for (String part : spec.split(";")) {
            String p = part.strip();
            int colon = p.indexOf(':');
            List<HwObject> scope = units;
            String list = p;
            if (colon >= 0) {
                String pkg = p.substring(0, colon).strip();
                list = p.substring(colon + 1).strip();
                List<HwObject> pkgs = topo.objects(HwLevel.PACKAGE);
                int index = index(pkg, spec, where);
                if (index >= pkgs.size()) {
                    throw missing(spec, topo, node, where);
                }
                CpuSet pc = pkgs.get(index).cpus();
                scope = units.stream().filter(u -> u.cpus().intersects(pc)).toList();
            }
            if (list.equals("*")) {
                for (HwObject u : scope) {
                    out = out.or(u.cpus());
                }
                continue;
            }
            CpuSet wanted;
            try {
                wanted = CpuSet.parseList(list);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": '" + spec + "' is not a slot list (write logical cores"
                        + " as 1-2 or 0,1,4, or package:cores as 1:0-2)");
            }
            for (int i : wanted.stream().toArray()) {
                if (i >= scope.size()) {
                    throw missing(spec, topo, node, where);
                }
                out = out.or(scope.get(i).cpus());
            }
        }
        return out;
    }

    private static int index(String s, String spec, String where) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": '" + spec + "': the package before ':' must be a number,"
                    + " not '" + s + "'");
        }
    }

    /** PRRTE's missing-cpu report. */
    private static IllegalArgumentException missing(String spec, NodeTopology topo, String node, String where) {
        return new IllegalArgumentException("While parsing the rankfile, pmix4j encountered a line that specified\na"
                + " non-existent CPU:\n\n  Slots: " + spec + "\n  Available CPUs: " + topo.summary() + " on " + node
                + "\n\nPlease correct the line and try again (" + where + ").");
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).strip();
    }

    private static String read(Path file, String option) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + file + ": " + e.getMessage()
                    + "\nCheck to make sure the path and filename are correct.", e);
        }
    }
}
