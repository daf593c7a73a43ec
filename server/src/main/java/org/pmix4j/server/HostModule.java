package org.pmix4j.server;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.App;
import org.pmix4j.api.Cpuset;
import org.pmix4j.api.DataRange;
import org.pmix4j.api.DeviceDistance;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.api.Topology;

/**
 * What the server asks of the resource manager that embeds it: one asynchronous method per upcall of the
 * Standard's {@code pmix_server_module_t}. The server calls these on its event loop and never waits for
 * them; complete the returned stage from any thread. A method the host does not override answers
 * {@link PmixStatus#PMIX_ERR_NOT_SUPPORTED}, which the server passes to the client (or, where the
 * Standard says so, handles the request itself); {@link #NONE} is a host that provides nothing, for a
 * server that serves only local data.
 *
 * <p>Failures are reported by completing the stage exceptionally with a {@link PmixException}, whose
 * status reaches the client.
 */
public interface HostModule {
    /** A host that provides no upcalls. */
    HostModule NONE = new HostModule() {
    };

    /** A client completed its connection. Default: accepted. */
    default CompletionStage<Void> clientConnected(Proc client) {
        return done();
    }

    /** A client called PMIx_Finalize. Default: accepted. */
    default CompletionStage<Void> clientFinalized(Proc client) {
        return done();
    }

    /** A client asked to abort {@code targets} (empty: its whole job) with this status and message. */
    default CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        return unsupported("abort");
    }

    /**
     * A fence needs the other servers: {@code localData} is this server's contribution, the opaque blob to
     * move between nodes; complete with the concatenation of every participating server's blob.
     */
    default CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
        return unsupported("fence");
    }

    /** A local client wants data of {@code target}, a process on another node: complete with its blob. */
    default CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
        return unsupported("direct modex");
    }

    default CompletionStage<Void> publish(Proc publisher, List<Info> data) {
        return unsupported("publish");
    }

    default CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return unsupported("lookup");
    }

    default CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        return unsupported("unpublish");
    }

    /** Start a new job; complete with its namespace. */
    default CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        return unsupported("spawn");
    }

    default CompletionStage<Void> connect(List<Proc> procs, List<Info> directives) {
        return unsupported("connect");
    }

    default CompletionStage<Void> disconnect(List<Proc> procs, List<Info> directives) {
        return unsupported("disconnect");
    }

    default CompletionStage<Void> registerEvents(List<Integer> codes, List<Info> directives) {
        return unsupported("register events");
    }

    default CompletionStage<Void> deregisterEvents(List<Integer> codes) {
        return unsupported("deregister events");
    }

    /** An event a local process raised for a range beyond this node. */
    default CompletionStage<Void> notifyEvent(int code, Proc source, DataRange range, List<Info> info) {
        return unsupported("notify event");
    }

    /** Queries the server could not answer from what it holds; complete with the answers. */
    default CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return unsupported("query");
    }

    /**
     * Whether a tool run by another user (neither this server's user nor root, as the kernel says: the
     * uid and gid here are not the tool's claim) may connect at all. Asked on the server's loop before
     * {@link #toolConnected}, so it must answer at once. Default: no, as a site would expect of a runtime
     * that runs one user's jobs.
     */
    default boolean admitsToolOf(int uid, int gid) {
        return false;
    }

    /**
     * A tool or launcher connected; {@code info} holds what it sent (pid, command line …) and what the
     * server learned (PMIX_USERID, PMIX_GRPID, PMIX_VERSION_INFO, and PMIX_NSPACE/PMIX_RANK when it came
     * with a name). Complete with the name it shall have (its own, when it brought one).
     */
    default CompletionStage<Proc> toolConnected(List<Info> info) {
        return unsupported("tool connection");
    }

    /** What a connected tool may act on: job control, IO forwarding, stdin, spawn into a job, queries. */
    enum ToolRights {
        /** The jobs its user owns (and its own namespace); root and the server's own user may act on all. */
        OWN_JOBS,
        /** Every job of this server, as root may: a site's debugger or monitor the host trusts. */
        ALL_JOBS
    }

    /**
     * The rights of a tool that has just connected: {@code tool} is its name, {@code uid} and {@code gid} who
     * it is, {@code info} what {@link #toolConnected} was given. Asked once per connection, on the server's
     * loop after the tool was admitted: answer at once, without blocking. Default: {@link ToolRights#OWN_JOBS}
     * (a host grants nothing it was not asked to).
     */
    default ToolRights toolRights(Proc tool, int uid, int gid, List<Info> info) {
        return ToolRights.OWN_JOBS;
    }

    default CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        return unsupported("log");
    }

    default CompletionStage<List<Info>> allocate(Proc requester, AllocDirective directive, List<Info> info) {
        return unsupported("allocation request");
    }

    default CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        return unsupported("job control");
    }

    default CompletionStage<List<Info>> monitor(Proc requester, Info monitor, int error, List<Info> directives) {
        return unsupported("process monitoring");
    }

    /** A credential and any information about it. */
    record Credential(byte[] credential, List<Info> info) {
    }

    default CompletionStage<Credential> getCredential(Proc requester, List<Info> directives) {
        return unsupported("get credential");
    }

    default CompletionStage<List<Info>> validateCredential(Proc requester, byte[] credential, List<Info> directives) {
        return unsupported("validate credential");
    }

    /**
     * A tool wants the output of {@code sources} on {@code channels} (an IOF channel mask); PMIX_IOF_COPY in
     * {@code directives} asks that the host keep writing it where it did, else (PMIX_IOF_REDIRECT, the
     * default) the tool takes it instead. With PMIX_IOF_STOP in {@code directives}, a pull ended (deregistered,
     * or its tool went away): the same sources, channels and directives as the pull's.
     */
    default CompletionStage<Void> iofPull(List<Proc> sources, List<Info> directives, int channels) {
        return unsupported("IO forwarding");
    }

    /** Standard input for {@code targets}; {@code data == null} means end of input. */
    default CompletionStage<Void> pushStdin(Proc source, List<Proc> targets, List<Info> directives, byte[] data) {
        return unsupported("stdin forwarding");
    }

    /** What a group operation does. */
    enum GroupOperation { CONSTRUCT, DESTRUCT }

    default CompletionStage<List<Info>> group(GroupOperation op, String groupId, List<Proc> members,
            List<Info> directives) {
        return unsupported("process groups");
    }

    /** What a fabric request does. */
    enum FabricOperation { REGISTER, UPDATE }

    default CompletionStage<List<Info>> fabric(Proc requester, FabricOperation op, List<Info> directives) {
        return unsupported("fabric");
    }

    /**
     * Distances from a cpuset to the node's devices, for a client whose own hwloc could not compute them
     * (libpmix's server computes them with hwloc, which pmix4j lacks). A NULL {@code topology} (xml null) or
     * {@code cpuset} means "the node's" and "the requester's binding".
     */
    default CompletionStage<List<DeviceDistance>> deviceDistances(Proc requester, Topology topology, Cpuset cpuset,
            List<Info> directives) {
        return unsupported("device distances");
    }

    /**
     * PMIx_Session_control (OpenPMIx 5/6): a scheduler directs the runtime about session {@code sessionId}
     * (create it, end it, signal it ...; -1 is every session the requester controls), or the runtime tells its
     * scheduler that a session completed. Answers the infos of the reply (e.g. PMIX_SESSION_ID, PMIX_ALLOC_ID).
     * Who may ask is the host's decision: the requester's identity was checked against the kernel at connect.
     */
    default CompletionStage<List<Info>> sessionControl(Proc requester, int sessionId, List<Info> directives) {
        return unsupported("session control");
    }

    /** A completed stage, for hosts. */
    static CompletionStage<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    /** The answer of an upcall the host does not provide. */
    static <T> CompletionStage<T> unsupported(String what) {
        return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED,
                "the host environment does not support " + what));
    }
}
