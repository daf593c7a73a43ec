package org.pmix4j.server.collective;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * Who takes part in a collective on this server — one rule for the fence, connect, disconnect and the
 * group operations. The local participants of {@code {nspace, WILDCARD}} are the namespace's ranks here; of
 * a single rank, that rank when it runs here. The collective is all local (needs no host) when every named
 * process runs here: a wildcard counts only when the job's data is known and all its ranks are here; a
 * single rank not here, or a namespace this server does not know, means other servers take part.
 *
 * @param expected the local processes that must call before the collective can go on
 * @param allLocal true when no process of the collective runs elsewhere
 */
public record Participation(Set<Proc> expected, boolean allLocal) {
    public Participation {
        expected = Collections.unmodifiableSet(new LinkedHashSet<>(expected));
    }

    public static Participation of(List<Proc> procs, Locality locality) {
        Set<Proc> expected = new LinkedHashSet<>();
        boolean allLocal = true;
        for (Proc p : procs) {
            LocalRanks here = locality.of(p.nspace()).orElse(null);
            if (here == null) {
                allLocal = false;
            } else if (p.rank() == Rank.WILDCARD) {
                for (int r : here.ranks()) {
                    expected.add(new Proc(p.nspace(), r));
                }
                allLocal &= here.wholeJobHere();
            } else if (here.ranks().contains(p.rank())) {
                expected.add(p);
            } else {
                allLocal = false;
            }
        }
        return new Participation(expected, allLocal);
    }
}
