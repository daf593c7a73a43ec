package org.pmix4j.runtime.sched;

import java.util.List;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.runtime.session.SessionKeys;

/**
 * The attributes of one PMIx_Allocation_request as the scheduler reads them (docs/sessions.md), checked
 * for type and range: a value that cannot be what its attribute means is PMIX_ERR_BAD_PARAM naming it.
 *
 * @param numNodes       PMIX_ALLOC_NUM_NODES, or null
 * @param numCpus        PMIX_ALLOC_NUM_CPUS (slots), or null
 * @param nodeList       PMIX_ALLOC_NODE_LIST, or null
 * @param timeSeconds    PMIX_ALLOC_TIME in seconds (uint32 as in 4.2.2, or OpenPMIx 6's
 *                       "[[[[months:]days:]hours:]minutes:]seconds" text), or null
 * @param requestId      PMIX_ALLOC_REQ_ID, or null
 * @param allocationId   PMIX_ALLOC_ID (names a session to release or extend), or null
 * @param sessionId      PMIX_SESSION_ID (likewise), or null
 * @param childSeparate  PMIX_ALLOC_CHILD_SEP
 * @param waitSeconds    PMIX_TIMEOUT: how long the requester waits in the queue, or null for ever
 * @param userId         PMIX_USERID: whom a runtime asks for (believed from the runtime only), or null
 * @param requestor      PMIX_REQUESTOR: the process a runtime asks for, or null
 * @param parent         the session the request came from (pmix4j.ssn.parent), or null
 */
record AllocationAsk(AllocDirective directive, Integer numNodes, Integer numCpus, String nodeList, Long timeSeconds,
        String requestId, String allocationId, Integer sessionId, boolean childSeparate, Integer waitSeconds,
        Integer userId, Proc requestor, Integer parent) {

    static AllocationAsk read(AllocDirective directive, List<Info> info) {
        return new AllocationAsk(directive, count(info, Attributes.ALLOC_NUM_NODES), count(info, Attributes.ALLOC_NUM_CPUS),
                Attributes.ALLOC_NODE_LIST.find(info).orElse(null), time(info),
                Attributes.ALLOC_REQ_ID.find(info).orElse(null), Attributes.ALLOC_ID.find(info).orElse(null),
                Attributes.SESSION_ID.find(info).orElse(null), Attributes.ALLOC_CHILD_SEP.find(info).orElse(false),
                wait(info), Attributes.USERID.find(info).orElse(null), Attributes.REQUESTOR.find(info).orElse(null),
                parent(info));
    }

    private static Integer count(List<Info> info, Attribute<Long> a) {
        Long n = a.find(info).orElse(null);
        if (n == null) {
            return null;
        }
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw bad(a.macroName() + " is " + Long.toUnsignedString(n) + "; it must be at least 1");
        }
        return n.intValue();
    }

    private static Long time(List<Info> info) {
        for (Info i : info) {
            if (!i.key().equals(Attributes.ALLOC_TIME.key())) {
                continue;
            }
            if (i.value() instanceof Value.Str s) {
                return clockText(s.value());
            }
            long seconds = Integer.toUnsignedLong(Attributes.ALLOC_TIME.find(info).orElseThrow());
            if (seconds == 0) {
                throw bad("PMIX_ALLOC_TIME is 0 seconds; a session needs a time to live, or no PMIX_ALLOC_TIME");
            }
            return seconds;
        }
        return null;
    }

    /** "[[[[months:]days:]hours:]minutes:]seconds", read from the right as OpenPMIx 6 and PRRTE do. */
    static long clockText(String text) {
        long[] unit = {1, 60, 3600, 86400, 30L * 86400};
        String[] parts = text.strip().split(":");
        if (parts.length > unit.length || text.isBlank()) {
            throw bad("PMIX_ALLOC_TIME \"" + text + "\" is not [[[[months:]days:]hours:]minutes:]seconds");
        }
        long total = 0;
        for (int k = 0; k < parts.length; k++) {
            String p = parts[parts.length - 1 - k].strip();
            if (p.isEmpty() || !p.chars().allMatch(Character::isDigit) || p.length() > 9) {
                throw bad("PMIX_ALLOC_TIME \"" + text + "\": \"" + p + "\" is not a number");
            }
            total += Long.parseLong(p) * unit[k];
        }
        if (total == 0) {
            throw bad("PMIX_ALLOC_TIME \"" + text + "\" is no time at all");
        }
        return total;
    }

    private static Integer wait(List<Info> info) {
        Integer t = Attributes.TIMEOUT.find(info).orElse(null);
        if (t != null && t <= 0) {
            throw bad("PMIX_TIMEOUT is " + t + " seconds; give a positive wait, or none to wait until granted");
        }
        return t;
    }

    private static Integer parent(List<Info> info) {
        for (Info i : info) {
            if (i.key().equals(SessionKeys.PARENT.key()) && !(i.value() instanceof Value.UInt32)) {
                throw bad(SessionKeys.PARENT.key() + " must be a uint32 session id, not " + i.value());
            }
        }
        return SessionKeys.PARENT.find(info).orElse(null);
    }

    /** The session a release or extension names: PMIX_SESSION_ID, or the number in PMIX_ALLOC_ID "alloc.N". */
    Integer namedSession() {
        if (sessionId != null) {
            return sessionId;
        }
        if (allocationId != null && allocationId.startsWith("alloc.")) {
            String n = allocationId.substring("alloc.".length());
            if (!n.isEmpty() && n.length() < 10 && n.chars().allMatch(Character::isDigit)) {
                return Integer.parseInt(n);
            }
        }
        return null;
    }

    static PmixException bad(String message) {
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, message);
    }
}
