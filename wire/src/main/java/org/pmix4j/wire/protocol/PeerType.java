package org.pmix4j.wire.protocol;

/**
 * What kind of process is connecting, the flag byte of the connect request, and which identity fields
 * follow it.
 */
public enum PeerType {
    /** A client this server launched: nspace and rank. */
    SIMPLE_CLIENT(0, false, true),
    LEGACY_TOOL(1, true, false),
    LEGACY_LAUNCHER(2, true, false),
    /** A tool that started on its own and needs the server to name it. */
    TOOL_NEEDS_ID(3, true, false),
    /** A tool given a name by whoever started it. */
    TOOL_GIVEN_ID(4, true, true),
    /** A tool started by a PMIx server (it has the server's URI in its environment). */
    TOOL_CLIENT(5, true, true),
    LAUNCHER_NEEDS_ID(6, true, false),
    LAUNCHER_GIVEN_ID(7, true, true),
    LAUNCHER_CLIENT(8, true, true),
    /** A singleton client asking a server to adopt it. */
    SINGLETON_CLIENT(9, true, true);

    private final int flag;
    private final boolean sendsUidGid;
    private final boolean sendsId;

    PeerType(int flag, boolean sendsUidGid, boolean sendsId) {
        this.flag = flag;
        this.sendsUidGid = sendsUidGid;
        this.sendsId = sendsId;
    }

    public int flag() {
        return flag;
    }

    /** The identity block has the peer's uid and gid (every type but simple clients). */
    public boolean sendsUidGid() {
        return sendsUidGid;
    }

    /** The identity block has an nspace and rank. */
    public boolean sendsId() {
        return sendsId;
    }

    /** The server must assign a name, and the reply carries it. */
    public boolean needsId() {
        return this == TOOL_NEEDS_ID || this == LAUNCHER_NEEDS_ID;
    }

    public boolean isClient() {
        return this == SIMPLE_CLIENT;
    }

    public boolean isLauncher() {
        return this == LEGACY_LAUNCHER || this == LAUNCHER_NEEDS_ID || this == LAUNCHER_GIVEN_ID
                || this == LAUNCHER_CLIENT;
    }

    public static PeerType forFlag(int flag) {
        for (PeerType t : values()) {
            if (t.flag == flag) {
                return t;
            }
        }
        return null;
    }
}
