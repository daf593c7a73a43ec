package org.pmix4j.server.sessiondir;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where one of a server's rendezvous files is: which file and its path (the file's content is a {@link org.pmix4j.wire.protocol.RendezvousContent}).
 *
 * @param kind which file it is
 * @param path where it is (absolute)
 */
public record RendezvousLocation(RendezvousKind kind, Path path) {
    public RendezvousLocation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
    }
}
