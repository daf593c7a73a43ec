package org.pmix4j.runtime.frontend;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.App;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.runtime.AppContext;
import org.pmix4j.runtime.Launcher;
import org.pmix4j.runtime.iof.OutputOptions;
import org.pmix4j.runtime.iof.StdinTarget;
import org.pmix4j.runtime.iof.StreamBuffering;
import org.pmix4j.runtime.placement.BindingPolicy;
import org.pmix4j.runtime.placement.HostSpec;
import org.pmix4j.runtime.placement.MappingPolicy;
import org.pmix4j.runtime.placement.RankingPolicy;

/**
 * A job as the front end hands it to the DVM: the options of {@code pmix4j run}, checked here first (a bad
 * value fails before anything is sent, with the message {@code pmix4j run} gives), turned into PMIx_Spawn's
 * applications and job directives. What the DVM carries out travels as Standard attributes:
 * <ul>
 * <li>{@code --map-by}, {@code --rank-by}, {@code --bind-to}: PMIX_MAPBY, PMIX_RANKBY, PMIX_BINDTO
 * ({@code --oversubscribe}/{@code --nooversubscribe} as the map-by qualifier, alone when no policy was
 * given);</li>
 * <li>{@code --display map}, {@code --report-bindings}: PMIX_DISPLAY_MAP, PMIX_REPORT_BINDINGS;</li>
 * <li>output: PMIX_FWD_STDOUT/STDERR/STDDIAG (the DVM forwards, the front end formats and writes files, as
 * {@code pmix4j run} would; {@code output()} is how);</li>
 * <li>{@code --stdin}: PMIX_FWD_STDIN with the rank (WILDCARD for all);</li>
 * <li>PMIX_NOTIFY_COMPLETION: the end event carries the job's status;</li>
 * <li>{@code --stop-on-exec}, {@code --stop-in-init}, {@code --stop-in-app}: PMIX_DEBUG_STOP_ON_EXEC, _IN_INIT,
 * _IN_APP ({@code JobPause}).</li>
 * </ul>
 * Each application carries the front end's environment (less PMIx's own variables) and working directory,
 * so a program started through the DVM sees what it would see under {@code pmix4j run}.
 */
record SubmitRequest(List<App> apps, List<Info> jobInfo, OutputOptions output, StdinTarget stdin, int size) {

    static SubmitRequest of(List<AppContext> contexts, Launcher.Options o, SessionTarget session,
            Map<String, String> env) {
        List<Info> info = new ArrayList<>();
        String mapBy = mapBy(o);
        if (mapBy != null) {
            info.add(Attributes.MAPBY.info(mapBy));
        }
        if (o.rankBy() != null) {
            RankingPolicy.parse(o.rankBy());
            info.add(Attributes.RANKBY.info(o.rankBy()));
        }
        if (o.bindTo() != null) {
            BindingPolicy.parse(o.bindTo());
            info.add(Attributes.BINDTO.info(o.bindTo()));
        }
        String here = org.pmix4j.server.ServerConfig.localHostname();
        HostSpec hosts = HostSpec.ofOptions(o.hosts(), o.hostfile(), here);
        if (hosts != null) {
            // the DVM places on its own node alone for now
            hosts.requireLocal(org.pmix4j.runtime.placement.LocalNode.detect(here));
        }
        if (o.displaysMap()) {
            info.add(Attributes.DISPLAY_MAP.info(true));
        }
        if (o.displayDirectives().allocation()) {
            info.add(Attributes.DISPLAY_ALLOCATION.info(true));
        }
        if (o.displaysBindings()) {
            info.add(Attributes.REPORT_BINDINGS.info(true));
        }
        info.addAll(org.pmix4j.runtime.json.JsonReports.directives(o.json()));
        o.checkedTimeoutSeconds();
        Integer buffering = o.streamBufferingMode();
        OutputOptions out = o.outputOptions();
        int size = contexts.stream().mapToInt(AppContext::np).sum();
        StdinTarget stdin = o.stdinTarget();
        stdin.checkAgainst(size);
        info.add(Attributes.FWD_STDOUT.info(true));
        info.add(Attributes.FWD_STDERR.info(true));
        info.add(Attributes.FWD_STDDIAG.info(true));
        if (!stdin.none()) {
            info.add(Attributes.FWD_STDIN.info(stdin.all() ? Rank.WILDCARD : stdin.rank()));
        }
        info.add(Attributes.NOTIFY_COMPLETION.info(true));
        info.addAll(o.pause().directives());
        info.addAll(session.directives(env));
        Map<String, String> common = new LinkedHashMap<>();
        env.forEach((k, v) -> {
            // our own connection to the DVM is not the job's
            if (!k.startsWith("PMIX_") || k.startsWith("PMIX_MCA_")) {
                common.put(k, v);
            }
        });
        if (buffering != null) {
            common.putAll(StreamBuffering.environment(buffering));
        }
        String cwd = Path.of("").toAbsolutePath().toString();
        List<App> apps = new ArrayList<>();
        for (AppContext c : contexts) {
            Map<String, String> appEnv = new LinkedHashMap<>(common);
            c.unsetFrom(appEnv);
            appEnv.putAll(c.env());
            List<String> envList = new ArrayList<>();
            appEnv.forEach((k, v) -> envList.add(k + "=" + v));
            String wdir = c.wdir() != null ? c.wdir() : cwd;
            // the DVM starts processes from its own environment: what is to be taken away goes along, as PRRTE's
            // prun sends --unset-env (one PMIX_UNSET_ENVAR per name)
            List<Info> appInfo = c.unset().stream().map(org.pmix4j.api.Attributes.UNSET_ENVAR::info).toList();
            apps.add(new App(c.argv().get(0), c.argv(), envList, wdir, c.np(), appInfo));
        }
        return new SubmitRequest(apps, info, out, stdin, size);
    }

    /** The processes whose stdin gets ours, once the job's namespace is known (none: do not read stdin). */
    List<Proc> stdinTargets(String nspace) {
        if (stdin.none()) {
            return List.of();
        }
        return List.of(stdin.all() ? Proc.wildcard(nspace) : new Proc(nspace, stdin.rank()));
    }

    private static String mapBy(Launcher.Options o) {
        Boolean oversubscription = o.oversubscription();
        String qualifier = oversubscription == null ? null : oversubscription ? "OVERSUBSCRIBE" : "NOOVERSUBSCRIBE";
        if (o.mapBy() == null) {
            return qualifier == null ? null : ":" + qualifier;
        }
        MappingPolicy p = MappingPolicy.parse(o.mapBy());
        String spec = o.mapBy();
        if (p.file() != null) {
            // the DVM reads a seq or rankfile FILE= from its own directory: name it from ours
            spec = spec.replaceFirst("(?i)(:file=)[^:]+", "$1" + java.util.regex.Matcher.quoteReplacement(
                    java.nio.file.Path.of(p.file()).toAbsolutePath().toString()));
        }
        return qualifier == null ? spec : spec + ":" + qualifier;
    }
}
