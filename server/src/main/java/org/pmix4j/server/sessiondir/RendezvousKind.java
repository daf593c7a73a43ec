package org.pmix4j.server.sessiondir;

/** The rendezvous files a server can write; see {@link RendezvousNames} for their names. */
public enum RendezvousKind {
    /** PMIX_LAUNCHER_RENDEZVOUS_FILE / PMIX_LAUNCHER_RNDZ_FILE: the path given. */
    LAUNCHER("launcher rendezvous file", false),
    /** PMIX_SERVER_SYSTEM_SUPPORT: {@code <system tmpdir>/pmix.sys.<host>}; one per node. */
    SYSTEM("system server", true),
    /** PMIX_SERVER_SESSION_SUPPORT: {@code <server tmpdir>/pmix.<host>.tool}. */
    SESSION("session server", false),
    /** PMIX_SERVER_TOOL_SUPPORT: {@code <server tmpdir>/pmix.<host>.tool.<pid>}. */
    TOOL_PID("tool pid file", false),
    /** PMIX_SERVER_TOOL_SUPPORT: {@code <server tmpdir>/pmix.<host>.tool.<server nspace>}. */
    TOOL_NSPACE("tool nspace file", false),
    /** PMIX_SERVER_SCHEDULER: {@code <system tmpdir>/pmix.sched.<host>}; one per node. */
    SCHEDULER("scheduler", true),
    /** PMIX_SERVER_SYS_CONTROLLER: {@code <system tmpdir>/pmix.sysctrlr.<host>}; one per node. */
    SYSTEM_CONTROLLER("system controller", true);

    private final String description;
    private final boolean exclusive;

    RendezvousKind(String description, boolean exclusive) {
        this.description = description;
        this.exclusive = exclusive;
    }

    /** Words for messages, e.g. "system server". */
    public String description() {
        return description;
    }

    /**
     * True for the roles a node has only one of (system server, scheduler, system controller): the file
     * is claimed, never taken over from a live process.
     */
    public boolean exclusive() {
        return exclusive;
    }
}
