package org.pmix4j.server.sessiondir;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.Value;

/**
 * The attribute keys and environment variables this package reads, and small typed look-ups over an
 * attribute list.
 */
public final class SessionAttributes {
    /**
     * PMIX_SERVER_SYS_CONTROLLER ("pmix.srv.ctrlr", bool): the server is hosted by the system controller.
     * libpmix 4.2.2 does not define it (OpenPMIx v6 does, with this key), so {@link Attributes} lacks it.
     */
    public static final Attribute<Boolean> SERVER_SYS_CONTROLLER = Attribute.of(Boolean.class, DataType.BOOL,
            "PMIX_SERVER_SYS_CONTROLLER", "pmix.srv.ctrlr", "The server is hosted by the system controller.");

    /** Environment variable naming the system tmpdir; libpmix 4.2.2 reads it before TMPDIR. */
    public static final String ENV_SYSTEM_TMPDIR = "PMIX_SYSTEM_TMPDIR";
    /** Environment variable naming the server tmpdir. */
    public static final String ENV_SERVER_TMPDIR = "PMIX_SERVER_TMPDIR";
    /** The generic temporary-directory variables, in the order they are consulted. */
    public static final List<String> ENV_GENERIC_TMPDIRS = List.of("TMPDIR", "TEMP", "TMP");
    /** The last resort for both tmpdirs. */
    public static final String DEFAULT_TMPDIR = "/tmp";
    /** Launcher rendezvous file, as the Standard and pmix_common.h name the variable. */
    public static final String ENV_LAUNCHER_RNDZ_FILE = "PMIX_LAUNCHER_RNDZ_FILE";
    /** Launcher rendezvous file, as libpmix 4.2.2 actually reads it (ptl_base_frame.c). */
    public static final String ENV_LAUNCHER_RENDEZVOUS_FILE = "PMIX_LAUNCHER_RENDEZVOUS_FILE";
    /** Host name override, read by libpmix when no PMIX_HOSTNAME attribute was given. */
    public static final String ENV_HOSTNAME = "PMIX_HOSTNAME";

    private SessionAttributes() {
    }

    /** Wraps a key-to-value map into the info list the other methods take. */
    public static List<Info> infos(Map<String, ? extends Value> attributes) {
        List<Info> out = new ArrayList<>(attributes.size());
        attributes.forEach((k, v) -> out.add(v instanceof Info i ? i : Info.of(k, v)));
        return out;
    }

    /** The first value of a string attribute; empty when absent, null or empty text. */
    static Optional<String> text(List<Info> attributes, Attribute<String> attribute) {
        return attribute.find(attributes).filter(s -> !s.isEmpty());
    }

    /** Whether a flag attribute is present and true (a flag with no value counts as true). */
    static boolean flag(List<Info> attributes, Attribute<Boolean> attribute) {
        return attribute.find(attributes).orElse(false);
    }

    /** The value of an environment variable; empty when unset or empty. */
    static Optional<String> env(Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v);
    }
}
