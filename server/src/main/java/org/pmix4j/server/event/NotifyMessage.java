package org.pmix4j.server.event;

import org.pmix4j.wire.Packer;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The message that carries an event to a client or tool on tag 0 (libpmix 4.2.2
 * {@code _notify_client_event}): COMMAND NOTIFY, STATUS code, PROC source, SIZE ninfo, INFO[ninfo] when
 * there are any, DATA_RANGE range. A client stops reading after the info; a tool reads the range (and
 * treats its absence as LOCAL), so it is always sent.
 */
final class NotifyMessage {
    private NotifyMessage() {
    }

    static byte[] encode(Packer p, Notification n) {
        return p.command(PmixCommand.NOTIFY.code()).status(n.code()).proc(n.source()).sizedInfos(n.info())
                .pack(n.range()).toByteArray();
    }
}
