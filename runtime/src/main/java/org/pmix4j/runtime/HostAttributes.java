package org.pmix4j.runtime;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.runtime.session.SessionKeys;
import org.pmix4j.server.PmixServer;

/**
 * What {@code pmix4j run} tells tools it supports (PMIx_Register_attributes, read back with
 * {@code pattrs --host-fns} or {@code pattrs --host all}): the PMIx functions its host module carries out
 * and, for each, the attributes the runtime reads there. Each list is what the named class reads; a new
 * attribute honoured there belongs here too.
 */
final class HostAttributes {
    private HostAttributes() {
    }

    static void registerAll(PmixServer server) {
        // exactly the directives SpawnDirectives lets through (the others are refused or ignored)
        server.registerAttributes("PMIx_Spawn", SpawnDirectives.supported());
        // RuntimeQueries
        server.registerAttributes("PMIx_Query_info", List.of(Attributes.QUERY_NAMESPACES,
                Attributes.QUERY_NAMESPACE_INFO, Attributes.QUERY_JOB_STATUS, Attributes.QUERY_PROC_TABLE,
                Attributes.QUERY_LOCAL_PROC_TABLE, Attributes.QUERY_SPAWN_SUPPORT, Attributes.QUERY_DEBUG_SUPPORT,
                Attributes.QUERY_NUM_PSETS,
                Attributes.QUERY_NUM_GROUPS, Attributes.NSPACE, SessionKeys.QUERY_SESSIONS));
        // JobControl: what it carries out; the other directives are answered PMIX_ERR_NOT_SUPPORTED
        server.registerAttributes("PMIx_Job_control", List.of(Attributes.JOB_CTRL_KILL,
                Attributes.JOB_CTRL_TERMINATE, Attributes.JOB_CTRL_SIGNAL, Attributes.JOB_CTRL_PAUSE,
                Attributes.JOB_CTRL_RESUME, Attributes.JOB_CTRL_SEP));
        // session.SessionControl (a DVM; pmix4j run refuses session control)
        server.registerAttributes("PMIx_Session_control", List.of(Attributes.SESSION_INSTANTIATE,
                Attributes.SESSION_RESOURCES, Attributes.SESSION_TERMINATE, Attributes.SESSION_SEP,
                Attributes.SESSION_EXTEND, Attributes.SESSION_SIGNAL, Attributes.SESSION_PAUSE,
                Attributes.SESSION_RESUME, Attributes.ALLOC_NODE_LIST, Attributes.ALLOC_NUM_CPU_LIST,
                Attributes.ALLOC_ID, Attributes.ALLOC_REQ_ID, Attributes.ALLOC_TIME, Attributes.ALLOC_CHILD_SEP,
                Attributes.USERID, SessionKeys.PARENT, SessionKeys.REASON));
        // data.DataServer
        server.registerAttributes("PMIx_Publish", List.of(Attributes.RANGE, Attributes.PERSISTENCE,
                Attributes.ACCESS_USERIDS, Attributes.ACCESS_GRPIDS, Attributes.ACCESS_PERMISSIONS));
        server.registerAttributes("PMIx_Lookup", List.of(Attributes.RANGE, Attributes.WAIT, Attributes.TIMEOUT));
        server.registerAttributes("PMIx_Unpublish", List.of(Attributes.RANGE));
        // RuntimeLog
        server.registerAttributes("PMIx_Log", List.of(Attributes.LOG_STDOUT, Attributes.LOG_STDERR,
                Attributes.LOG_SYSLOG, Attributes.LOG_LOCAL_SYSLOG, Attributes.LOG_GLOBAL_SYSLOG,
                Attributes.LOG_SYSLOG_PRI, Attributes.LOG_ONCE));
        // RuntimeHost: the job ends with the abort's status
        server.registerAttributes("PMIx_Abort", List.of());
    }
}
