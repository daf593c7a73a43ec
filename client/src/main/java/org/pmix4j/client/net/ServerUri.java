package org.pmix4j.client.net;

import java.net.InetSocketAddress;
import java.util.Objects;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;

/**
 * A server's URI as libpmix 4.2 writes it into {@code PMIX_SERVER_URI41} and rendezvous files:
 * {@code <nspace>.<rank>;tcp4://<ip>:<port>} (or {@code tcp6://[<ip>]:<port>}). The namespace is everything
 * before the last dot of the first field, which may itself contain dots.
 *
 * @param server the server's own process identifier
 * @param host   the address to connect to, as written (no brackets)
 * @param port   the TCP port
 * @param text   the URI as given
 */
public record ServerUri(Proc server, String host, int port, String text) {
    public ServerUri {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(text, "text");
    }

    /** The socket address to connect to. */
    public InetSocketAddress address() {
        return new InetSocketAddress(host, port);
    }

    /**
     * Parses a URI; {@code what} names where it came from for the error message (e.g. "PMIX_SERVER_URI41").
     *
     * @throws PmixException with {@link PmixStatus#PMIX_ERR_BAD_PARAM} when it is not a PMIx server URI
     */
    public static ServerUri parse(String uri, String what) {
        if (uri == null) {
            throw bad(what, null, "no URI");
        }
        String s = uri.strip();
        int semi = s.indexOf(';');
        if (semi <= 0 || semi == s.length() - 1) {
            throw bad(what, uri, "expected <nspace>.<rank>;tcp4://<address>:<port>");
        }
        String id = s.substring(0, semi);
        String addr = s.substring(semi + 1);
        int dot = id.lastIndexOf('.');
        if (dot <= 0 || dot == id.length() - 1) {
            throw bad(what, uri, "no <nspace>.<rank> before the ';'");
        }
        int rank;
        try {
            rank = Integer.parseUnsignedInt(id.substring(dot + 1));
        } catch (NumberFormatException e) {
            throw bad(what, uri, "the rank after the last '.' is not a number");
        }
        String host;
        String portText;
        if (addr.startsWith("tcp4://") || addr.startsWith("tcp://")) {
            String hp = addr.substring(addr.indexOf("//") + 2);
            int colon = hp.lastIndexOf(':');
            if (colon <= 0) {
                throw bad(what, uri, "no port in the address");
            }
            host = hp.substring(0, colon);
            portText = hp.substring(colon + 1);
        } else if (addr.startsWith("tcp6://")) {
            String hp = addr.substring(7);
            int close = hp.indexOf(']');
            if (!hp.startsWith("[") || close < 0 || close + 1 >= hp.length() || hp.charAt(close + 1) != ':') {
                throw bad(what, uri, "a tcp6 address is written [<ip>]:<port>");
            }
            host = hp.substring(1, close);
            portText = hp.substring(close + 2);
        } else {
            throw bad(what, uri, "only tcp4:// and tcp6:// addresses exist in PMIx 4.2");
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw bad(what, uri, "the port '" + portText + "' is not a number");
        }
        if (port <= 0 || port > 65535 || host.isEmpty()) {
            throw bad(what, uri, "bad host or port");
        }
        return new ServerUri(new Proc(id.substring(0, dot), rank), host, port, s);
    }

    private static PmixException bad(String what, String uri, String why) {
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, (what == null ? "server URI" : what)
                + (uri == null ? "" : " '" + uri + "'") + " is not a PMIx server URI: " + why);
    }

    @Override
    public String toString() {
        return text;
    }
}
