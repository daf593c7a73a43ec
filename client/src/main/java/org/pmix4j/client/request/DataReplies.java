package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.App;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.Rank;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;
import org.pmix4j.wire.message.ConnectProcsReply;
import org.pmix4j.wire.message.GetReply;
import org.pmix4j.wire.message.JobInfoReply;
import org.pmix4j.wire.message.LookupReply;
import org.pmix4j.wire.message.StatusInfosReply;
import org.pmix4j.wire.message.SpawnReply;

/**
 * What the client makes of the replies that carry data: each is read with its reply record, a status other
 * than success fails the request (naming it), and job and process data go into the store, so that the
 * caller then finds them there. These run on the connection's I/O thread: they only read and file.
 */
public final class DataReplies {
    private final DataStore store;

    public DataReplies(DataStore store) {
        this.store = store;
    }

    /**
     * The job information: files it and answers the namespace it is for.
     *
     * @param expected the namespace the reply must name, or {@code null} to take what it says (a tool that
     *                 has just been given one)
     */
    public String jobInfo(Unpacker u, String expected) {
        JobInfoReply reply = JobInfoReply.read(u);
        if (expected != null && !expected.equals(reply.nspace())) {
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, "the server sent the job information of '"
                    + reply.nspace() + "', we are in '" + expected + "'");
        }
        store.fileJobInfo(reply.nspace(), new Unpacker(reply.jobData().bytes(), u.kind()));
        return reply.nspace();
    }

    /** A Get's answer: every object (the job's level, then the target's data) is filed. */
    public Void get(Unpacker u, Proc target, String key) {
        GetReply reply = GetReply.read(u);
        reply.check("get " + (key == null ? "all data" : "'" + key + "'") + " of " + target.nspace() + ":"
                + Rank.label(target.rank()));
        for (ByteObject o : reply.objects()) {
            if (o.size() > 0) {
                store.fileProcObject(o.bytes());
            }
        }
        return null;
    }

    /** A spawn's answer: the new namespace; its job data is filed when its server sent it. */
    public String spawn(Unpacker u, List<App> apps) {
        SpawnReply reply = SpawnReply.read(u);
        reply.check("spawn of " + apps.stream().map(a -> a.cmd()).toList());
        if (reply.nspace() != null && reply.jobData().size() > 0) {
            store.fileJobInfo(reply.nspace(), new Unpacker(reply.jobData().bytes(), u.kind()));
        }
        return reply.nspace();
    }

    /** A connect's answer: the job data of the other namespaces involved is filed. */
    public Void connect(Unpacker u, List<Proc> procs) {
        ConnectProcsReply reply = ConnectProcsReply.read(u);
        reply.check("connect to " + procs);
        for (ByteObject o : reply.jobs()) {
            if (o.size() > 0) {
                fileConnectedJob(o.bytes(), u.kind());
            }
        }
        return null;
    }

    /** One namespace's object of a connect reply: its name, then its job-level KVALs. */
    private void fileConnectedJob(byte[] object, BufferKind kind) {
        Unpacker inner = new Unpacker(object, kind);
        try {
            String nspace = inner.string();
            store.fileJobInfo(nspace, inner);
        } catch (WireFormatException e) {
            // some servers send only what they have; the data is a help, not a requirement
        }
    }

    /** A lookup's answer: the data found. */
    public static List<PublishedData> lookup(Unpacker u, List<String> keys) {
        LookupReply reply = LookupReply.read(u);
        reply.check("lookup of " + keys);
        // a server answers one entry per key asked; keys it did not find come back empty
        return reply.data().stream().filter(d -> !d.key().isEmpty() && d.value().type() != DataType.UNDEF).toList();
    }

    /** A query's answer: the results, each keyed by its query key. */
    public static List<Info> query(Unpacker u) {
        StatusInfosReply reply = StatusInfosReply.read(u);
        reply.check("query");
        return reply.infos();
    }
}
