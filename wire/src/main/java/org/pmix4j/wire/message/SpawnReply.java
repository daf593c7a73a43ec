package org.pmix4j.wire.message;

import org.pmix4j.api.ByteObject;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The answer to {@link SpawnRequest}: STATUS, STRING the new namespace (NULL when none was named), then,
 * when the answering server hosts the new job, its job-level data as KVAL packs up to the end, which the
 * requester files like its own job data. A reader accepts a bare STATUS.
 *
 * @param nspace  the new job's namespace, or {@code null}
 * @param jobData the job-level KVAL packs, back to back (empty: none)
 */
public record SpawnReply(int status, String nspace, ByteObject jobData) implements StatusFirstReply {
    @Override
    public void write(Packer p) {
        p.status(status).string(nspace).raw(jobData.bytes());
    }

    public static SpawnReply read(Unpacker u) {
        int status = u.status();
        String nspace = u.hasRemaining() ? u.string() : null;
        return new SpawnReply(status, nspace, new ByteObject(u.rest()));
    }
}
