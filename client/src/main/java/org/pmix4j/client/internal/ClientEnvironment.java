package org.pmix4j.client.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.client.net.ServerUri;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.psec.MungeClient;

/**
 * What a server put into a child's environment (PMIx_server_setup_fork), read as a libpmix 4.2 client reads
 * it: the namespace and rank, the first of the server URI variables that is set, the security modes, the
 * buffer kind, the host name and the tmpdirs.
 */
public record ClientEnvironment(Map<String, String> env) {
    /** The URI variables in the order a 4.2 client looks at them. */
    public static final List<String> URI_VARIABLES = List.of("PMIX_SERVER_URI41", "PMIX_SERVER_URI4",
            "PMIX_SERVER_URI3", "PMIX_SERVER_URI21", "PMIX_SERVER_URI2");

    public static ClientEnvironment current() {
        return new ClientEnvironment(System.getenv());
    }

    private String get(String name) {
        String v = env.get(name);
        return v == null || v.isEmpty() ? null : v;
    }

    public String nspace() {
        return get("PMIX_NAMESPACE");
    }

    /** PMIX_RANK; fails when it is missing or not a number, as a namespace without a rank is an error. */
    public int rank() {
        String r = get("PMIX_RANK");
        if (r == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, "PMIX_NAMESPACE is set but PMIX_RANK is not");
        }
        try {
            return Integer.parseUnsignedInt(r.strip());
        } catch (NumberFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, "PMIX_RANK '" + r + "' is not a rank");
        }
    }

    /** True when some server URI variable is set. */
    public boolean hasServerUri() {
        return URI_VARIABLES.stream().anyMatch(v -> get(v) != null);
    }

    /** The server's URI from the first variable set. */
    public ServerUri serverUri() {
        for (String v : URI_VARIABLES) {
            String uri = get(v);
            if (uri != null) {
                return ServerUri.parse(uri, v);
            }
        }
        throw new PmixException(PmixStatus.PMIX_ERR_INIT, "PMIX_NAMESPACE is set but none of " + URI_VARIABLES
                + " is: no server to connect to");
    }

    /**
     * The security modules this process may use, as libpmix reads them: those PMIX_SECURITY_MODE lists (a
     * server's setup_fork puts them there), narrowed by PMIX_MCA_psec when that is set too (libpmix turns
     * the first into the second without overwriting it). Empty: no restriction.
     */
    public List<String> securityModes() {
        List<String> modes = list(get("PMIX_SECURITY_MODE"));
        String mca = get("PMIX_MCA_psec");
        if (mca == null || mca.startsWith("^")) {
            return modes;
        }
        if (modes.isEmpty()) {
            return list(mca);
        }
        List<String> both = new ArrayList<>(modes);
        both.retainAll(list(mca));
        if (both.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_INIT, "PMIX_SECURITY_MODE=" + get("PMIX_SECURITY_MODE")
                    + " and PMIX_MCA_psec=" + mca + " have no security module in common");
        }
        return both;
    }

    private static List<String> list(String csv) {
        List<String> out = new ArrayList<>();
        if (csv != null) {
            for (String m : csv.split(",")) {
                if (!m.isBlank()) {
                    out.add(m.strip());
                }
            }
        }
        return out;
    }

    /** The munged that PMIX4J_MUNGE_SOCKET names, else the one at munge's default socket. */
    public MungeClient munged() {
        return MungeClient.fromEnvironment(env);
    }

    public BufferKind bufferKind() {
        return BufferKind.forEnv(get("PMIX_BFROP_BUFFER_TYPE"));
    }

    /** The server's version (PMIX_VERSION) or "". */
    public String serverVersion() {
        String v = get("PMIX_VERSION");
        return v == null ? "" : v;
    }

    /** PMIX_HOSTNAME, else the kernel's host name cut at its first dot (as libpmix does). */
    public String hostname() {
        String h = get("PMIX_HOSTNAME");
        return h != null ? h : osHostname();
    }

    public static String osHostname() {
        String s = null;
        try {
            s = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        if (s == null || s.isEmpty()) {
            try {
                s = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                s = "localhost";
            }
        }
        if (!s.matches("\\d+(\\.\\d+){3}") && s.indexOf(':') < 0 && s.indexOf('.') > 0) {
            s = s.substring(0, s.indexOf('.'));
        }
        return s;
    }

    /** Any variable, or null. */
    public String variable(String name) {
        return get(name);
    }
}
