package org.pmix4j.runtime;

import java.util.List;
import org.pmix4j.api.Attributes;
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
        // Spawns, JobStarter, JobPlacer, JobEvents, OutputOptions.withDirectives
        server.registerAttributes("PMIx_Spawn", List.of(Attributes.WDIR, Attributes.MAPBY, Attributes.RANKBY,
                Attributes.BINDTO, Attributes.NOTIFY_JOB_EVENTS, Attributes.NOTIFY_COMPLETION,
                Attributes.LOG_JOB_EVENTS, Attributes.LOG_COMPLETION, Attributes.TAG_OUTPUT,
                Attributes.TIMESTAMP_OUTPUT, Attributes.MERGE_STDERR_STDOUT, Attributes.OUTPUT_TO_FILE,
                Attributes.OUTPUT_TO_DIRECTORY, Attributes.OUTPUT_NOCOPY, Attributes.IOF_TAG_OUTPUT,
                Attributes.IOF_TIMESTAMP_OUTPUT, Attributes.IOF_XML_OUTPUT, Attributes.IOF_MERGE_STDERR_STDOUT,
                Attributes.IOF_OUTPUT_TO_FILE, Attributes.IOF_OUTPUT_TO_DIRECTORY, Attributes.IOF_FILE_ONLY,
                Attributes.IOF_FILE_PATTERN, Attributes.IOF_OUTPUT_RAW, Attributes.IOF_RANK_OUTPUT,
                Attributes.IOF_TAG_DETAILED_OUTPUT, Attributes.IOF_TAG_FULLNAME_OUTPUT));
        // RuntimeQueries
        server.registerAttributes("PMIx_Query_info", List.of(Attributes.QUERY_NAMESPACES,
                Attributes.QUERY_NAMESPACE_INFO, Attributes.QUERY_JOB_STATUS, Attributes.QUERY_PROC_TABLE,
                Attributes.QUERY_LOCAL_PROC_TABLE, Attributes.QUERY_SPAWN_SUPPORT, Attributes.QUERY_NUM_PSETS,
                Attributes.QUERY_NUM_GROUPS, Attributes.NSPACE));
        // JobControl: what it carries out; the other directives are answered PMIX_ERR_NOT_SUPPORTED
        server.registerAttributes("PMIx_Job_control", List.of(Attributes.JOB_CTRL_KILL,
                Attributes.JOB_CTRL_TERMINATE, Attributes.JOB_CTRL_SIGNAL, Attributes.JOB_CTRL_PAUSE,
                Attributes.JOB_CTRL_RESUME));
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
