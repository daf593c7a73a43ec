package org.pmix4j.runtime.frontend;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.Proc;
import org.pmix4j.client.tool.PmixTool;

/**
 * The front end's stdin to the job (PMIx_IOF_push): read in chunks and pushed to the target processes, one
 * push at a time (each waits for the DVM's answer, so a slow job slows the reading instead of filling
 * memory), then the end of input. A target that is gone ends the copying quietly.
 */
final class StdinPusher {
    private static final int CHUNK = 64 * 1024;

    private final Thread thread;

    private StdinPusher(Thread thread) {
        this.thread = thread;
    }

    static StdinPusher start(InputStream in, PmixTool tool, List<Proc> targets) {
        Thread t = Thread.ofPlatform().daemon().name("prun-stdin").start(() -> copy(in, tool, targets));
        return new StdinPusher(t);
    }

    private static void copy(InputStream in, PmixTool tool, List<Proc> targets) {
        byte[] buf = new byte[CHUNK];
        try {
            int n;
            while ((n = in.read(buf)) >= 0) {
                if (n > 0) {
                    tool.iofPush(targets, Arrays.copyOf(buf, n), List.of());
                }
            }
            tool.iofPush(targets, null, List.of());
        } catch (IOException | PmixException e) {
            // stdin closed under us, or the job (or the DVM) no longer takes it: nothing more to send
        }
    }

    /** Stops copying (the job ended). */
    void stop() {
        thread.interrupt();
    }
}
