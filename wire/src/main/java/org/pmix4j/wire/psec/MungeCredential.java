package org.pmix4j.wire.psec;

import java.time.Instant;

/**
 * What munged vouches for in a credential it decoded successfully: the uid and gid of the process that
 * asked for it, where and when it was made, and how long it is valid.
 *
 * @param uid        the effective uid of the process that encoded the credential
 * @param gid        its effective gid
 * @param origin     the address of the host whose munged encoded it (dotted IPv4, or "" when not given)
 * @param encodedAt  when it was encoded
 * @param decodedAt  when munged decoded it
 * @param ttlSeconds its time to live
 */
public record MungeCredential(int uid, int gid, String origin, Instant encodedAt, Instant decodedAt,
        int ttlSeconds) {
}
