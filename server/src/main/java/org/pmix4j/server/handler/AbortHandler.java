package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * ABORT: STATUS, message, SIZE n, PROC[n] (none = the requester's whole job). Terminating the processes
 * is the host's business; the reply goes out when the host has acted.
 */
public final class AbortHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        int status = in.status();
        String message = in.string();
        int n = in.sizeCount("procs to abort");
        List<Proc> targets = n == 0 ? List.of() : in.procs();
        HostReplies.status(req, req.server().host().abort(req.peer().proc(), status, message, targets));
    }
}
