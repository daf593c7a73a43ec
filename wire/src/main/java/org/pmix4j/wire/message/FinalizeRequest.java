package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/** FINALIZE: nothing after the command. Answered with a {@link StatusReply}, after which the peer closes. */
public record FinalizeRequest() implements RequestMessage {
    @Override
    public PmixCommand command() {
        return PmixCommand.FINALIZE;
    }

    @Override
    public void writeBody(Packer p) {
    }

    public static FinalizeRequest read(Unpacker u) {
        return new FinalizeRequest();
    }
}
