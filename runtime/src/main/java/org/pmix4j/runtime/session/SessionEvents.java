package org.pmix4j.runtime.session;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.api.internal.Log;

/**
 * The session lifecycle events: PMIX_EVENT_SESSION_START when a session is created (to whoever registered
 * for it, tools mostly), PMIX_EVENT_SESSION_END to the processes of the session's jobs before they are
 * stopped. Both carry PMIX_SESSION_ID; neither is cached (a session that ended is no news to a process
 * that starts later).
 */
public final class SessionEvents {
    private static final Log LOG = Log.of(SessionEvents.class);

    /** Raises an event from the runtime's server (its source is the server itself). */
    public interface Notifier {
        java.util.concurrent.CompletableFuture<Void> raise(int code, DataRange range, List<Info> info);
    }

    private final Notifier server;

    public SessionEvents(Notifier server) {
        this.server = server;
    }

    public void started(Session s) {
        List<Info> info = new ArrayList<>(List.of(Attributes.SESSION_ID.info(s.id())));
        if (s.allocId() != null) {
            info.add(Attributes.ALLOC_ID.info(s.allocId()));
        }
        info.add(Attributes.EVENT_DO_NOT_CACHE.info(true));
        raise(PmixStatus.PMIX_EVENT_SESSION_START, DataRange.SESSION, info);
    }

    /** To the processes of the session's running jobs: the session ends, they are about to be stopped. */
    public void ending(Session s, String why) {
        List<Value> targets = new ArrayList<>();
        for (String ns : s.runningJobs()) {
            targets.add(Proc.wildcard(ns));
        }
        if (targets.isEmpty()) {
            return;
        }
        List<Info> info = new ArrayList<>(List.of(Attributes.SESSION_ID.info(s.id()),
                Attributes.EVENT_TEXT_MESSAGE.info(s + " ends: " + why),
                Attributes.EVENT_DO_NOT_CACHE.info(true),
                Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, targets))));
        raise(PmixStatus.PMIX_EVENT_SESSION_END, DataRange.CUSTOM, info);
    }

    private void raise(int code, DataRange range, List<Info> info) {
        try {
            server.raise(code, range, info).join();
        } catch (RuntimeException e) {
            LOG.debug("raising {}: {}", PmixStatus.name(code), e.toString());
        }
    }
}
