package org.pmix4j.runtime.session;

import org.pmix4j.api.Attribute;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;

/**
 * pmix4j's own keys of the session protocol (docs/sessions.md): what the Standard has no attribute for.
 */
public final class SessionKeys {
    private SessionKeys() {
    }

    /** The session a request came from (a session-control instantiate, a forwarded allocation request). */
    public static final Attribute<Integer> PARENT = Attribute.of(Integer.class, DataType.UINT32, "pmix4j.ssn.parent",
            "pmix4j.ssn.parent", "The session the request came from (its parent session).");

    /** Why a session is terminated, for the messages and the session-end event. */
    public static final Attribute<String> REASON = Attribute.of(String.class, DataType.STRING, "pmix4j.ssn.reason",
            "pmix4j.ssn.reason", "Why the session is terminated.");

    /** When a session started, in seconds since the epoch. */
    public static final Attribute<Long> START = Attribute.of(Long.class, DataType.UINT64, "pmix4j.ssn.start",
            "pmix4j.ssn.start", "When the session started (seconds since the epoch).");

    /** The query of the sessions a DVM runs: one PMIX_SESSION_INFO_ARRAY per session other than 0. */
    public static final Attribute<DataArray> QUERY_SESSIONS = Attribute.of(DataArray.class, DataType.DATA_ARRAY,
            "pmix4j.qry.sessions", "pmix4j.qry.sessions", "Query: the sessions the runtime runs.");
}
