package org.pmix4j.api;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * PMIX_ENDPOINT: a fabric endpoint: the device's identity and the opaque endpoint bytes.
 *
 * @param uuid     the device's unique identifier
 * @param osname   the device's name in the operating system
 * @param endpoint the endpoint's bytes, opaque to PMIx
 */
public record Endpoint(String uuid, String osname, byte[] endpoint) implements Value {
    /** Checks the endpoint bytes are there. */
    public Endpoint {
        Objects.requireNonNull(endpoint, "endpoint");
    }

    @Override
    public DataType type() {
        return DataType.ENDPOINT;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Endpoint e && Objects.equals(e.uuid, uuid) && Objects.equals(e.osname, osname)
                && Arrays.equals(e.endpoint, endpoint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uuid, osname) * 31 + Arrays.hashCode(endpoint);
    }

    @Override
    public String toString() {
        return "Endpoint[" + uuid + ", " + osname + ", " + HexFormat.of().formatHex(endpoint) + "]";
    }
}
