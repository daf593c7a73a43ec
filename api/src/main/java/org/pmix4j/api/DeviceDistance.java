package org.pmix4j.api;

/**
 * PMIX_DEVICE_DIST: the distance from a process's cpuset to a device, as a min/max range.
 *
 * @param deviceType a {@code PMIX_DEVTYPE_*} bit mask
 * @param minDist    unsigned 16-bit
 * @param maxDist    unsigned 16-bit
 */
public record DeviceDistance(String uuid, String osname, long deviceType, int minDist, int maxDist)
        implements Value {
    public DeviceDistance {
        Value.checkUnsigned(minDist, 0xffff, "minimum distance");
        Value.checkUnsigned(maxDist, 0xffff, "maximum distance");
    }

    @Override
    public DataType type() {
        return DataType.DEVICE_DIST;
    }
}
