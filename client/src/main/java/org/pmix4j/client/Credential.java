package org.pmix4j.client;

import java.util.List;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;

/**
 * A security credential obtained from the host (PMIx_Get_credential): opaque bytes to hand to a peer, which
 * validates them through its own server, and what the host said about them.
 *
 * @param credential the credential's bytes, opaque to this process
 * @param info       what the host said about it, e.g. PMIX_CRED_TYPE
 */
public record Credential(ByteObject credential, List<Info> info) {
    /** Copies the list, so that the record cannot change after it was made. */
    public Credential {
        info = List.copyOf(info);
    }
}
