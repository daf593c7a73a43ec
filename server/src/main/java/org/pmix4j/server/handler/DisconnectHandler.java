package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.collective.Collective;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.DisconnectRequest;

/**
 * DISCONNECT: the request of CONNECT; the same collective, through the host's {@code disconnect} upcall
 * when not all participants are local. Reply ({@code _discnct}): STATUS. The job data the client got at
 * connect time is dropped by the client itself.
 */
public final class DisconnectHandler implements CommandHandler<DisconnectRequest> {
    static final String KIND = "disconnect";

    private final Collectives all;
    private final HostModule host;

    public DisconnectHandler(Collectives all, HostModule host) {
        this.all = all;
        this.host = host;
    }

    @Override
    public void handle(Request req, DisconnectRequest disconnect) {
        ConnectHandler.Participants p = ConnectHandler.Participants.of(disconnect.procs(), disconnect.directives(),
                KIND);
        all.join(new Collectives.Key(KIND, p.procs()), p.procs(), req, p.directives(), () -> new Collectives.Operation<Void>() {
            @Override
            public CompletionStage<Void> callHost(Collective c, List<Info> directives) {
                return host.disconnect(c.procs(), directives);
            }

            @Override
            public void reply(Collective c, Proc participant, Request r, int status) {
                r.replyStatus(status);
            }
        });
    }
}
