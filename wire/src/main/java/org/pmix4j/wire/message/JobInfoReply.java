package org.pmix4j.wire.message;

import org.pmix4j.api.ByteObject;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The answer to {@link JobInfoRequest}: STRING the requester's namespace, then its job data as KVAL packs up
 * to the end (no STATUS, no count). The KVALs stay packed here: the server builds them once per job and
 * the client's store files them as they come.
 *
 * @param jobData the KVAL packs, back to back
 */
public record JobInfoReply(String nspace, ByteObject jobData) implements ReplyMessage {
    @Override
    public void write(Packer p) {
        p.string(nspace).raw(jobData.bytes());
    }

    public static JobInfoReply read(Unpacker u) {
        return new JobInfoReply(u.string(), new ByteObject(u.rest()));
    }
}
