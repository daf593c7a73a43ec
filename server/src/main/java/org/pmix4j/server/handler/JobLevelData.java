package org.pmix4j.server.handler;

import org.pmix4j.server.handler.jobdata.JobDataPayloads;
import org.pmix4j.server.store.JobData;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

/**
 * The job-level data of a namespace as libpmix's server hands it to a client of another job (the reply to
 * SPAWN, the byte objects of the CONNECT reply): what its gds returns for {@code {nspace, WILDCARD}} —
 * job-level values, the session, node and application arrays and one {@code pmix.pdata} array per rank —
 * as KVAL packs, which the client's gds files like the data of its own job.
 */
final class JobLevelData {
    private JobLevelData() {
    }

    /** The KVAL packs alone: {@link JobDataPayloads#jobLevelObject} without its leading PROC pack. */
    static byte[] keyValuePacks(JobData job, BufferKind kind) {
        byte[] object = JobDataPayloads.jobLevelObject(job, kind);
        Unpacker u = new Unpacker(object, kind);
        u.proc();
        int from = u.position();
        byte[] out = new byte[object.length - from];
        System.arraycopy(object, from, out, 0, out.length);
        return out;
    }
}
