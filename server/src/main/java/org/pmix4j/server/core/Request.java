package org.pmix4j.server.core;

import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.message.ReplyMessage;
import org.pmix4j.wire.message.StatusReply;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * One request from a peer: who sent it, the command, and the way to answer it exactly once on its tag (the
 * body arrives separately, read into its record). A request whose peer has gone is answered into the void.
 */
public final class Request {
    private final Peer peer;
    private final int tag;
    private final PmixCommand command;
    private boolean answered;

    Request(Peer peer, int tag, PmixCommand command) {
        this.peer = peer;
        this.tag = tag;
        this.command = command;
    }

    public Peer peer() {
        return peer;
    }

    public int tag() {
        return tag;
    }

    public PmixCommand command() {
        return command;
    }

    public boolean isAnswered() {
        return answered;
    }

    private void reply(byte[] payload) {
        if (answered) {
            throw new IllegalStateException(command + " request " + tag + " of " + peer + " answered twice");
        }
        answered = true;
        if (peer.isConnected()) {
            peer.send(tag, payload);
        }
    }

    /** Answers with a reply record, in the peer's buffer kind. */
    public void reply(ReplyMessage message) {
        reply(message.payload(peer.kind()));
    }

    /** The usual answer: one STATUS. Internal "succeeded" codes become plain success, as libpmix does. */
    public void replyStatus(int status) {
        reply(StatusReply.of(status));
    }
}
