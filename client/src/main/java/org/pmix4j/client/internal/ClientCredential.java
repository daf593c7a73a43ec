package org.pmix4j.client.internal;

import java.util.List;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.psec.MungeClient;
import org.pmix4j.wire.psec.MungeException;
import org.pmix4j.wire.psec.MungeToken;

/**
 * The security (psec) module and credential a client or tool introduces itself with, chosen as libpmix
 * chooses: of the modules the server allows (all when it says nothing), the one of highest priority that
 * works here: munge (libpmix's priority 80) when munged gives us a token, else native (10), else none (0).
 *
 * @param module     the module's name for the connect request
 * @param credential its credential: a fresh munge token (each is good once), our uid and gid, or nothing
 */
public record ClientCredential(String module, byte[] credential) {
    private static final List<String> BY_PRIORITY = List.of("munge", NativeCredential.MODULE, "none");

    /**
     * Chooses for a process of {@code uid}/{@code gid}; {@code allowed} empty means any module. Fails with
     * PMIX_ERR_INIT naming the modules and munged's error when none of the allowed ones can be used.
     */
    public static ClientCredential choose(List<String> allowed, MungeClient munged, int uid, int gid) {
        String mungeTrouble = null;
        for (String module : BY_PRIORITY) {
            if (!allowed.isEmpty() && !allowed.contains(module)) {
                continue;
            }
            switch (module) {
                case "munge" -> {
                    try {
                        return new ClientCredential(module, MungeToken.toCredential(munged.encode()));
                    } catch (MungeException e) {
                        mungeTrouble = e.getMessage();
                    }
                }
                case "none" -> {
                    return new ClientCredential(module, new byte[0]);
                }
                default -> {
                    return new ClientCredential(module, new NativeCredential(uid, gid).encode());
                }
            }
        }
        throw new PmixException(PmixStatus.PMIX_ERR_INIT, "the server accepts only the security modes "
                + String.join(",", allowed) + "; pmix4j offers munge, native and none"
                + (mungeTrouble == null ? "" : ", and munge cannot be used: " + mungeTrouble));
    }
}
