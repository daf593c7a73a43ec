package org.pmix4j.api;

/** PMIX_NET_STATS: counters of one network interface (all unsigned 64-bit). */
public record NetStats(String netInterface, long bytesReceived, long packetsReceived, long receiveErrors,
        long bytesSent, long packetsSent, long sendErrors) implements Value {
    @Override
    public DataType type() {
        return DataType.NET_STATS;
    }
}
