package org.pmix4j.server.event;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * The attributes in an event's info (or a registration's directives) that steer delivery rather than
 * describe the event: who must receive it (PMIX_EVENT_CUSTOM_RANGE), which processes it concerns
 * (PMIX_EVENT_AFFECTED_PROC / _PROCS), whether default handlers may see it (PMIX_EVENT_NON_DEFAULT) and
 * whether the server may keep it for late registrants (PMIX_EVENT_DO_NOT_CACHE). The info itself is
 * delivered unchanged: the client library reads the same attributes again and, for instance, ignores an
 * event whose custom range does not name it.
 *
 * @param targets    the processes of a custom range; empty when none was given
 * @param affected   the processes the event concerns, or a handler wants to hear about; empty = any
 * @param nonDefault not for default handlers
 * @param doNotCache deliver now, never keep
 */
record EventDirectives(List<Proc> targets, List<Proc> affected, boolean nonDefault, boolean doNotCache) {
    static final EventDirectives NONE = new EventDirectives(List.of(), List.of(), false, false);

    EventDirectives {
        targets = List.copyOf(targets);
        affected = List.copyOf(affected);
    }

    /**
     * The directives of an event raised with {@code range}. Refuses, as libpmix does, a custom range given
     * with any range but PMIX_RANGE_CUSTOM; and a custom range naming nobody, which would reach no one.
     */
    static EventDirectives ofEvent(int code, DataRange range, List<Info> info) {
        List<Proc> targets = List.of();
        List<Proc> affected = List.of();
        boolean nonDefault = false;
        boolean doNotCache = false;
        for (Info i : info) {
            String k = i.key();
            if (k.equals(Attributes.EVENT_CUSTOM_RANGE.key())) {
                targets = procs(Attributes.EVENT_CUSTOM_RANGE, i, code);
            } else if (k.equals(Attributes.EVENT_AFFECTED_PROC.key())) {
                affected = procs(Attributes.EVENT_AFFECTED_PROC, i, code);
            } else if (k.equals(Attributes.EVENT_AFFECTED_PROCS.key())) {
                affected = procs(Attributes.EVENT_AFFECTED_PROCS, i, code);
            } else if (k.equals(Attributes.EVENT_NON_DEFAULT.key())) {
                nonDefault = i.isTrue();
            } else if (k.equals(Attributes.EVENT_DO_NOT_CACHE.key())) {
                doNotCache = i.isTrue();
            }
        }
        if (!targets.isEmpty() && range.code() != DataRange.CUSTOM.code()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "event " + PmixStatus.name(code)
                    + ": PMIX_EVENT_CUSTOM_RANGE was given with range " + range.label()
                    + "; it belongs with PMIX_RANGE_CUSTOM");
        }
        if (targets.isEmpty() && range.code() == DataRange.CUSTOM.code()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "event " + PmixStatus.name(code)
                    + ": range CUSTOM needs PMIX_EVENT_CUSTOM_RANGE naming the processes to notify");
        }
        if (!EventRange.isKnown(range)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "event " + PmixStatus.name(code) + ": range "
                    + range.label() + " is not an event range");
        }
        return new EventDirectives(targets, affected, nonDefault, doNotCache);
    }

    /**
     * The processes a handler registration is interested in. Giving both PMIX_EVENT_AFFECTED_PROC and
     * PMIX_EVENT_AFFECTED_PROCS (or one twice) is refused, as libpmix refuses it.
     */
    static List<Proc> affectedOfRegistration(List<Info> directives) {
        List<Proc> affected = null;
        for (Info i : directives) {
            Attribute<?> a = i.key().equals(Attributes.EVENT_AFFECTED_PROC.key()) ? Attributes.EVENT_AFFECTED_PROC
                    : i.key().equals(Attributes.EVENT_AFFECTED_PROCS.key()) ? Attributes.EVENT_AFFECTED_PROCS : null;
            if (a == null) {
                continue;
            }
            if (affected != null) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "event registration: the affected processes"
                        + " are given twice (PMIX_EVENT_AFFECTED_PROC and/or PMIX_EVENT_AFFECTED_PROCS)");
            }
            affected = procs(a, i, null);
        }
        return affected == null ? List.of() : affected;
    }

    /** A single PROC or a data array of PROCs, the two shapes these attributes come in. */
    private static List<Proc> procs(Attribute<?> attr, Info i, Integer code) {
        Value v = i.value();
        if (v instanceof Proc p) {
            return List.of(p);
        }
        if (v instanceof DataArray da && da.elementType() == DataType.PROC) {
            List<Proc> out = new ArrayList<>(da.size());
            for (Value e : da.elements()) {
                out.add((Proc) e);
            }
            return out;
        }
        throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, (code == null ? "event registration" : "event "
                + PmixStatus.name(code)) + ": " + attr.macroName() + " must hold a PROC or an array of PROCs, not a "
                + v.type());
    }
}
