package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * MONITOR: {@code INFO monitor} (what to watch, e.g. PMIX_MONITOR_HEARTBEAT), {@code STATUS} the event to
 * raise, {@code SIZE n, INFO[n]} → the host's {@code monitor} upcall. Reply ({@code monitor_cbfunc}):
 * STATUS, SIZE, INFO[]; bare STATUS -47 without the upcall. libpmix first offers heartbeat and file
 * monitoring to its own sensors; pmix4j has none, so the host gets those too.
 */
public final class MonitorHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        Info monitor = (Info) in.unpackOne(DataType.INFO);
        int error = in.status();
        List<Info> directives = in.sizedInfos("monitor directives");
        InfoReplies.statusSizeInfos(req, req.server().host().monitor(req.peer().proc(), monitor, error, directives));
    }
}
