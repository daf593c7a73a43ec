package org.pmix4j.runtime.placement;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * {@code --map-by pe-list=a,b-c[:ORDERED]} on one node, as PRRTE documents it: the job may use only the
 * listed CPUs (logical core numbers; hardware threads on a node without cores). Without ORDERED each
 * process is bound to all the listed CPUs, and the node takes as many processes as it has free listed CPUs;
 * with ORDERED the first process is bound to the first listed CPU, the next to the next, and so on. With
 * {@code --bind-to ...:OVERLOAD-ALLOWED} CPUs already taken may be used again.
 */
final class PeList {
    /** Where one process goes: the CPUs it is bound to and the one it takes. */
    record Choice(CpuSet cpus, CpuSet consumed) {
    }

    private final MappingPolicy mapping;
    private final List<HwObject> listed;
    private final CpuSet all;
    private final String unitName;
    private int cursor;

    private PeList(MappingPolicy mapping, List<HwObject> listed, String unitName) {
        this.mapping = mapping;
        this.listed = listed;
        this.unitName = unitName;
        CpuSet cpus = CpuSet.EMPTY;
        for (HwObject u : listed) {
            cpus = cpus.or(u.cpus());
        }
        this.all = cpus;
    }

    /**
     * The listed CPUs on the node of {@code r}.
     *
     * @param units the node's cores (or hardware threads), in logical order
     * @throws PlacementException naming a listed CPU the node does not have
     */
    static PeList of(PlacementRequest r, HwLevel unitLevel, List<HwObject> units) {
        String unit = unitLevel == HwLevel.CORE ? "core" : "hardware thread";
        List<HwObject> listed = new ArrayList<>();
        for (int i : r.mapping().peList().stream().toArray()) {
            if (i >= units.size()) {
                throw new PlacementException("--map-by " + r.mapping() + ": this node (" + r.hostname() + ") has "
                        + units.size() + " " + unit + (units.size() == 1 ? "" : "s") + " (logical L0-L"
                        + (units.size() - 1) + "), so there is no " + unit + " L" + i + " to place a process on."
                        + " List only " + unit + "s the node has (lstopo shows their logical numbers).");
            }
            listed.add(units.get(i));
        }
        return new PeList(r.mapping(), listed, unit);
    }

    /**
     * Checks that the app's processes fit on the free listed CPUs.
     *
     * @param taken    the units already taken, by logical number
     * @param overload whether CPUs may be shared ({@code --bind-to ...:OVERLOAD-ALLOWED})
     */
    void check(PlacementRequest.App app, BitSet taken, boolean overload) {
        long free = listed.stream().filter(u -> !taken.get(u.logical())).count();
        if (app.np() > free && !overload) {
            throw new PlacementException("--map-by " + mapping + " lets the job use " + listed.size() + " " + unitName
                    + (listed.size() == 1 ? "" : "s") + ", " + free + " of them free, and " + app.np() + " processes of "
                    + app.name() + " need one each. List more " + unitName + "s, request fewer processes (-n), or add"
                    + " :OVERLOAD-ALLOWED to --bind-to to share them.");
        }
    }

    /** The next process's CPUs; nothing is taken when it is not bound. */
    Choice next(BitSet taken, boolean bind) {
        if (!bind) {
            return new Choice(null, CpuSet.EMPTY);
        }
        HwObject pick = null;
        for (int k = 0; k < listed.size() && pick == null; k++) {
            HwObject u = listed.get((cursor + k) % listed.size());
            if (!taken.get(u.logical())) {
                pick = u;
                cursor = (cursor + k + 1) % listed.size();
            }
        }
        if (pick == null) {
            // overloaded: in list order again, taking nothing more
            HwObject u = listed.get(cursor);
            cursor = (cursor + 1) % listed.size();
            return new Choice(mapping.ordered() ? u.cpus() : all, CpuSet.EMPTY);
        }
        taken.set(pick.logical());
        return new Choice(mapping.ordered() ? pick.cpus() : all, pick.cpus());
    }
}
