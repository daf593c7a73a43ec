package org.pmix4j.runtime.placement;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names and addresses by which this node may be given in {@code --host} and hostfiles: its host name
 * (short and qualified), {@code localhost}, the loopback addresses, the addresses of its interfaces and the
 * names {@code /etc/hosts} gives to any of these. No name is looked up in DNS: deciding that a host is this
 * one must not wait on, or depend on, the network.
 */
public final class LocalNode {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private final String hostname;
    private final Set<String> names;
    private final Set<InetAddress> addresses;

    private LocalNode(String hostname, Set<String> names, Set<InetAddress> addresses) {
        this.hostname = hostname;
        this.names = names;
        this.addresses = addresses;
    }

    /** This machine, known to the launcher as {@code hostname}. */
    public static LocalNode detect(String hostname) {
        Set<String> names = new LinkedHashSet<>();
        Set<InetAddress> addrs = new LinkedHashSet<>();
        names.add(hostname);
        try {
            InetAddress self = InetAddress.getLocalHost();
            names.add(self.getHostName());
            names.add(self.getCanonicalHostName());
            addrs.add(self);
        } catch (UnknownHostException e) {
            // the host name alone will have to do
        }
        try {
            for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                addrs.addAll(Collections.list(nif.getInetAddresses()));
            }
        } catch (SocketException | RuntimeException e) {
            // no interface list: loopback and names still work
        }
        LocalNode partial = of(hostname, names, addrs.stream().map(InetAddress::getHostAddress).toList());
        // /etc/hosts names for loopback or our own addresses are this node too (Debian maps the host name to
        // 127.0.1.1 there)
        try {
            for (String line : Files.readAllLines(Path.of("/etc/hosts"))) {
                String l = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
                String[] f = l.strip().split("\\s+");
                if (f.length >= 2 && partial.isLocalAddress(f[0])) {
                    names.addAll(List.of(f).subList(1, f.length));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /etc/hosts
        }
        return of(hostname, names, addrs.stream().map(InetAddress::getHostAddress).toList());
    }

    /** A node with the given host name, other names and address literals (for tests). */
    public static LocalNode of(String hostname, Collection<String> aliases, Collection<String> addressLiterals) {
        Set<String> names = new LinkedHashSet<>();
        names.add(hostname.toLowerCase(Locale.ROOT));
        names.add(shortName(hostname));
        names.add("localhost");
        names.add("localhost.localdomain");
        for (String a : aliases) {
            if (a != null && !a.isBlank() && !isAddressLiteral(a)) {
                names.add(a.toLowerCase(Locale.ROOT));
            }
        }
        Set<InetAddress> addrs = new LinkedHashSet<>();
        for (String a : addressLiterals) {
            InetAddress ia = literal(a);
            if (ia != null) {
                addrs.add(ia);
            }
        }
        return new LocalNode(hostname, Collections.unmodifiableSet(names), Collections.unmodifiableSet(addrs));
    }

    /** The name the launcher uses for this node. */
    public String hostname() {
        return hostname;
    }

    /** The names this node answers to (lower case). */
    public Set<String> names() {
        return names;
    }

    /**
     * Whether {@code host} (a name or an address literal) is this node. A qualified name counts when it is
     * one of this node's names, or when its first label is this node's short name and no qualified name of
     * this node is known to contradict it.
     */
    public boolean isLocal(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (isAddressLiteral(h)) {
            return isLocalAddress(h);
        }
        if (names.contains(h)) {
            return true;
        }
        String shortName = shortName(h);
        if (!shortName.equals(h) && names.contains(shortName)) {
            // "vm.example.org" for a node called "vm": this node unless we know ourselves by another domain
            return names.stream().noneMatch(n -> n.startsWith(shortName + "."));
        }
        return false;
    }

    private boolean isLocalAddress(String literal) {
        InetAddress a = literal(literal);
        return a != null && (a.isLoopbackAddress() || a.isAnyLocalAddress() || addresses.contains(a));
    }

    private static boolean isAddressLiteral(String s) {
        return IPV4.matcher(s).matches() || s.contains(":");
    }

    /** Parses an IP address literal without any name lookup; {@code null} when it is not one. */
    private static InetAddress literal(String s) {
        String t = s.strip();
        int pct = t.indexOf('%');
        if (pct >= 0) {
            t = t.substring(0, pct);
        }
        if (!(IPV4.matcher(t).matches() || t.contains(":"))) {
            return null;
        }
        try {
            // a literal is parsed, never looked up
            return InetAddress.getByName(t);
        } catch (UnknownHostException | RuntimeException e) {
            return null;
        }
    }

    private static String shortName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        int dot = n.indexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    @Override
    public String toString() {
        return hostname + " " + names + " " + addresses;
    }
}
