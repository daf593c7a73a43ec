package org.pmix4j.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.pmix4j.api.App;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.DaemonPlacement;
import org.pmix4j.runtime.placement.DaemonPlacement.Count;

/**
 * What a PMIx_Spawn asks of debugger daemons (the tools chapter's "Co-Location" and "Co-Spawn of Debugger
 * Daemons"), read from its job info and its applications' info:
 * <ul>
 * <li>{@link Ordinary}: no application is a debugger daemon (PMIX_DEBUGGER_DAEMONS absent or false);</li>
 * <li>{@link CoLocation}: every application is one (PMIX_DEBUGGER_DAEMONS in the job info or in each
 * application's), to be placed beside PMIX_DEBUG_TARGET (a namespace with rank WILDCARD, or one process;
 * the deprecated PMIX_DEBUG_JOB names a whole namespace);</li>
 * <li>{@link CoSpawn}: some applications are daemons and some are not: the others are the application, the
 * daemons a job of their own placed beside it.</li>
 * </ul>
 * Each daemon application counts PMIX_DEBUG_DAEMONS_PER_PROC or PMIX_DEBUG_DAEMONS_PER_NODE from its own info,
 * else from the job info, else one per node (PRRTE's default). Whatever cannot be carried out as asked is
 * PMIX_ERR_BAD_PARAM naming the attribute: both counts at one level, a count of 0, a target without daemons,
 * daemons without a target and without an application to debug, a target beside a co-spawned application.
 */
final class DebuggerDaemons {
    /** What a spawn asks for. */
    sealed interface Request permits Ordinary, CoLocation, CoSpawn {
    }

    /** No debugger daemons: an ordinary job. */
    record Ordinary() implements Request {
    }

    /**
     * Daemons for a job that runs already.
     *
     * @param target  the job (rank WILDCARD) or process to debug, as given
     * @param daemons the daemons' applications, without pause directives
     * @param counts  each application's count
     */
    record CoLocation(Proc target, List<App> daemons, List<Count> counts) implements Request {
    }

    /**
     * An application and its daemons in one spawn.
     *
     * @param application the applications that are not daemons, in order
     * @param daemons     the daemons' applications, without pause directives
     * @param counts      each daemon application's count
     */
    record CoSpawn(List<App> application, List<App> daemons, List<Count> counts) implements Request {
    }

    /**
     * The pause directives, which do not apply to debugger daemons (the Standard, "Co-Spawn of Debugger
     * Daemons": they are for the application being debugged, not for its debugger). PMIX_DEBUG_STOP_IN_APP
     * has the key of its old name, PMIX_DEBUG_WAIT_FOR_NOTIFY.
     */
    private static final Set<String> PAUSES = Set.of(Attributes.DEBUG_STOP_ON_EXEC.key(),
            Attributes.DEBUG_STOP_IN_INIT.key(), Attributes.DEBUG_STOP_IN_APP.key());

    /** What the request says about the daemons; replaced in the daemon job's directives by what was read. */
    private static final Set<String> DAEMON_KEYS = Set.of(Attributes.DEBUGGER_DAEMONS.key(),
            Attributes.DEBUG_TARGET.key(), Attributes.DEBUG_JOB.key(), Attributes.DEBUG_DAEMONS_PER_PROC.key(),
            Attributes.DEBUG_DAEMONS_PER_NODE.key());

    private DebuggerDaemons() {
    }

    /**
     * Reads a spawn request.
     *
     * @throws PmixException PMIX_ERR_BAD_PARAM naming what cannot be carried out as asked
     */
    static Request read(List<Info> jobInfo, List<App> apps) {
        boolean jobWide = isSet(Attributes.DEBUGGER_DAEMONS, jobInfo);
        List<App> daemons = new ArrayList<>();
        List<App> others = new ArrayList<>();
        List<Count> counts = new ArrayList<>();
        for (int i = 0; i < apps.size(); i++) {
            App a = apps.get(i);
            boolean daemon = Attributes.DEBUGGER_DAEMONS.find(a.info()).orElse(jobWide);
            if (daemon) {
                daemons.add(withoutPauses(a));
                counts.add(count(a.info(), jobInfo, "application " + i));
            } else {
                others.add(a);
            }
        }
        Optional<Proc> target = target(jobInfo, apps);
        if (daemons.isEmpty()) {
            if (target.isPresent() || Attributes.DEBUG_DAEMONS_PER_PROC.isIn(jobInfo)
                    || Attributes.DEBUG_DAEMONS_PER_NODE.isIn(jobInfo)) {
                throw bad("PMIX_DEBUG_TARGET, PMIX_DEBUG_DAEMONS_PER_PROC and PMIX_DEBUG_DAEMONS_PER_NODE are for"
                        + " debugger daemons, and no application of this spawn is one: add PMIX_DEBUGGER_DAEMONS"
                        + " (true) to the job info or to the daemons' application");
            }
            return new Ordinary();
        }
        if (others.isEmpty()) {
            return new CoLocation(target.orElseThrow(() -> bad("PMIX_DEBUGGER_DAEMONS: the spawn starts debugger"
                    + " daemons only, but names no job to debug: give PMIX_DEBUG_TARGET (a namespace with rank"
                    + " WILDCARD, or one process)")), daemons, counts);
        }
        if (target.isPresent()) {
            throw bad("PMIX_DEBUG_TARGET " + target.get() + ": a spawn that co-spawns debugger daemons with an"
                    + " application debugs that application; a target is only for daemons spawned alone");
        }
        return new CoSpawn(others, daemons, counts);
    }

    /**
     * The directives of a daemon job: the spawn's job info without pause directives nor what it said of the
     * daemons, then PMIX_DEBUGGER_DAEMONS, the target and the first application's count, which
     * {@link #jobData} registers for the daemons.
     */
    static List<Info> directives(List<Info> jobInfo, Proc target, Count count) {
        List<Info> out = new ArrayList<>();
        for (Info i : jobInfo) {
            if (!PAUSES.contains(i.key()) && !DAEMON_KEYS.contains(i.key())) {
                out.add(i);
            }
        }
        out.add(Attributes.DEBUGGER_DAEMONS.info(true));
        out.add(Attributes.DEBUG_TARGET.info(target));
        out.add(count.per() == DaemonPlacement.Per.PROC ? Attributes.DEBUG_DAEMONS_PER_PROC.info(count.n())
                : Attributes.DEBUG_DAEMONS_PER_NODE.info(count.n()));
        return out;
    }

    /**
     * The directives of a co-spawned application's job: the spawn's job info without what it said of the
     * daemons (the application is no daemon job, whatever the job-wide PMIX_DEBUGGER_DAEMONS said).
     */
    static List<Info> applicationDirectives(List<Info> jobInfo) {
        List<Info> out = new ArrayList<>();
        for (Info i : jobInfo) {
            if (!DAEMON_KEYS.contains(i.key())) {
                out.add(i);
            }
        }
        return out;
    }

    /** Whether a job's directives make it a job of debugger daemons. */
    static boolean isDaemonJob(List<Info> directives) {
        return Attributes.DEBUGGER_DAEMONS.find(directives).orElse(false);
    }

    /**
     * What a daemon job's data holds beyond a job's usual: PMIX_DEBUG_TARGET (the proc as given), by which a
     * daemon finds its targets, and the count it was placed by; nothing for another job.
     */
    static List<Info> jobData(List<Info> directives) {
        if (!isDaemonJob(directives)) {
            return List.of();
        }
        List<Info> out = new ArrayList<>();
        for (Info i : directives) {
            if (i.key().equals(Attributes.DEBUG_TARGET.key()) || i.key().equals(Attributes.DEBUG_DAEMONS_PER_PROC.key())
                    || i.key().equals(Attributes.DEBUG_DAEMONS_PER_NODE.key())) {
                out.add(Info.of(i.key(), i.value()));
            }
        }
        return out;
    }

    /** PMIX_DEBUG_TARGET, else PMIX_DEBUG_JOB (a namespace), from the job info, else from an application's. */
    private static Optional<Proc> target(List<Info> jobInfo, List<App> apps) {
        Optional<Proc> t = targetIn(jobInfo);
        for (int i = 0; i < apps.size() && t.isEmpty(); i++) {
            t = targetIn(apps.get(i).info());
        }
        return t;
    }

    private static Optional<Proc> targetIn(List<Info> info) {
        Optional<Proc> target = Attributes.DEBUG_TARGET.find(info);
        Optional<String> job = Attributes.DEBUG_JOB.find(info);
        if (target.isPresent() && job.isPresent() && !job.get().equals(target.get().nspace())) {
            throw bad("PMIX_DEBUG_TARGET " + target.get() + " and PMIX_DEBUG_JOB " + job.get() + " name different"
                    + " jobs; give one of them");
        }
        if (target.isPresent() && (target.get().nspace() == null || target.get().nspace().isEmpty())) {
            throw bad("PMIX_DEBUG_TARGET names no namespace");
        }
        return target.isPresent() ? target : job.filter(ns -> !ns.isEmpty()).map(Proc::wildcard);
    }

    /** An application's count: its own PER_PROC or PER_NODE, else the job's, else one per node. */
    private static Count count(List<Info> appInfo, List<Info> jobInfo, String app) {
        Optional<Count> own = countIn(appInfo, " (a directive of " + app + ")");
        if (own.isPresent()) {
            return own.get();
        }
        return countIn(jobInfo, "").orElse(Count.DEFAULT);
    }

    private static Optional<Count> countIn(List<Info> info, String where) {
        Optional<Integer> perProc = Attributes.DEBUG_DAEMONS_PER_PROC.find(info);
        Optional<Integer> perNode = Attributes.DEBUG_DAEMONS_PER_NODE.find(info);
        if (perProc.isPresent() && perNode.isPresent()) {
            throw bad("PMIX_DEBUG_DAEMONS_PER_PROC (" + perProc.get() + ") and PMIX_DEBUG_DAEMONS_PER_NODE ("
                    + perNode.get() + ") were both given" + where + "; ask for one of them");
        }
        if (perProc.isPresent()) {
            return Optional.of(new Count(DaemonPlacement.Per.PROC, positive(Attributes.DEBUG_DAEMONS_PER_PROC,
                    perProc.get(), where)));
        }
        return perNode.map(n -> new Count(DaemonPlacement.Per.NODE, positive(Attributes.DEBUG_DAEMONS_PER_NODE, n,
                where)));
    }

    private static int positive(Attribute<Integer> a, int n, String where) {
        if (n < 1) {
            throw bad(a.macroName() + " " + n + where + ": at least one daemon must be asked for");
        }
        return n;
    }

    private static boolean isSet(Attribute<Boolean> a, List<Info> info) {
        return a.find(info).orElse(false);
    }

    private static App withoutPauses(App a) {
        List<Info> info = new ArrayList<>();
        for (Info i : a.info()) {
            if (!PAUSES.contains(i.key())) {
                info.add(i);
            }
        }
        return new App(a.cmd(), a.argv(), a.env(), a.cwd(), a.maxProcs(), info);
    }

    private static PmixException bad(String why) {
        return new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, why);
    }
}
