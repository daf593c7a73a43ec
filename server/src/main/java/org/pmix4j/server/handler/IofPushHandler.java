package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * IOF_PUSH (standard input from a tool): {@code SIZE n, PROC[n]} (targets), {@code SIZE n, INFO[n]},
 * then a BYTE_OBJECT with the data — or nothing, which means end of input (the host gets {@code null}).
 * Passed to the host's {@code pushStdin} with the sender as source. Reply: STATUS.
 */
public final class IofPushHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        int n = in.sizeCount("stdin targets");
        List<Proc> targets = n == 0 ? List.of() : in.procs();
        List<Info> directives = in.sizedInfos("stdin directives");
        byte[] data = in.hasRemaining() ? in.byteObject() : null;
        HostReplies.status(req, req.server().host().pushStdin(req.peer().proc(), targets, directives, data));
    }
}
