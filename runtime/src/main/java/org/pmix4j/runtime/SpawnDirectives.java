package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.pmix4j.api.App;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;

/**
 * The directives of PMIx_Spawn that the runtime carries out, and the check that refuses a spawn asking for
 * something it does not.
 *
 * <p><b>The rule</b> (the Standard on PMIX_INFO_REQD: a directive not marked required may be ignored by a
 * host that does not support it; one marked required must be carried out or the request fails with
 * PMIX_ERR_NOT_SUPPORTED). {@link #check} reads the job-level directives, then each application's, and
 * refuses the first that is
 * <ol>
 * <li>one of the {@linkplain #ALWAYS_REFUSED always refused} attributes, whatever its flags: ignoring a
 * request the runtime cannot carry out and would otherwise pass over would start something else than what was
 * asked, silently (a boolean one set to false asks for nothing and passes);</li>
 * <li>marked required and not carried out at its level ({@link #JOB_LEVEL}, {@link #APP_LEVEL}), whether
 * a Standard attribute or a key this runtime does not know.</li>
 * </ol>
 * Anything else not carried out is ignored, as the Standard allows: libpmix and its users add directives
 * for other hosts (e.g. Open MPI's personality) that must not fail a spawn here.
 *
 * <p><b>What is carried out</b>, and where (the {@code by} column: {@link CarriedBy#RUN} is carried out
 * today by {@code pmix4j run}; {@link CarriedBy#DVM} is the persistent runtime's part of issue 12):
 *
 * <table>
 * <caption>Job-level directives</caption>
 * <tr><th>attribute</th><th>by</th><th>where</th></tr>
 * <tr><td>PMIX_MAPBY, PMIX_RANKBY, PMIX_BINDTO</td><td>RUN</td><td>JobPlacer</td></tr>
 * <tr><td>PMIX_NOTIFY_JOB_EVENTS</td><td>RUN</td><td>JobEvents (start and launch-complete to the requester)</td></tr>
 * <tr><td>PMIX_NOTIFY_COMPLETION</td><td>RUN</td><td>JobEvents (the job-end event is always raised)</td></tr>
 * <tr><td>PMIX_LOG_JOB_EVENTS, PMIX_LOG_COMPLETION</td><td>RUN</td><td>JobEvents</td></tr>
 * <tr><td>PMIX_FWD_STDOUT, PMIX_FWD_STDERR, PMIX_FWD_STDDIAG</td><td>RUN</td><td>the server's SpawnHandler
 * registers the requester for the output the IoForwarder delivers</td></tr>
 * <tr><td>PMIX_IOF_TAG_OUTPUT, PMIX_IOF_TIMESTAMP_OUTPUT, PMIX_IOF_XML_OUTPUT, PMIX_IOF_MERGE_STDERR_STDOUT,
 * PMIX_IOF_OUTPUT_TO_FILE, PMIX_IOF_OUTPUT_TO_DIRECTORY, PMIX_IOF_FILE_ONLY, PMIX_IOF_FILE_PATTERN,
 * PMIX_IOF_OUTPUT_RAW, PMIX_IOF_RANK_OUTPUT, PMIX_IOF_TAG_DETAILED_OUTPUT, PMIX_IOF_TAG_FULLNAME_OUTPUT and
 * the deprecated PMIX_TAG_OUTPUT, PMIX_TIMESTAMP_OUTPUT, PMIX_MERGE_STDERR_STDOUT, PMIX_OUTPUT_TO_FILE,
 * PMIX_OUTPUT_TO_DIRECTORY, PMIX_OUTPUT_NOCOPY</td><td>RUN</td><td>iof.OutputOptions.withDirectives</td></tr>
 * <tr><td>PMIX_IOF_CACHE_SIZE, PMIX_IOF_DROP_OLDEST, PMIX_IOF_DROP_NEWEST, PMIX_IOF_BUFFERING_SIZE,
 * PMIX_IOF_BUFFERING_TIME</td><td>RUN</td><td>registered with the job; the server's IofCache and IofRouter</td></tr>
 * <tr><td>PMIX_NOHUP</td><td>DVM</td><td>a job outlives the tool that launched it</td></tr>
 * <tr><td>PMIX_FWD_STDIN</td><td>DVM</td><td>stdin pushed by the tool</td></tr>
 * <tr><td>PMIX_DISPLAY_MAP, PMIX_DISPLAY_ALLOCATION, PMIX_REPORT_BINDINGS</td><td>DVM</td><td>JobStarter (prun's --display map,
 * allocation, --report-bindings)</td></tr>
 * <tr><td>PMIX_SESSION_ID, PMIX_ALLOC_ID, PMIX_ALLOC_REQ_ID</td><td>RUN</td><td>JobTable: the job runs in
 * that session (session.SessionTable.assign); one that is not here refuses the spawn with PMIX_ERR_NOT_FOUND
 * (a plain run has only its default session, 0)</td></tr>
 * <tr><td>PMIX_SPAWN_CHILD_SEP</td><td>RUN</td><td>Job: the job lives on when its parent job ends</td></tr>
 * <tr><td>PMIX_DEBUGGER_DAEMONS, PMIX_DEBUG_TARGET, PMIX_DEBUG_JOB</td><td>RUN</td><td>Spawner: debugger
 * daemons beside their target (co-location; DebuggerDaemons reads the request), PMIX_DEBUG_TARGET in their
 * job data (JobStarter); a target not running is PMIX_ERR_NOT_FOUND</td></tr>
 * <tr><td>PMIX_DEBUG_DAEMONS_PER_PROC, PMIX_DEBUG_DAEMONS_PER_NODE</td><td>RUN</td><td>placement.DaemonPlacement
 * (both, or 0: PMIX_ERR_BAD_PARAM)</td></tr>
 * <tr><td>PMIX_DEBUG_STOP_ON_EXEC, PMIX_DEBUG_STOP_IN_INIT, PMIX_DEBUG_STOP_IN_APP</td><td>RUN</td><td>JobPause
 * (in the job's data), LocalProcessLauncher and HeldAtExec (at exec), DebugReadiness, DebuggerEvents; for all
 * ranks only (some ranks: PMIX_ERR_NOT_SUPPORTED); not per application</td></tr>
 * <tr><td>PMIX_EXEC_AGENT</td><td>RUN</td><td>LocalProcessLauncher: the agent with the process's command line
 * as its arguments</td></tr>
 * <tr><td>PMIX_FORKEXEC_AGENT</td><td>RUN</td><td>ForkExecAgents: the agent in each process's place, a rank of
 * the agents' job, reads its spawn instructions as a tool and forks the process (launcher's node only; not
 * with PMIX_DEBUG_STOP_ON_EXEC; not per application)</td></tr>
 * </table>
 *
 * <table>
 * <caption>Application-level directives (besides the fields of the application itself: command, argv,
 * environment, working directory, number of processes)</caption>
 * <tr><th>attribute</th><th>by</th><th>where</th></tr>
 * <tr><td>PMIX_WDIR</td><td>RUN</td><td>Spawns (when the application gives no cwd)</td></tr>
 * <tr><td>PMIX_DEBUGGER_DAEMONS, PMIX_DEBUG_TARGET, PMIX_DEBUG_JOB, PMIX_DEBUG_DAEMONS_PER_PROC,
 * PMIX_DEBUG_DAEMONS_PER_NODE</td><td>RUN</td><td>Spawner: as at job level; an application with
 * PMIX_DEBUGGER_DAEMONS beside others is co-spawned as a job of its own</td></tr>
 * </table>
 *
 * <p>A directive newly carried out gets its row here; {@link HostAttributes} registers exactly these for
 * "PMIx_Spawn", so that PMIX_QUERY_ATTRIBUTE_SUPPORT tells the truth.
 */
final class SpawnDirectives {
    /** Who carries a directive out. */
    public enum CarriedBy {
        /** {@code pmix4j run} today. */
        RUN,
        /** The persistent runtime (DVM) of issue 12. */
        DVM
    }

    /** A directive carried out, by whom and where (for the reader; not used by the check). */
    public record Supported(Attribute<?> attribute, CarriedBy by, String where) {
    }

    /** A directive refused whatever its flags, and why ignoring it would do harm. */
    public record Refused(Attribute<?> attribute, String why) {
    }

    public static final List<Supported> JOB_LEVEL = List.of(
            run(Attributes.MAPBY, "JobPlacer"),
            run(Attributes.RANKBY, "JobPlacer"),
            run(Attributes.BINDTO, "JobPlacer"),
            run(Attributes.NOTIFY_JOB_EVENTS, "JobEvents"),
            run(Attributes.NOTIFY_COMPLETION, "JobEvents: the job-end event is always raised"),
            run(Attributes.LOG_JOB_EVENTS, "JobEvents"),
            run(Attributes.LOG_COMPLETION, "JobEvents"),
            run(Attributes.FWD_STDOUT, "server SpawnHandler and IoForwarder"),
            run(Attributes.FWD_STDERR, "server SpawnHandler and IoForwarder"),
            run(Attributes.FWD_STDDIAG, "server SpawnHandler and IoForwarder"),
            run(Attributes.IOF_TAG_OUTPUT, "OutputOptions"),
            run(Attributes.IOF_TIMESTAMP_OUTPUT, "OutputOptions"),
            run(Attributes.IOF_XML_OUTPUT, "OutputOptions"),
            run(Attributes.IOF_MERGE_STDERR_STDOUT, "OutputOptions"),
            run(Attributes.IOF_OUTPUT_TO_FILE, "OutputOptions"),
            run(Attributes.IOF_OUTPUT_TO_DIRECTORY, "OutputOptions"),
            run(Attributes.IOF_FILE_ONLY, "OutputOptions"),
            run(Attributes.IOF_FILE_PATTERN, "OutputOptions"),
            run(Attributes.IOF_OUTPUT_RAW, "OutputOptions"),
            run(Attributes.IOF_RANK_OUTPUT, "OutputOptions"),
            run(Attributes.IOF_TAG_DETAILED_OUTPUT, "OutputOptions"),
            run(Attributes.IOF_TAG_FULLNAME_OUTPUT, "OutputOptions"),
            run(Attributes.TAG_OUTPUT, "OutputOptions (deprecated name)"),
            run(Attributes.TIMESTAMP_OUTPUT, "OutputOptions (deprecated name)"),
            run(Attributes.MERGE_STDERR_STDOUT, "OutputOptions (deprecated name)"),
            run(Attributes.OUTPUT_TO_FILE, "OutputOptions (deprecated name)"),
            run(Attributes.OUTPUT_TO_DIRECTORY, "OutputOptions (deprecated name)"),
            run(Attributes.OUTPUT_NOCOPY, "OutputOptions (deprecated name)"),
            run(Attributes.IOF_CACHE_SIZE, "JobStarter registers it; the server's IofCache keeps the job's output"),
            run(Attributes.IOF_DROP_OLDEST, "JobStarter registers it; the server's IofCache"),
            run(Attributes.IOF_DROP_NEWEST, "JobStarter registers it; the server's IofCache"),
            run(Attributes.IOF_BUFFERING_SIZE, "the server's IofRouter, for the requester's forwarding"),
            run(Attributes.IOF_BUFFERING_TIME, "the server's IofRouter, for the requester's forwarding"),
            dvm(Attributes.NOHUP, "the job outlives the tool that launched it"),
            dvm(Attributes.FWD_STDIN, "stdin pushed by the tool"),
            dvm(Attributes.DISPLAY_MAP, "JobStarter: the map goes where the job's output goes"),
            dvm(Attributes.REPORT_BINDINGS, "JobStarter"),
            dvm(Attributes.DISPLAY_ALLOCATION, "JobStarter: before the map, where the job's output goes"),
            run(Attributes.SESSION_ID, "JobTable: the job runs in that session (session.SessionTable.assign);"
                    + " one not here refuses the spawn"),
            run(Attributes.ALLOC_ID, "JobTable: the job runs in the session of that allocation"),
            run(Attributes.ALLOC_REQ_ID, "JobTable: the job runs in the session of that request"),
            run(Attributes.SPAWN_CHILD_SEP, "Job: the job lives on when its parent job ends"),
            run(Attributes.DEBUG_STOP_ON_EXEC, "JobPause: LocalProcessLauncher holds each process after exec"
                    + " (ProcessStarter.startHeldGroupLeader) until PMIX_DEBUGGER_RELEASE (HeldAtExec)"),
            run(Attributes.DEBUG_STOP_IN_INIT, "JobPause: in the job's data, the client waits in PMIx_Init;"
                    + " DebugReadiness tells the requester when all are ready"),
            run(Attributes.DEBUG_STOP_IN_APP, "JobPause: in the job's data for the application; DebugReadiness"),
            run(Attributes.EXEC_AGENT, "LocalProcessLauncher starts the agent with the process's command line as"
                    + " its arguments"),
            run(Attributes.DEBUGGER_DAEMONS, "Spawner: the applications are debugger daemons placed beside their"
                    + " target (DebuggerDaemons, placement.DaemonPlacement)"),
            run(Attributes.DEBUG_TARGET, "Spawner: the job or process the daemons are placed beside; in their job"
                    + " data (JobStarter)"),
            run(Attributes.DEBUG_DAEMONS_PER_PROC, "placement.DaemonPlacement: N daemons per target process"),
            run(Attributes.DEBUG_DAEMONS_PER_NODE, "placement.DaemonPlacement: N daemons per node of the target"),
            run(Attributes.DEBUG_JOB, "Spawner: the namespace the daemons debug (deprecated PMIX_DEBUG_TARGET)"),
            run(Attributes.FORKEXEC_AGENT, "ForkExecAgents: LocalProcessLauncher starts the agent in each process's"
                    + " place as a rank of the agents' job, registered with the process's spawn instructions"
                    + " (ForkExecAgentStarter); on the launcher's node only, not with PMIX_DEBUG_STOP_ON_EXEC"));

    public static final List<Supported> APP_LEVEL = List.of(
            run(Attributes.WDIR, "Spawns, when the application gives no cwd"),
            run(Attributes.DEBUGGER_DAEMONS, "Spawner: this application is debugger daemons (co-spawn: a job of"
                    + " their own beside the others)"),
            run(Attributes.DEBUG_TARGET, "Spawner, as at job level"),
            run(Attributes.DEBUG_DAEMONS_PER_PROC, "placement.DaemonPlacement, for this application's daemons"),
            run(Attributes.DEBUG_DAEMONS_PER_NODE, "placement.DaemonPlacement, for this application's daemons"),
            run(Attributes.DEBUG_JOB, "Spawner, as at job level"));

    public static final List<Refused> ALWAYS_REFUSED = List.of(
            new Refused(Attributes.LAUNCHER_DAEMON, "the launcher's own daemons would be started instead of the"
                    + " one asked for"));

    private SpawnDirectives() {
    }

    /**
     * Refuses a spawn that asks for something the runtime does not carry out (see the class comment).
     *
     * @throws PmixException PMIX_ERR_NOT_SUPPORTED, "&lt;name&gt; (&lt;key&gt;) is not supported by this
     *                       runtime: &lt;why&gt;", for the first such directive
     */
    public static void check(List<Info> jobInfo, List<App> apps) {
        // a pause of some ranks only is refused with its own reason, and one at exec where this JVM cannot hold
        if (JobPause.of(jobInfo).onExec()) {
            org.pmix4j.runtime.debug.ExecHold.available().unavailable().ifPresent(why -> {
                throw notSupported(Attributes.DEBUG_STOP_ON_EXEC.macroName(), Attributes.DEBUG_STOP_ON_EXEC.key(),
                        why);
            });
        }
        // an agent that execs the application cannot leave it held at exec for the launcher
        ForkExecAgents.checkDirectives(jobInfo);
        Set<String> jobKeys = keys(JOB_LEVEL);
        for (Info i : jobInfo) {
            check(i, jobKeys, "");
        }
        Set<String> appKeys = keys(APP_LEVEL);
        for (int n = 0; n < apps.size(); n++) {
            for (Info i : apps.get(n).info()) {
                if (JobPause.of(List.of(i)).any()) {
                    throw notSupported(Attributes.forKey(i.key()).map(Attribute::macroName).orElse(i.key()), i.key(),
                            "a job pauses as a whole: give it in the spawn's job info (a directive of application "
                            + n + ")");
                }
                if (i.key().equals(Attributes.FORKEXEC_AGENT.key())) {
                    // ignored, it would start the application without its agent
                    throw notSupported(Attributes.FORKEXEC_AGENT.macroName(), i.key(), "the agents start the whole"
                            + " job: give it in the spawn's job info (a directive of application " + n + ")");
                }
                check(i, appKeys, " (a directive of application " + n + ")");
            }
        }
    }

    /** The debugger attributes PMIx_Spawn carries out here (PMIX_QUERY_DEBUG_SUPPORT): pauses, daemons, agents. */
    static List<Attribute<?>> debuggerSupport() {
        Set<String> debugger = Set.of(Attributes.DEBUG_STOP_ON_EXEC.key(), Attributes.DEBUG_STOP_IN_INIT.key(),
                Attributes.DEBUG_STOP_IN_APP.key(), Attributes.DEBUGGER_DAEMONS.key(), Attributes.DEBUG_TARGET.key(),
                Attributes.DEBUG_DAEMONS_PER_PROC.key(), Attributes.DEBUG_DAEMONS_PER_NODE.key(),
                Attributes.DEBUG_JOB.key(), Attributes.EXEC_AGENT.key(), Attributes.FORKEXEC_AGENT.key());
        return supported().stream().filter(a -> debugger.contains(a.key())).toList();
    }

    /** Every attribute carried out at job or application level, for PMIx_Register_attributes. */
    static List<Attribute<?>> supported() {
        Set<Attribute<?>> all = new LinkedHashSet<>();
        JOB_LEVEL.forEach(s -> all.add(s.attribute()));
        APP_LEVEL.forEach(s -> all.add(s.attribute()));
        if (org.pmix4j.runtime.debug.ExecHold.available().unavailable().isPresent()) {
            all.remove(Attributes.DEBUG_STOP_ON_EXEC); // what this JVM cannot do is not listed
        }
        return List.copyOf(all);
    }

    private static void check(Info info, Set<String> carried, String where) {
        for (Refused r : ALWAYS_REFUSED) {
            if (r.attribute().key().equals(info.key()) && !isFalse(info.value())) {
                throw notSupported(r.attribute().macroName(), info.key(), r.why() + where);
            }
        }
        if (carried.contains(info.key()) || !info.isRequired()) {
            return;
        }
        Optional<Attribute<?>> known = Attributes.forKey(info.key());
        String name = known.map(Attribute::macroName).orElse(info.key());
        String why = known.isPresent()
                ? "it is marked required (PMIX_INFO_REQD) and this runtime does not carry it out" + level(where)
                : "it is marked required (PMIX_INFO_REQD) and is no attribute this runtime knows";
        throw notSupported(name, info.key(), why + where);
    }

    private static String level(String where) {
        return where.isEmpty() ? " for a job" : " for an application";
    }

    private static PmixException notSupported(String name, String key, String why) {
        String label = name.equals(key) ? key : name + " (" + key + ")";
        return new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED, label + " is not supported by this runtime: "
                + why);
    }

    private static boolean isFalse(Value v) {
        return v instanceof Value.Bool b && !b.value();
    }

    private static Set<String> keys(List<Supported> table) {
        List<String> out = new ArrayList<>();
        table.forEach(s -> out.add(s.attribute().key()));
        return Set.copyOf(out);
    }

    private static Supported run(Attribute<?> a, String where) {
        return new Supported(a, CarriedBy.RUN, where);
    }

    private static Supported dvm(Attribute<?> a, String where) {
        return new Supported(a, CarriedBy.DVM, where);
    }
}
