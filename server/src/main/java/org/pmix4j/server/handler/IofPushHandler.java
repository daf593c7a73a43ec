package org.pmix4j.server.handler;

import java.util.concurrent.Executor;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.server.core.ServerCore;
import org.pmix4j.server.iof.IofEvents;
import org.pmix4j.server.peer.Peer;
import org.pmix4j.server.security.Authorisation;
import org.pmix4j.wire.message.IofPushRequest;

/**
 * IOF_PUSH (standard input from a tool, {@code PMIx_IOF_push}): passed to the host's {@code pushStdin}
 * with the sender as source. A push without bytes is the end of the input (libpmix sends an empty byte
 * object when the tool's stdin ends), as is one with PMIX_IOF_COMPLETE (after its bytes): the host gets
 * {@code null} data. Reply: STATUS, the host's answer: success, PMIX_ERR_IOF_COMPLETE when the targets'
 * input has already ended (libpmix's stdin reader then stops quietly, where any other error makes it raise
 * PMIX_ERR_IOF_FAILURE), PMIX_ERR_NOT_SUPPORTED from a host that takes no stdin.
 *
 * <p>Once the host has taken the end of a tool's input, the tool is sent the PMIX_ERR_IOF_COMPLETE event
 * (the Standard: forwarding of stdin has completed), so that it knows its input reached its targets.
 *
 * <p>Only jobs the sender may act on can be sent input ({@link Authorisation}): a push to another user's job is
 * refused with PMIX_ERR_NO_PERMISSIONS before the host sees its bytes.
 *
 * <p>The blocking form of {@code PMIx_IOF_push} in libpmix 4.2.2 frees its wait object while the caller
 * still uses it ({@code stdincbfunc} frees what the caller then releases) and usually deadlocks on that
 * freed memory whatever the server answers: tools must pass a callback. The reply itself is the plain
 * STATUS that libpmix reads.
 */
public final class IofPushHandler implements CommandHandler<IofPushRequest> {
    private static final Log LOG = Log.of(IofPushHandler.class);

    private final HostModule host;
    private final IofEvents events;
    private final Executor loop;
    private final Authorisation authorisation;

    public IofPushHandler(HostModule host, IofEvents events, Executor loop, Authorisation authorisation) {
        this.authorisation = authorisation;
        this.host = host;
        this.events = events;
        this.loop = loop;
    }

    @Override
    public void handle(Request req, IofPushRequest push) {
        boolean noBytes = push.endOfInput() || push.data().bytes().length == 0;
        boolean end = noBytes || Attributes.IOF_COMPLETE.find(push.directives()).orElse(false);
        Peer tool = req.peer();
        authorisation.requireProcs(tool, "stdin push", push.targets());
        host.pushStdin(tool.proc(), push.targets(), push.directives(), noBytes ? null : push.data().bytes())
                .whenCompleteAsync((ok, err) -> {
                    int status = err == null ? PmixStatus.PMIX_SUCCESS : ServerCore.statusOf(err);
                    if (err != null) {
                        LOG.debug("stdin from {} for {}: {}", tool, push.targets(), err.getMessage());
                    }
                    req.replyStatus(status);
                    if (end && status == PmixStatus.PMIX_SUCCESS) {
                        events.stdinComplete(tool, push.targets());
                    }
                }, loop);
    }
}
