package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.MonitorRequest;

/**
 * MONITOR → the host's {@code monitor} upcall. Reply ({@code monitor_cbfunc}): a
 * {@link org.pmix4j.wire.message.StatusInfosReply}; bare STATUS -47 without the upcall. libpmix first offers
 * heartbeat and file monitoring to its own sensors; pmix4j has none, so the host gets those too.
 */
public final class MonitorHandler implements CommandHandler<MonitorRequest> {
    private final HostModule host;
    private final Executor loop;

    public MonitorHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, MonitorRequest monitor) {
        InfoReplies.statusSizeInfos(loop, req, host.monitor(req.peer().proc(), monitor.monitor(), monitor.error(),
                monitor.directives()));
    }
}
