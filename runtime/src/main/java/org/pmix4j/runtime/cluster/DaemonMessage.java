package org.pmix4j.runtime.cluster;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;

/**
 * What daemons say to each other, each message declared once: a record with its {@link #kind()}, how it is
 * packed ({@link #write}) and read ({@link #read}). Bodies use the PMIx codec (non-described buffers), so
 * job data (infos, procs) travels in the bytes the servers already speak. Who sends what:
 * <pre>
 *   joining          Hello (child) → Challenge (parent) → Proof (child); then Layout (parent)
 *   to daemon 0      NodeReport, ProcStarted, ProcEnded, Output, StdinTaken, LaunchRefused, DaemonLost
 *   from daemon 0    LaunchJob, JobEnded, Stdin, OutputTaken, Signal, Shutdown (most to every daemon)
 *   to daemon 0      HostCall (what only the launcher decides: spawn, publish, abort …), answered HostAnswer
 *   to every daemon  Event (a process's event for a range beyond its node)
 *   between any two  FenceUp / FenceDown (along the tree), DmodexAsk / DmodexAnswer, Heartbeat (per link)
 * </pre>
 */
public sealed interface DaemonMessage {
    int kind();

    void write(Packer p);

    /** The body's bytes. */
    default byte[] body() {
        Packer p = new Packer(BufferKind.NON_DESCRIBED);
        write(p);
        return p.toByteArray();
    }

    /** Reads a body of {@code kind}; a malformed one is a WireFormatException naming what was wrong. */
    static DaemonMessage read(int kind, byte[] body) {
        Unpacker u = new Unpacker(body, BufferKind.NON_DESCRIBED);
        return switch (kind) {
            case Hello.KIND -> new Hello(u.int32(), u.byteObject());
            case Challenge.KIND -> new Challenge(u.byteObject(), u.byteObject());
            case Proof.KIND -> new Proof(u.byteObject());
            case Layout.KIND -> new Layout(u.string(), PackedLists.strings(u), u.int32(), PackedLists.strings(u), PackedLists.strings(u));
            case NodeReport.KIND -> new NodeReport(u.int32(), u.string(), u.string(), u.size(), u.size(),
                    PackedLists.strings(u));
            case LaunchJob.KIND -> new LaunchJob(u.string(), u.infos(), u.byteObject());
            case LaunchRefused.KIND -> new LaunchRefused(u.string(), u.int32(), u.string());
            case ProcStarted.KIND -> new ProcStarted(u.string(), u.int32(), u.size());
            case ProcEnded.KIND -> new ProcEnded(u.string(), u.int32(), u.int32(), u.bool(), u.bool());
            case Output.KIND -> new Output(u.string(), u.int32(), u.int32(), u.byteObject());
            case Stdin.KIND -> new Stdin(u.string(), u.int32(), u.byteObject());
            case OutputTaken.KIND -> new OutputTaken(u.string(), u.int32(), u.int32(), u.size());
            case StdinTaken.KIND -> new StdinTaken(u.string(), u.int32(), u.size());
            case Signal.KIND -> new Signal(u.string(), PackedLists.ints(u), u.string(), u.bool());
            case JobEnded.KIND -> new JobEnded(u.string());
            case FenceUp.KIND -> new FenceUp(u.string(), u.procs(), u.byteObject());
            case FenceDown.KIND -> new FenceDown(u.string(), u.int32(), u.byteObject());
            case DmodexAsk.KIND -> new DmodexAsk(u.size(), u.proc(), u.infos());
            case DmodexAnswer.KIND -> new DmodexAnswer(u.size(), u.int32(), u.byteObject());
            case Heartbeat.KIND -> new Heartbeat();
            case Shutdown.KIND -> new Shutdown(u.string());
            case DaemonLost.KIND -> new DaemonLost(u.int32(), u.string(), u.string());
            case HostCall.KIND -> new HostCall(u.size(), u.int32(), u.byteObject());
            case HostAnswer.KIND -> new HostAnswer(u.size(), u.int32(), u.string(), u.byteObject());
            case Event.KIND -> new Event(u.byteObject());
            default -> throw new WireFormatException("unknown daemon message kind " + kind, 0);
        };
    }

    /** A child daemon, just connected: who it is and a nonce for the parent to prove the secret with. */
    record Hello(int id, byte[] nonce) implements DaemonMessage {
        static final int KIND = 1;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.int32(id).byteObject(nonce);
        }
    }

    /** The parent's answer: its proof of the secret over the child's nonce, and a nonce of its own. */
    record Challenge(byte[] proof, byte[] nonce) implements DaemonMessage {
        static final int KIND = 2;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.byteObject(proof).byteObject(nonce);
        }
    }

    /** The child's proof of the secret over the parent's nonce; the link is up once it checks out. */
    record Proof(byte[] proof) implements DaemonMessage {
        static final int KIND = 3;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.byteObject(proof);
        }
    }

    /**
     * The tree, from the parent to a child that joined: the runtime's namespace (each daemon's server is its
     * rank = daemon id), every daemon's host (index = daemon id), the radix, and the launch agent and daemon
     * command with which the child starts its own children.
     */
    record Layout(String nspace, List<String> hosts, int radix, List<String> agent, List<String> daemonCommand)
            implements DaemonMessage {
        static final int KIND = 4;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace);
            PackedLists.strings(p, hosts);
            p.int32(radix);
            PackedLists.strings(p, agent);
            PackedLists.strings(p, daemonCommand);
        }
    }

    /**
     * A daemon is up: its node's name, topology ({@code NodeTopology.encode}), memory (−1: unknown), pid, and
     * the host's other names ({@code NodeAliases.ownNames}).
     */
    record NodeReport(int id, String hostname, String topology, long memoryBytes, long pid, List<String> aliases)
            implements DaemonMessage {
        static final int KIND = 5;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.int32(id).string(hostname).string(topology).size(memoryBytes).size(pid);
            PackedLists.strings(p, aliases);
        }
    }

    /**
     * A job, to every daemon: its namespace, the job data every node's server registers, and its layout
     * ({@code JobLayout}: applications, environment, every process's node and placement); each daemon
     * registers the job and starts the processes placed on its node.
     */
    record LaunchJob(String nspace, List<Info> registration, byte[] layout) implements DaemonMessage {
        static final int KIND = 6;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).infos(registration).byteObject(layout);
        }
    }

    /** A process could not be started on a daemon's node ({@code status} as a shell would report it). */
    record LaunchRefused(String nspace, int rank, String why) implements DaemonMessage {
        static final int KIND = 7;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).string(why);
        }
    }

    record ProcStarted(String nspace, int rank, long pid) implements DaemonMessage {
        static final int KIND = 8;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).size(pid);
        }
    }

    /**
     * A process ended, its output all sent: its status as a shell reports it, and what its node's server
     * saw of it (for the launcher's rule on an exit without PMIx_Finalize).
     */
    record ProcEnded(String nspace, int rank, int status, boolean connected, boolean finalized)
            implements DaemonMessage {
        static final int KIND = 9;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).int32(status).bool(connected).bool(finalized);
        }
    }

    /** Output of a process on one channel (IofChannel bits); no bytes: the channel reached its end. */
    record Output(String nspace, int rank, int channel, byte[] data) implements DaemonMessage {
        static final int KIND = 10;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).int32(channel).byteObject(data);
        }
    }

    /**
     * The launcher has taken {@code bytes} more of a process's output on one channel off its queue: its node
     * may send that much more of it (the credit of {@code iof.OutputRelay}, so that output waits on its node,
     * and the process in its write, while the launcher cannot write it out).
     */
    record OutputTaken(String nspace, int rank, int channel, long bytes) implements DaemonMessage {
        static final int KIND = 24;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).int32(channel).size(bytes);
        }
    }

    /**
     * A process's node has written {@code bytes} more of the stdin it was sent into the process's stdin (or
     * dropped them: the process no longer reads it): the launcher may send that much more (the credit of
     * {@code RemoteProcesses}' relayed stdin, so that a process that does not read its stdin makes the
     * launcher stop reading its own, as a local one does, instead of its node queueing it all).
     */
    record StdinTaken(String nspace, int rank, long bytes) implements DaemonMessage {
        static final int KIND = 25;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).size(bytes);
        }
    }

    /** Input for a process's stdin; no bytes: its stdin ends. */
    record Stdin(String nspace, int rank, byte[] data) implements DaemonMessage {
        static final int KIND = 11;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace).int32(rank).byteObject(data);
        }
    }

    /**
     * A signal (its name: TERM, KILL, CONT …) to processes of a job on the destination's node: to each
     * process and what it started ({@code group} false), or to what is left of each one's process group.
     */
    record Signal(String nspace, List<Integer> ranks, String signal, boolean group) implements DaemonMessage {
        static final int KIND = 12;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace);
            PackedLists.ints(p, ranks);
            p.string(signal).bool(group);
        }
    }

    /** A job is over: its data leaves every node's server. */
    record JobEnded(String nspace) implements DaemonMessage {
        static final int KIND = 13;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(nspace);
        }
    }

    /**
     * A subtree's contribution to a collective over {@code procs}, towards daemon 0: the blobs of its servers,
     * concatenated.
     */
    record FenceUp(String collective, List<Proc> procs, byte[] data) implements DaemonMessage {
        static final int KIND = 14;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(collective).procs(procs).byteObject(data);
        }
    }

    /** A collective is complete ({@code status} PMIX_SUCCESS) or failed: every server's blob, to all. */
    record FenceDown(String collective, int status, byte[] data) implements DaemonMessage {
        static final int KIND = 15;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(collective).int32(status).byteObject(data);
        }
    }

    /** A server asks the node of {@code target} for its data (a Get of a key it does not hold). */
    record DmodexAsk(long request, Proc target, List<Info> directives) implements DaemonMessage {
        static final int KIND = 16;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.size(request).proc(target).infos(directives);
        }
    }

    record DmodexAnswer(long request, int status, byte[] data) implements DaemonMessage {
        static final int KIND = 17;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.size(request).int32(status).byteObject(data);
        }
    }

    /** Sent on a link that has been quiet for a while, so that its other end knows it still lives. */
    record Heartbeat() implements DaemonMessage {
        static final int KIND = 18;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
        }
    }

    /** Every daemon ends (its processes stopped first); the reason is logged. */
    record Shutdown(String why) implements DaemonMessage {
        static final int KIND = 19;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.string(why);
        }
    }

    /**
     * An upcall of a daemon's server that the launcher carries out ({@code runtime.Upcall}: which one, and
     * its arguments packed), answered with a {@link HostAnswer} of the same request number.
     */
    record HostCall(long request, int upcall, byte[] arguments) implements DaemonMessage {
        static final int KIND = 21;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.size(request).int32(upcall).byteObject(arguments);
        }
    }

    /** The launcher's answer: a PMIx status with its message, and the result packed. */
    record HostAnswer(long request, int status, String message, byte[] result) implements DaemonMessage {
        static final int KIND = 22;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.size(request).int32(status).string(message).byteObject(result);
        }
    }

    /** An event a process raised for a range beyond its node, for every node's server to deliver (packed). */
    record Event(byte[] event) implements DaemonMessage {
        static final int KIND = 23;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.byteObject(event);
        }
    }

    /** A daemon (and with it the subtree below it) could not be started or was lost, told to daemon 0. */
    record DaemonLost(int id, String host, String why) implements DaemonMessage {
        static final int KIND = 20;

        public int kind() {
            return KIND;
        }

        public void write(Packer p) {
            p.int32(id).string(host).string(why);
        }
    }
}
