package org.pmix4j.server.sessiondir;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.pmix4j.api.Info;

/**
 * Who writes the rendezvous files: the server's own process name, the host name used in file names, and
 * the process ids written into the files.
 *
 * @param nspace   the server's namespace (PMIX_SERVER_NSPACE; libpmix's default is "pmix-server")
 * @param rank     the server's rank (PMIX_SERVER_RANK; default 0)
 * @param hostname the name used in file names ({@link HostName#resolve})
 * @param pid      the process id written on line 3 and used in {@code pmix.<host>.tool.<pid>}
 * @param uid      effective user id, line 4
 * @param gid      effective group id, line 4
 */
public record ServerIdentity(String nspace, int rank, String hostname, long pid, long uid, long gid) {
    public ServerIdentity {
        Objects.requireNonNull(nspace, "nspace");
        Objects.requireNonNull(hostname, "hostname");
        if (nspace.isEmpty()) {
            throw new IllegalArgumentException("the server namespace is empty");
        }
        if (hostname.isEmpty() || hostname.indexOf('/') >= 0 || hostname.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("'" + hostname + "' cannot be part of a file name");
        }
    }

    /** This process, with the given name and host name. */
    public static ServerIdentity ofThisProcess(String nspace, int rank, String hostname) {
        ProcessIds ids = ProcessIds.current();
        return new ServerIdentity(nspace, rank, hostname, ProcessHandle.current().pid(), ids.uid(), ids.gid());
    }

    /** This process, with the host name libpmix would choose for these init attributes and environment. */
    public static ServerIdentity ofThisProcess(String nspace, int rank, List<Info> attributes,
            Map<String, String> env) {
        return ofThisProcess(nspace, rank, HostName.resolve(attributes, env));
    }
}
