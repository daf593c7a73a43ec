package org.pmix4j.runtime.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

/**
 * The session a front end's job goes into, as PRRTE's prun names it: {@code --session-id N} (PMIX_SESSION_ID),
 * {@code --alloc-id ID} (PMIX_ALLOC_ID, the scheduler's name) or {@code --alloc-refid ID} (PMIX_ALLOC_REQ_ID,
 * the user's name for the request); else the session of the {@code pmix4j alloc} it runs under
 * ({@link SchedulerTool#SESSION_VARIABLE}); else none (the DVM's default session). The DVM refuses a session it
 * does not have, naming it.
 *
 * @param sessionId  --session-id, or null
 * @param allocId    --alloc-id, or null
 * @param allocRefId --alloc-refid, or null
 */
public record SessionTarget(Integer sessionId, String allocId, String allocRefId) {
    /** No session named: the environment's, or the default one. */
    public static final SessionTarget NONE = new SessionTarget(null, null, null);

    /** Parses --session-id's value. */
    public static Integer sessionId(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Integer.parseUnsignedInt(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--session-id " + text + ": a session id is a number (pmix4j queue"
                    + " lists them)");
        }
    }

    /** The spawn's directives for it. */
    List<Info> directives(Map<String, String> env) {
        List<Info> out = new ArrayList<>();
        if (sessionId != null) {
            out.add(Attributes.SESSION_ID.info(sessionId));
        }
        if (allocId != null) {
            out.add(Attributes.ALLOC_ID.info(allocId));
        }
        if (allocRefId != null) {
            out.add(Attributes.ALLOC_REQ_ID.info(allocRefId));
        }
        String inAlloc = env.get(SchedulerTool.SESSION_VARIABLE);
        if (out.isEmpty() && inAlloc != null && !inAlloc.isBlank()) {
            // run inside `pmix4j alloc`: the job goes into its session
            try {
                out.add(Attributes.SESSION_ID.info(Integer.parseUnsignedInt(inAlloc.strip())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SchedulerTool.SESSION_VARIABLE + "=" + inAlloc
                        + " is no session id");
            }
        }
        return out;
    }
}
