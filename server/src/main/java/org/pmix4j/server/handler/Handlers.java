package org.pmix4j.server.handler;

import org.pmix4j.server.core.ServerCore;
import org.pmix4j.wire.protocol.PmixCommand;

/** The table of wire commands this server serves and the handler of each. */
public final class Handlers {
    private Handlers() {
    }

    public static void install(ServerCore core) {
        core.handle(PmixCommand.REQ_JOB_INFO, new JobInfoHandler());
        core.handle(PmixCommand.FINALIZE, new FinalizeHandler());
        core.handle(PmixCommand.ABORT, new AbortHandler());
    }
}
