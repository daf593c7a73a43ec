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
    /** Copies the lists, so that the record cannot change after it was made. */
    public PmixEvent {
        info = List.copyOf(info);
        results = List.copyOf(results);
    }

    /**
     * The event's value for a key.
     *
     * @param key a key, e.g. {@code Attributes.JOB_TERM_STATUS.key()}
     * @return the value of the first info with this key; empty when none
     */
    public Optional<Value> value(String key) {
        for (Info i : info) {
            if (i.key().equals(key)) {
                return Optional.of(i.value());
            }
        }
        return Optional.empty();
    }

    /** {@return the processes the event says it affects (PMIX_EVENT_AFFECTED_PROC and _PROCS), possibly none} */
    public List<Proc> affected() {
        return affectedIn(info);
    }

    /**
     * The processes an event's infos say it affects.
     *
     * @param info an event's infos
     * @return the processes named by PMIX_EVENT_AFFECTED_PROC and PMIX_EVENT_AFFECTED_PROCS, possibly none
     */
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

    /** {@return the status's name, e.g. PMIX_EVENT_JOB_END} */
    public String statusName() {
        return PmixStatus.name(status);
    }
}
