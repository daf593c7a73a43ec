package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * The request body LOOKUP and UNPUBLISH share: {@code UINT32 euid, SIZE nkeys}, each key as its own
 * STRING pack, {@code SIZE n, INFO[n]}; the directives get the requester's PMIX_USERID and PMIX_GRPID
 * appended, as for PUBLISH.
 */
record PublishedKeys(List<String> keys, List<Info> directives) {
    static PublishedKeys read(Request req, String what) {
        Unpacker in = req.body();
        int uid = in.uint32();
        int n = in.sizeCount(what + " keys");
        List<String> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String k = in.string();
            if (k == null || k.isEmpty()) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, what + " key " + i + " is empty");
            }
            keys.add(k);
        }
        List<Info> directives = new ArrayList<>(in.sizedInfos(what + " directives"));
        directives.add(Attributes.USERID.info(uid));
        directives.add(Attributes.GRPID.info(req.peer().gid()));
        return new PublishedKeys(List.copyOf(keys), directives);
    }
}
