package org.pmix4j.server.sessiondir;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * Where the two temporary directories of a server are, from {@code PMIx_server_init}'s attributes and the
 * environment. Nothing is created here; the results are absolute and normalized.
 *
 * <p>Empty values count as absent (libpmix would take an empty TMPDIR literally, i.e. the working
 * directory; that is never what was meant).
 */
public final class TmpdirResolver {
    private TmpdirResolver() {
    }

    /**
     * The system tmpdir: the PMIX_SYSTEM_TMPDIR attribute, else the environment variables
     * PMIX_SYSTEM_TMPDIR, TMPDIR, TEMP, TMP, else /tmp.
     *
     * <p>The PMIX_SYSTEM_TMPDIR variable is not in the session-directory text, but libpmix 4.2.2 servers
     * (pmix_server.c, PMIx_server_init) and tools (ptl_base_frame.c) both read it first, and
     * PMIx_server_setup_fork exports it to children; honouring it keeps our files where 4.2.2 tools look.
     */
    public static Path systemTmpdir(List<Info> attributes, Map<String, String> env) {
        return SessionAttributes.text(attributes, Attributes.SYSTEM_TMPDIR)
                .or(() -> SessionAttributes.env(env, SessionAttributes.ENV_SYSTEM_TMPDIR))
                .or(() -> genericTmpdir(env))
                .map(TmpdirResolver::absolute)
                .orElseThrow();
    }

    /**
     * The server tmpdir: the PMIX_SERVER_TMPDIR attribute, else the environment variables
     * PMIX_SERVER_TMPDIR, TMPDIR, TEMP, TMP, else /tmp.
     */
    public static Path serverTmpdir(List<Info> attributes, Map<String, String> env) {
        return SessionAttributes.text(attributes, Attributes.SERVER_TMPDIR)
                .or(() -> SessionAttributes.env(env, SessionAttributes.ENV_SERVER_TMPDIR))
                .or(() -> genericTmpdir(env))
                .map(TmpdirResolver::absolute)
                .orElseThrow();
    }

    /** TMPDIR, TEMP, TMP, else /tmp: libpmix's pmix_tmp_directory(). */
    private static Optional<String> genericTmpdir(Map<String, String> env) {
        for (String name : SessionAttributes.ENV_GENERIC_TMPDIRS) {
            Optional<String> v = SessionAttributes.env(env, name);
            if (v.isPresent()) {
                return v;
            }
        }
        return Optional.of(SessionAttributes.DEFAULT_TMPDIR);
    }

    static Path absolute(String path) {
        try {
            return Path.of(path).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "'" + path + "' is not a valid path: "
                    + e.getMessage(), e);
        }
    }
}
