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

    /**
     * A client completed its connection. Default: accepted.
     *
     * @param client the client's name
     * @return completes to let the client in; exceptionally to refuse it
     */
    default CompletionStage<Void> clientConnected(Proc client) {
        return done();
    }

    /**
     * A client called PMIx_Finalize. Default: accepted.
     *
     * @param client the client's name
     * @return completes when the host has taken note; the client's finalize is acknowledged then
     */
    default CompletionStage<Void> clientFinalized(Proc client) {
        return done();
    }

    /**
     * A client asked to abort {@code targets} (empty: its whole job) with this status and message.
     *
     * @param requester the process that called PMIx_Abort
     * @param status the exit status it asked for
     * @param message its message, for the user
     * @param targets the processes to abort
     * @return completes once the abort is under way
     */
    default CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        return unsupported("abort");
    }

    /**
     * A fence needs the other servers: {@code localData} is this server's contribution, the opaque blob to
     * move between nodes; complete with the concatenation of every participating server's blob.
     *
     * @param participants the processes of the fence (a whole namespace: rank wildcard)
     * @param directives the fence's directives, e.g. PMIX_COLLECT_DATA, PMIX_TIMEOUT
     * @param localData this server's contribution
     * @return completes with every participating server's contribution, concatenated
     */
    default CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
        return unsupported("fence");
    }

    /**
     * A local client wants data of {@code target}, a process on another node: complete with its blob.
     *
     * @param target the remote process
     * @param directives the Get's directives, e.g. PMIX_TIMEOUT
     * @return completes with the blob the target's server returned from {@link PmixServer#dmodexRequest}
     */
    default CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
        return unsupported("direct modex");
    }

    /**
     * {@code PMIx_Publish}: a process publishes data (keys with values, and PMIX_RANGE / PMIX_PERSISTENCE directives)
     * for others to look up by key, as MPI_Publish_name does.
     *
     * @param publisher the publishing process
     * @param data the key-value pairs and directives
     * @return completes once the data is stored; PMIX_ERR_DUPLICATE_KEY when a key is published already
     */
    default CompletionStage<Void> publish(Proc publisher, List<Info> data) {
        return unsupported("publish");
    }

    /**
     * {@code PMIx_Lookup}: a process looks up published data by key; PMIX_WAIT in {@code directives} asks to wait
     * until the keys are published.
     *
     * @param requester the asking process
     * @param keys the keys
     * @param directives e.g. PMIX_RANGE, PMIX_WAIT, PMIX_TIMEOUT
     * @return completes with the data found (PMIX_ERR_NOT_FOUND when none)
     */
    default CompletionStage<List<PublishedData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return unsupported("lookup");
    }

    /**
     * {@code PMIx_Unpublish}: a process withdraws data it published (every key when {@code keys} is empty).
     *
     * @param requester the process that published
     * @param keys the keys to withdraw
     * @param directives e.g. PMIX_RANGE
     * @return completes once withdrawn
     */
    default CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        return unsupported("unpublish");
    }

    /**
     * Start a new job; complete with its namespace.
     *
     * @param requester the client or tool that called PMIx_Spawn
     * @param jobInfo the job-level directives (mapping, output forwarding, PMIX_NOHUP ...)
     * @param apps the applications to start
     * @return completes with the new job's namespace once it was started
     */
    default CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        return unsupported("spawn");
    }

    /**
     * {@code PMIx_Connect}: the processes (of possibly several jobs) declare themselves connected, so that the
     * failure of one concerns the others; complete once every participating server has taken part.
     *
     * @param procs the processes connecting
     * @param directives e.g. PMIX_TIMEOUT
     * @return completes once the connection is made
     */
    default CompletionStage<Void> connect(List<Proc> procs, List<Info> directives) {
        return unsupported("connect");
    }

    /**
     * {@code PMIx_Disconnect}: the end of a connection made by {@link #connect}.
     *
     * @param procs the processes disconnecting
     * @param directives e.g. PMIX_TIMEOUT
     * @return completes once they are disconnected
     */
    default CompletionStage<Void> disconnect(List<Proc> procs, List<Info> directives) {
        return unsupported("disconnect");
    }

    /**
     * Local processes registered handlers for events the host may generate: a host that raises events only when
     * someone listens learns here that someone does.
     *
     * @param codes the event codes (empty: every event)
     * @param directives the registration's directives
     * @return completes once noted
     */
    default CompletionStage<Void> registerEvents(List<Integer> codes, List<Info> directives) {
        return unsupported("register events");
    }

    /**
     * No local process listens to these events any more.
     *
     * @param codes the event codes
     * @return completes once noted
     */
    default CompletionStage<Void> deregisterEvents(List<Integer> codes) {
        return unsupported("deregister events");
    }

    /**
     * An event a local process raised for a range beyond this node.
     *
     * @param code the event's code
     * @param source the process that raised it
     * @param range the range it was raised for, e.g. {@link DataRange#GLOBAL}
     * @param info the event's data
     * @return completes once the host has taken it to the other nodes
     */
    default CompletionStage<Void> notifyEvent(int code, Proc source, DataRange range, List<Info> info) {
        return unsupported("notify event");
    }

    /**
     * Queries the server could not answer from what it holds; complete with the answers.
     *
     * @param requester the client or tool that asked
     * @param queries the queries, each with its keys and qualifiers
     * @return completes with the answers, one info per key answered
     */
    default CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return unsupported("query");
    }

    /**
     * Whether a tool run by another user (neither this server's user nor root, as the kernel says: the
     * uid and gid here are not the tool's claim) may connect at all. Asked on the server's loop before
     * {@link #toolConnected}, so it must answer at once. Default: no, as a site would expect of a runtime
     * that runs one user's jobs.
     *
     * @param uid the tool's user id, from the kernel
     * @param gid the tool's group id, from the kernel
     * @return whether the tool may connect
     */
    default boolean admitsToolOf(int uid, int gid) {
        return false;
    }

    /**
     * A tool or launcher connected; {@code info} holds what it sent (pid, command line …) and what the
     * server learned (PMIX_USERID, PMIX_GRPID, PMIX_VERSION_INFO, and PMIX_NSPACE/PMIX_RANK when it came
     * with a name). Complete with the name it shall have (its own, when it brought one).
     *
     * @param info what the tool sent and what the server learned about it
     * @return completes with the tool's name
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
     *
     * @param tool the tool's name
     * @param uid its user id, from the kernel
     * @param gid its group id, from the kernel
     * @param info what {@link #toolConnected} was given
     * @return the tool's rights
     */
    default ToolRights toolRights(Proc tool, int uid, int gid, List<Info> info) {
        return ToolRights.OWN_JOBS;
    }

    /**
     * {@code PMIx_Log}: a process asks that data be logged (PMIX_LOG_STDERR, PMIX_LOG_SYSLOG, PMIX_LOG_EMAIL ... in
     * {@code data}), by the host's means.
     *
     * @param requester the asking process
     * @param data what to log, each key naming a channel
     * @param directives e.g. PMIX_LOG_ONCE
     * @return completes once logged
     */
    default CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        return unsupported("log");
    }

    /**
     * {@code PMIx_Allocation_request}: a client or tool asks for resources (a new session, more or fewer nodes, a
     * longer time limit); the host's scheduler decides.
     *
     * @param requester the asking process
     * @param directive new, extend, release or reacquire
     * @param info the request: PMIX_ALLOC_NUM_NODES, PMIX_ALLOC_NUM_CPUS, PMIX_ALLOC_TIME ...
     * @return completes with the answer: e.g. PMIX_ALLOC_ID and PMIX_SESSION_ID of a granted session
     */
    default CompletionStage<List<Info>> allocate(Proc requester, AllocDirective directive, List<Info> info) {
        return unsupported("allocation request");
    }

    /**
     * {@code PMIx_Job_control}: a client or tool directs the host about processes: signal, pause, resume, terminate,
     * checkpoint them (PMIX_JOB_CTRL_* in {@code directives}).
     *
     * @param requester the asking process
     * @param targets the processes concerned (a rank wildcard: a whole job)
     * @param directives what to do
     * @return completes once done, with any information about it
     */
    default CompletionStage<List<Info>> jobControl(Proc requester, List<Proc> targets, List<Info> directives) {
        return unsupported("job control");
    }

    /**
     * {@code PMIx_Process_monitor}: a process asks to be monitored (heartbeats, a file that must change) and the
     * {@code error} event raised when the monitor trips.
     *
     * @param requester the asking process
     * @param monitor the monitor asked for, e.g. PMIX_MONITOR_HEARTBEAT
     * @param error the status of the event to raise when it trips
     * @param directives the monitor's parameters
     * @return completes once the monitor is set up
     */
    default CompletionStage<List<Info>> monitor(Proc requester, Info monitor, int error, List<Info> directives) {
        return unsupported("process monitoring");
    }

    /**
     * A credential and any information about it.
     *
     * @param credential the credential's bytes, opaque to the server
     * @param info what the host says about it, e.g. PMIX_CRED_TYPE
     */
    record Credential(byte[] credential, List<Info> info) {
    }

    /**
     * {@code PMIx_Get_credential}: a process asks the host for a security credential, to prove itself to another
     * party.
     *
     * @param requester the asking process
     * @param directives e.g. PMIX_CRED_TYPE
     * @return completes with the credential
     */
    default CompletionStage<Credential> getCredential(Proc requester, List<Info> directives) {
        return unsupported("get credential");
    }

    /**
     * {@code PMIx_Validate_credential}: a process asks the host whether a credential it received is valid.
     *
     * @param requester the asking process
     * @param credential the credential's bytes
     * @param directives the validation's directives
     * @return completes with what the credential says (e.g. PMIX_USERID, PMIX_GRPID); exceptionally when invalid
     */
    default CompletionStage<List<Info>> validateCredential(Proc requester, byte[] credential, List<Info> directives) {
        return unsupported("validate credential");
    }

    /**
     * A tool wants the output of {@code sources} on {@code channels} (an IOF channel mask); PMIX_IOF_COPY in
     * {@code directives} asks that the host keep writing it where it did, else (PMIX_IOF_REDIRECT, the
     * default) the tool takes it instead. With PMIX_IOF_STOP in {@code directives}, a pull ended (deregistered,
     * or its tool went away): the same sources, channels and directives as the pull's.
     *
     * @param sources the processes whose output is wanted
     * @param directives PMIX_IOF_COPY, PMIX_IOF_REDIRECT, PMIX_IOF_STOP ...
     * @param channels the streams, one or more of {@link org.pmix4j.api.IofChannel}'s bits
     * @return completes once the host delivers that output (through {@link PmixServer#iofDeliver})
     */
    default CompletionStage<Void> iofPull(List<Proc> sources, List<Info> directives, int channels) {
        return unsupported("IO forwarding");
    }

    /**
     * Standard input for {@code targets}; {@code data == null} means end of input.
     *
     * @param source the tool or client the input comes from
     * @param targets the processes to give it to (a rank wildcard: a whole job)
     * @param directives the push's directives
     * @param data the bytes, or {@code null} at the end of input
     * @return completes once the host has taken the data
     */
    default CompletionStage<Void> pushStdin(Proc source, List<Proc> targets, List<Info> directives, byte[] data) {
        return unsupported("stdin forwarding");
    }

    /** What a group operation does. */
    enum GroupOperation {
        /** {@code PMIx_Group_construct}: the members form the group. */
        CONSTRUCT,
        /** {@code PMIx_Group_destruct}: the members dissolve it. */
        DESTRUCT
    }

    /**
     * {@code PMIx_Group_construct} and {@code PMIx_Group_destruct}, once every local member has called it: complete
     * when every participating server has, with the group's information (e.g. its context id).
     *
     * @param op construct or destruct
     * @param groupId the group's name
     * @param members the group's members
     * @param directives e.g. PMIX_GROUP_ASSIGN_CONTEXT_ID, PMIX_TIMEOUT
     * @return completes with the group's information
     */
    default CompletionStage<List<Info>> group(GroupOperation op, String groupId, List<Proc> members,
            List<Info> directives) {
        return unsupported("process groups");
    }

    /** What a fabric request does. */
    enum FabricOperation {
        /** {@code PMIx_Fabric_register}: first contact; the host answers the fabric's information. */
        REGISTER,
        /** {@code PMIx_Fabric_update}: the information again, as it is now. */
        UPDATE
    }

    /**
     * {@code PMIx_Fabric_register} and {@code PMIx_Fabric_update}: a process asks the host about the fabric (its
     * vendor, identifier, coordinates ...).
     *
     * @param requester the asking process
     * @param op register or update
     * @param directives which fabric
     * @return completes with the fabric's information
     */
    default CompletionStage<List<Info>> fabric(Proc requester, FabricOperation op, List<Info> directives) {
        return unsupported("fabric");
    }

    /**
     * Distances from a cpuset to the node's devices, for a client whose own hwloc could not compute them
     * (libpmix's server computes them with hwloc, which pmix4j lacks). A NULL {@code topology} (xml null) or
     * {@code cpuset} means "the node's" and "the requester's binding".
     *
     * @param requester the asking process
     * @param topology the topology to use, or one whose XML is {@code null} for the node's
     * @param cpuset the CPUs to measure from, or one that is {@code null} for the requester's binding
     * @param directives e.g. PMIX_DEVICE_TYPE
     * @return completes with a distance per device
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
     *
     * @param requester the scheduler or runtime asking
     * @param sessionId the session, or -1 for every session the requester controls
     * @param directives what to do
     * @return completes with the infos of the reply
     */
    default CompletionStage<List<Info>> sessionControl(Proc requester, int sessionId, List<Info> directives) {
        return unsupported("session control");
    }

    /**
     * A completed stage, for hosts.
     *
     * @return a stage completed with {@code null}
     */
    static CompletionStage<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * The answer of an upcall the host does not provide.
     *
     * @param <T> the type the upcall would have completed with
     * @param what the upcall's name, for the message
     * @return a stage failed with PMIX_ERR_NOT_SUPPORTED
     */
    static <T> CompletionStage<T> unsupported(String what) {
        return CompletableFuture.failedFuture(new PmixException(PmixStatus.PMIX_ERR_NOT_SUPPORTED,
                "the host environment does not support " + what));
    }
}
