package org.pmix4j.wire.message;

import java.util.function.Function;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * One message under test, with how its bytes are written and how they are read back: a request through
 * {@link RequestMessages}, from its command pack on, as the server reads it; a reply or a pushed message
 * with its record's own reader, as the client reads it.
 *
 * @param command the request's command, {@code null} for a reply or a pushed message
 */
record MessageCase(Object message, PmixCommand command, Function<BufferKind, byte[]> write,
        Function<Unpacker, Object> read) {
    static MessageCase request(RequestMessage m) {
        return new MessageCase(m, m.command(), m::payload,
                u -> RequestMessages.read(PmixCommand.forCode(u.command()), u));
    }

    static <R extends ReplyMessage> MessageCase reply(R m, Function<Unpacker, R> read) {
        return new MessageCase(m, null, m::payload, read::apply);
    }

    static MessageCase event(EventNotification m) {
        return new MessageCase(m, null, m::payload, EventNotification::read);
    }

    static MessageCase ioData(IofDataMessage m) {
        return new MessageCase(m, null, m::payload, IofDataMessage::read);
    }

    @Override
    public String toString() {
        return message.toString();
    }
}
