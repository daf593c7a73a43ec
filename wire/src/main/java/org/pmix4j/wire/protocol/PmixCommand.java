package org.pmix4j.wire.protocol;

/**
 * The commands of the client-server protocol ({@code pmix_cmd_t}, one byte), with libpmix 4.2.2's numbers.
 * Every request payload starts with one pack holding the command; replies carry none (the tag says which
 * request they answer).
 */
public enum PmixCommand {
    REQ_JOB_INFO(0),
    ABORT(1),
    COMMIT(2),
    FENCE(3),
    GET(4),
    FINALIZE(5),
    PUBLISH(6),
    LOOKUP(7),
    UNPUBLISH(8),
    SPAWN(9),
    CONNECT(10),
    DISCONNECT(11),
    NOTIFY(12),
    REGISTER_EVENTS(13),
    DEREGISTER_EVENTS(14),
    QUERY(15),
    LOG(16),
    ALLOC(17),
    JOB_CONTROL(18),
    MONITOR(19),
    GET_CREDENTIAL(20),
    VALIDATE_CREDENTIAL(21),
    IOF_PULL(22),
    IOF_PUSH(23),
    GROUP_CONSTRUCT(24),
    GROUP_JOIN(25),
    GROUP_INVITE(26),
    GROUP_LEAVE(27),
    GROUP_DESTRUCT(28),
    IOF_DEREGISTER(29),
    FABRIC_REGISTER(30),
    FABRIC_UPDATE(31),
    COMPUTE_DEVICE_DISTANCES(32),
    /**
     * PMIx_Session_control: not in 4.2.2; OpenPMIx 5/6 number it 35 (33 and 34, a cache refresh and resource
     * blocks, are not served). A scheduler sends it to the system controller, and the system controller to
     * its scheduler.
     */
    SESSION_CTRL(35);

    private static final PmixCommand[] BY_CODE = new PmixCommand[36];

    static {
        for (PmixCommand c : values()) {
            BY_CODE[c.code] = c;
        }
    }

    private final int code;

    PmixCommand(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The command with this code, or {@code null}. */
    public static PmixCommand forCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Only DEREGISTER_EVENTS is never answered; a reply to it would confuse a libpmix client. */
    public boolean expectsReply() {
        return this != DEREGISTER_EVENTS;
    }
}
