package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Topology;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;

/**
 * COMPUTE_DEVICE_DISTANCES: {@code TOPO topology, PROC_CPUSET cpuset, SIZE n, INFO[n]}. A client sends it
 * only when its own hwloc could not compute the distances. libpmix's server computes them with hwloc; pmix4j
 * has no hwloc, so the host's {@code deviceDistances} upcall (a pmix4j addition) is asked. Reply
 * ({@code dist_cbfunc}): STATUS, SIZE n, DEVICE_DIST[n]; without the upcall a bare STATUS -47.
 */
public final class DeviceDistancesHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Topology topology = (Topology) req.body().unpackOne(DataType.TOPO);
        Cpuset cpuset = (Cpuset) req.body().unpackOne(DataType.PROC_CPUSET);
        List<Info> directives = req.body().sizedInfos("distance directives");
        HostReplies.whenDone(req, req.server().host().deviceDistances(req.peer().proc(), topology, cpuset, directives),
                (dists, status) -> {
                    if (status == PmixStatus.PMIX_ERR_NOT_SUPPORTED) {
                        req.replyStatus(status);
                        return;
                    }
                    List<DeviceDistance> d = dists == null ? List.of() : dists;
                    var p = req.packer().status(status).size(d.size());
                    if (!d.isEmpty()) {
                        p.pack(DataType.DEVICE_DIST, d);
                    }
                    req.reply(p);
                });
    }
}
