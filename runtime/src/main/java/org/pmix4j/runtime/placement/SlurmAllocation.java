package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Slurm allocation this process runs in (inside {@code salloc}, {@code sbatch} or a job step), read
 * from the environment Slurm gives it, the way PRRTE's ras/slurm reads it: the job's id
 * ({@code SLURM_JOB_ID}, or the older {@code SLURM_JOBID}), its nodes ({@code SLURM_JOB_NODELIST}, or
 * {@code SLURM_NODELIST}) in Slurm's compressed form ({@code h[1-3,5],x7}), and each node's slots: the
 * tasks Slurm laid out for it ({@code SLURM_TASKS_PER_NODE}, e.g. {@code 2(x3),1}), or its CPUs
 * ({@code SLURM_JOB_CPUS_PER_NODE}) when no task count is given. The slots came from the scheduler, so
 * they are taken as given, never re-derived from the node's cores.
 *
 * @param jobId the allocation's job id
 * @param nodes its nodes, in Slurm's order, with their slots
 */
public record SlurmAllocation(String jobId, List<Node> nodes) {
    /** One node of the allocation: its Slurm name and slots. */
    public record Node(String name, int slots) {
    }

    public SlurmAllocation {
        nodes = List.copyOf(nodes);
    }

    /**
     * The allocation, when the environment is inside one (a job id is set); empty otherwise.
     *
     * @throws IllegalArgumentException naming the variable when a job id is set but the node list or slots
     *                                  are missing or malformed
     */
    public static Optional<SlurmAllocation> detect(Map<String, String> env) {
        String job = first(env, "SLURM_JOB_ID", "SLURM_JOBID");
        if (job == null) {
            return Optional.empty();
        }
        String listVar = env.get("SLURM_JOB_NODELIST") != null ? "SLURM_JOB_NODELIST" : "SLURM_NODELIST";
        String list = env.get(listVar);
        if (list == null || list.isBlank()) {
            throw new IllegalArgumentException("inside Slurm job " + job + " but neither SLURM_JOB_NODELIST nor"
                    + " SLURM_NODELIST is set: cannot tell the allocation's nodes (give --host or --hostfile)");
        }
        String countVar = env.get("SLURM_TASKS_PER_NODE") != null ? "SLURM_TASKS_PER_NODE" : "SLURM_JOB_CPUS_PER_NODE";
        String counts = env.get(countVar);
        if (counts == null || counts.isBlank()) {
            throw new IllegalArgumentException("inside Slurm job " + job + " but neither SLURM_TASKS_PER_NODE nor"
                    + " SLURM_JOB_CPUS_PER_NODE is set: cannot tell the nodes' slots (give --host or --hostfile)");
        }
        List<String> names;
        try {
            names = expandNodeList(list.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(listVar + "=" + list + ": " + e.getMessage(), e);
        }
        List<Integer> slots;
        try {
            slots = expandCounts(counts.strip(), names.size());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(countVar + "=" + counts + " (for " + listVar + "=" + list + "): "
                    + e.getMessage(), e);
        }
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            nodes.add(new Node(names.get(i), slots.get(i)));
        }
        return Optional.of(new SlurmAllocation(job.strip(), nodes));
    }

    /** The allocation's nodes as the run's hosts, each with its slots; {@code node} tells which is this one. */
    public HostSpec hostSpec(LocalNode node) {
        String origin = "Slurm job " + jobId;
        List<HostSpec.Host> hosts = new ArrayList<>();
        for (Node n : nodes) {
            hosts.add(new HostSpec.Host(n.name(), n.slots(), 0, origin));
        }
        return HostSpec.given(hosts, "the Slurm allocation (job " + jobId + ")", node);
    }

    /**
     * A node list in Slurm's compressed form, expanded in order: comma-separated names, each of which may
     * hold bracketed ranges ({@code node[01-03,7]}, {@code rack[1-2]-n[1-2]}); a range keeps the zero
     * padding of its first number.
     *
     * @throws IllegalArgumentException saying what is wrong and where
     */
    static List<String> expandNodeList(String list) {
        List<String> out = new ArrayList<>();
        for (String item : splitTopLevel(list)) {
            if (item.isEmpty()) {
                throw new IllegalArgumentException("an empty node name");
            }
            if (item.startsWith("[")) {
                throw new IllegalArgumentException("'" + item + "' has no name before its '['");
            }
            List<String> names = List.of("");
            int i = 0;
            while (i < item.length()) {
                int open = item.indexOf('[', i);
                String literal = item.substring(i, open < 0 ? item.length() : open);
                if (literal.contains("]")) {
                    throw new IllegalArgumentException("'" + item + "' has a ']' without its '['");
                }
                names = append(names, List.of(literal));
                if (open < 0) {
                    break;
                }
                int close = item.indexOf(']', open);
                if (close < 0) {
                    throw new IllegalArgumentException("'" + item + "' has a '[' without its ']'");
                }
                names = append(names, expandRanges(item.substring(open + 1, close), item));
                i = close + 1;
            }
            out.addAll(names);
        }
        return out;
    }

    /**
     * Slurm's per-node counts ({@code 2(x3),1}: 2 on each of three nodes, then 1), one for each of the
     * {@code nodes} nodes. More counts than nodes are ignored, as PRRTE does (Slurm gives such lists when a
     * job asked for more nodes than it named).
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    static List<Integer> expandCounts(String counts, int nodes) {
        List<Integer> out = new ArrayList<>();
        for (String item : counts.split(",", -1)) {
            String s = item.strip();
            int times = 1;
            int paren = s.indexOf('(');
            if (paren >= 0) {
                if (!s.endsWith(")") || !s.startsWith("x", paren + 1)) {
                    throw new IllegalArgumentException("'" + s + "' is not N or N(xR)");
                }
                times = positive(s.substring(paren + 2, s.length() - 1), s);
                s = s.substring(0, paren);
            }
            int count = positive(s, item.strip());
            for (int k = 0; k < times && out.size() < nodes; k++) {
                out.add(count);
            }
        }
        if (out.size() < nodes) {
            throw new IllegalArgumentException("gives counts for " + out.size() + " node(s), but the allocation has "
                    + nodes);
        }
        return out;
    }

    private static List<String> splitTopLevel(String list) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(list.substring(start, i).strip());
                start = i + 1;
            }
        }
        out.add(list.substring(start).strip());
        return out;
    }

    private static List<String> expandRanges(String ranges, String item) {
        List<String> out = new ArrayList<>();
        for (String r : ranges.split(",", -1)) {
            int dash = r.indexOf('-');
            String from = dash < 0 ? r : r.substring(0, dash);
            String to = dash < 0 ? r : r.substring(dash + 1);
            if (!from.matches("\\d{1,9}") || !to.matches("\\d{1,9}")) {
                throw new IllegalArgumentException("'" + item + "': '" + r + "' is not a number or a range N-M");
            }
            int a = Integer.parseInt(from);
            int b = Integer.parseInt(to);
            if (b < a) {
                throw new IllegalArgumentException("'" + item + "': the range " + r + " runs backwards");
            }
            for (int n = a; n <= b; n++) {
                String digits = Integer.toString(n);
                out.add("0".repeat(Math.max(0, from.length() - digits.length())) + digits);
            }
        }
        return out;
    }

    private static List<String> append(List<String> prefixes, List<String> parts) {
        List<String> out = new ArrayList<>(prefixes.size() * parts.size());
        for (String p : prefixes) {
            for (String s : parts) {
                out.add(p + s);
            }
        }
        return out;
    }

    private static int positive(String s, String item) {
        if (s.matches("\\d{1,9}")) {
            int v = Integer.parseInt(s);
            if (v > 0) {
                return v;
            }
        }
        throw new IllegalArgumentException("'" + item + "': '" + s + "' is not a positive whole number");
    }

    private static String first(Map<String, String> env, String... names) {
        for (String n : names) {
            String v = env.get(n);
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }
}
