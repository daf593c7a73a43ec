package org.pmix4j.client;

import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;

/**
 * A security credential obtained from the host (PMIx_Get_credential): opaque bytes to hand to a peer, which
 * validates them through its own server, and what the host said about them.
 */
public record Credential(ByteObject credential, List<Info> info) {
    public Credential {
        info = List.copyOf(info);
    }
}
