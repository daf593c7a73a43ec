package org.pmix4j.client.tool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.internal.ClientEnvironment;

/**
 * The attributes of PMIx_tool_init and PMIx_tool_attach_to_server, read once, with the environment's
 * defaults applied: where the tool finds servers, how it retries, who it is.
 *
 * @param toolNspace        PMIX_TOOL_NSPACE, or null
 * @param toolRank          PMIX_TOOL_RANK (0 when only the namespace is given)
 * @param launcher          PMIX_LAUNCHER
 * @param doNotConnect      PMIX_TOOL_DO_NOT_CONNECT
 * @param connectOptional   PMIX_TOOL_CONNECT_OPTIONAL
 * @param attachmentFile    PMIX_TOOL_ATTACHMENT_FILE, or null
 * @param serverUri         PMIX_SERVER_URI, or null
 * @param tcpUri            PMIX_TCP_URI, or null
 * @param serverPid         PMIX_SERVER_PIDINFO, or null
 * @param serverNspace      PMIX_SERVER_NSPACE, or null
 * @param connectToSystem   PMIX_CONNECT_TO_SYSTEM, PMIX_CONNECT_TO_SCHEDULER or PMIX_CONNECT_TO_SYS_CONTROLLER: the
 *                          node's one server of that role, found by its rendezvous file in the system tmpdir
 * @param systemRole        which of the three ({@link SystemRole#SYSTEM} when none was asked)
 * @param systemFirst       PMIX_CONNECT_SYSTEM_FIRST
 * @param maxRetries        PMIX_CONNECT_MAX_RETRIES (0: one attempt)
 * @param retryDelayMillis  PMIX_CONNECT_RETRY_DELAY in milliseconds (1 s by default)
 * @param primary           PMIX_PRIMARY_SERVER, or null when not given
 * @param waitForConnection PMIX_WAIT_FOR_CONNECTION
 * @param timeoutMillis     PMIX_TIMEOUT in milliseconds, 0 for none
 * @param serverTmpdir      PMIX_SERVER_TMPDIR, else the environment's, else TMPDIR/TEMP/TMP, else /tmp
 * @param systemTmpdir      PMIX_SYSTEM_TMPDIR, likewise
 * @param hostname          PMIX_HOSTNAME (attribute or environment), else the kernel's host name
 * @param localOutput       PMIX_IOF_LOCAL_OUTPUT (default true): the server's own output goes to ours
 * @param myServerUri       PMIX_MYSERVER_URI, or null: the URI a launcher embedding a server offers
 * @param forServer         the attributes that are not about connecting, passed to the server
 */
public record ToolDirectives(String toolNspace, int toolRank, boolean launcher, boolean doNotConnect,
        boolean connectOptional, String attachmentFile, String serverUri, String tcpUri, Integer serverPid,
        String serverNspace, boolean connectToSystem, SystemRole systemRole, boolean systemFirst, int maxRetries, long retryDelayMillis,
        Boolean primary, boolean waitForConnection, long timeoutMillis, Path serverTmpdir, Path systemTmpdir,
        String hostname, boolean localOutput, String myServerUri, List<Info> forServer) {

    /** The keys consumed here; everything else travels to the server with the connect request. */
    private static final Set<String> CONNECTION_KEYS = Set.of("pmix.tool.nspace", "pmix.tool.rank",
            "pmix.tool.launcher", "pmix.tool.nocon", "pmix.tool.conopt", "pmix.tool.attach", "pmix.srvr.uri",
            "pmix.tcp.uri", "pmix.srvr.pidinfo", "pmix.srv.nspace", "pmix.cnct.sys", "pmix.cnct.sched", "pmix.cnct.ctrlr", "pmix.cnct.sys.first",
            "pmix.tool.mretries", "pmix.tool.retry", "pmix.pri.srvr", "pmix.wait.conn", "pmix.timeout",
            "pmix.srvr.tmpdir", "pmix.sys.tmpdir", "pmix.hname", "pmix.iof.local", "pmix.mysrvr.uri",
            "pmix.tool.lncrnd");

    /**
     * The directives of PMIx_tool_init.
     *
     * @param info the init's attributes
     * @param env the process environment (PMIX_SERVER_TMPDIR, PMIX_NAMESPACE ... supply defaults)
     * @return the directives
     * @throws PmixException PMIX_ERR_BAD_PARAM naming an attribute that is wrong or contradicts another
     */
    public static ToolDirectives of(List<Info> info, Map<String, String> env) {
        return of(info, env, null);
    }

    /**
     * The directives of a later attach: what {@code info} does not say about tmpdirs, host name and
     * retries is taken from {@code base} (the init's directives).
     *
     * @param info the attach's attributes
     * @param env the process environment
     * @param base the init's directives, or {@code null}
     * @return the directives
     */
    public static ToolDirectives of(List<Info> info, Map<String, String> env, ToolDirectives base) {
        String ns = Attributes.TOOL_NSPACE.find(info).orElse(null);
        boolean rankGiven = Attributes.TOOL_RANK.isIn(info);
        if (rankGiven && ns == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "PMIX_TOOL_RANK was given without PMIX_TOOL_NSPACE");
        }
        String uri = Attributes.SERVER_URI.find(info).orElse(null);
        String tcp = Attributes.TCP_URI.find(info).orElse(null);
        if (uri != null && tcp != null) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "both PMIX_SERVER_URI (" + uri + ") and PMIX_TCP_URI ("
                    + tcp + ") were given; name the server once");
        }
        ClientEnvironment e = new ClientEnvironment(env);
        List<Info> rest = new ArrayList<>();
        for (Info i : info) {
            if (!CONNECTION_KEYS.contains(i.key())) {
                rest.add(i);
            }
        }
        int timeoutSec = Attributes.TIMEOUT.find(info).orElse(0);
        SystemRole role = SystemRole.asked(info);
        return new ToolDirectives(ns, Attributes.TOOL_RANK.find(info).orElse(0),
                Attributes.LAUNCHER.find(info).orElse(false), Attributes.TOOL_DO_NOT_CONNECT.find(info).orElse(false),
                Attributes.TOOL_CONNECT_OPTIONAL.find(info).orElse(false),
                Attributes.TOOL_ATTACHMENT_FILE.find(info).orElse(null), uri, tcp,
                Attributes.SERVER_PIDINFO.find(info).orElse(null), Attributes.SERVER_NSPACE.find(info).orElse(null),
                role != null, role != null ? role : SystemRole.SYSTEM,
                Attributes.CONNECT_SYSTEM_FIRST.find(info).orElse(false),
                Math.max(0, Attributes.CONNECT_MAX_RETRIES.find(info).orElse(base != null ? base.maxRetries() : 0)),
                Attributes.CONNECT_RETRY_DELAY.find(info).map(s -> Integer.toUnsignedLong(s) * 1000L)
                        .orElse(base != null ? base.retryDelayMillis() : 1000L),
                Attributes.PRIMARY_SERVER.find(info).orElse(null),
                Attributes.WAIT_FOR_CONNECTION.find(info).orElse(false), Math.max(0, timeoutSec) * 1000L,
                base != null && !Attributes.SERVER_TMPDIR.isIn(info) ? base.serverTmpdir()
                        : tmpdir(Attributes.SERVER_TMPDIR.find(info).orElse(null), "PMIX_SERVER_TMPDIR", env),
                base != null && !Attributes.SYSTEM_TMPDIR.isIn(info) ? base.systemTmpdir()
                        : tmpdir(Attributes.SYSTEM_TMPDIR.find(info).orElse(null), "PMIX_SYSTEM_TMPDIR", env),
                Attributes.HOSTNAME.find(info).orElseGet(() -> base != null ? base.hostname() : e.hostname()),
                Attributes.IOF_LOCAL_OUTPUT.find(info).orElse(true),
                Attributes.MYSERVER_URI.find(info).orElse(null), List.copyOf(rest));
    }

    private static Path tmpdir(String given, String variable, Map<String, String> env) {
        if (given != null && !given.isEmpty()) {
            return Path.of(given).toAbsolutePath().normalize();
        }
        for (String n : List.of(variable, "TMPDIR", "TEMP", "TMP")) {
            String v = env.get(n);
            if (v != null && !v.isEmpty()) {
                return Path.of(v).toAbsolutePath().normalize();
            }
        }
        return Path.of("/tmp");
    }

    /**
     * True when a particular server was named (URI, file, pid, namespace, system server).
     *
     * @return whether a target was named
     */
    public boolean namesTarget() {
        return attachmentFile != null || serverUri != null || tcpUri != null || serverPid != null || serverNspace != null
                || connectToSystem;
    }

    /**
     * These directives with another server target in place of any given one.
     *
     * @param uri the server's URI, or {@code null}
     * @param nspace the server's namespace, or {@code null}
     * @param makePrimary PMIX_PRIMARY_SERVER, or {@code null} when not said
     * @return the new directives
     */
    public ToolDirectives withTarget(String uri, String nspace, Boolean makePrimary) {
        return new ToolDirectives(toolNspace, toolRank, launcher, doNotConnect, connectOptional, null, uri, null, null,
                nspace, false, SystemRole.SYSTEM, false, maxRetries, retryDelayMillis, makePrimary, waitForConnection, timeoutMillis,
                serverTmpdir, systemTmpdir, hostname, localOutput, myServerUri, forServer);
    }
}
