package org.pmix4j.runtime.data;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.Info;
import org.pmix4j.api.Persistence;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;

/**
 * How the {@link DataServer} reads the directives of a publish, lookup or unpublish (the infos whose key
 * starts with {@code pmix.}): each with its default, and a value of the wrong type refused with
 * PMIX_ERR_BAD_PARAM naming the attribute.
 */
final class PublishDirectives {
    private PublishDirectives() {
    }

    /** Infos with a {@code pmix.} key steer the operation; the others are the data. */
    static boolean isDirective(String key) {
        return key.startsWith("pmix.");
    }

    private static Info find(List<Info> info, String key) {
        for (Info i : info) {
            if (i.key().equals(key)) {
                return i;
            }
        }
        return null;
    }

    static DataRange rangeOf(List<Info> info, DataRange dflt) {
        Info i = find(info, Attributes.RANGE.key());
        if (i == null) {
            return dflt;
        }
        if (!(i.value() instanceof DataRange r)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_RANGE must be a data range, got "
                    + i.value().type());
        }
        return r.equals(DataRange.UNDEF) ? (dflt == null ? null : DataRange.SESSION) : r;
    }

    static Persistence persistenceOf(List<Info> info) {
        Info i = find(info, Attributes.PERSISTENCE.key());
        if (i == null) {
            return Persistence.APP;
        }
        if (!(i.value() instanceof Persistence p)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_PERSISTENCE must be a persistence, got "
                    + i.value().type());
        }
        return p.equals(Persistence.INVALID) ? Persistence.APP : p;
    }

    static List<Proc> customOf(List<Info> info, String what) {
        Info i = find(info, Attributes.EVENT_CUSTOM_RANGE.key());
        List<Proc> out = new ArrayList<>();
        if (i != null) {
            if (i.value() instanceof Proc p) {
                out.add(p);
            } else if (i.value() instanceof DataArray a) {
                for (Value v : a.elements()) {
                    if (v instanceof Proc p) {
                        out.add(p);
                    }
                }
            }
        }
        if (out.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, what + " with PMIX_RANGE_CUSTOM needs the processes"
                    + " in PMIX_EVENT_CUSTOM_RANGE (a PROC or an array of them)");
        }
        return List.copyOf(out);
    }

    static AccessPermissions accessOf(List<Info> info) {
        Info i = find(info, Attributes.ACCESS_PERMISSIONS.key());
        if (i == null) {
            return new AccessPermissions(null, null);
        }
        if (!(i.value() instanceof DataArray a)) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_ACCESS_PERMISSIONS must be an array of infos");
        }
        List<Integer> uids = null;
        List<Integer> gids = null;
        for (Info p : a.infos()) {
            if (p.key().equals(Attributes.ACCESS_USERIDS.key())) {
                uids = ids(p);
            } else if (p.key().equals(Attributes.ACCESS_GRPIDS.key())) {
                gids = ids(p);
            }
        }
        return new AccessPermissions(uids, gids);
    }

    private static List<Integer> ids(Info p) {
        List<Integer> out = new ArrayList<>();
        List<Value> values = p.value() instanceof DataArray a ? a.elements() : List.of(p.value());
        // user and group ids are read as PMIX_USERID reads them (any integer type whose number fits)
        for (Value v : values) {
            Integer n = Attributes.USERID.read(v).orElse(null);
            if (n == null) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, p.key() + " must hold user or group ids, got "
                        + v.type());
            }
            out.add(n);
        }
        return out;
    }

    /** The value of {@code attribute} among {@code info}, or null when it is absent or no readable number. */
    static Integer numberOf(List<Info> info, Attribute<Integer> attribute) {
        Info i = find(info, attribute.key());
        return i == null ? null : attribute.read(i.value()).orElse(null);
    }

    /** PMIX_WAIT: how many keys to wait for (0 = all); -1 when the lookup does not wait. */
    static int waitCount(List<Info> info, int nkeys) {
        Info i = find(info, Attributes.WAIT.key());
        if (i == null) {
            return -1;
        }
        if (i.value() instanceof Value.Bool b) {
            return b.value() ? 0 : -1;
        }
        if (i.value() instanceof Value.Undef) {
            return 0;
        }
        int n = Attributes.WAIT.read(i.value()).orElseThrow(() -> new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM,
                "PMIX_WAIT must be a number of keys, got " + i.value().type()));
        return n <= 0 || n >= nkeys ? 0 : n;
    }

    static long timeoutOf(List<Info> info) {
        Info i = find(info, Attributes.TIMEOUT.key());
        if (i == null) {
            return 0;
        }
        int n = Attributes.TIMEOUT.read(i.value()).orElseThrow(() -> new PmixException(
                PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_TIMEOUT must be a number of seconds, got " + i.value().type()));
        return Math.max(0, n);
    }
}
