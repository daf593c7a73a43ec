package org.pmix4j.runtime.sched;

import java.nio.charset.StandardCharsets;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.PmixServer;

/**
 * Why the scheduler refused a tool's request, told to that tool: a PMIx reply carries only a status, so the
 * reason goes ahead of it on the tool's diagnostic channel (the tool library prints it, as {@code pmix4j
 * alloc} does), the way the runtime tells a tool why its spawn was refused. Also logged.
 */
final class ToolMessages {
    private static final Log LOG = Log.of(ToolMessages.class);

    private volatile PmixServer server;

    /** The server that carries the messages; until it is given, they are only logged. */
    void deliverThrough(PmixServer server) {
        this.server = server;
    }

    void tell(Proc tool, String text) {
        LOG.info("to {}: {}", tool, text);
        PmixServer s = server;
        if (s != null) {
            s.iofDeliverTo(tool, IofChannel.STDDIAG, ("pmix4j sched: " + text + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
