package org.pmix4j.server.handler;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofRouter;
import org.pmix4j.wire.message.LogRequest;

/**
 * LOG: a timestamp (0 when the client took none), the data (e.g. PMIX_LOG_STDERR) and directives. As
 * libpmix does, the directives get PMIX_LOG_SOURCE
 * (the requester) and, when a timestamp came, PMIX_LOG_TIMESTAMP appended, and everything goes to the
 * host's {@code log} upcall. On a gateway server PMIX_LOG_STDOUT / PMIX_LOG_STDERR data is also delivered
 * as IO to the tools that pull the requester's output (libpmix's "stdfd" channel). Reply: STATUS — the
 * host's; without a {@code log} upcall PMIX_SUCCESS when the gateway delivered the data, else
 * PMIX_ERR_NOT_SUPPORTED (libpmix answers success and drops the data).
 */
public final class LogHandler implements CommandHandler<LogRequest> {
    private final HostModule host;
    private final IofRouter iof;
    /** Whether this server is a gateway, which delivers stdout/stderr log data to the tools itself. */
    private final boolean gateway;
    private final Executor loop;

    public LogHandler(HostModule host, IofRouter iof, boolean gateway, Executor loop) {
        this.host = host;
        this.iof = iof;
        this.gateway = gateway;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, LogRequest log) {
        List<Info> data = log.data();
        List<Info> directives = new ArrayList<>(log.directives());
        directives.add(Attributes.LOG_SOURCE.info(req.peer().proc()));
        if (log.timestamp() > 0) {
            directives.add(Attributes.LOG_TIMESTAMP.info(log.timestamp()));
        }
        boolean delivered = gateway && deliverLocally(iof, req, data);
        host.log(req.peer().proc(), data, directives).whenCompleteAsync((ok, err) -> {
            int status = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
            if (status == PmixStatus.PMIX_ERR_NOT_SUPPORTED && delivered) {
                status = PmixStatus.PMIX_SUCCESS;
            }
            req.replyStatus(status);
        }, loop);
    }

    private static boolean deliverLocally(IofRouter router, Request req, List<Info> data) {
        boolean all = !data.isEmpty();
        for (Info i : data) {
            int channel = i.key().equals(Attributes.LOG_STDOUT.key()) ? IofChannel.STDOUT
                    : i.key().equals(Attributes.LOG_STDERR.key()) ? IofChannel.STDERR : IofChannel.NONE;
            if (channel != IofChannel.NONE && i.value() instanceof Value.Str s && s.value() != null) {
                router.deliver(req.peer().proc(), channel, s.value().getBytes(StandardCharsets.UTF_8), List.of());
            } else {
                all = false;
            }
        }
        return all;
    }
}
