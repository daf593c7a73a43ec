package org.pmix4j.client.request;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.AttributeSupport;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Query;

/**
 * The client and tool libraries' own part of PMIX_QUERY_ATTRIBUTE_SUPPORT: what PMIx_Init and PMIx_tool_init of
 * this library honour, answered here without the server, as libpmix's client and tool libraries answer their
 * PMIX_CLIENT_* and PMIX_TOOL_* qualifiers (a debugger checks PMIX_CLIENT_ATTRIBUTES of PMIx_Init for
 * PMIX_DEBUG_STOP_IN_INIT before asking a launcher to stop there). Only what the library carries out is listed.
 */
final class LibraryAttributes {
    private static final AttributeSupport SUPPORT = new AttributeSupport();

    static {
        // DebuggerStop: a job's PMIX_DEBUG_STOP_IN_INIT holds PMIx_Init until PMIX_DEBUGGER_RELEASE
        SUPPORT.register(AttributeSupport.Level.CLIENT, "PMIx_Init", List.of(Attributes.DEBUG_STOP_IN_INIT));
        // tool.ToolConnector and PmixTool.init
        SUPPORT.register(AttributeSupport.Level.TOOL, "PMIx_tool_init", List.of(Attributes.SERVER_PIDINFO,
                Attributes.SERVER_URI, Attributes.SERVER_NSPACE, Attributes.SERVER_TMPDIR, Attributes.SYSTEM_TMPDIR,
                Attributes.CONNECT_TO_SYSTEM, Attributes.CONNECT_SYSTEM_FIRST, Attributes.CONNECT_TO_SCHEDULER,
                Attributes.CONNECT_TO_SYS_CONTROLLER, Attributes.TOOL_NSPACE, Attributes.TOOL_RANK,
                Attributes.LAUNCHER, Attributes.TOOL_DO_NOT_CONNECT, Attributes.TOOL_CONNECT_OPTIONAL,
                Attributes.TOOL_ATTACHMENT_FILE, Attributes.CONNECT_MAX_RETRIES, Attributes.CONNECT_RETRY_DELAY,
                Attributes.WAIT_FOR_CONNECTION, Attributes.TIMEOUT));
    }

    private LibraryAttributes() {
    }

    /** A query, split into what this library answers and what goes on to the server. */
    record Split(List<Query> toServer, List<Info> answeredHere) {
    }

    static Split split(List<Query> queries) {
        List<Query> toServer = new ArrayList<>();
        List<Info> here = new ArrayList<>();
        for (Query q : queries) {
            if (!AttributeSupport.isAttributeQuery(q.keys())) {
                toServer.add(q);
                continue;
            }
            List<Info> local = new ArrayList<>();
            List<Info> remote = new ArrayList<>();
            for (Info qualifier : q.qualifiers()) {
                AttributeSupport.Level level = AttributeSupport.Level.of(qualifier.key());
                boolean ours = level == AttributeSupport.Level.CLIENT || level == AttributeSupport.Level.TOOL;
                (ours ? local : remote).add(qualifier);
            }
            if (!local.isEmpty()) {
                here.addAll(SUPPORT.answer(local));
            }
            if (!remote.isEmpty() || local.isEmpty()) {
                toServer.add(new Query(q.keys(), remote.isEmpty() ? q.qualifiers() : remote));
            }
        }
        return new Split(toServer, here);
    }
}
