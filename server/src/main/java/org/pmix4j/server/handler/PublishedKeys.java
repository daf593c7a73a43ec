package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * What LOOKUP and UNPUBLISH hand the host: the keys, which must not be empty, and the directives with the
 * requester's PMIX_USERID (the effective uid it sent) and PMIX_GRPID (from its connection) appended, as for
 * PUBLISH.
 */
record PublishedKeys(List<String> keys, List<Info> directives) {
    static PublishedKeys of(List<String> keys, List<Info> directives, int uid, int gid, String what) {
        for (int i = 0; i < keys.size(); i++) {
            String k = keys.get(i);
            if (k == null || k.isEmpty()) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, what + " key " + i + " is empty");
            }
        }
        List<Info> withRequester = new ArrayList<>(directives);
        withRequester.add(Attributes.USERID.info(uid));
        withRequester.add(Attributes.GRPID.info(gid));
        return new PublishedKeys(List.copyOf(keys), withRequester);
    }
}
