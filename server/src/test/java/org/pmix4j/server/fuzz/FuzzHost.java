package org.pmix4j.server.fuzz;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;

/**
 * The host of the fuzz campaign: it names every tool that connects (a fresh namespace each, so no two
 * hostile tools share a name) and leaves every other upcall to the defaults (not supported), so that a
 * hostile request costs the server its own work only.
 */
final class FuzzHost implements HostModule {
    private final AtomicInteger tools = new AtomicInteger();

    @Override
    public CompletionStage<Proc> toolConnected(List<Info> info) {
        return CompletableFuture.completedFuture(new Proc("fuzztool-" + tools.incrementAndGet(), 0));
    }

    int toolsNamed() {
        return tools.get();
    }
}
