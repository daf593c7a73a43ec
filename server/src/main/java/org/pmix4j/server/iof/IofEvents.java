package org.pmix4j.server.iof;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.event.EventService;
import org.pmix4j.server.peer.Peer;

/**
 * The IO forwarding events this server raises, each for the one peer it concerns (a custom range):
 * <ul>
 *   <li>PMIX_ERR_IOF_COMPLETE to a tool once the end of its stdin has been taken by the host (the Standard:
 *       forwarding of stdin has completed), with the targets as affected processes and PMIX_IOF_COMPLETE;</li>
 *   <li>PMIX_ERR_IOF_FAILURE to a requester whose pull found that output of a job it asked for had been
 *       dropped because the job's cache was full: the output it gets is not all there was. The affected
 *       channels are named by the PMIX_FWD_STDOUT / STDERR / STDDIAG attributes, true, and the job by
 *       PMIX_EVENT_AFFECTED_PROC.</li>
 * </ul>
 *
 * <p>Loop thread only.
 */
public final class IofEvents {
    private final EventService events;
    private final Proc self;

    public IofEvents(EventService events, Proc self) {
        this.events = events;
        this.self = self;
    }

    /** The end of {@code tool}'s stdin for {@code targets} was taken. */
    public void stdinComplete(Peer tool, List<Proc> targets) {
        if (!tool.isConnected()) {
            return;
        }
        raise(PmixStatus.PMIX_ERR_IOF_COMPLETE, tool, List.of(
                Attributes.EVENT_AFFECTED_PROCS.info(new DataArray(DataType.PROC, List.copyOf(targets))),
                Attributes.IOF_COMPLETE.info(true)));
    }

    /** Output of {@code job} on {@code channels} was dropped before {@code requester} pulled it. */
    void outputLost(Peer requester, String job, int channels) {
        if (!requester.isConnected()) {
            return;
        }
        List<Info> info = new ArrayList<>();
        info.add(Attributes.EVENT_AFFECTED_PROC.info(Proc.wildcard(job)));
        if ((channels & IofChannel.STDOUT) != 0) {
            info.add(Attributes.FWD_STDOUT.info(true));
        }
        if ((channels & IofChannel.STDERR) != 0) {
            info.add(Attributes.FWD_STDERR.info(true));
        }
        if ((channels & IofChannel.STDDIAG) != 0) {
            info.add(Attributes.FWD_STDDIAG.info(true));
        }
        raise(PmixStatus.PMIX_ERR_IOF_FAILURE, requester, info);
    }

    private void raise(int code, Peer to, List<Info> info) {
        List<Info> all = new ArrayList<>(info);
        all.add(0, Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(to.proc()))));
        events.raise(code, self, DataRange.CUSTOM, all, null);
    }
}
