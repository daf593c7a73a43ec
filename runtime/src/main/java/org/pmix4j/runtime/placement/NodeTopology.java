package org.pmix4j.runtime.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The hardware of this node as placement sees it: the CPUs this process may use, grouped into hardware
 * threads, cores, caches, packages and NUMA nodes, each numbered the way hwloc numbers them (logical
 * indexes) so that locality strings and binding reports read like those of PRRTE and libpmix.
 *
 * <p>It is read from Linux's files ({@code /proc/self/status}, {@code /sys/devices/system/cpu},
 * {@code /sys/devices/system/node}), without native code. Like hwloc it keeps only the CPUs this process
 * may use (its affinity mask and the online CPUs), and drops objects left with none. Where those files are
 * missing or make no sense (containers often hide or fake sysfs) it falls back to one package of
 * single-threaded cores and says so in {@link #degradation()}.
 */
public final class NodeTopology {
    /** The cpu-side levels in hwloc's default top-down order, used to break ties between identical levels. */
    private static final List<HwLevel> CPU_LEVELS = List.of(HwLevel.PACKAGE, HwLevel.L3CACHE, HwLevel.L2CACHE,
            HwLevel.L1CACHE, HwLevel.CORE, HwLevel.HWTHREAD);
    private static final Pattern CPU_DIR = Pattern.compile("cpu(\\d+)");
    private static final Pattern NODE_DIR = Pattern.compile("node(\\d+)");
    private static final Pattern CACHE_DIR = Pattern.compile("index\\d+");

    private final Map<HwLevel, List<HwObject>> objects;
    private final List<HwLevel> depthOrder;
    private final CpuSet allowed;
    private final String degradation;
    private final boolean cpuNumbersKnown;

    private NodeTopology(Map<HwLevel, List<HwObject>> objects, List<HwLevel> depthOrder, CpuSet allowed,
            String degradation, boolean cpuNumbersKnown) {
        this.objects = objects;
        this.depthOrder = List.copyOf(depthOrder);
        this.allowed = allowed;
        this.degradation = degradation;
        this.cpuNumbersKnown = cpuNumbersKnown;
    }

    /**
     * This topology as one line of text, for a daemon to report its node's layout to the launcher; read back
     * with {@link #decode}.
     */
    public String encode() {
        return TopologyCodec.encode(this, objects);
    }

    /**
     * A topology from its {@link #encode} text.
     *
     * @throws IllegalArgumentException when the text is not an encoded topology, saying what is wrong
     */
    public static NodeTopology decode(String text) {
        return TopologyCodec.decode(text);
    }

    /** A topology from its parts, as {@link TopologyCodec} reads them back. */
    static NodeTopology of(Map<HwLevel, List<HwObject>> objects, List<HwLevel> depthOrder, CpuSet allowed,
            String degradation, boolean cpuNumbersKnown) {
        return new NodeTopology(objects, depthOrder, allowed, degradation, cpuNumbersKnown);
    }

    /** Reads this machine. */
    public static NodeTopology probe() {
        return probe(Path.of("/"));
    }

    /**
     * Reads the machine whose {@code proc} and {@code sys} trees are under {@code root} ({@code /} for this
     * machine; tests use fake trees).
     */
    public static NodeTopology probe(Path root) {
        return new Probe(root).run();
    }

    /**
     * A node of {@code cores} single-threaded cores numbered 0 to cores-1 in one package and NUMA node, with
     * no caches; {@code degradation} says why the real one is unknown ({@code null}: none, for tests).
     */
    public static NodeTopology flat(int cores, String degradation) {
        return flat(CpuSet.range(0, cores - 1), degradation, true);
    }

    private static NodeTopology flat(CpuSet cpus, String degradation, boolean numbersKnown) {
        Map<HwLevel, List<Group>> groups = new EnumMap<>(HwLevel.class);
        groups.put(HwLevel.PACKAGE, List.of(new Group(0, cpus)));
        List<Group> cores = new ArrayList<>();
        List<Group> pus = new ArrayList<>();
        cpus.stream().forEach(c -> {
            cores.add(new Group(c, CpuSet.of(c)));
            pus.add(new Group(c, CpuSet.of(c)));
        });
        groups.put(HwLevel.CORE, cores);
        groups.put(HwLevel.HWTHREAD, pus);
        NodeTopology t = build(groups, List.of(new Group(0, cpus)), cpus, degradation, numbersKnown);
        if (t == null) {
            throw new IllegalStateException("a flat topology of " + cpus + " cannot be built");
        }
        return t;
    }

    /** The objects of a level in logical order; empty when the node has none (or they are unknown). */
    public List<HwObject> objects(HwLevel level) {
        return objects.getOrDefault(level, List.of());
    }

    public boolean has(HwLevel level) {
        return !objects(level).isEmpty();
    }

    /** The CPUs this process may use, which are the ones processes can be placed on. */
    public CpuSet allowed() {
        return allowed;
    }

    /** The cpu-side levels this node has, from the top of hwloc's tree down (NUMA nodes are not among them). */
    public List<HwLevel> depthOrder() {
        return depthOrder;
    }

    /** The object of {@code level} that holds {@code cpu}, or {@code null}. */
    public HwObject container(HwLevel level, int cpu) {
        for (HwObject o : objects(level)) {
            if (o.cpus().contains(cpu)) {
                return o;
            }
        }
        return null;
    }

    /** Why this is a guess rather than the machine's real layout, if it is. */
    public Optional<String> degradation() {
        return Optional.ofNullable(degradation);
    }

    /**
     * False when even the CPU numbers were invented (neither sysfs nor the affinity mask could be read): then
     * nothing can be bound to them.
     */
    public boolean cpuNumbersKnown() {
        return cpuNumbersKnown;
    }

    /** "2 packages, 8 cores, 16 hardware threads" — for messages. */
    public String summary() {
        return count(HwLevel.PACKAGE, "package") + ", " + count(HwLevel.CORE, "core") + ", "
                + count(HwLevel.HWTHREAD, "hardware thread");
    }

    private String count(HwLevel level, String noun) {
        int n = objects(level).size();
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /**
     * The PMIx locality string of a process bound to {@code cpus}, exactly as libpmix 4.2.2's
     * {@code PMIx_server_generate_locality_string} writes it from hwloc: for each level of the tree from the
     * top ({@code SK} package, {@code L3}, {@code L2}, {@code L1}, {@code CR} core, {@code HT} hardware
     * thread) the logical indexes of the objects the binding touches, in hwloc's list syntax, then the NUMA
     * nodes ({@code NM}); fields joined by {@code ':'} ({@code SK0:L30:L20:L10:CR0:HT0:NM0}). An unbound
     * process ({@code null}) has none: {@code null}.
     */
    public String localityString(CpuSet cpus) {
        if (cpus == null) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        for (HwLevel level : depthOrder) {
            field(level, cpus, fields);
        }
        field(HwLevel.NUMA, cpus, fields);
        return fields.isEmpty() ? null : String.join(":", fields);
    }

    private void field(HwLevel level, CpuSet cpus, List<String> fields) {
        int[] touched = objects(level).stream().filter(o -> o.cpus().intersects(cpus)).mapToInt(HwObject::logical)
                .sorted().toArray();
        if (touched.length > 0) {
            fields.add(level.localityTag() + CpuSet.ranges(touched));
        }
    }

    /**
     * PRRTE's description of a binding, as {@code --report-bindings} and {@code --display map} print it:
     * for each package the binding touches, {@code package[P][core:Lc]} with the logical indexes of the
     * cores ({@code hwt:L} and hardware threads when the job counts hardware threads as CPUs, or the node has
     * no cores), runs collapsed ({@code package[0][core:L0-1,3]}); packages separated by a space.
     */
    public String describeBinding(CpuSet cpus, boolean hwthreadCpus) {
        if (cpus.isEmpty()) {
            return "EMPTY CPUSET";
        }
        boolean asThreads = hwthreadCpus || !has(HwLevel.CORE);
        HwLevel site = asThreads ? HwLevel.HWTHREAD : HwLevel.CORE;
        List<String> parts = new ArrayList<>();
        for (HwObject pkg : objects(HwLevel.PACKAGE)) {
            CpuSet here = cpus.and(pkg.cpus());
            if (here.isEmpty()) {
                continue;
            }
            int[] sites = here.stream().mapToObj(c -> container(site, c)).filter(o -> o != null)
                    .mapToInt(HwObject::logical).distinct().sorted().toArray();
            parts.add("package[" + pkg.logical() + "][" + (asThreads ? "hwt:L" : "core:L") + CpuSet.ranges(sites)
                    + "]");
        }
        return String.join(" ", parts);
    }

    @Override
    public String toString() {
        return summary() + " " + objects;
    }

    // ---------------------------------------------------------------------------------------------------
    // building

    /** A set of CPUs forming one object before it has a logical index. */
    private record Group(int os, CpuSet cpus) {
    }

    /** A data or unified cache of one CPU, with the CPUs sharing it. */
    private record Cache(int level, CpuSet cpus) {
    }

    /** What sysfs says about one CPU. */
    private record Unit(int cpu, String packageKey, String coreKey, int packageId, int coreId,
            List<Cache> caches) {
    }

    /**
     * Orders the levels, checks that they nest into a tree and numbers the objects; {@code null} when the
     * package, core or thread levels do not nest (the caller degrades).
     */
    private static NodeTopology build(Map<HwLevel, List<Group>> groups, List<Group> numa, CpuSet allowed,
            String degradation, boolean numbersKnown) {
        List<HwLevel> levels = new ArrayList<>();
        for (HwLevel l : CPU_LEVELS) {
            if (!groups.getOrDefault(l, List.of()).isEmpty()) {
                levels.add(l);
            }
        }
        // a coarser partition has fewer objects; equal partitions keep hwloc's type order (package above
        // L3 above L2 above L1 above core above thread), which is also how hwloc nests identical cpusets
        // (the sorts here are lambdas of ours, which the AOT cache keeps, rather than Comparator's combinators,
        // whose own lambdas are generated at every start)
        levels.sort((a, b) -> {
            int byCount = Integer.compare(groups.get(a).size(), groups.get(b).size());
            return byCount != 0 ? byCount : Integer.compare(CPU_LEVELS.indexOf(a), CPU_LEVELS.indexOf(b));
        });
        while (true) {
            HwLevel bad = firstNotNesting(levels, groups);
            if (bad == null) {
                break;
            }
            if (bad == HwLevel.PACKAGE || bad == HwLevel.CORE || bad == HwLevel.HWTHREAD) {
                return null;
            }
            // a cache shared across packages in a way that does not fit the tree: hwloc could not place it
            // either; leave it out rather than invent a shape
            levels.remove(bad);
        }
        Map<HwLevel, List<HwObject>> objects = new EnumMap<>(HwLevel.class);
        List<HwObject> parents = null;
        for (HwLevel l : levels) {
            List<Group> gs = new ArrayList<>(groups.get(l));
            List<HwObject> ps = parents;
            // under their parents in the parents' order, then by their first CPU
            gs.sort((a, b) -> {
                int byParent = ps == null ? 0
                        : Integer.compare(parentIndex(ps, a.cpus().first()), parentIndex(ps, b.cpus().first()));
                return byParent != 0 ? byParent : Integer.compare(a.cpus().first(), b.cpus().first());
            });
            List<HwObject> objs = new ArrayList<>();
            for (Group g : gs) {
                objs.add(new HwObject(l, objs.size(), g.os(), g.cpus()));
            }
            objects.put(l, List.copyOf(objs));
            parents = objs;
        }
        List<Group> ns = new ArrayList<>(numa);
        ns.sort((a, b) -> Integer.compare(a.os(), b.os()));
        List<HwObject> numaObjs = new ArrayList<>();
        for (Group g : ns) {
            numaObjs.add(new HwObject(HwLevel.NUMA, numaObjs.size(), g.os(), g.cpus()));
        }
        objects.put(HwLevel.NUMA, List.copyOf(numaObjs));
        return new NodeTopology(objects, levels, allowed, degradation, numbersKnown);
    }

    private static int parentIndex(List<HwObject> parents, int cpu) {
        for (HwObject p : parents) {
            if (p.cpus().contains(cpu)) {
                return p.logical();
            }
        }
        return Integer.MAX_VALUE;
    }

    private static HwLevel firstNotNesting(List<HwLevel> levels, Map<HwLevel, List<Group>> groups) {
        for (int i = 1; i < levels.size(); i++) {
            List<Group> upper = groups.get(levels.get(i - 1));
            for (Group g : groups.get(levels.get(i))) {
                boolean inside = upper.stream().anyMatch(u -> u.cpus().containsAll(g.cpus()));
                if (!inside) {
                    // blame the cache of the two, if one is a cache; else the lower level
                    HwLevel a = levels.get(i - 1);
                    HwLevel b = levels.get(i);
                    return isCache(b) ? b : isCache(a) ? a : b;
                }
            }
        }
        return null;
    }

    private static boolean isCache(HwLevel l) {
        return l == HwLevel.L1CACHE || l == HwLevel.L2CACHE || l == HwLevel.L3CACHE;
    }

    /** Reads one root's files. */
    private static final class Probe {
        private final Path root;
        private final Path cpuDir;

        Probe(Path root) {
            this.root = root;
            this.cpuDir = root.resolve("sys/devices/system/cpu");
        }

        NodeTopology run() {
            CpuSet mask = affinity();
            CpuSet present = presentCpus();
            if (present == null || present.isEmpty()) {
                return fallback(mask, "no CPUs are listed under " + cpuDir);
            }
            CpuSet allowed = mask == null ? present : present.and(mask);
            if (allowed.isEmpty()) {
                return fallback(mask, "none of the online CPUs " + present + " is in this process's affinity mask "
                        + mask);
            }
            Map<Integer, Unit> units = new TreeMap<>();
            for (int cpu : allowed.stream().toArray()) {
                Unit u = unit(cpu, allowed);
                if (u == null) {
                    return fallback(allowed, "CPU " + cpu + " has no topology files under " + cpuDir.resolve("cpu"
                            + cpu + "/topology"));
                }
                units.put(cpu, u);
            }
            Map<HwLevel, List<Group>> groups = new EnumMap<>(HwLevel.class);
            groups.put(HwLevel.PACKAGE, groupBy(units, Unit::packageKey, Unit::packageId));
            groups.put(HwLevel.CORE, groupBy(units, u -> u.packageKey() + "/" + u.coreKey(), Unit::coreId));
            List<Group> pus = new ArrayList<>();
            units.keySet().forEach(c -> pus.add(new Group(c, CpuSet.of(c))));
            groups.put(HwLevel.HWTHREAD, pus);
            for (int level = 1; level <= 3; level++) {
                Map<CpuSet, Group> caches = new LinkedHashMap<>();
                for (Unit u : units.values()) {
                    for (Cache c : u.caches()) {
                        if (c.level() == level) {
                            caches.putIfAbsent(c.cpus(), new Group(-1, c.cpus()));
                        }
                    }
                }
                HwLevel l = level == 1 ? HwLevel.L1CACHE : level == 2 ? HwLevel.L2CACHE : HwLevel.L3CACHE;
                // the cache's own number is not kept: sysfs ids repeat across levels and are not hwloc's
                groups.put(l, new ArrayList<>(caches.values()));
            }
            NodeTopology t = build(groups, numa(allowed), allowed, null, true);
            if (t == null) {
                return fallback(allowed, "the package, core and thread lists under " + cpuDir
                        + " do not nest into a tree");
            }
            return t;
        }

        private NodeTopology fallback(CpuSet known, String why) {
            if (known != null && !known.isEmpty()) {
                return flat(known, why + "; placing on CPUs " + known + " as single-threaded cores of one package",
                        true);
            }
            int n = Runtime.getRuntime().availableProcessors();
            return flat(CpuSet.range(0, n - 1), why + ", and this process's affinity is unknown; assuming " + n
                    + " cores (Runtime.availableProcessors) in one package; binding is not possible", false);
        }

        /** Cpus_allowed_list of this process, or {@code null} when unreadable. */
        private CpuSet affinity() {
            String status = read(root.resolve("proc/self/status"));
            if (status == null) {
                return null;
            }
            for (String line : status.split("\n")) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    try {
                        return CpuSet.parseList(line.substring(line.indexOf(':') + 1));
                    } catch (IllegalArgumentException e) {
                        return null;
                    }
                }
            }
            return null;
        }

        /** Online CPUs: the {@code online} list, else the cpuN directories not marked offline. */
        private CpuSet presentCpus() {
            String online = read(cpuDir.resolve("online"));
            if (online != null) {
                try {
                    return CpuSet.parseList(online);
                } catch (IllegalArgumentException e) {
                    // fall through to the directories
                }
            }
            List<Integer> cpus = new ArrayList<>();
            try (Stream<Path> s = Files.list(cpuDir)) {
                s.forEach(p -> {
                    Matcher m = CPU_DIR.matcher(p.getFileName().toString());
                    if (m.matches() && !"0".equals(read(p.resolve("online")))) {
                        cpus.add(Integer.parseInt(m.group(1)));
                    }
                });
            } catch (IOException e) {
                return null;
            }
            return CpuSet.of(cpus.stream().mapToInt(Integer::intValue).toArray());
        }

        private Unit unit(int cpu, CpuSet allowed) {
            Path d = cpuDir.resolve("cpu" + cpu);
            Path topo = d.resolve("topology");
            if (!Files.isDirectory(topo)) {
                return null;
            }
            int pkgId = Math.max(0, readInt(topo.resolve("physical_package_id"), 0));
            CpuSet pkgSet = set(topo, "package_cpus_list", "core_siblings_list", "package_cpus", "core_siblings");
            String pkgKey = pkgSet != null ? "s" + pkgSet : "p" + pkgId;
            int coreId = readInt(topo.resolve("core_id"), cpu);
            CpuSet coreSet = set(topo, "core_cpus_list", "thread_siblings_list", "core_cpus", "thread_siblings");
            String coreKey = coreSet != null && coreSet.contains(cpu) ? "s" + coreSet : "c" + coreId;
            List<Cache> caches = new ArrayList<>();
            try (Stream<Path> s = Files.list(d.resolve("cache"))) {
                s.filter(p -> CACHE_DIR.matcher(p.getFileName().toString()).matches()).sorted().forEach(p -> {
                    int level = readInt(p.resolve("level"), 0);
                    String type = read(p.resolve("type"));
                    // hwloc leaves out instruction caches, so they take no part in locality strings
                    if (level < 1 || level > 3 || "Instruction".equals(type)) {
                        return;
                    }
                    CpuSet shared = set(p, "shared_cpu_list", null, "shared_cpu_map", null);
                    CpuSet cpus = (shared == null ? CpuSet.of(cpu) : shared.or(CpuSet.of(cpu))).and(allowed);
                    caches.add(new Cache(level, cpus));
                });
            } catch (IOException e) {
                // no cache information: no cache levels, as hwloc would have from sysfs alone
            }
            return new Unit(cpu, pkgKey, coreKey, pkgId, coreId, caches);
        }

        private CpuSet set(Path dir, String list1, String list2, String mask1, String mask2) {
            for (String name : new String[] {list1, list2}) {
                String v = name == null ? null : read(dir.resolve(name));
                if (v != null) {
                    try {
                        return CpuSet.parseList(v);
                    } catch (IllegalArgumentException e) {
                        // try the next spelling
                    }
                }
            }
            for (String name : new String[] {mask1, mask2}) {
                String v = name == null ? null : read(dir.resolve(name));
                if (v != null) {
                    try {
                        return CpuSet.parseMask(v);
                    } catch (IllegalArgumentException e) {
                        // try the next spelling
                    }
                }
            }
            return null;
        }

        private List<Group> groupBy(Map<Integer, Unit> units, java.util.function.Function<Unit, String> key,
                java.util.function.ToIntFunction<Unit> os) {
            Map<String, CpuSet> sets = new LinkedHashMap<>();
            Map<String, Integer> ids = new LinkedHashMap<>();
            for (Unit u : units.values()) {
                String k = key.apply(u);
                sets.merge(k, CpuSet.of(u.cpu()), CpuSet::or);
                ids.putIfAbsent(k, os.applyAsInt(u));
            }
            List<Group> out = new ArrayList<>();
            sets.forEach((k, s) -> out.add(new Group(ids.get(k), s)));
            return out;
        }

        /**
         * NUMA nodes with the allowed CPUs they hold. A node without CPUs (memory only) is reached from every
         * CPU, as hwloc attaches it above them; with no NUMA directory the whole node is one NUMA node, as in
         * hwloc.
         */
        private List<Group> numa(CpuSet allowed) {
            Path nodeDir = root.resolve("sys/devices/system/node");
            List<Group> out = new ArrayList<>();
            try (Stream<Path> s = Files.list(nodeDir)) {
                s.forEach(p -> {
                    Matcher m = NODE_DIR.matcher(p.getFileName().toString());
                    if (!m.matches()) {
                        return;
                    }
                    CpuSet cpus = set(p, "cpulist", null, "cpumap", null);
                    if (cpus == null) {
                        return;
                    }
                    int id = Integer.parseInt(m.group(1));
                    if (cpus.isEmpty()) {
                        out.add(new Group(id, allowed));
                    } else if (cpus.intersects(allowed)) {
                        out.add(new Group(id, cpus.and(allowed)));
                    }
                });
            } catch (IOException e) {
                // no NUMA information
            }
            if (out.isEmpty()) {
                out.add(new Group(0, allowed));
            }
            return out;
        }

        private static int readInt(Path p, int dflt) {
            String s = read(p);
            if (s == null) {
                return dflt;
            }
            try {
                return Integer.parseInt(s);
            } catch (NumberFormatException e) {
                return dflt;
            }
        }

        private static String read(Path p) {
            try {
                return Files.readString(p).strip();
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }
}
