package org.pmix4j.runtime.debug;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a ProcessBuilder's command with posix_spawn, as a child the JDK does not know of (and so never
 * reaps): as the leader of a new process group in this JVM's session (POSIX_SPAWN_SETPGROUP: see
 * {@link GroupSpawn} for why not a session), in the builder's directory,
 * with exactly its environment and its redirects (pipes, files, inherited), no other descriptor of this
 * JVM (closefrom 3: the JVM's sockets and other children's pipes must not leak into it), no blocked signal
 * and the usual signals at their default action (a JVM blocks some in its threads, and what its launcher
 * ignored would otherwise stay ignored).
 */
final class PosixSpawn {
    /** The signals a job's process expects at their default action. */
    private static final int[] DEFAULT_SIGNALS = {1, 2, 3, 10, 12, 13, 14, 15, 17, 20, 21, 22, 25};
    private static final int FILE_MODE = 0666;
    private static final String PROC_FD = "/proc/self/fd/";

    /**
     * A started child: its pid and streams over this JVM's ends of the pipes to its stdin, stdout and stderr
     * (where the builder did not ask for a pipe: an empty input, an output that refuses writes, as the JDK's).
     */
    record Child(long pid, OutputStream stdin, InputStream stdout, InputStream stderr) {
    }

    private PosixSpawn() {
    }

    /** Starts {@code argv} (whose first element is an absolute path) with {@code builder}'s setup. */
    static Child start(List<String> argv, ProcessBuilder builder) throws IOException {
        List<Integer> parentSide = new ArrayList<>();
        List<Integer> childSide = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment actions = Libc.fileActions(arena);
            MemorySegment attr = Libc.spawnAttributes(arena);
            try {
                int in = redirect(actions, 0, builder.redirectInput(), true, parentSide, childSide);
                int out = redirect(actions, 1, builder.redirectOutput(), false, parentSide, childSide);
                int err = -1;
                if (builder.redirectErrorStream()) {
                    Libc.addDup2(actions, 1, 2);
                } else {
                    err = redirect(actions, 2, builder.redirectError(), false, parentSide, childSide);
                }
                Libc.addCloseFrom(actions, 3);
                File dir = builder.directory();
                if (dir != null) {
                    Libc.addChdir(actions, arena.allocateFrom(dir.getPath()));
                }
                Libc.setFlags(attr, (short) (Libc.POSIX_SPAWN_SETPGROUP | Libc.POSIX_SPAWN_SETSIGMASK
                        | Libc.POSIX_SPAWN_SETSIGDEF));
                Libc.setSignalMask(attr, Libc.sigset(arena));
                Libc.setSignalDefaults(attr, Libc.sigset(arena, DEFAULT_SIGNALS));
                long pid = Libc.spawn(arena.allocateFrom(argv.get(0)), actions, attr, strings(arena, argv),
                        strings(arena, environment(builder.environment())), argv.get(0));
                try {
                    // opened while the child's ends are still open here too: opening a pipe's end by its path
                    // waits for a process at the other end, which a child killed meanwhile would never be
                    Child child = new Child(pid, output(in), input(out), input(err));
                    closeAll(childSide);
                    // the output pipes' ends are the streams' own now
                    parentSide.remove(Integer.valueOf(out));
                    parentSide.remove(Integer.valueOf(err));
                    closeAll(parentSide);
                    return child;
                } catch (IOException | RuntimeException e) {
                    Libc.kill(pid, Libc.SIGKILL);
                    Libc.waitpid(pid, Libc.WALL);
                    throw e;
                }
            } finally {
                Libc.destroyFileActions(actions);
                Libc.destroyAttributes(attr);
            }
        } catch (IOException | RuntimeException e) {
            closeAll(childSide);
            closeAll(parentSide);
            throw e;
        }
    }

    /**
     * Adds the file action that gives the child {@code target} (0, 1 or 2) as {@code r} says; the JVM's end of
     * a pipe, or -1. Files are opened here, as the JDK does, so that a failure names the file.
     */
    private static int redirect(MemorySegment actions, int target, ProcessBuilder.Redirect r, boolean input,
            List<Integer> parentSide, List<Integer> childSide) throws IOException {
        int childFd;
        int parentFd = -1;
        switch (r.type()) {
            case INHERIT -> {
                return -1;
            }
            case PIPE -> {
                int[] p = Libc.pipe(target == 0 ? "stdin" : target == 1 ? "stdout" : "stderr");
                childFd = input ? p[0] : p[1];
                parentFd = input ? p[1] : p[0];
                parentSide.add(parentFd);
            }
            case READ -> childFd = Libc.open(r.file().getPath(), Libc.O_RDONLY, 0);
            case WRITE -> childFd = Libc.open(r.file().getPath(), Libc.O_WRONLY | Libc.O_CREAT | Libc.O_TRUNC, FILE_MODE);
            case APPEND -> childFd = Libc.open(r.file().getPath(), Libc.O_WRONLY | Libc.O_CREAT | Libc.O_APPEND, FILE_MODE);
            default -> throw new IOException("unknown redirect " + r);
        }
        childSide.add(childFd);
        // the descriptors are all close-on-exec: only their copies on 0, 1 and 2 reach the command
        Libc.addDup2(actions, childFd, target);
        return parentFd;
    }

    /**
     * A stream over the read end of an output pipe: the descriptor itself, which the launcher's
     * {@link ChildPoller} can watch instead of a thread reading it.
     */
    private static InputStream input(int fd) {
        return fd < 0 ? InputStream.nullInputStream() : new PipeInput(fd);
    }

    /**
     * A stream over the write end of the stdin pipe: opened anew by its /proc/self/fd path, since the JDK has
     * no public way to wrap a bare descriptor (the original is closed by the caller).
     */
    private static OutputStream output(int fd) throws IOException {
        if (fd < 0) {
            OutputStream closed = OutputStream.nullOutputStream();
            closed.close(); // writes throw "Stream closed"
            return closed;
        }
        return new BufferedOutputStream(new FileOutputStream(PROC_FD + fd));
    }

    private static List<String> environment(Map<String, String> env) {
        List<String> out = new ArrayList<>(env.size());
        env.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }

    /**
     * A NULL-terminated array of C strings. The pointers are written as the 64-bit words they are (every
     * platform pmix4j runs on): the JDK builds the address layout's accessor from method handles at its first
     * use, classes that a JDK 25 AOT cache does not keep, where the long's accessor is there already.
     */
    private static MemorySegment strings(Arena arena, List<String> values) {
        MemorySegment array = arena.allocate(ValueLayout.JAVA_LONG, values.size() + 1L);
        for (int i = 0; i < values.size(); i++) {
            array.setAtIndex(ValueLayout.JAVA_LONG, i, arena.allocateFrom(values.get(i)).address());
        }
        array.setAtIndex(ValueLayout.JAVA_LONG, values.size(), 0L);
        return array;
    }

    static void closeAll(List<Integer> fds) {
        for (int fd : fds) {
            try {
                Libc.close(fd);
            } catch (IOException ignored) {
                // nothing more to do with a descriptor that would not close
            }
        }
        fds.clear();
    }
}
