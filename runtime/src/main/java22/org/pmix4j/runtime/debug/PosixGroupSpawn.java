package org.pmix4j.runtime.debug;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** {@link GroupSpawn} with posix_spawn (POSIX_SPAWN_SETPGROUP) and a reaper thread per process. */
public final class PosixGroupSpawn implements GroupSpawn {

    /** Finds the C calls now, so that a C library without them makes this implementation unavailable. */
    public PosixGroupSpawn() {
        Libc.requireFunctions();
    }

    @Override
    public void prepare() {
        Libc.linkDowncalls();
    }

    @Override
    public Process start(ProcessBuilder builder, List<String> wrapper) throws IOException {
        List<String> argv = new ArrayList<>(wrapper);
        argv.addAll(builder.command());
        if (argv.isEmpty() || !argv.get(0).startsWith("/")) {
            throw new IOException("cannot start " + argv + ": the program must be given by its absolute path");
        }
        PosixSpawn.Child child = PosixSpawn.start(argv, builder);
        try {
            return new HeldProcess(child, false);
        } catch (IOException | RuntimeException e) {
            // gone before it could be watched: reap it here, nobody else will
            Libc.kill(child.pid(), Libc.SIGKILL);
            Libc.waitpid(child.pid(), 0);
            throw e;
        }
    }
}
