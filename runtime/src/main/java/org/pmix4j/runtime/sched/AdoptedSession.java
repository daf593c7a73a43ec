package org.pmix4j.runtime.sched;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.runtime.sched.policy.AllocationRequest;
import org.pmix4j.runtime.sched.policy.NodeSlots;
import org.pmix4j.runtime.sched.policy.Session;
import org.pmix4j.runtime.session.SessionKeys;

/**
 * A session the runtime reports running (its answer to pmix4j.qry.sessions, docs/sessions.md),
 * as the engine adopts it: a restarted scheduler must neither hand its slots out again nor reuse its id.
 */
final class AdoptedSession {
    private AdoptedSession() {
    }

    /** @throws IllegalArgumentException naming what is missing or inconsistent */
    static Session of(List<Info> fields, Instant now) {
        int id = Attributes.SESSION_ID.find(fields).orElseThrow(() -> new IllegalArgumentException("no PMIX_SESSION_ID"));
        String alloc = Attributes.ALLOC_ID.find(fields).orElse("alloc." + Integer.toUnsignedString(id));
        int uid = Attributes.USERID.find(fields).orElseThrow(() -> new IllegalArgumentException(
                "session " + id + " has no PMIX_USERID"));
        List<String> nodes = AllocationRequest.parseNodeList(Attributes.ALLOC_NODE_LIST.find(fields).orElse(null));
        String[] slots = Attributes.ALLOC_NUM_CPU_LIST.find(fields).orElse("").split(",");
        if (nodes.isEmpty() || slots.length != nodes.size()) {
            throw new IllegalArgumentException("session " + id + " gives " + nodes.size() + " nodes and "
                    + slots.length + " slot counts");
        }
        List<NodeSlots> held = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            held.add(new NodeSlots(nodes.get(i), Integer.parseInt(slots[i].strip())));
        }
        Instant start = SessionKeys.START.find(fields).map(Instant::ofEpochSecond).orElse(now);
        Integer limit = Attributes.ALLOC_TIME.find(fields).orElse(null);
        Instant end = limit == null ? null : start.plus(Duration.ofSeconds(Integer.toUnsignedLong(limit)));
        return new Session(id, alloc, uid, Attributes.ALLOC_REQ_ID.find(fields).orElse(null), held, start, end);
    }
}
