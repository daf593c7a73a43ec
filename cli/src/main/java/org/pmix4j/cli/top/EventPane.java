package org.pmix4j.cli.top;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.PmixEvent;
import org.pmix4j.client.tool.PmixTool;

/**
 * The job events {@code pmix4j top} shows as they happen: the end of every job (PMIX_EVENT_JOB_END, which
 * the runtime also caches, so a job that ended just before top started shows too) and of every process
 * (PMIX_EVENT_PROC_TERMINATED and the abnormal ends, which the runtime marks non-default: only handlers
 * registered for them get them), and the start of a job when the runtime tells it. The latest
 * {@link #KEPT} are kept.
 */
final class EventPane {
    static final int KEPT = 100;
    private static final String LOST = "lost the connection to the runtime";
    private static final List<Integer> CODES = List.of(PmixStatus.PMIX_EVENT_JOB_END, PmixStatus.PMIX_EVENT_JOB_START,
            PmixStatus.PMIX_EVENT_PROC_TERMINATED, PmixStatus.PMIX_ERR_PROC_ABORTED_BY_SIG,
            PmixStatus.PMIX_ERR_PROC_TERM_WO_SYNC, PmixStatus.PMIX_ERR_PROC_ABORTED,
            PmixStatus.PMIX_ERR_LOST_CONNECTION);

    private final Deque<TopFrame.EventLine> lines = new ArrayDeque<>();

    /**
     * Registers for the events on {@code tool}. A loss told before the handler was in place is told to no
     * one: a connection already gone shows as lost all the same.
     */
    void register(PmixTool tool) {
        for (int code : CODES) {
            tool.registerEventHandler(List.of(code), List.of(), e -> {
                add(line(e));
                return EventOutcome.CONTINUE;
            });
        }
        if (!tool.isConnected()) {
            add(new TopFrame.EventLine(Instant.now(), PmixStatus.name(PmixStatus.PMIX_ERR_LOST_CONNECTION), null,
                    null, LOST));
        }
    }

    synchronized List<TopFrame.EventLine> latest() {
        return new ArrayList<>(lines);
    }

    private synchronized void add(TopFrame.EventLine line) {
        lines.addLast(line);
        while (lines.size() > KEPT) {
            lines.removeFirst();
        }
    }

    private static TopFrame.EventLine line(PmixEvent e) {
        String name = PmixStatus.name(e.status());
        Proc who = e.affected().isEmpty() ? null : e.affected().get(0);
        String nspace = who != null ? who.nspace() : Attributes.NSPACE.find(e.info()).orElse(null);
        Integer rank = who == null || who.rank() == org.pmix4j.api.Rank.WILDCARD ? null : who.rank();
        StringBuilder text = new StringBuilder();
        if (e.status() == PmixStatus.PMIX_EVENT_JOB_END) {
            text.append("job ").append(nspace).append(" ended: ")
                    .append(Attributes.JOB_TERM_STATUS.find(e.info()).map(PmixStatus::name).orElse("?"));
            Attributes.EXIT_CODE.find(e.info()).ifPresent(c -> text.append(", exit code ").append(c));
        } else if (e.status() == PmixStatus.PMIX_EVENT_JOB_START) {
            text.append("job ").append(nspace).append(" started");
        } else if (e.status() == PmixStatus.PMIX_ERR_LOST_CONNECTION) {
            text.append(LOST);
        } else {
            text.append("rank ").append(rank).append(" of ").append(nspace).append(" ended");
            Attributes.EXIT_CODE.find(e.info()).ifPresent(c -> text.append(", exit code ").append(c));
        }
        return new TopFrame.EventLine(Instant.now(), name, nspace, rank, text.toString());
    }
}
