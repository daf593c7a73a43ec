package org.pmix4j.runtime.indirect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.runtime.LaunchException;

/**
 * The connection of an intermediate launcher back to the tool that started it (the initiator), made with
 * the Java tool library from PMIX_LAUNCHER_RNDZ_URI. {@link PmixTool#init} does what the tools chapter asks
 * of PMIx_tool_init in an IL: it connects back to the initiator (who stays a secondary server: the runtime is
 * its own server), fetches the job information the initiator holds for us (the spawn's job-level directives
 * when the initiator started us with PMIx_Spawn) and, when those include PMIX_DEBUG_STOP_IN_INIT, stops there
 * (PMIX_READY_FOR_DEBUG to the initiator) until the initiator's PMIX_DEBUGGER_RELEASE arrives.
 */
final class Initiator implements AutoCloseable {
    /** Directives aimed at the launcher itself that it does not carry out (it has no daemons or agents). */
    private static final List<Attribute<String>> REFUSED_FOR_LAUNCHER = List.of(Attributes.FORKEXEC_AGENT,
            Attributes.EXEC_AGENT, Attributes.LAUNCHER_DAEMON);

    private final PmixTool tool;
    private final Proc self;
    private final Proc parent;

    private Initiator(PmixTool tool) {
        this.tool = tool;
        this.self = tool.self();
        this.parent = find(Attributes.PARENT_ID).orElseGet(() -> tool.servers().get(0));
    }

    /**
     * Connects back to the initiator at {@code uri}; returns once the initiator released us, when it asked
     * us to stop in init.
     *
     * @throws LaunchException when the initiator cannot be reached, or asks the launcher itself for what it
     *                         does not do
     */
    static Initiator connect(String uri) {
        PmixTool tool;
        try {
            // not connecting to any other server: the runtime is our server, the initiator only a peer
            tool = PmixTool.init(List.of(Attributes.TOOL_DO_NOT_CONNECT.info(true)));
        } catch (PmixException e) {
            throw new LaunchException("cannot connect back to the initiator at PMIX_LAUNCHER_RNDZ_URI=" + uri + ": "
                    + e.getMessage(), 1);
        }
        if (tool.servers().isEmpty()) {
            tool.close();
            throw new LaunchException("PMIX_LAUNCHER_RNDZ_URI=" + uri + " led to no connection to the initiator", 1);
        }
        Initiator i = new Initiator(tool);
        i.refuseLauncherDirectives();
        return i;
    }

    /** The initiator (PMIX_PARENT_ID of our job information, else the server we reached). */
    Proc parent() {
        return parent;
    }

    /** PMIX_LAUNCH_DIRECTIVES the initiator gave for the job we are to launch (none when it gave none). */
    LaunchDirectives launchDirectives() {
        Optional<DataArray> a = find(Attributes.LAUNCH_DIRECTIVES);
        if (a.isEmpty()) {
            return LaunchDirectives.none();
        }
        List<Info> out = new ArrayList<>();
        for (Value v : a.get().elements()) {
            if (v instanceof Info i) {
                out.add(i);
            } else {
                throw new LaunchException("PMIX_LAUNCH_DIRECTIVES from the initiator holds a " + v.getClass().getSimpleName()
                        + " where an info was expected", 1);
            }
        }
        return new LaunchDirectives(out);
    }

    /**
     * PMIX_LAUNCHER_READY to the initiator: ready for its directives (PMIx_Spawn …). The event carries
     * where the launcher's own server is (PMIX_SERVER_URI, PMIX_SERVER_NSPACE, PMIX_SERVER_PIDINFO), so that
     * the initiator can attach to it without parsing anything.
     */
    void announceReady(String serverUri, Proc server) {
        List<Info> info = List.of(Attributes.SERVER_URI.info(serverUri), Attributes.SERVER_NSPACE.info(server.nspace()),
                Attributes.SERVER_PIDINFO.info((int) ProcessHandle.current().pid()),
                Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(parent))));
        tool.notifyEvent(PmixStatus.PMIX_LAUNCHER_READY, self, DataRange.CUSTOM, info);
    }

    /**
     * PMIX_ERR_JOB_FAILED_TO_LAUNCH to the initiator, with why (PMIX_EVENT_TEXT_MESSAGE): the launcher is
     * about to end without launching, and the initiator waits for PMIX_LAUNCH_COMPLETE. Sent through our
     * connection to the initiator, which answers once it took the event, so it is not lost when we exit.
     */
    void tellLaunchFailed(String why) {
        List<Info> info = List.of(Attributes.EVENT_TEXT_MESSAGE.info(why), Attributes.EVENT_NON_DEFAULT.info(true),
                Attributes.EVENT_CUSTOM_RANGE.info(new DataArray(DataType.PROC, List.of(parent))));
        try {
            tool.notifyEvent(PmixStatus.PMIX_ERR_JOB_FAILED_TO_LAUNCH, self, DataRange.CUSTOM, info);
        } catch (PmixException e) {
            // the initiator may be gone already; the launcher's own message says why
        }
    }

    /**
     * Runs {@code ended} when PMIX_EVENT_JOB_END names this launcher (our namespace, as the initiator knows
     * us) or the initiator itself (the tool library's word that the keepalive pipe closed). Other jobs' ends,
     * which the initiator may relay, are not ours.
     */
    void onEnd(Runnable ended) {
        tool.registerEventHandler(List.of(PmixStatus.PMIX_EVENT_JOB_END), List.of(), e -> {
            if (e.affected().stream().anyMatch(p -> p.nspace().equals(self.nspace()) || p.equals(parent))) {
                ended.run();
            }
            return org.pmix4j.client.EventOutcome.CONTINUE;
        });
    }

    private void refuseLauncherDirectives() {
        List<String> refused = REFUSED_FOR_LAUNCHER.stream().filter(a -> find(a).isPresent())
                .map(Attribute::macroName).toList();
        if (!refused.isEmpty()) {
            close();
            throw new LaunchException(PmixStatus.name(PmixStatus.PMIX_ERR_NOT_SUPPORTED) + ": the initiator's spawn"
                    + " of this launcher asks for " + String.join(", ", refused) + ", which pmix4j does not support", 1);
        }
    }

    private <T> Optional<T> find(Attribute<T> attribute) {
        try {
            return Optional.of(tool.get(Proc.wildcard(self.nspace()), attribute, Attributes.OPTIONAL.info(true)));
        } catch (PmixException e) {
            return Optional.empty();
        }
    }

    /** Finalizes the connection; the initiator may be gone already, which is no reason to fail the runtime's end. */
    @Override
    public void close() {
        try {
            tool.close();
        } catch (RuntimeException e) {
            // nothing of ours depends on the initiator hearing our finalize
        }
    }
}
