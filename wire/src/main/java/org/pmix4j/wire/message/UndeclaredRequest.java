package org.pmix4j.wire.message;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/** TRANSITIONAL, removed once every command has its record: a body its handler still reads by hand. */
public record UndeclaredRequest(PmixCommand command, Unpacker body) implements RequestMessage {
    @Override
    public void writeBody(Packer p) {
        throw new UnsupportedOperationException(command + " has no request record yet");
    }
}
