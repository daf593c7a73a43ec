package org.pmix4j.wire.message;

import java.util.List;
import org.pmix4j.api.DataType;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply to COMPUTE_DEVICE_DISTANCES (libpmix's {@code dist_cbfunc}): STATUS, SIZE n, DEVICE_DIST[n]
 * (no pack when n is 0). libpmix's client reads the distances only if they are there; a server that refuses
 * before computing sends a bare {@link StatusReply}.
 */
public record DeviceDistancesReply(int status, List<DeviceDistance> distances) implements StatusFirstReply {
    public DeviceDistancesReply {
        distances = List.copyOf(distances);
    }

    @Override
    public void write(Packer p) {
        p.status(status);
        MessageFields.writeSized(p, DataType.DEVICE_DIST, distances);
    }

    public static DeviceDistancesReply read(Unpacker u) {
        int status = u.status();
        if (!u.hasRemaining()) {
            return new DeviceDistancesReply(status, List.of());
        }
        return new DeviceDistancesReply(status,
                MessageFields.readSized(u, DataType.DEVICE_DIST, DeviceDistance.class, "device distances"));
    }
}
