package org.pmix4j.server.handler;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * What LOOKUP and UNPUBLISH hand the host: the keys, which must not be empty, and the directives with the
 * requester's PMIX_USERID and PMIX_GRPID (those of its connection, never its own word: any it sent among the
 * directives are dropped) appended, as for PUBLISH.
 */
record PublishedKeys(List<String> keys, List<Info> directives) {
    static PublishedKeys of(List<String> keys, List<Info> directives, int uid, int gid, String what) {
        for (int i = 0; i < keys.size(); i++) {
            String k = keys.get(i);
            if (k == null || k.isEmpty()) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, what + " key " + i + " is empty");
            }
        }
        List<Info> withRequester = withoutIdentity(directives);
        withRequester.add(Attributes.USERID.info(uid));
        withRequester.add(Attributes.GRPID.info(gid));
        return new PublishedKeys(List.copyOf(keys), withRequester);
    }

    /** {@code infos} without any PMIX_USERID or PMIX_GRPID: who the requester is comes from its connection. */
    static List<Info> withoutIdentity(List<Info> infos) {
        List<Info> out = new ArrayList<>(infos.size() + 2);
        for (Info i : infos) {
            if (!i.key().equals(Attributes.USERID.key()) && !i.key().equals(Attributes.GRPID.key())) {
                out.add(i);
            }
        }
        return out;
    }
}
