package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * REQ_JOB_INFO, the first request of a client or tool after connecting: nothing after the command. Answered
 * with a {@link JobInfoReply}.
 */
public record JobInfoRequest() implements RequestMessage {
    @Override
    public PmixCommand command() {
        return PmixCommand.REQ_JOB_INFO;
    }

    @Override
    public void writeBody(Packer p) {
    }

    public static JobInfoRequest read(Unpacker u) {
        return new JobInfoRequest();
    }
}
