package org.pmix4j.server.sessiondir;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One rendezvous file of a server.
 *
 * @param kind which file it is
 * @param path where it is (absolute)
 */
public record RendezvousFile(RendezvousKind kind, Path path) {
    public RendezvousFile {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
    }
}
