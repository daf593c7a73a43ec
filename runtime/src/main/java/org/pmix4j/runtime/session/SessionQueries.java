package org.pmix4j.runtime.session;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * The answer to a {@code pmix4j.qry.sessions} query (docs/sessions.md, "Adoption"): one
 * PMIX_SESSION_INFO_ARRAY per session other than 0, with its id, allocation id, request id, owner, node
 * list and slots per node, time limit, start, parent and its jobs' namespaces. Only for tools of the
 * runtime's user or root (a scheduler adopting the sessions, an administrator).
 */
public final class SessionQueries {
    private final SessionTable table;
    private final ToolUsers tools;
    private final int runtimeUid;

    public SessionQueries(SessionTable table, ToolUsers tools, int runtimeUid) {
        this.table = table;
        this.tools = tools;
        this.runtimeUid = runtimeUid;
    }

    /** Whether {@code key} is this query. */
    public static boolean answers(String key) {
        return SessionKeys.QUERY_SESSIONS.key().equals(key);
    }

    /** @throws PmixException PMIX_ERR_NO_PERMISSIONS for a requester other than a tool of our user or root */
    public Value answer(Proc requester) {
        Integer uid = tools.uid(requester);
        if (uid == null || (uid != runtimeUid && uid != 0)) {
            throw new PmixException(PmixStatus.PMIX_ERR_NO_PERMISSIONS, SessionKeys.QUERY_SESSIONS.key()
                    + " is answered to tools of this runtime's user or root only");
        }
        List<Info> rows = new ArrayList<>();
        for (Session s : table.sessions()) {
            rows.add(Attributes.SESSION_INFO_ARRAY.info(DataArray.ofInfos(describe(s))));
        }
        return DataArray.ofInfos(rows);
    }

    private static List<Info> describe(Session s) {
        List<Info> out = new ArrayList<>();
        out.add(Attributes.SESSION_ID.info(s.id()));
        if (s.allocId() != null) {
            out.add(Attributes.ALLOC_ID.info(s.allocId()));
        }
        if (s.requestId() != null) {
            out.add(Attributes.ALLOC_REQ_ID.info(s.requestId()));
        }
        out.add(Attributes.USERID.info(s.ownerUid()));
        out.add(Attributes.ALLOC_NODE_LIST.info(String.join(",", s.nodeNames())));
        out.add(Attributes.ALLOC_NUM_CPU_LIST.info(Integer.toString(s.slots())));
        if (s.timeLimitSeconds() > 0) {
            out.add(Attributes.ALLOC_TIME.info((int) Math.min(s.timeLimitSeconds(), 0xffffffffL)));
        }
        out.add(SessionKeys.START.info(s.started().getEpochSecond()));
        if (s.parent() != null) {
            out.add(SessionKeys.PARENT.info(s.parent()));
        }
        if (s.separated()) {
            out.add(Attributes.ALLOC_CHILD_SEP.info(true));
        }
        for (String ns : s.jobs()) {
            out.add(Attributes.NSPACE.info(ns));
        }
        return out;
    }
}
