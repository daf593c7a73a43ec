package org.pmix4j.runtime;

/**
 * The upcalls a daemon's server cannot answer on its node and hands to the launcher, which alone knows
 * every job and holds the data server: their numbers in {@code DaemonMessage.HostCall}. How each one's
 * arguments and result are packed is in {@link UpcallRelay} (the daemon's side) and {@link UpcallDesk}
 * (the launcher's), in the same order.
 */
enum Upcall {
    /** proc publisher, infos data → nothing */
    PUBLISH,
    /** proc requester, strings keys, infos directives → PDATA[] */
    LOOKUP,
    /** proc requester, strings keys, infos directives → nothing */
    UNPUBLISH,
    /** proc requester, infos job info, APP[] apps → string namespace */
    SPAWN,
    /** proc requester, int32 status, string message, procs targets → nothing */
    ABORT,
    /** proc requester, procs targets, infos directives → infos */
    JOB_CONTROL,
    /** proc requester, QUERY[] queries → infos */
    QUERY,
    /** proc requester, infos data, infos directives → nothing */
    LOG;

    static Upcall of(int code) {
        if (code < 0 || code >= values().length) {
            throw new IllegalArgumentException("no upcall number " + code);
        }
        return values()[code];
    }
}
