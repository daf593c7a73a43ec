package org.pmix4j.runtime.placement;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Places a job's processes on this node as PRRTE's round-robin mapper would, and binds them as its binding
 * code would, on one node:
 *
 * <ul>
 * <li><b>Defaults</b> (PRRTE's): with {@code PE>1} map by slot; else when a binding was given, map by its
 * object; else 2 processes or fewer by core, more by package. Ranking follows mapping (slot → SLOT, node →
 * NODE, {@code :SPAN} → SPAN, an object → FILL). Binding follows the mapped object; slot and node mappings
 * bind to a core for 2 processes or fewer and to a NUMA node otherwise; {@code PE=n} binds to cores. A
 * default binding is IF-SUPPORTED. Oversubscription is off.
 * <li><b>Slots</b>: more processes than free slots is an error unless oversubscription is allowed; an
 * oversubscribed job, or one with more processes than free CPUs, runs unbound unless a binding was asked
 * for.
 * <li><b>Mapping</b>: by slot or node, processes are placed in order; by an object, one per object in turn
 * (skipping objects without a free CPU while others have one); {@code ppr:N:RESOURCE}, N on each object of
 * the resource before the next, within PRRTE's limits ({@link PprCapacity}), mapped and bound as by that
 * object and ranked in placement order; {@code pe-list=}, on the listed CPUs only ({@link PeList}).
 * <li><b>Binding</b>: each process takes the first object of the binding level (within the object it was
 * mapped to) that has a free CPU, is bound to the whole object, and takes one of its cores; with
 * {@code PE=n} it takes n free cores within one package (or within its mapped object) and is bound to
 * them. CPUs held by processes already running are not free.
 * <li><b>Ranks</b>: SLOT/NODE in placement order, FILL object by object, SPAN one per object in turn;
 * ranks run across the applications in order. Local and node ranks follow placement order, as in PRRTE.
 * </ul>
 */
public final class Mapper {
    private Mapper() {
    }

    /**
     * Places the job.
     *
     * @throws PlacementException when it cannot be placed as asked; the message says what was asked, what
     *                            the node has, and what to change
     */
    public static JobMap map(PlacementRequest request) {
        return new Run(request).map();
    }

    /**
     * How many processes to start when {@code -n} is not given, as PRRTE: one per slot; with {@code PE=n}, as
     * many as the cores allow at n each (at least one, at most one per slot).
     */
    public static int defaultProcessCount(NodeTopology topology, int slots, MappingPolicy mapping) {
        if (mapping.pesPerProc() > 1) {
            HwLevel unit = mapping.hwthreadCpus() || !topology.has(HwLevel.CORE)
                    ? HwLevel.HWTHREAD : HwLevel.CORE;
            int n = topology.objects(unit).size() / mapping.pesPerProc();
            return Math.max(1, Math.min(n, slots));
        }
        return slots;
    }

    /**
     * PRRTE's mapping when {@code --map-by} names no target: with {@code PE>1} by slot; else when a binding
     * was given, by its object; else by core for 2 processes or fewer, by package (NUMA, slot) for more.
     *
     * @param total the job's processes, on all its nodes
     */
    static MappingPolicy.Target defaultTarget(NodeTopology topo, int total, MappingPolicy m, BindingPolicy b) {
        if (m.pesPerProc() > 1) {
            return MappingPolicy.Target.SLOT;
        }
        if (b.target() != null) {
            if (b.target() == BindingPolicy.Target.NONE) {
                return MappingPolicy.Target.SLOT;
            }
            MappingPolicy.Target t = MappingPolicy.Target.valueOf(b.target().name());
            if (t == MappingPolicy.Target.CORE && !topo.has(HwLevel.CORE)) {
                return MappingPolicy.Target.HWTHREAD;
            }
            return t;
        }
        if (total <= 2) {
            return topo.has(HwLevel.CORE) ? MappingPolicy.Target.CORE : MappingPolicy.Target.HWTHREAD;
        }
        if (topo.has(HwLevel.PACKAGE)) {
            return MappingPolicy.Target.PACKAGE;
        }
        return topo.has(HwLevel.NUMA) ? MappingPolicy.Target.NUMA : MappingPolicy.Target.SLOT;
    }

    /** One process as placed, before ranking. */
    private record Placed(int app, int order, HwObject locale, CpuSet cpus, CpuSet consumed) {
    }

    /** The state of one mapping. */
    private static final class Run {
        private final PlacementRequest r;
        private final NodeTopology topo;
        private final int total;
        private final int pe;
        private final boolean hwt;
        private final List<String> notes = new ArrayList<>();
        private final Map<HwObject, Integer> boundCount = new HashMap<>();
        private MappingPolicy.Target mapTarget;
        /** {@code ppr:N:RESOURCE} below the node: N on each object of {@link #mapTarget}, else 0. */
        private int perObject;
        private RankingPolicy ranking;
        private BindingPolicy.Target bindTarget;
        private boolean bindExplicit;
        private boolean ifSupported;
        private boolean bindActive;
        private boolean bindingDropped;
        private HwLevel unitLevel;
        private List<HwObject> units;
        private BitSet taken;
        private int busyUnits;
        private PeList peList;

        Run(PlacementRequest r) {
            this.r = r;
            this.topo = r.topology();
            this.total = r.apps().stream().mapToInt(PlacementRequest.App::np).sum();
            this.pe = Math.max(1, r.mapping().pesPerProc());
            this.hwt = r.mapping().hwthreadCpus();
        }

        JobMap map() {
            resolvePolicies();
            List<Placed> placed = new ArrayList<>();
            List<ProcPlacement> out = new ArrayList<>();
            int rankBase = 0;
            for (int a = 0; a < r.apps().size(); a++) {
                PlacementRequest.App app = r.apps().get(a);
                checkSlots(a, app, placed.size());
                List<Placed> mine = placeApp(a, app, placed.size());
                placed.addAll(mine);
                List<Placed> ranked = rank(mine);
                for (int i = 0; i < ranked.size(); i++) {
                    Placed p = ranked.get(i);
                    out.add(new ProcPlacement(rankBase + i, a, i, p.order(), r.usage().nextNodeRank() + p.order(),
                            p.cpus(), p.consumed(), p.cpus() == null ? null : topo.describeBinding(p.cpus(), hwt),
                            topo.localityString(p.cpus())));
                }
                rankBase += ranked.size();
            }
            int onNode = r.usage().procs() + total;
            // a ppr by an object is shown as the mapping by that object, as PRRTE records it
            MappingPolicy mapping = r.mapping().withOversubscribe(r.mapping().oversubscribeAllowed())
                    .withTarget(mapTarget);
            BindingPolicy binding = bindingDropped
                    ? new BindingPolicy(BindingPolicy.Target.NONE, false, null, r.binding().report())
                    : new BindingPolicy(bindTarget, ifSupported, r.binding().overload(), r.binding().report());
            return new JobMap(out, mapping, ranking, binding, r.slots(), r.maxSlots(), onNode, onNode > r.slots(),
                    r.mapping().pesPerProc(), hwt, notes);
        }

        // -----------------------------------------------------------------------------------------------
        // policies

        private void resolvePolicies() {
            MappingPolicy m = r.mapping();
            BindingPolicy b = r.binding();
            if (pe > 1 && (m.target() == MappingPolicy.Target.CORE || m.target() == MappingPolicy.Target.HWTHREAD)) {
                throw new PlacementException("--map-by " + m + " asks for " + pe + " CPUs per process, but mapping by "
                        + m.target().name().toLowerCase(Locale.ROOT) + " places each process on a single CPU. Map by"
                        + " slot (the default with PE), package, numa or a cache level instead.");
            }
            mapTarget = m.target() != null ? m.target() : defaultTarget(topo, total, m, b);
            if (m.perObjectPattern()) {
                mapTarget = MappingPolicy.Target.valueOf(m.perObject().name());
                perObject = m.perNode();
            }
            if (mapTarget.level() != null && !topo.has(mapTarget.level())) {
                throw new PlacementException("--map-by " + m + ": this node (" + r.hostname() + ") has no "
                        + mapTarget.level().directive() + " objects (it has " + levelsPresent() + ")");
            }
            ranking = r.ranking() != null ? r.ranking() : defaultRanking(m);
            if ((ranking == RankingPolicy.FILL || ranking == RankingPolicy.SPAN) && mapTarget.level() == null) {
                throw new PlacementException("--rank-by " + ranking.name().toLowerCase(Locale.ROOT) + " ranks processes"
                        + " by the objects they were mapped to, so it needs mapping by an object (--map-by hwthread,"
                        + " core, l1cache, l2cache, l3cache, numa or package), not " + mapTarget.prrteName());
            }
            bindExplicit = b.target() != null;
            if (bindExplicit) {
                bindTarget = b.target();
                ifSupported = b.ifSupported();
            } else {
                bindTarget = defaultBinding();
                // a default binding is a wish, not a demand: it never fails a job
                ifSupported = true;
            }
            if (bindTarget == BindingPolicy.Target.CORE && !topo.has(HwLevel.CORE)) {
                bindTarget = BindingPolicy.Target.HWTHREAD;
            }
            if (pe > 1) {
                if (bindExplicit && bindTarget != BindingPolicy.Target.CORE
                        && bindTarget != BindingPolicy.Target.HWTHREAD) {
                    throw new PlacementException("--map-by " + m + " binds each process to its " + pe + " CPUs, so"
                            + " --bind-to must be core or hwthread (or be left out), not " + b);
                }
                // CPUs per process are a demand on the binding: PRRTE treats it as given
                bindExplicit = true;
            }
            if (mapTarget == MappingPolicy.Target.PE_LIST) {
                if (m.ordered() && bindExplicit && bindTarget != BindingPolicy.Target.CORE
                        && bindTarget != BindingPolicy.Target.HWTHREAD && bindTarget != BindingPolicy.Target.NONE) {
                    throw new PlacementException("--map-by " + m + " binds each process to one listed CPU, so"
                            + " --bind-to must be core or hwthread (or be left out), not " + b);
                }
                // the listed CPUs are a demand on the binding, as PE=n is
                bindExplicit = true;
            }
            if (mapTarget.level() != null && bindTarget.level() != null && bindTarget.level().above(mapTarget.level())) {
                throw new PlacementException("--bind-to " + bindTarget.name().toLowerCase(Locale.ROOT) + " lies above"
                        + " the mapping (" + mapTarget.prrteName() + "): a process can only be bound to the object it"
                        + " was mapped to or to one inside it. Map by " + bindTarget.name().toLowerCase(Locale.ROOT)
                        + " (or coarser), or bind to a smaller object.");
            }
            bindActive = bindTarget != BindingPolicy.Target.NONE;
            if (bindActive && !r.bindingSupport().supported()) {
                if (bindExplicit && !ifSupported) {
                    throw new PlacementException("--bind-to " + b + ": processes cannot be bound to CPUs on this node ("
                            + r.hostname() + "): " + r.bindingSupport().reason() + ". Add :IF-SUPPORTED to run"
                            + " unbound where binding is impossible, or use --bind-to none.");
                }
                bindActive = false;
                notes.add("binding to " + bindTarget.name().toLowerCase(Locale.ROOT) + " is not possible on this node ("
                        + r.bindingSupport().reason() + "); the processes run unbound");
            }
            boolean peThreads = pe > 1 && bindTarget == BindingPolicy.Target.HWTHREAD;
            unitLevel = hwt || peThreads || !topo.has(HwLevel.CORE) ? HwLevel.HWTHREAD : HwLevel.CORE;
            units = topo.objects(unitLevel);
            taken = new BitSet();
            for (HwObject u : units) {
                if (u.cpus().intersects(r.usage().busy())) {
                    taken.set(u.logical());
                }
            }
            busyUnits = taken.cardinality();
        }

        private RankingPolicy defaultRanking(MappingPolicy m) {
            if (mapTarget == MappingPolicy.Target.NODE) {
                return RankingPolicy.NODE;
            }
            if (mapTarget == MappingPolicy.Target.SLOT || mapTarget == MappingPolicy.Target.PPR
                    || mapTarget == MappingPolicy.Target.PE_LIST || perObject > 0) {
                // ppr ranks in the order it places, by node or by object (PRRTE)
                return RankingPolicy.SLOT;
            }
            return m.span() ? RankingPolicy.SPAN : RankingPolicy.FILL;
        }

        private BindingPolicy.Target defaultBinding() {
            if (r.mapping().pesPerProc() > 0 || mapTarget == MappingPolicy.Target.PE_LIST) {
                return hwt ? BindingPolicy.Target.HWTHREAD : BindingPolicy.Target.CORE;
            }
            if (mapTarget.level() != null) {
                return BindingPolicy.Target.of(mapTarget.level());
            }
            if (total <= 2) {
                return hwt ? BindingPolicy.Target.HWTHREAD : BindingPolicy.Target.CORE;
            }
            return topo.has(HwLevel.NUMA) ? BindingPolicy.Target.NUMA : BindingPolicy.Target.PACKAGE;
        }

        private String levelsPresent() {
            List<String> names = new ArrayList<>();
            for (HwLevel l : HwLevel.values()) {
                if (topo.has(l)) {
                    names.add(l.directive());
                }
            }
            return String.join(", ", names);
        }

        // -----------------------------------------------------------------------------------------------
        // slots

        private void checkSlots(int a, PlacementRequest.App app, int placedBefore) {
            int inUse = r.usage().procs() + placedBefore;
            int free = Math.max(0, r.slots() - inUse);
            if (perObject > 0) {
                PprCapacity.check(r, mapTarget.level(), perObject, app, free);
            }
            if (mapTarget == MappingPolicy.Target.PE_LIST) {
                if (peList == null) {
                    peList = PeList.of(r, unitLevel, units);
                }
                peList.check(app, taken, r.binding().overloadAllowed());
            }
            if (app.np() > free) {
                if (!r.mapping().oversubscribeAllowed()) {
                    throw new PlacementException(notEnoughSlots(app, inUse));
                }
                if (!bindExplicit && bindActive) {
                    // an oversubscribed node is not bound unless binding was asked for (PRRTE)
                    bindActive = false;
                    bindingDropped = true;
                }
            }
            if (r.maxSlots() > 0 && inUse + app.np() > r.maxSlots()) {
                throw new PlacementException("The hosts allow at most " + r.maxSlots() + " processes on this node ("
                        + r.hostname() + ", max_slots=" + r.maxSlots() + "), even when oversubscribing, and "
                        + (inUse + app.np()) + " would run here" + (inUse > 0 ? " (" + inUse + " already placed or"
                        + " running)" : "") + ". Request fewer processes or raise max_slots.");
            }
            if (bindActive && !r.binding().overloadAllowed() && !bindExplicit) {
                int freeUnits = units.size() - taken.cardinality();
                if ((long) app.np() * pe > freeUnits) {
                    // more processes than free CPUs: not bound unless binding was asked for (PRRTE)
                    bindActive = false;
                    bindingDropped = true;
                }
            }
        }

        private String notEnoughSlots(PlacementRequest.App app, int inUse) {
            StringBuilder sb = new StringBuilder();
            sb.append("There are not enough slots available in the system to satisfy the ").append(app.np())
                    .append(" slots that were requested by the application:\n\n  ").append(app.name()).append("\n\n");
            sb.append("This node (").append(r.hostname()).append(") has ").append(r.slots()).append(" slot")
                    .append(r.slots() == 1 ? "" : "s").append(" (").append(r.slotsOrigin()).append(")");
            if (inUse > 0) {
                sb.append(", ").append(inUse).append(" of them already taken").append(r.usage().procs() > 0
                        ? " (" + r.usage().procs() + " by processes already running)" : " by the job's earlier"
                        + " applications");
            }
            sb.append(".\nEither request fewer processes (-n), make more slots available (--host ")
                    .append(r.hostname()).append(":N, or slots=N in a --hostfile), or allow more processes than")
                    .append(" slots with --oversubscribe (or --map-by :OVERSUBSCRIBE).");
            return sb.toString();
        }

        // -----------------------------------------------------------------------------------------------
        // mapping and binding

        private List<Placed> placeApp(int a, PlacementRequest.App app, int orderBase) {
            List<Placed> mine = new ArrayList<>();
            if (mapTarget == MappingPolicy.Target.PE_LIST) {
                for (int i = 0; i < app.np(); i++) {
                    PeList.Choice c = peList.next(taken, bindActive);
                    mine.add(new Placed(a, orderBase + i, null, bindActive ? c.cpus() : null, c.consumed()));
                }
                return mine;
            }
            if (perObject > 0) {
                // N on each object in turn, all of one before the next (ppr)
                for (HwObject o : topo.objects(mapTarget.level())) {
                    for (int k = 0; k < perObject && mine.size() < app.np(); k++) {
                        mine.add(place(a, app, orderBase + mine.size(), o));
                    }
                }
                return mine;
            }
            if (mapTarget.level() == null) {
                for (int i = 0; i < app.np(); i++) {
                    mine.add(place(a, app, orderBase + i, null));
                }
                return mine;
            }
            List<HwObject> objs = topo.objects(mapTarget.level());
            while (mine.size() < app.np()) {
                boolean roomSomewhere = bindActive && !r.binding().overloadAllowed()
                        && objs.stream().anyMatch(o -> freeUnits(o.cpus()).size() >= pe);
                for (HwObject o : objs) {
                    if (mine.size() == app.np()) {
                        break;
                    }
                    if (roomSomewhere && freeUnits(o.cpus()).size() < pe) {
                        continue;
                    }
                    mine.add(place(a, app, orderBase + mine.size(), o));
                }
            }
            return mine;
        }

        private Placed place(int a, PlacementRequest.App app, int order, HwObject locale) {
            if (!bindActive) {
                return new Placed(a, order, locale, null, CpuSet.EMPTY);
            }
            CpuSet region = locale == null ? topo.allowed() : locale.cpus();
            if (pe > 1) {
                return placeMany(a, app, order, locale);
            }
            HwLevel level = bindTarget.level();
            List<HwObject> candidates = topo.objects(level).stream().filter(c -> c.cpus().intersects(region))
                    .toList();
            for (HwObject c : candidates) {
                List<HwObject> free = freeUnits(c.cpus().and(region));
                if (!free.isEmpty()) {
                    HwObject u = free.get(0);
                    taken.set(u.logical());
                    boundCount.merge(c, 1, Integer::sum);
                    return new Placed(a, order, locale, c.cpus(), u.cpus());
                }
            }
            if (r.binding().overloadAllowed() && !candidates.isEmpty()) {
                // bind on top of others: spread over the least loaded objects, taking no CPU
                HwObject least = candidates.get(0);
                for (HwObject c : candidates) {
                    if (boundCount.getOrDefault(c, 0) < boundCount.getOrDefault(least, 0)) {
                        least = c;
                    }
                }
                boundCount.merge(least, 1, Integer::sum);
                return new Placed(a, order, locale, least.cpus(), CpuSet.EMPTY);
            }
            if (ifSupported) {
                return new Placed(a, order, locale, null, CpuSet.EMPTY);
            }
            throw new PlacementException("--bind-to " + r.binding() + ": a process of " + app.name() + " cannot be"
                    + " bound: " + takenSummary(locale) + ", and binding was required. Add :OVERLOAD-ALLOWED to"
                    + " --bind-to to bind several processes per " + unitName() + ", :IF-SUPPORTED to run the extra"
                    + " processes unbound, or use --bind-to none.");
        }

        /** {@code PE=n}: n free CPUs within one package, or within the mapped object. */
        private Placed placeMany(int a, PlacementRequest.App app, int order, HwObject locale) {
            List<HwObject> regions = locale != null ? List.of(locale)
                    : topo.has(HwLevel.PACKAGE) ? topo.objects(HwLevel.PACKAGE) : List.of(new HwObject(HwLevel.PACKAGE,
                            0, -1, topo.allowed()));
            for (HwObject reg : regions) {
                List<HwObject> free = freeUnits(reg.cpus());
                if (free.size() >= pe) {
                    CpuSet cpus = CpuSet.EMPTY;
                    for (HwObject u : free.subList(0, pe)) {
                        cpus = cpus.or(u.cpus());
                        taken.set(u.logical());
                    }
                    return new Placed(a, order, locale, cpus, cpus);
                }
            }
            if (r.binding().overloadAllowed()) {
                for (HwObject reg : regions) {
                    List<HwObject> all = units.stream().filter(u -> u.cpus().intersects(reg.cpus())).toList();
                    if (all.size() >= pe) {
                        int start = boundCount.merge(reg, 1, Integer::sum) - 1;
                        CpuSet cpus = CpuSet.EMPTY;
                        for (int i = 0; i < pe; i++) {
                            cpus = cpus.or(all.get((start * pe + i) % all.size()).cpus());
                        }
                        return new Placed(a, order, locale, cpus, CpuSet.EMPTY);
                    }
                }
            }
            String within = locale != null ? "its " + locale.level().directive() + " (" + locale.level().directive()
                    + " " + locale.logical() + ")" : "one package";
            throw new PlacementException("--map-by " + r.mapping() + ": a process of " + app.name() + " needs " + pe
                    + " free " + unitName() + "s within " + within + ", and none is left: " + takenSummary(locale)
                    + " (this node has " + topo.summary() + "). Ask for fewer processes or a smaller PE, or add"
                    + " :OVERLOAD-ALLOWED to --bind-to to share " + unitName() + "s.");
        }

        /** The free CPU units (cores, or hardware threads) touching {@code cpus}, in logical order. */
        private List<HwObject> freeUnits(CpuSet cpus) {
            List<HwObject> out = new ArrayList<>();
            for (HwObject u : units) {
                if (!taken.get(u.logical()) && u.cpus().intersects(cpus)) {
                    out.add(u);
                }
            }
            return out;
        }

        private String unitName() {
            return unitLevel == HwLevel.CORE ? "core" : "hardware thread";
        }

        private String takenSummary(HwObject locale) {
            String where = locale == null ? "this node (" + r.hostname() + ")" : locale.level().directive() + " "
                    + locale.logical();
            long n = locale == null ? units.size()
                    : units.stream().filter(u -> u.cpus().intersects(locale.cpus())).count();
            return "all " + n + " " + unitName() + (n == 1 ? "" : "s") + " of " + where + " are taken"
                    + (busyUnits > 0 ? " (" + busyUnits + " on the node by processes already running)" : "");
        }

        // -----------------------------------------------------------------------------------------------
        // ranking

        private List<Placed> rank(List<Placed> mine) {
            if (ranking == RankingPolicy.SLOT || ranking == RankingPolicy.NODE) {
                return mine;
            }
            Map<HwObject, Deque<Placed>> byObject = new LinkedHashMap<>();
            for (HwObject o : topo.objects(mapTarget.level())) {
                byObject.put(o, new ArrayDeque<>());
            }
            for (Placed p : mine) {
                byObject.get(p.locale()).add(p);
            }
            List<Placed> out = new ArrayList<>();
            if (ranking == RankingPolicy.FILL) {
                byObject.values().forEach(out::addAll);
                return out;
            }
            while (out.size() < mine.size()) {
                for (Deque<Placed> q : byObject.values()) {
                    if (!q.isEmpty()) {
                        out.add(q.poll());
                    }
                }
            }
            return out;
        }
    }
}
