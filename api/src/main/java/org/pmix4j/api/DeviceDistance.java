package org.pmix4j.api;

/**
 * PMIX_DEVICE_DIST: the distance from a process's cpuset to a device, as a min/max range.
 *
 * @param uuid       the device's unique identifier
 * @param osname     the device's name in the operating system, e.g. {@code mlx5_0}
 * @param deviceType a {@code PMIX_DEVTYPE_*} bit mask
 * @param minDist    the smallest distance, unsigned 16-bit
 * @param maxDist    the largest distance, unsigned 16-bit
 */
public record DeviceDistance(String uuid, String osname, long deviceType, int minDist, int maxDist)
        implements Value {
    /** Checks the distances fit the wire's 16 bits. */
    public DeviceDistance {
        Value.checkUnsigned(minDist, 0xffff, "minimum distance");
        Value.checkUnsigned(maxDist, 0xffff, "maximum distance");
    }

    @Override
    public DataType type() {
        return DataType.DEVICE_DIST;
    }
}
