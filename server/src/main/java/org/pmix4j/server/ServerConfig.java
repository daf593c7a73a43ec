package org.pmix4j.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.server.security.SecurityPolicy;
import org.pmix4j.wire.BufferKind;

/**
 * What {@code PMIx_server_init}'s attributes (and the environment, where libpmix reads it) ask of the
 * server. Parsed once; a value of the wrong type is refused with a message naming the attribute.
 *
 * @param nspace          the server's own namespace (PMIX_SERVER_NSPACE, env PMIX_SERVER_NAMESPACE, else
 *                        "pmix-server" as libpmix)
 * @param rank            the server's rank (PMIX_SERVER_RANK, env PMIX_SERVER_RANK, else the pid)
 * @param hostname        this node's name (PMIX_HOSTNAME, env PMIX_HOSTNAME, else the system's)
 * @param toolSupport     accept tools and write the tool rendezvous files
 * @param systemSupport   PMIX_SERVER_SYSTEM_SUPPORT: be the node's system server (the {@code pmix.sys.<host>}
 *                        rendezvous file tools look for first)
 * @param sessionSupport  PMIX_SERVER_SESSION_SUPPORT: be the server of a session on this node
 * @param gateway         PMIX_SERVER_GATEWAY: serve requests compute nodes cannot serve themselves
 * @param scheduler       PMIX_SERVER_SCHEDULER: be the node's scheduler ({@code pmix.sched.<host>})
 * @param systemController PMIX_SERVER_SYS_CONTROLLER: be the system controller ({@code pmix.sysctrlr.<host>})
 * @param socketMode      PMIX_SOCKET_MODE: the permissions of the rendezvous files
 * @param singleListener  PMIX_SINGLE_LISTENER: one listening socket for clients and tools
 * @param reportUri       PMIX_TCP_REPORT_URI: "-" stdout, "+" stderr, a pipe fd, or a file
 * @param ifInclude       PMIX_TCP_IF_INCLUDE: interfaces (names, addresses or CIDR) that may be used
 * @param ifExclude       PMIX_TCP_IF_EXCLUDE: interfaces that must not
 * @param ipv4Port        PMIX_TCP_IPV4_PORT, 0 = any
 * @param ipv6Port        PMIX_TCP_IPV6_PORT, 0 = any
 * @param disableIpv4     PMIX_TCP_DISABLE_IPV4: listen on IPv6 only
 * @param disableIpv6     PMIX_TCP_DISABLE_IPV6: listen on IPv4 only
 * @param remoteConnections listen on a non-loopback interface so remote tools can connect
 * @param startTime       PMIX_SERVER_START_TIME, reported to tools; now when not given
 * @param enableMonitoring PMIX_SERVER_ENABLE_MONITORING: the host asked for the library's monitoring support
 * @param tmpdirRmClean   PMIX_TMPDIR_RMCLEAN: the host removes the session directories itself
 * @param bufferKind      the buffer kind this server asks its clients to use
 * @param handshakeTimeout how long a new connection may take to send its whole connect request before it
 *                        is closed (env PMIX4J_HANDSHAKE_TIMEOUT, seconds; 5 by default): a peer that
 *                        connects and says nothing must not hold a socket for ever
 * @param info            all the attributes, for the parts of the server that read their own
 * @param security        the security modules offered and accepted (from the environment: PMIX_MCA_psec,
 *                        PMIX4J_MUNGE_SOCKET, PMIX4J_PSEC_REMOTE_NATIVE; see {@link SecurityPolicy})
 */
public record ServerConfig(String nspace, int rank, String hostname, boolean toolSupport, boolean systemSupport,
        boolean sessionSupport, boolean gateway, boolean scheduler, boolean systemController, int socketMode,
        boolean singleListener, String reportUri, List<String> ifInclude, List<String> ifExclude, int ipv4Port,
        int ipv6Port, boolean disableIpv4, boolean disableIpv6, boolean remoteConnections, String startTime,
        boolean enableMonitoring, boolean tmpdirRmClean, BufferKind bufferKind, Duration handshakeTimeout,
        List<Info> info, SecurityPolicy security) {

    /** Copies the lists, so that a configuration cannot change after it was parsed. */
    public ServerConfig {
        ifInclude = List.copyOf(ifInclude);
        ifExclude = List.copyOf(ifExclude);
        info = List.copyOf(info);
    }

    /**
     * Parses the init attributes.
     *
     * @param info the attributes given to {@code PMIx_server_init}
     * @param env the process environment (or what stands for it in a test)
     * @return the configuration
     * @throws PmixException with PMIX_ERR_BAD_PARAM naming the attribute whose value is wrong
     */
    public static ServerConfig parse(List<Info> info, Map<String, String> env) {
        Attrs a = new Attrs(info);
        String nspace = a.get(Attributes.SERVER_NSPACE).orElse(env.getOrDefault("PMIX_SERVER_NAMESPACE", "pmix-server"));
        if (nspace.isEmpty() || nspace.length() > 255) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, Attributes.SERVER_NSPACE.macroName()
                    + ": a namespace must be 1 to 255 characters, got '" + nspace + "'");
        }
        int rank = a.get(Attributes.SERVER_RANK).orElseGet(() -> parseRank(env.get("PMIX_SERVER_RANK")));
        String host = a.get(Attributes.HOSTNAME).orElseGet(() -> env.getOrDefault("PMIX_HOSTNAME", localHostname()));
        if (a.get(Attributes.TCP_IF_INCLUDE).isPresent() && a.get(Attributes.TCP_IF_EXCLUDE).isPresent()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM,
                    "PMIX_TCP_IF_INCLUDE and PMIX_TCP_IF_EXCLUDE cannot both be given");
        }
        boolean noV4 = a.flag(Attributes.TCP_DISABLE_IPV4);
        boolean noV6 = a.flag(Attributes.TCP_DISABLE_IPV6);
        if (noV4 && noV6) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM,
                    "PMIX_TCP_DISABLE_IPV4 and PMIX_TCP_DISABLE_IPV6 leave no way to listen");
        }
        BufferKind kind = BufferKind.forEnv(env.get("PMIX_BFROP_BUFFER_TYPE"));
        if ("2".equals(env.get("PMIX_MCA_bfrops_base_default_type"))) {
            kind = BufferKind.FULLY_DESCRIBED;
        }
        return new ServerConfig(nspace, rank, host,
                a.flag(Attributes.SERVER_TOOL_SUPPORT), a.flag(Attributes.SERVER_SYSTEM_SUPPORT),
                a.flag(Attributes.SERVER_SESSION_SUPPORT), a.flag(Attributes.SERVER_GATEWAY),
                a.flag(Attributes.SERVER_SCHEDULER), a.flag(Attributes.SERVER_SYS_CONTROLLER),
                a.get(Attributes.SOCKET_MODE).orElse(0), a.flag(Attributes.SINGLE_LISTENER),
                a.get(Attributes.TCP_REPORT_URI).orElse(null),
                a.get(Attributes.TCP_IF_INCLUDE).map(ServerConfig::split).orElse(List.of()),
                a.get(Attributes.TCP_IF_EXCLUDE).map(ServerConfig::split).orElse(List.of()),
                a.get(Attributes.TCP_IPV4_PORT).orElse(0), a.get(Attributes.TCP_IPV6_PORT).orElse(0),
                noV4, noV6, a.flag(Attributes.SERVER_REMOTE_CONNECTIONS),
                a.get(Attributes.SERVER_START_TIME).orElse(null),
                a.flag(Attributes.SERVER_ENABLE_MONITORING), a.flag(Attributes.TDIR_RMCLEAN), kind,
                handshakeTimeout(env.get("PMIX4J_HANDSHAKE_TIMEOUT")), info, SecurityPolicy.fromEnvironment(env));
    }

    static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(5);

    private static Duration handshakeTimeout(String seconds) {
        if (seconds == null || seconds.isBlank()) {
            return DEFAULT_HANDSHAKE_TIMEOUT;
        }
        try {
            double s = Double.parseDouble(seconds.trim());
            if (s > 0 && s <= 3600) {
                return Duration.ofMillis(Math.round(s * 1000));
            }
        } catch (NumberFormatException e) {
            // refused below with the value
        }
        throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "env PMIX4J_HANDSHAKE_TIMEOUT='" + seconds
                + "': give the seconds a new connection has to send its connect request, more than 0 and at most 3600");
    }

    private static int parseRank(String s) {
        if (s == null) {
            return (int) ProcessHandle.current().pid();
        }
        try {
            return (int) Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "env PMIX_SERVER_RANK='" + s + "' is not a number");
        }
    }

    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        for (String p : s.split(",")) {
            if (!p.isBlank()) {
                out.add(p.trim());
            }
        }
        return out;
    }

    /** {@return the kernel's name for this node, whole (what gethostname() gives), read once} */
    public static String localFullHostname() {
        return LocalHostname.NAME;
    }

    /** {@return the short host name (up to the first dot), as a PMIx server reports it by default} */
    public static String localHostname() {
        String h = LocalHostname.NAME;
        return h.contains(".") && !Character.isDigit(h.charAt(0)) ? h.substring(0, h.indexOf('.')) : h;
    }

    /**
     * The kernel's name for this node, read once (from /proc on Linux, which costs nothing; the resolver
     * that InetAddress.getLocalHost asks costs ~12 ms, paid by every front end at start).
     */
    private static final class LocalHostname {
        static final String NAME = org.pmix4j.server.sessiondir.HostName.osHostName();
    }

    /** Typed reads of the attribute list: the first occurrence wins, a bad type is an error. */
    private record Attrs(List<Info> info) {
        <T> Optional<T> get(Attribute<T> attr) {
            for (Info i : info) {
                if (i.key().equals(attr.key())) {
                    try {
                        return Optional.of(attr.get(i.value()));
                    } catch (PmixException e) {
                        throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "init attribute " + attr.macroName()
                                + " (" + attr.key() + "): " + e.detail());
                    }
                }
            }
            return Optional.empty();
        }

        boolean flag(Attribute<Boolean> attr) {
            return get(attr).orElse(false);
        }
    }

    @Override
    public String toString() {
        return "ServerConfig[" + nspace + "." + Integer.toUnsignedString(rank) + "@" + hostname + ", tools=" + toolSupport
                + ", system=" + systemSupport + ", session=" + sessionSupport + ", kind=" + bufferKind
                + ", attributes=" + Arrays.toString(info.stream().map(Info::key).toArray()) + "]";
    }
}
