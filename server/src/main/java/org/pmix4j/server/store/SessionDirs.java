package org.pmix4j.server.store;

import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The session directories a server announces to its clients, as the session-directory code decides them;
 * the store only stores and serves them. Each part is optional (null = not announced):
 * <ul>
 * <li>{@code tmpdir}: the server's top directory, served as {@code PMIX_TMPDIR} (session level: that is
 * where a libpmix 4.2.2 client looks for it);</li>
 * <li>{@code nspaceDir}: nspace to that job's directory, served as {@code PMIX_NSDIR} (job level);</li>
 * <li>{@code procDir}: (nspace, rank) to that process's directory, served as {@code PMIX_PROCDIR} (process
 * level), asked only for the processes on the server's own node.</li>
 * </ul>
 * Values the host registers itself for these keys win over these.
 */
public record SessionDirs(String tmpdir, Function<String, String> nspaceDir,
        BiFunction<String, Integer, String> procDir) {

    /** No directories at all. */
    public static final SessionDirs NONE = new SessionDirs(null, null, null);
}
