package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.wire.Unpacker;

/** The shapes replies share: a status first, which fails the request when it is not success. */
final class Replies {
    private Replies() {
    }

    /** Reads the status; throws a PmixException with it, naming {@code what}, unless it is success. */
    static void status(Unpacker u, String what) {
        int st = u.status();
        // libpmix converts this internal success code before it reaches a caller
        if (st != PmixStatus.PMIX_SUCCESS && st != PmixStatus.PMIX_OPERATION_SUCCEEDED) {
            throw new PmixException(st, what + ": the server answered " + PmixStatus.name(st));
        }
    }

    /** STATUS, then (if anything follows) SIZE n and n INFOs. */
    static List<Info> statusAndInfos(Unpacker u, String what) {
        status(u, what);
        return u.hasRemaining() ? u.sizedInfos(what + " results") : List.of();
    }
}
