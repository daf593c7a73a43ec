package org.pmix4j.server.modex;

import org.pmix4j.wire.BufferKind;

/**
 * The modex data of one process: what it committed for local readers (LOCAL and GLOBAL puts) and for
 * remote readers (REMOTE and GLOBAL puts). For a process on another node only the remote part exists,
 * learned from a collecting fence or a direct modex.
 */
final class ProcData {
    private final CommittedData local;
    private final CommittedData remote;
    private boolean committed;

    ProcData(BufferKind kind) {
        this.local = new CommittedData(kind);
        this.remote = new CommittedData(kind);
    }

    CommittedData local() {
        return local;
    }

    CommittedData remote() {
        return remote;
    }

    /** At least one COMMIT arrived (possibly empty), or remote data was learned. */
    boolean committed() {
        return committed;
    }

    void markCommitted() {
        committed = true;
    }
}
