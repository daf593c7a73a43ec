package org.pmix4j.server.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * Chooses the address the server listens on, as libpmix does: the loopback interface unless remote
 * connections are wanted (then the first other interface), IPv4 unless it is disabled, and only
 * interfaces that PMIX_TCP_IF_INCLUDE names or PMIX_TCP_IF_EXCLUDE does not (by interface name, address,
 * or address/prefix).
 */
public final class ListenAddress {
    private ListenAddress() {
    }

    public static InetAddress choose(boolean remote, boolean ipv6, List<String> include, List<String> exclude) {
        if (!remote && include.isEmpty() && exclude.isEmpty()) {
            // the usual case needs no interface scan (which costs a launcher several milliseconds)
            try {
                return InetAddress.getByName(ipv6 ? "::1" : "127.0.0.1");
            } catch (java.net.UnknownHostException e) {
                throw new AssertionError("a literal address always resolves", e);
            }
        }
        List<NetworkInterface> ifs;
        try {
            ifs = Collections.list(NetworkInterface.getNetworkInterfaces());
        } catch (SocketException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_AVAILABLE, "cannot list network interfaces: " + e.getMessage());
        }
        List<InetAddress> loopback = new ArrayList<>();
        List<InetAddress> other = new ArrayList<>();
        for (NetworkInterface ni : ifs) {
            try {
                if (!ni.isUp()) {
                    continue;
                }
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if ((ipv6 ? a instanceof Inet6Address : a instanceof Inet4Address) && allowed(ni, a, include, exclude)) {
                        (a.isLoopbackAddress() ? loopback : other).add(a);
                    }
                }
            } catch (SocketException e) {
                // an interface that vanished while we looked is simply not a candidate
            }
        }
        List<InetAddress> first = remote ? other : loopback;
        List<InetAddress> second = remote ? loopback : other;
        if (!first.isEmpty()) {
            return first.get(0);
        }
        if (!second.isEmpty() && !remote) {
            return second.get(0);
        }
        throw new PmixException(PmixStatus.PMIX_ERR_NOT_AVAILABLE, "no " + (ipv6 ? "IPv6" : "IPv4")
                + (remote ? " non-loopback" : "") + " interface to listen on"
                + (include.isEmpty() ? "" : " among PMIX_TCP_IF_INCLUDE=" + include)
                + (exclude.isEmpty() ? "" : " outside PMIX_TCP_IF_EXCLUDE=" + exclude));
    }

    private static boolean allowed(NetworkInterface ni, InetAddress a, List<String> include, List<String> exclude) {
        if (!include.isEmpty()) {
            return include.stream().anyMatch(spec -> matches(spec, ni, a));
        }
        return exclude.stream().noneMatch(spec -> matches(spec, ni, a));
    }

    /** An interface name ("lo", "eth0"), an address, or address/prefix-length. */
    static boolean matches(String spec, NetworkInterface ni, InetAddress a) {
        if (spec.equals(ni.getName())) {
            return true;
        }
        if (!spec.matches("[0-9a-fA-F:.]+(/[0-9]+)?") || !(spec.contains(".") || spec.contains(":"))) {
            return false; // a name that is not this interface's; never resolve names through DNS here
        }
        int slash = spec.indexOf('/');
        try {
            InetAddress net = InetAddress.getByName(slash < 0 ? spec : spec.substring(0, slash));
            int bits = slash < 0 ? net.getAddress().length * 8 : Integer.parseInt(spec.substring(slash + 1));
            return sameNetwork(net.getAddress(), a.getAddress(), bits);
        } catch (java.io.IOException | NumberFormatException e) {
            return false;
        }
    }

    private static boolean sameNetwork(byte[] net, byte[] addr, int bits) {
        if (net.length != addr.length || bits < 0 || bits > net.length * 8) {
            return false;
        }
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >>> (i % 8);
            if ((net[i / 8] & mask) != (addr[i / 8] & mask)) {
                return false;
            }
        }
        return true;
    }
}
