package org.pmix4j.client.request;

import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.store.DataStore;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * REQ: the job information, asked for once right after connecting. The reply is our namespace followed
 * by KVALs until the end, which go straight into the store; it answers the namespace the server named.
 *
 * @param expected the namespace the reply must name, or {@code null} to take what it says (a tool that
 *                 has just been given one)
 */
public record JobInfoRequest(String expected, DataStore store) implements Request<String> {
    public PmixCommand command() {
        return PmixCommand.REQ_JOB_INFO;
    }

    public void writeBody(Packer p) {
    }

    public String readReply(Unpacker u) {
        String nspace = u.string();
        if (expected != null && !expected.equals(nspace)) {
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, "the server sent the job information of '" + nspace
                    + "', we are in '" + expected + "'");
        }
        store.fileJobInfo(nspace, u);
        return nspace;
    }
}
