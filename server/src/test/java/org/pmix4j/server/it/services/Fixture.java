package org.pmix4j.server.it.services;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.PmixServer;
import org.pmix4j.testkit.NativeBuild;
import org.pmix4j.testkit.Run;

/** Starting a server, registering jobs and running the C clients of the service-handler tests. */
final class Fixture {
    private static final com.sun.security.auth.module.UnixSystem ME = new com.sun.security.auth.module.UnixSystem();

    private Fixture() {
    }

    static PmixServer start(HostModule host, Path tmp) {
        PmixServer s = PmixServer.start(host, List.of(Attributes.SERVER_TMPDIR.info(tmp.toString()),
                Attributes.SYSTEM_TMPDIR.info(tmp.toString()), Attributes.SERVER_TOOL_SUPPORT.info(true)));
        if (host instanceof ServiceHost sh) {
            sh.server = s;
        }
        return s;
    }

    /**
     * Registers a job of {@code size} processes; ranks below {@code local} run on this node (and are
     * registered as clients), the others on a node "elsewhere".
     */
    static void job(PmixServer s, String ns, int size, int local, Info... extra) {
        String host = s.config().hostname();
        StringJoiner here = new StringJoiner(",");
        StringJoiner there = new StringJoiner(",");
        for (int r = 0; r < size; r++) {
            (r < local ? here : there).add(Integer.toString(r));
        }
        List<Info> info = new ArrayList<>(List.of(Attributes.JOB_SIZE.info(size)));
        if (local == size) {
            info.add(Attributes.NODE_MAP.info(host));
            info.add(Attributes.PROC_MAP.info(here.toString()));
        } else {
            info.add(Attributes.NODE_MAP.info(host + ",elsewhere"));
            info.add(Attributes.PROC_MAP.info((local == 0 ? "" : here.toString()) + ";" + there));
        }
        info.addAll(List.of(extra));
        s.registerNspace(ns, local, info).join();
        for (int r = 0; r < local; r++) {
            s.registerClient(new Proc(ns, r), (int) ME.getUid(), (int) ME.getGid()).join();
        }
    }

    static Path program(String name) {
        return NativeBuild.pmixProgram(Path.of("src/test/c/" + name + ".c"));
    }

    /** Runs a client program as {@code proc}. */
    static Run.Result client(PmixServer s, Proc proc, Path exe, String... args) {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        return Run.command(cmd).env(s.setupFork(proc)).go();
    }

    static CompletableFuture<Run.Result> clientAsync(PmixServer s, Proc proc, Path exe, String... args) {
        // a thread of its own: the clients of a collective must run at the same time
        CompletableFuture<Run.Result> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(client(s, proc, exe, args));
            } catch (RuntimeException | Error e) {
                f.completeExceptionally(e);
            }
        }, "client " + proc);
        t.setDaemon(true);
        t.start();
        return f;
    }
}
