package org.pmix4j.runtime.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The hosts a job may use, from {@code --host} or {@code --hostfile}, with their slots — parsed and checked
 * the way PRRTE reads them:
 *
 * <ul>
 * <li>{@code --host h1[:n],h2,…} (the option may be repeated): each name once gives one slot, {@code :n}
 * gives n, {@code :*} or {@code :auto} gives one per core; a name given again adds to its slots.
 * <li>A hostfile: one host per line, {@code [user@]name [slots=N] [max_slots=M]} (also PRRTE's spellings
 * {@code cpu}/{@code count} and {@code max-slots}/{@code slots_max}/{@code slots-max}); {@code #} starts a
 * comment; blank lines are ignored. A host without {@code slots=} gets one slot per core, a host listed on
 * several lines without {@code slots=} gets one slot per line; {@code max_slots} may not be below
 * {@code slots}, and alone it sets {@code slots}.
 * </ul>
 *
 * A host is this node when it is one of this node's own names (its host name, short or full, localhost) or
 * addresses (127.x, its interfaces'); any other host is a remote node, whatever its address: names are
 * never resolved to decide that. {@link #requireLocal} refuses remote hosts where only this node can run
 * processes.
 */
public final class HostSpec {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]([A-Za-z0-9_.-]{0,252})");
    private static final Pattern COLONS = Pattern.compile(".*:.*:.*");

    /**
     * One host.
     *
     * @param name     the name as given (without any {@code user@})
     * @param slots    its slots, or 0 for one per core
     * @param maxSlots the most processes it may ever hold, or 0 for no limit
     * @param origin   where it was given, for messages ({@code --host}, {@code hostfile hf line 3})
     */
    public record Host(String name, int slots, int maxSlots, String origin) {
    }

    private final List<Host> hosts;
    private final String option;
    private final LocalNode node;

    private HostSpec(List<Host> hosts, String option) {
        this(hosts, option, null);
    }

    private HostSpec(List<Host> hosts, String option, LocalNode node) {
        this.hosts = List.copyOf(hosts);
        this.option = option;
        this.node = node;
    }

    /**
     * The host that is this node, if one is (the first, when several names of this node were given), as
     * known to {@link #ofOptions}; empty for hosts parsed without knowing this node.
     */
    public Optional<Host> localHost() {
        return node == null ? Optional.empty() : hosts.stream().filter(h -> node.isLocal(h.name())).findFirst();
    }

    /** Whether {@code host} is one of these hosts that is this node (false when this node is not known). */
    public boolean isLocal(Host host) {
        return node != null && node.isLocal(host.name());
    }

    /** The hosts that are other nodes, in the order given (all of them when this node is not known). */
    public List<Host> remoteHosts() {
        return hosts.stream().filter(h -> !isLocal(h)).toList();
    }

    /** The hosts in the order first given. */
    public List<Host> hosts() {
        return hosts;
    }

    /** The option they came from, for messages ({@code --host a,b} or {@code --hostfile hf}). */
    public String option() {
        return option;
    }

    /**
     * The hosts of {@code --host} and {@code --hostfile} as given to a launcher on {@code hostname}: null when
     * neither was given; both together select from the file. Other nodes are accepted ({@link #remoteHosts});
     * {@link #localHost} tells which host, if any, is this node.
     */
    public static HostSpec ofOptions(List<String> hosts, String hostfile, String hostname) {
        if (hosts.isEmpty() && hostfile == null) {
            return null;
        }
        LocalNode node = LocalNode.detect(hostname);
        HostSpec fromOption = hosts.isEmpty() ? null : parseHosts(hosts);
        HostSpec fromFile = hostfile == null ? null : parseHostfile(Path.of(hostfile));
        HostSpec chosen = fromFile != null && fromOption != null ? select(fromFile, fromOption, node)
                : fromFile != null ? fromFile : fromOption;
        return new HostSpec(chosen.hosts, chosen.option, node);
    }

    /**
     * Hosts a resource manager gave (a Slurm allocation), each with its slots; {@code source} names them in
     * messages and {@code node} tells which, if any, is this node.
     *
     * @throws IllegalArgumentException naming the source and a name that is not a valid host name
     */
    public static HostSpec given(List<Host> hosts, String source, LocalNode node) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException(source + ": names no host");
        }
        for (Host h : hosts) {
            checkName(h.name(), source + ": ");
        }
        return new HostSpec(hosts, source, node);
    }

    /**
     * Parses the values of one or more {@code --host} options.
     *
     * @throws IllegalArgumentException naming {@code --host}, the value and the item at fault
     */
    public static HostSpec parseHosts(List<String> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("--host needs at least one host name");
        }
        Map<String, Host> byName = new LinkedHashMap<>();
        for (String value : values) {
            String[] items = value.split(",", -1);
            for (String raw : items) {
                String item = raw.strip();
                String where = "--host " + value;
                if (item.isEmpty()) {
                    throw new IllegalArgumentException(where + ": empty host name (host names are separated by single"
                            + " commas: --host node1,node2:4)");
                }
                if (item.startsWith("+")) {
                    throw new IllegalArgumentException(where + ": relative host indexing ('" + item + "') is not"
                            + " supported by pmix4j yet; name the host");
                }
                String name = item;
                int slots = 1;
                boolean perCore = false;
                int colon = hostColon(item);
                if (colon >= 0) {
                    name = item.substring(0, colon);
                    String n = item.substring(colon + 1).strip();
                    if (n.equals("*") || n.equalsIgnoreCase("auto")) {
                        perCore = true;
                    } else {
                        slots = positive(n, where + ": bad slot count in '" + item + "': ");
                    }
                }
                name = checkName(stripBrackets(name), where + ": ");
                String key = name.toLowerCase(Locale.ROOT);
                Host old = byName.get(key);
                int s = perCore ? 0 : slots;
                if (old != null) {
                    // a host given again adds to its slots (":*" keeps one per core)
                    s = old.slots() == 0 || perCore ? 0 : old.slots() + slots;
                }
                byName.put(key, new Host(old != null ? old.name() : name, s, 0, "--host"));
            }
        }
        return new HostSpec(new ArrayList<>(byName.values()), "--host " + String.join(" --host ", values));
    }

    /**
     * Reads a hostfile.
     *
     * @throws IllegalArgumentException naming the file and line of any error, or when the file cannot be read
     */
    public static HostSpec parseHostfile(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--hostfile " + file + ": cannot read it: " + e.getMessage(), e);
        }
        return parseHostfile(file.toString(), text);
    }

    /** Parses hostfile text; {@code name} names the file in messages. */
    public static HostSpec parseHostfile(String name, String text) {
        Map<String, Host> byName = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        Map<String, Boolean> slotsGiven = new LinkedHashMap<>();
        String[] all = text.split("\r?\n", -1);
        for (int i = 0; i < all.length; i++) {
            String line = all[i];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            line = line.strip().replaceAll("\\s*=\\s*", "=");
            if (line.isEmpty()) {
                continue;
            }
            String where = "--hostfile " + name + " line " + (i + 1);
            String[] f = line.split("\\s+");
            String host = f[0];
            int at = host.indexOf('@');
            if (at >= 0) {
                if (host.indexOf('@', at + 1) >= 0) {
                    throw new IllegalArgumentException(where + ": '" + f[0] + "' has more than one '@' (the form is"
                            + " [user@]host)");
                }
                host = host.substring(at + 1);
            }
            if (host.contains("=")) {
                throw new IllegalArgumentException(where + ": the line must start with a host name, not '" + f[0] + "'");
            }
            if (hostColon(host) >= 0) {
                throw new IllegalArgumentException(where + ": '" + f[0] + "': a hostfile gives slots as slots=N, not"
                        + " host:N");
            }
            host = checkName(stripBrackets(host), where + ": ");
            int slots = 0;
            int max = 0;
            for (int k = 1; k < f.length; k++) {
                int eq = f[k].indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException(where + ": '" + f[k] + "' is not an attribute (valid: slots=N,"
                            + " max_slots=M)");
                }
                String key = f[k].substring(0, eq).toLowerCase(Locale.ROOT);
                String val = f[k].substring(eq + 1);
                switch (key) {
                    case "slots", "cpu", "count" -> {
                        if (slots > 0) {
                            throw new IllegalArgumentException(where + ": slots are given twice for " + host);
                        }
                        slots = positive(val, where + ": bad " + key + "= value for " + host + ": ");
                    }
                    case "max_slots", "max-slots", "slots_max", "slots-max" ->
                        max = positive(val, where + ": bad " + key + "= value for " + host + ": ");
                    default -> throw new IllegalArgumentException(where + ": unknown attribute '" + key + "' for "
                            + host + " (valid: slots=N, max_slots=M)");
                }
            }
            if (max > 0 && slots > max) {
                throw new IllegalArgumentException(where + ": " + host + " has max_slots=" + max + " below slots="
                        + slots + "; max_slots must be at least slots");
            }
            String key = host.toLowerCase(Locale.ROOT);
            Host old = byName.get(key);
            if (old == null) {
                byName.put(key, new Host(host, slots > 0 ? slots : max, max, "hostfile " + name + " line " + (i + 1)));
                lines.put(key, 1);
                slotsGiven.put(key, slots > 0);
            } else {
                if (slotsGiven.get(key) || slots > 0) {
                    throw new IllegalArgumentException(where + ": " + host + " is listed again, but its slots were"
                            + " given with slots= (" + old.origin() + "); list a host once with slots=N, or once per"
                            + " slot without it");
                }
                int n = lines.merge(key, 1, Integer::sum);
                int m = Math.max(old.maxSlots(), max);
                if (m > 0 && n > m) {
                    throw new IllegalArgumentException(where + ": " + host + " is listed " + n + " times, more than"
                            + " its max_slots=" + m);
                }
                // listed once per slot, PRRTE-style
                byName.put(key, new Host(old.name(), n, m, old.origin()));
            }
        }
        if (byName.isEmpty()) {
            throw new IllegalArgumentException("--hostfile " + name + ": names no host");
        }
        return new HostSpec(new ArrayList<>(byName.values()), "--hostfile " + name);
    }

    /**
     * The hosts of a hostfile that {@code --host} selects, as PRRTE does with both options: the hostfile
     * says what the hosts offer, {@code --host} which of them to use. {@code node} decides which names are
     * the same host.
     *
     * @throws IllegalArgumentException naming a {@code --host} entry that is not in the hostfile
     */
    public static HostSpec select(HostSpec hostfile, HostSpec hostOption, LocalNode node) {
        List<Host> out = new ArrayList<>();
        for (Host h : hostOption.hosts()) {
            Host match = null;
            for (Host f : hostfile.hosts()) {
                if (f.name().equalsIgnoreCase(h.name()) || node.isLocal(f.name()) && node.isLocal(h.name())) {
                    match = f;
                    break;
                }
            }
            if (match == null) {
                throw new IllegalArgumentException(hostOption.option() + ": " + h.name() + " is not in "
                        + hostfile.option() + " (with both options, --host picks hosts from the hostfile)");
            }
            if (!out.contains(match)) {
                out.add(match);
            }
        }
        return new HostSpec(out, hostfile.option() + " " + hostOption.option());
    }

    /**
     * Checks that every host is this node, which is all the runtime can place processes on for now.
     *
     * @throws IllegalArgumentException naming the first other host, the option that gave it and this node
     */
    public HostSpec requireLocal(LocalNode node) {
        for (Host h : hosts) {
            if (!node.isLocal(h.name())) {
                throw new IllegalArgumentException(option + ": host '" + h.name() + "' (" + h.origin() + ") is not"
                        + " this node (" + node.hostname() + "): pmix4j run places processes on this node only, until"
                        + " multi-node support lands. Give this node's name (" + node.hostname()
                        + ", localhost or 127.0.0.1), or leave the option out");
            }
        }
        return this;
    }

    /**
     * The slots the hosts give this node, once all are known to be this node: the sum of their slots, a host
     * without a count giving {@code cores}.
     */
    public int slots(int cores) {
        int total = 0;
        for (Host h : hosts) {
            total += h.slots() > 0 ? h.slots() : cores;
        }
        return total;
    }

    /** The most processes the hosts allow, or 0 when none sets {@code max_slots}. */
    public int maxSlots() {
        if (hosts.stream().allMatch(h -> h.maxSlots() == 0)) {
            return 0;
        }
        int total = 0;
        for (Host h : hosts) {
            // a host without max_slots is capped only by the others' — count it as unlimited
            if (h.maxSlots() == 0) {
                return 0;
            }
            total += h.maxSlots();
        }
        return total;
    }

    /** How the slots came about, for the not-enough-slots message. */
    public String describeSlots(int cores) {
        List<String> parts = new ArrayList<>();
        for (Host h : hosts) {
            parts.add(h.name() + ": " + (h.slots() > 0 ? h.slots() : cores + " (one per core)"));
        }
        return "from " + option + " (" + String.join(", ", parts) + ")";
    }

    /** The index of the colon that separates a slot count, or -1 (an IPv6 literal has colons of its own). */
    private static int hostColon(String item) {
        if (item.startsWith("[")) {
            int close = item.indexOf(']');
            return close > 0 && close + 1 < item.length() && item.charAt(close + 1) == ':' ? close + 1 : -1;
        }
        if (COLONS.matcher(item).matches()) {
            return -1;
        }
        return item.indexOf(':');
    }

    private static String stripBrackets(String name) {
        return name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
    }

    private static String checkName(String name, String where) {
        String n = name.strip();
        if (n.isEmpty()) {
            throw new IllegalArgumentException(where + "empty host name");
        }
        if (n.contains(":")) {
            // an IPv6 literal
            if (!n.matches("[0-9A-Fa-f:.%a-zA-Z0-9]+")) {
                throw new IllegalArgumentException(where + "'" + n + "' is not a host name or address");
            }
            return n;
        }
        if (!NAME.matcher(n).matches() || n.endsWith("-") || n.contains("..")) {
            throw new IllegalArgumentException(where + "'" + n + "' is not a valid host name (letters, digits, '-',"
                    + " '_' and '.', not starting with '-' or '.')");
        }
        return n;
    }

    private static int positive(String s, String prefix) {
        try {
            int v = Integer.parseInt(s.strip());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(prefix + "'" + s + "' is not a positive whole number");
    }

    @Override
    public String toString() {
        return option + " " + hosts;
    }
}
