package org.pmix4j.server.sessiondir;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;

/**
 * The host name a server puts into its rendezvous file names, chosen as libpmix 4.2.2 chooses
 * {@code pmix_globals.hostname} (src/runtime/pmix_init.c): the PMIX_HOSTNAME attribute (directly, or
 * inside a PMIX_NODE_INFO_ARRAY), else the PMIX_HOSTNAME environment variable, else the operating
 * system's host name cut at the first dot, unless PMIX_HOSTNAME_KEEP_FQDN is set or the name is a
 * numeric address. A libpmix tool builds the names it searches for the same way, so both sides must agree.
 */
public final class HostName {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Path KERNEL_HOSTNAME = Path.of("/proc/sys/kernel/hostname");

    private HostName() {
    }

    /** The host name for these {@code PMIx_server_init} attributes and this environment. */
    public static String resolve(List<Info> attributes, Map<String, String> env) {
        return fromAttributes(attributes)
                .or(() -> SessionAttributes.env(env, SessionAttributes.ENV_HOSTNAME))
                .orElseGet(() -> shorten(osHostName(),
                        SessionAttributes.flag(attributes, Attributes.HOSTNAME_KEEP_FQDN)));
    }

    /** The name as gethostname() returns it (the kernel's node name), without any shortening. */
    public static String osHostName() {
        try {
            String s = Files.readString(KERNEL_HOSTNAME, StandardCharsets.UTF_8).strip();
            if (!s.isEmpty()) {
                return s;
            }
        } catch (IOException | UnsupportedOperationException e) {
            // not Linux: ask Java below
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /** Cuts a name at its first dot, unless told to keep it or it is a numeric address. */
    static String shorten(String name, boolean keepFqdn) {
        if (keepFqdn || isAddress(name)) {
            return name;
        }
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private static boolean isAddress(String name) {
        return IPV4.matcher(name).matches() || name.indexOf(':') >= 0;
    }

    private static Optional<String> fromAttributes(List<Info> attributes) {
        Optional<String> direct = SessionAttributes.text(attributes, Attributes.HOSTNAME);
        if (direct.isPresent()) {
            return direct;
        }
        for (Info i : attributes) {
            if (i.key().equals(Attributes.NODE_INFO_ARRAY.key()) && i.value() instanceof DataArray a
                    && a.elementType() == DataType.INFO) {
                Optional<String> inner = SessionAttributes.text(a.infos(), Attributes.HOSTNAME);
                if (inner.isPresent()) {
                    return inner;
                }
            }
        }
        return Optional.empty();
    }
}
