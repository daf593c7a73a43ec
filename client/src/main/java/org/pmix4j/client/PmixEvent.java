package org.pmix4j.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * An event as a handler sees it.
 *
 * @param status         the event code ({@link PmixStatus}, or a user code below -3000)
 * @param source         who raised it
 * @param info           what the event carries
 * @param results        what earlier handlers of the chain returned
 * @param registrationId the id of the registration this handler was called for
 */
public record PmixEvent(int status, Proc source, List<Info> info, List<Info> results, long registrationId) {
    public PmixEvent {
        info = List.copyOf(info);
        results = List.copyOf(results);
    }

    /** The first info with this key, if any. */
    public Optional<Value> value(String key) {
        for (Info i : info) {
            if (i.key().equals(key)) {
                return Optional.of(i.value());
            }
        }
        return Optional.empty();
    }

    /** The processes the event says it affects (PMIX_EVENT_AFFECTED_PROC and _PROCS), possibly none. */
    public List<Proc> affected() {
        return affectedIn(info);
    }

    /** The processes named by PMIX_EVENT_AFFECTED_PROC and PMIX_EVENT_AFFECTED_PROCS in an info list. */
    public static List<Proc> affectedIn(List<Info> info) {
        List<Proc> out = new ArrayList<>();
        for (Info i : info) {
            if (i.key().equals(Attributes.EVENT_AFFECTED_PROC.key()) && i.value() instanceof Proc p) {
                out.add(p);
            } else if (i.key().equals(Attributes.EVENT_AFFECTED_PROCS.key()) && i.value() instanceof DataArray a) {
                for (Value v : a.elements()) {
                    if (v instanceof Proc p) {
                        out.add(p);
                    }
                }
            }
        }
        return out;
    }

    /** The status's name, e.g. PMIX_EVENT_JOB_END. */
    public String statusName() {
        return PmixStatus.name(status);
    }
}
