package org.pmix4j.server.handler;

import org.pmix4j.wire.message.UndeclaredRequest;
import java.util.List;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.Unpacker;

/**
 * ALLOC: {@code ALLOC_DIRECTIVE d, SIZE n, INFO[n]} → the host's {@code allocate} upcall. Reply
 * ({@code alloc_cbfunc}): STATUS, SIZE, INFO[]; bare STATUS -47 without the upcall.
 */
public final class AllocHandler implements CommandHandler<UndeclaredRequest> {
    @Override
    public void handle(Request req, UndeclaredRequest undeclared) {
        Unpacker in = req.body();
        AllocDirective directive = (AllocDirective) in.unpackOne(DataType.ALLOC_DIRECTIVE);
        List<Info> info = in.sizedInfos("allocation directives");
        InfoReplies.statusSizeInfos(req, req.server().host().allocate(req.peer().proc(), directive, info));
    }
}
