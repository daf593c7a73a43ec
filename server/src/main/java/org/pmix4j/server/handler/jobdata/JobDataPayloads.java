package org.pmix4j.server.handler.jobdata;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.InfoDirectives;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.server.store.JobData;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;

/**
 * The job data of a namespace in the forms the server sends to libpmix 4.2.2 clients: the reply to REQ
 * (job information), and the job-level and process-level byte objects of GET replies (which also go to
 * clients of other jobs with SPAWN and CONNECT replies). The two whole-job forms are built once per job and
 * buffer kind and kept with the job data ({@link JobData#payload}) until it changes.
 */
public final class JobDataPayloads {
    private static final String SESSION_ARRAY = Attributes.SESSION_INFO_ARRAY.key();
    private static final String NODE_ARRAY = Attributes.NODE_INFO_ARRAY.key();
    private static final String APP_ARRAY = Attributes.APP_INFO_ARRAY.key();
    /** PMIX_PROC_INFO_ARRAY and PMIX_PROC_DATA share this key. */
    private static final String PROC_ARRAY = Attributes.PROC_INFO_ARRAY.key();
    private static final String PROC_BLOB = Attributes.PROC_BLOB.key();
    private static final String RANK = Attributes.RANK.key();

    /** The whole-job payloads: the REQ reply, the job-level GET object, the REQ reply to a shared-store client. */
    private enum Shape { REQ_REPLY, GET_OBJECT, ARRAYS_ONLY }

    /** Which whole-job payload, in which buffer kind: the key of the kept payloads. */
    private record Form(Shape shape, BufferKind kind) {
        // equals and hashCode by hand: a record's own are bootstrapped through method handles at their first
        // call (six classes generated, which no AOT cache keeps), and the first is the first client's request
        @Override
        public boolean equals(Object o) {
            return o instanceof Form f && f.shape == shape && f.kind == kind;
        }

        @Override
        public int hashCode() {
            return shape.ordinal() * 31 + kind.ordinal();
        }
    }

    private JobDataPayloads() {
    }

    /**
     * The reply to a client's REQ after its leading {@code STRING nspace} pack: the KVAL packs libpmix
     * 4.2.2's server sends and its client's gds hash files — job-level values, then {@code pmix.ssn.arr}
     * (session id first), one {@code pmix.node.arr} per named node ({@code pmix.hname}, {@code pmix.nodeid},
     * ...; nodes whose name is unknown are left out, as a node array without a name crashes a 4.2.2
     * client), one {@code pmix.app.arr} per application ({@code pmix.appnum} first), and one
     * {@code pmix.pblob} per rank (a BYTE_OBJECT holding {@code PROC_RANK rank} and the rank's KVALs).
     * Built once per buffer kind and kept; do not modify the array.
     */
    public static byte[] jobInfoReply(JobData job, BufferKind kind) {
        return job.payload(new Form(Shape.REQ_REPLY, kind), () -> build(job, kind, false));
    }

    /**
     * The reply to REQ of a client that reads the job data from the shared-memory store, after its leading
     * nspace: only the session, node and application arrays, which that store does not hold (libpmix's client
     * files them in its own hash). Kept; do not modify the array.
     */
    public static byte[] sharedStoreReply(JobData job, BufferKind kind) {
        return job.payload(new Form(Shape.ARRAYS_ONLY, kind), () -> {
            Packer p = new Packer(kind, 512);
            if (job.hasData()) {
                packArrays(p, job);
            }
            return p.toByteArray();
        });
    }

    /**
     * The job-level byte object of a GET reply for {@code {nspace, WILDCARD}} without a key: {@code PROC
     * {nspace, WILDCARD}} then the KVALs libpmix's server sends there — job-level values, the session,
     * node and application arrays, and one {@code pmix.pdata} array (rank first) per rank. Kept; do not
     * modify the array.
     */
    public static byte[] jobLevelObject(JobData job, BufferKind kind) {
        return job.payload(new Form(Shape.GET_OBJECT, kind), () -> build(job, kind, true));
    }

    /**
     * The job-level byte object of a GET for {@code {nspace, WILDCARD}} with a key: {@code PROC {nspace,
     * WILDCARD}} and the one KVAL {@link JobData#find} gives; empty when there is no such value.
     */
    public static Optional<byte[]> jobLevelObject(JobData job, String key, List<Info> qualifiers,
            BufferKind kind) {
        return job.find(Rank.WILDCARD, key, qualifiers).map(v -> {
            Packer p = new Packer(kind, 64 + key.length());
            p.proc(Proc.wildcard(job.nspace()));
            p.kval(key, v);
            return p.toByteArray();
        });
    }

    /**
     * The process-level byte object of one rank: {@code PROC {nspace, rank}} then the KVALs of
     * {@link JobData#procValues}.
     *
     * @throws PmixException {@link PmixStatus#PMIX_ERR_NOT_FOUND} for a rank outside the job
     */
    public static byte[] procObject(JobData job, int rank, BufferKind kind) {
        if (rank < 0 || rank >= job.jobSize()) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "rank " + Rank.label(rank) + " is not in job "
                    + job.nspace() + " of " + job.jobSize() + " processes");
        }
        Packer p = new Packer(kind, 256);
        p.proc(new Proc(job.nspace(), rank));
        for (KeyValue kv : job.procValues(rank)) {
            p.kval(kv);
        }
        return p.toByteArray();
    }

    private static byte[] build(JobData job, BufferKind kind, boolean getObject) {
        int jobSize = job.jobSize();
        Packer p = new Packer(kind, 1024 + jobSize * (getObject ? 160 : 110));
        if (getObject) {
            p.proc(Proc.wildcard(job.nspace()));
        }
        for (KeyValue kv : job.jobValues()) {
            p.kval(kv);
        }
        if (!job.hasData()) {
            return p.toByteArray();
        }
        packArrays(p, job);
        for (int r = 0; r < jobSize; r++) {
            List<KeyValue> values = job.procValues(r);
            if (values.isEmpty()) {
                continue;
            }
            if (getObject) {
                List<Info> infos = new ArrayList<>(values.size() + 1);
                infos.add(Info.of(RANK, new Rank(r)));
                for (KeyValue kv : values) {
                    infos.add(Info.of(kv.key(), kv.value()));
                }
                markEnd(infos);
                p.kval(PROC_ARRAY, DataArray.ofInfos(infos));
            } else {
                Packer blob = new Packer(kind, 160);
                blob.rank(r);
                for (KeyValue kv : values) {
                    blob.kval(kv);
                }
                p.kval(PROC_BLOB, new ByteObject(blob.toByteArray()));
            }
        }
        return p.toByteArray();
    }

    /** The session array, one array per named node, one per application (with its own node arrays). */
    private static void packArrays(Packer p, JobData job) {
        p.kval(SESSION_ARRAY, infoArray(job.sessionValues(), null));
        for (List<KeyValue> node : job.namedNodeValues()) {
            p.kval(NODE_ARRAY, infoArray(node, null));
        }
        for (JobData.AppValues app : job.appValues()) {
            List<Info> nested = null;
            for (List<KeyValue> node : app.namedNodes()) {
                if (nested == null) {
                    nested = new ArrayList<>();
                }
                nested.add(Info.of(NODE_ARRAY, infoArray(node, null)));
            }
            p.kval(APP_ARRAY, infoArray(app.values(), nested));
        }
    }

    private static DataArray infoArray(List<KeyValue> values, List<Info> more) {
        List<Info> infos = new ArrayList<>(values.size() + (more == null ? 0 : more.size()));
        for (KeyValue kv : values) {
            infos.add(Info.of(kv.key(), kv.value()));
        }
        if (more != null) {
            infos.addAll(more);
        }
        markEnd(infos);
        return DataArray.ofInfos(infos);
    }

    /** libpmix's info arrays carry ARRAY_END on their last element; ours do too, byte for byte. */
    private static void markEnd(List<Info> infos) {
        if (!infos.isEmpty()) {
            int last = infos.size() - 1;
            Info i = infos.get(last);
            infos.set(last, i.withFlags(i.flags() | InfoDirectives.ARRAY_END));
        }
    }
}
