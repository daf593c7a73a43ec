package org.pmix4j.api;

/**
 * PMIX_NET_STATS: counters of one network interface (all unsigned 64-bit).
 *
 * @param netInterface    the interface's name, e.g. {@code eth0}
 * @param bytesReceived   bytes received
 * @param packetsReceived packets received
 * @param receiveErrors   receive errors
 * @param bytesSent       bytes sent
 * @param packetsSent     packets sent
 * @param sendErrors      send errors
 */
public record NetStats(String netInterface, long bytesReceived, long packetsReceived, long receiveErrors,
        long bytesSent, long packetsSent, long sendErrors) implements Value {
    @Override
    public DataType type() {
        return DataType.NET_STATS;
    }
}
