package org.pmix4j.server.core;

import org.pmix4j.server.peer.Peer;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.message.ReplyMessage;
import org.pmix4j.wire.message.StatusReply;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * One request from a peer: the command, the rest of its payload, and the way to answer it exactly once on
 * its tag. A request whose peer has gone is answered into the void.
 */
public final class Request {
    private final ServerCore server;
    private final Peer peer;
    private final int tag;
    private final PmixCommand command;
    private final Unpacker body;
    private boolean answered;

    Request(ServerCore server, Peer peer, int tag, PmixCommand command, Unpacker body) {
        this.server = server;
        this.peer = peer;
        this.tag = tag;
        this.command = command;
        this.body = body;
    }

    public ServerCore server() {
        return server;
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

    /** The request after its command pack. */
    public Unpacker body() {
        return body;
    }

    /** A packer in the peer's buffer kind, for building the reply. */
    public Packer packer() {
        return peer.packer();
    }

    public boolean isAnswered() {
        return answered;
    }

    public void reply(Packer p) {
        reply(p.toByteArray());
    }

    public void reply(byte[] payload) {
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
