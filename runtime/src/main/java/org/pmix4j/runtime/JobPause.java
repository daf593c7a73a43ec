package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Rank;
import org.pmix4j.api.Value;

/**
 * Where a job's processes wait for a debugger, as its spawn (or {@code --stop-on-exec}, {@code --stop-in-init},
 * {@code --stop-in-app}) asked: the Standard's three pause attributes.
 * <ul>
 * <li>PMIX_DEBUG_STOP_ON_EXEC: the launcher holds each process at its first instruction after exec
 * ({@code ProcessStarter.startHeldGroupLeader}) and reports it ready itself; PMIX_DEBUGGER_RELEASE continues it
 * (SIGCONT, {@link HeldAtExec}).</li>
 * <li>PMIX_DEBUG_STOP_IN_INIT: put in the job's data, where the client library finds it in PMIx_Init (libpmix
 * 4.2.2 stops when the key is there at all, whatever its value; our Java client too), says
 * PMIX_READY_FOR_DEBUG and waits for the release event.</li>
 * <li>PMIX_DEBUG_STOP_IN_APP: put in the job's data for the application, which pauses where it chooses and
 * says PMIX_READY_FOR_DEBUG itself (the Standard: nobody can check that it does).</li>
 * </ul>
 * Each value may be a bool, a rank or (libpmix's "varies") anything naming ranks; this runtime pauses all the
 * ranks of a job or none: a libpmix client stops in init whatever rank the value names, so a pause of some
 * ranks only would stop the others too, and is refused rather than done wrong.
 */
public record JobPause(boolean onExec, boolean inInit, boolean inApp) {
    public static final JobPause NONE = new JobPause(false, false, false);

    /**
     * The pause the directives ask for.
     *
     * @throws PmixException PMIX_ERR_NOT_SUPPORTED for a pause of some ranks only, naming the attribute
     */
    public static JobPause of(List<Info> directives) {
        return new JobPause(asks(directives, Attributes.DEBUG_STOP_ON_EXEC),
                asks(directives, Attributes.DEBUG_STOP_IN_INIT), asks(directives, Attributes.DEBUG_STOP_IN_APP));
    }

    /** Whether the job pauses anywhere. */
    public boolean any() {
        return onExec || inInit || inApp;
    }

    /**
     * The directives of a spawn asking for this pause (the front ends' options), and what the job's data carries
     * so that its processes, and the daemons of other nodes that start them, know of it: the same three keys,
     * true for all ranks.
     */
    public List<Info> directives() {
        List<Info> out = new ArrayList<>();
        if (onExec) {
            out.add(Attributes.DEBUG_STOP_ON_EXEC.info(true));
        }
        if (inInit) {
            out.add(Attributes.DEBUG_STOP_IN_INIT.info(true));
        }
        if (inApp) {
            out.add(Attributes.DEBUG_STOP_IN_APP.info(new Value.Bool(true)));
        }
        return out;
    }

    /** For messages: where the processes wait. */
    public String where() {
        List<String> w = new ArrayList<>();
        if (onExec) {
            w.add("at exec");
        }
        if (inInit) {
            w.add("in PMIx_Init");
        }
        if (inApp) {
            w.add("in the application");
        }
        return String.join(", then ", w);
    }

    private static boolean asks(List<Info> directives, Attribute<?> a) {
        boolean asked = false;
        for (Info i : directives) {
            if (i.key().equals(a.key())) {
                asked = allRanks(a, i.value());
            }
        }
        return asked;
    }

    private static boolean allRanks(Attribute<?> a, Value v) {
        return switch (v) {
            case Value.Bool b -> b.value();
            // PMIX_INFO_LOAD(&info, key, NULL, PMIX_BOOL) packs true; an undefined value names no rank: all
            case Value.Undef u -> true;
            case Rank r when r.value() == Rank.WILDCARD -> true;
            default -> throw someRanks(a, v);
        };
    }

    private static PmixException someRanks(Attribute<?> a, Value v) {
        String named = v instanceof DataArray d ? d.toString() : String.valueOf(v);
        return new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, a.macroName() + " (" + a.key() + ") = "
                + named + ": this runtime pauses all the ranks of a job or none (true or PMIX_RANK_WILDCARD);"
                + " libpmix clients would stop in init whatever ranks are named");
    }
}
