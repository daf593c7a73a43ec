package org.pmix4j.server.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;
import org.pmix4j.wire.message.AbortRequest;
import org.pmix4j.wire.message.ConnectProcsRequest;
import org.pmix4j.wire.message.DisconnectRequest;
import org.pmix4j.wire.message.FenceRequest;
import org.pmix4j.wire.message.GetRequest;
import org.pmix4j.wire.message.GroupConstructRequest;
import org.pmix4j.wire.message.IofPullRequest;
import org.pmix4j.wire.message.JobControlRequest;
import org.pmix4j.wire.message.RequestMessage;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * Well-formed requests that name processes that exist: the hostile peers' own namespace and the real job
 * running at the time. Random records name random namespaces, which the server refuses at once; these reach
 * the collectives, the data store and IO forwarding with participants that are really there, and let a
 * stranger try to join, read or pull from the real job. Event notifications are left out: delivering
 * events to the real job is what PMIx allows any peer of the same user, not a defect.
 */
final class TargetedRequests {
    private static final String[] KEYS = {"mx.global", "mx.local", "mx.remote", "mx.never",
        Attributes.JOB_SIZE.key(), Attributes.HOSTNAME.key(), Attributes.LOCAL_PEERS.key()};

    private final Random random;

    TargetedRequests(Random random) {
        this.random = random;
    }

    /** A request of {@code command} about processes of {@code namespaces}, or null when it has no such form. */
    RequestMessage next(PmixCommand command, List<String> namespaces) {
        String ns = namespaces.get(random.nextInt(namespaces.size()));
        return switch (command) {
            case FENCE -> new FenceRequest(procs(ns), directives(Attributes.COLLECT_DATA.info(random.nextBoolean())));
            case GET -> new GetRequest(new Proc(ns, rank()), directives(Attributes.IMMEDIATE.info(random.nextBoolean())),
                    KEYS[random.nextInt(KEYS.length)]);
            case CONNECT -> new ConnectProcsRequest(procs(ns), directives(null));
            case DISCONNECT -> new DisconnectRequest(procs(ns), directives(null));
            case GROUP_CONSTRUCT -> new GroupConstructRequest("fuzz-group-" + random.nextInt(4), procs(ns),
                    directives(null));
            case IOF_PULL -> new IofPullRequest(procs(ns), directives(null),
                    IofChannel.STDOUT | IofChannel.STDERR, random.nextInt(100));
            case ABORT -> new AbortRequest(random.nextInt(), "fuzz", procs(ns));
            case JOB_CONTROL -> new JobControlRequest(procs(ns), List.of(Attributes.JOB_CTRL_KILL.info(true)));
            default -> null;
        };
    }

    private int rank() {
        return switch (random.nextInt(4)) {
            case 0 -> Rank.WILDCARD;
            case 1 -> Rank.UNDEF;
            default -> random.nextInt(3);
        };
    }

    private List<Proc> procs(String ns) {
        List<Proc> out = new ArrayList<>();
        switch (random.nextInt(3)) {
            case 0 -> out.add(Proc.wildcard(ns));
            case 1 -> {
                out.add(new Proc(ns, 0));
                out.add(new Proc(ns, 1));
            }
            default -> {
                out.add(Proc.wildcard(ns));
                out.add(Proc.wildcard("hostile"));
            }
        }
        return out;
    }

    /** None, one given, a short PMIX_TIMEOUT, or both. */
    private List<Info> directives(Info one) {
        List<Info> out = new ArrayList<>();
        if (one != null && random.nextBoolean()) {
            out.add(one);
        }
        if (random.nextBoolean()) {
            out.add(Attributes.TIMEOUT.info(1 + random.nextInt(2)));
        }
        return out;
    }
}
