package org.pmix4j.runtime.data;

import java.util.List;

/** PMIX_ACCESS_PERMISSIONS: who may read, by uid or gid; null lists admit everybody. */
record AccessPermissions(List<Integer> uids, List<Integer> gids) {
    boolean admits(Integer uid, Integer gid) {
        if (uids == null && gids == null) {
            return true;
        }
        return (uids != null && uid != null && uids.contains(uid)) || (gids != null && gid != null && gids.contains(gid));
    }
}
