package org.pmix4j.server.modex;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/** FENCE: {@code SIZE nprocs, PROC[], SIZE ninfo, INFO[]}; answered with a bare STATUS when it completes. */
public final class FenceHandler implements CommandHandler {
    @Override
    public void handle(Request req) {
        Unpacker in = req.body();
        int n = in.sizeCount("fence participants");
        List<Proc> procs = n == 0 ? List.of() : in.procs();
        List<Info> info = in.sizedInfos("fence directives");
        req.server().service(FenceCoordinator.class).arrive(req, procs, info);
    }
}
