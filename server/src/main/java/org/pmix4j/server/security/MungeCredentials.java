package org.pmix4j.server.security;

import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.wire.psec.MungeClient;
import org.pmix4j.wire.psec.MungeCredential;
import org.pmix4j.wire.psec.MungeException;
import org.pmix4j.wire.psec.MungeToken;

/**
 * Checks the credential of a peer that used the security module "munge": the handshake carries a munge
 * token (text and NUL), munged decodes it and vouches for the uid and gid of the process that made it. A
 * token is good once: munged refuses a replayed one, and also forged, altered, expired ones and those made
 * with another key. The caller compares the vouched ids with those the peer was registered with or claims.
 */
public final class MungeCredentials {
    private final MungeClient munged;

    public MungeCredentials(MungeClient munged) {
        this.munged = munged;
    }

    /** The uid and gid that munged vouches for. */
    public record Identity(int uid, int gid) {
    }

    /**
     * The identity in {@code credential}; fails with PMIX_ERR_INVALID_CRED and a message saying why (not a
     * token, munged's verdict with its text, or munged could not be asked).
     */
    public Identity verify(byte[] credential) {
        String token;
        try {
            token = MungeToken.fromCredential(credential);
        } catch (IllegalArgumentException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_INVALID_CRED, e.getMessage());
        }
        try {
            MungeCredential c = munged.decode(token);
            return new Identity(c.uid(), c.gid());
        } catch (MungeException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_INVALID_CRED, e.credentialRejected()
                    ? "munge credential refused: " + e.getMessage()
                    : "munge credential cannot be checked: " + e.getMessage());
        }
    }
}
