package org.pmix4j.server.sessiondir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;

/**
 * What {@code PMIx_server_init}'s attributes and the environment say about session directories and
 * rendezvous files.
 *
 * @param systemTmpdir     where system-level rendezvous files go ({@link TmpdirResolver#systemTmpdir})
 * @param serverTmpdir     where the server's own rendezvous files and the namespace directories go
 *                         ({@link TmpdirResolver#serverTmpdir})
 * @param launcherFile     PMIX_LAUNCHER_RENDEZVOUS_FILE, else the environment variable
 *                         PMIX_LAUNCHER_RNDZ_FILE (the Standard's name), else PMIX_LAUNCHER_RENDEZVOUS_FILE
 *                         (the name libpmix 4.2.2 reads); absolute (a relative path is taken from the
 *                         working directory)
 * @param systemServer     PMIX_SERVER_SYSTEM_SUPPORT: write {@code <system tmpdir>/pmix.sys.<host>}
 * @param sessionServer    PMIX_SERVER_SESSION_SUPPORT: write {@code <server tmpdir>/pmix.<host>.tool}
 * @param toolSupport      PMIX_SERVER_TOOL_SUPPORT: write the pid and nspace files in the server tmpdir
 * @param scheduler        PMIX_SERVER_SCHEDULER: write {@code <system tmpdir>/pmix.sched.<host>}
 * @param systemController PMIX_SERVER_SYS_CONTROLLER: write {@code <system tmpdir>/pmix.sysctrlr.<host>}
 * @param hostCleansDirs   PMIX_TDIR_RMCLEAN: the host removes the session directories, so we remove none
 */
public record SessionOptions(Path systemTmpdir, Path serverTmpdir, Optional<Path> launcherFile,
        boolean systemServer, boolean sessionServer, boolean toolSupport, boolean scheduler,
        boolean systemController, boolean hostCleansDirs) {

    public SessionOptions {
        Objects.requireNonNull(systemTmpdir, "systemTmpdir");
        Objects.requireNonNull(serverTmpdir, "serverTmpdir");
        Objects.requireNonNull(launcherFile, "launcherFile");
        systemTmpdir = systemTmpdir.toAbsolutePath().normalize();
        serverTmpdir = serverTmpdir.toAbsolutePath().normalize();
        launcherFile = launcherFile.map(p -> p.toAbsolutePath().normalize());
    }

    /**
     * Reads the options from {@code PMIx_server_init}'s attributes and the process environment.
     *
     * @throws org.pmix4j.api.PmixException PMIX_ERR_BAD_PARAM for a path that is not valid;
     *                                      PMIX_ERR_TYPE_MISMATCH for an attribute of the wrong type
     */
    public static SessionOptions from(List<Info> attributes, Map<String, String> env) {
        Optional<Path> launcher = SessionAttributes.text(attributes, Attributes.LAUNCHER_RENDEZVOUS_FILE)
                .or(() -> SessionAttributes.env(env, SessionAttributes.ENV_LAUNCHER_RNDZ_FILE))
                .or(() -> SessionAttributes.env(env, SessionAttributes.ENV_LAUNCHER_RENDEZVOUS_FILE))
                .map(TmpdirResolver::absolute);
        return new SessionOptions(
                TmpdirResolver.systemTmpdir(attributes, env),
                TmpdirResolver.serverTmpdir(attributes, env),
                launcher,
                SessionAttributes.flag(attributes, Attributes.SERVER_SYSTEM_SUPPORT),
                SessionAttributes.flag(attributes, Attributes.SERVER_SESSION_SUPPORT),
                SessionAttributes.flag(attributes, Attributes.SERVER_TOOL_SUPPORT),
                SessionAttributes.flag(attributes, Attributes.SERVER_SCHEDULER),
                SessionAttributes.flag(attributes, SessionAttributes.SERVER_SYS_CONTROLLER),
                SessionAttributes.flag(attributes, Attributes.TDIR_RMCLEAN));
    }

    /** Like {@link #from(List, Map)}, for attributes given as a key-to-value map. */
    public static SessionOptions fromMap(Map<String, ? extends org.pmix4j.api.Value> attributes,
            Map<String, String> env) {
        return from(SessionAttributes.infos(attributes), env);
    }
}
