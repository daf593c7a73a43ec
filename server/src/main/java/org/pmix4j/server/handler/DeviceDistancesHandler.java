package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.Executor;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.ComputeDeviceDistancesRequest;
import org.pmix4j.wire.message.DeviceDistancesReply;

/**
 * COMPUTE_DEVICE_DISTANCES: a client sends it only when its own hwloc could not compute the distances.
 * libpmix's server computes them with hwloc; pmix4j has no hwloc, so the host's {@code deviceDistances}
 * upcall (a pmix4j addition) is asked. Reply ({@code dist_cbfunc}): a {@link DeviceDistancesReply}; without
 * the upcall a bare STATUS -47.
 */
public final class DeviceDistancesHandler implements CommandHandler<ComputeDeviceDistancesRequest> {
    private final HostModule host;
    private final Executor loop;

    public DeviceDistancesHandler(HostModule host, Executor loop) {
        this.host = host;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, ComputeDeviceDistancesRequest request) {
        HostReplies.whenDone(loop, host.deviceDistances(req.peer().proc(), request.topology(), request.cpuset(),
                request.directives()), (distances, status) -> {
                    if (status == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                        req.replyStatus(status);
                        return;
                    }
                    req.reply(new DeviceDistancesReply(status, distances == null ? List.of() : distances));
                });
    }
}
