package org.pmix4j.runtime;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.iof.OutputListener;
import org.pmix4j.server.PmixServer;

/**
 * Offers every chunk of the processes' output to the server, which forwards it to the PMIx tools that
 * asked for it (PMIx_IOF_pull) and keeps it for tools that connect later; the end of a stream goes along
 * as PMIX_IOF_COMPLETE.
 */
final class ToolOutput implements OutputListener {
    private final PmixServer server;

    ToolOutput(PmixServer server) {
        this.server = server;
    }

    @Override
    public void output(Proc source, int channel, byte[] data) {
        server.iofDeliver(source, channel, data, List.of());
    }

    @Override
    public boolean holds(Proc source) {
        return server.iofHeld(source);
    }

    @Override
    public void closed(Proc source, int channel) {
        server.iofDeliver(source, channel, new byte[0], List.of(Attributes.IOF_COMPLETE.info(true)));
    }
}
