package org.pmix4j.api;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The PMIx status and event codes ({@code pmix_status_t}) with the numbers of libpmix 4.2.2, and what that
 * library's {@code PMIx_Error_string} says for each of them.
 *
 * <p>The constants keep their full C names ({@code PMIX_ERR_NOT_FOUND}) so that a grep finds both the C and
 * the Java use. They cover the status section of {@code pmix_common.h} and every status macro of
 * {@code pmix_deprecated.h}; the deprecated ones stay because old peers still send them.
 *
 * <p><b>Several names, one number.</b> Eight numbers have two macros, always one current and one from
 * {@code pmix_deprecated.h} (e.g. -145 is {@code PMIX_EVENT_JOB_END} and the older
 * {@code PMIX_ERR_JOB_TERMINATED}). {@link #name(int)} always answers with the current (non-deprecated)
 * name; {@link #forName(String)} accepts every name.
 *
 * <p><b>Error strings.</b> {@link #errorString(int)} gives, byte for byte, what {@code PMIx_Error_string}
 * of libpmix 4.2.2 returns, for every int. The table was produced by calling the library and is checked
 * against it by {@code PmixStatusTest}. Beware that 4.2.2 has no text for some of its own public codes
 * (e.g. {@link #PMIX_PROCESS_SET_DELETE}, {@link #PMIX_MODEL_RESOURCES}, {@link #PMIX_EXTERNAL_ERR_BASE}):
 * for those, as for every number it does not know, it answers {@value #UNKNOWN_ERROR_STRING}. A few codes
 * internal to the library have a text although no public macro names them; they are answered too.
 */
public final class PmixStatus {
    // ---- Success and general failures -----------------------------------------------------------
    /** The operation succeeded. */
    public static final int PMIX_SUCCESS = 0;
    /** A failure the library could not name more precisely. */
    public static final int PMIX_ERROR = -1;
    /** A process is being restarted (an event). */
    public static final int PMIX_ERR_PROC_RESTART = -4;
    /** A process is being checkpointed (an event). */
    public static final int PMIX_ERR_PROC_CHECKPOINT = -5;
    /** A process is being migrated (an event). */
    public static final int PMIX_ERR_PROC_MIGRATE = -6;
    /** What was to be created exists already. */
    public static final int PMIX_ERR_EXISTS = -11;
    /** A security credential was refused. */
    public static final int PMIX_ERR_INVALID_CRED = -12;
    /** The operation cannot complete now without blocking. */
    public static final int PMIX_ERR_WOULD_BLOCK = -15;
    /** A data type code that the codec does not know. */
    public static final int PMIX_ERR_UNKNOWN_DATA_TYPE = -16;
    /** A value was not of the type expected (e.g. an attribute given the wrong type). */
    public static final int PMIX_ERR_TYPE_MISMATCH = -18;
    /** Unpacking was asked for more values than the buffer holds. */
    public static final int PMIX_ERR_UNPACK_INADEQUATE_SPACE = -19;
    /** A buffer could not be unpacked. */
    public static final int PMIX_ERR_UNPACK_FAILURE = -20;
    /** A value could not be packed. */
    public static final int PMIX_ERR_PACK_FAILURE = -21;
    /** The requester may not do this (another user's job, a tool the host does not trust). */
    public static final int PMIX_ERR_NO_PERMISSIONS = -23;
    /** The operation did not complete within the time given (PMIX_TIMEOUT). */
    public static final int PMIX_ERR_TIMEOUT = -24;
    /** The target cannot be reached. */
    public static final int PMIX_ERR_UNREACH = -25;
    /** A parameter or directive is invalid; the message says which. */
    public static final int PMIX_ERR_BAD_PARAM = -27;
    /** A resource needed is in use. */
    public static final int PMIX_ERR_RESOURCE_BUSY = -28;
    /** A resource (slots, memory, file descriptors) is exhausted. */
    public static final int PMIX_ERR_OUT_OF_RESOURCE = -29;
    /** The library is not initialised, or could not be. */
    public static final int PMIX_ERR_INIT = -31;
    /** Out of memory. */
    public static final int PMIX_ERR_NOMEM = -32;
    /** The key, process or item asked for does not exist. */
    public static final int PMIX_ERR_NOT_FOUND = -46;
    /** The operation or directive is not supported by this library or its host; the message says what. */
    public static final int PMIX_ERR_NOT_SUPPORTED = -47;
    /** A directive is supported, but not with the value given. */
    public static final int PMIX_ERR_PARAM_VALUE_NOT_SUPPORTED = -59;
    /** Communication with the peer failed. */
    public static final int PMIX_ERR_COMM_FAILURE = -49;
    /** Unpacking reached the end of the buffer: no more values to read. */
    public static final int PMIX_ERR_UNPACK_READ_PAST_END_OF_BUFFER = -50;
    /** Cleanup directives (PMIX_REGISTER_CLEANUP ...) contradict each other. */
    public static final int PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES = -51;
    /** Some parts of the operation succeeded, others did not. */
    public static final int PMIX_ERR_PARTIAL_SUCCESS = -52;
    /** The key (or namespace) is registered already. */
    public static final int PMIX_ERR_DUPLICATE_KEY = -53;
    /** The operation had nothing to act on. */
    public static final int PMIX_ERR_EMPTY = -60;
    /** The connection to the peer was lost (also an event). */
    public static final int PMIX_ERR_LOST_CONNECTION = -61;
    /** The key exists, but not in the scope the request was limited to. */
    public static final int PMIX_ERR_EXISTS_OUTSIDE_SCOPE = -62;

    // ---- Process sets ---------------------------------------------------------------------------
    /** Event: a process set was defined. */
    public static final int PMIX_PROCESS_SET_DEFINE = -55;
    /** Event: a process set was deleted. */
    public static final int PMIX_PROCESS_SET_DELETE = -56;

    // ---- Debuggers ------------------------------------------------------------------------------
    /** Event: a debugger releases the processes paused for it. */
    public static final int PMIX_DEBUGGER_RELEASE = -3;
    /** Event: every process of a job is paused and ready for a debugger. */
    public static final int PMIX_READY_FOR_DEBUG = -58;

    // ---- Queries --------------------------------------------------------------------------------
    /** A query was answered in part: some of its keys have no answer. */
    public static final int PMIX_QUERY_PARTIAL_SUCCESS = -104;

    // ---- Job control ----------------------------------------------------------------------------
    /** Event: a checkpoint was requested through job control. */
    public static final int PMIX_JCTRL_CHECKPOINT = -106;
    /** Event: a checkpoint requested through job control completed. */
    public static final int PMIX_JCTRL_CHECKPOINT_COMPLETE = -107;
    /** Event: the job is about to be pre-empted. */
    public static final int PMIX_JCTRL_PREEMPT_ALERT = -108;

    // ---- Monitoring -----------------------------------------------------------------------------
    /** Event: a monitored process missed its heartbeats. */
    public static final int PMIX_MONITOR_HEARTBEAT_ALERT = -109;
    /** Event: a monitored file did not change (or changed) as required. */
    public static final int PMIX_MONITOR_FILE_ALERT = -110;
    /** Event: a process terminated. */
    public static final int PMIX_PROC_TERMINATED = -111;

    // ---- Operations, programming models, groups, I/O forwarding and fabric ----------------------
    /** An event handler could not be registered. */
    public static final int PMIX_ERR_EVENT_REGISTRATION = -144;
    /** Event: a programming model (e.g. an MPI library) declared itself in this process. */
    public static final int PMIX_MODEL_DECLARED = -147;
    /** Event: a programming model's resource needs changed. */
    public static final int PMIX_MODEL_RESOURCES = -151;
    /** Event: an OpenMP parallel region was entered. */
    public static final int PMIX_OPENMP_PARALLEL_ENTERED = -152;
    /** Event: an OpenMP parallel region was left. */
    public static final int PMIX_OPENMP_PARALLEL_EXITED = -153;
    /** Event: a launcher started by a tool is ready to take jobs. */
    public static final int PMIX_LAUNCHER_READY = -155;
    /** The operation is under way; completion follows later. */
    public static final int PMIX_OPERATION_IN_PROGRESS = -156;
    /** The operation completed at once: no callback follows. */
    public static final int PMIX_OPERATION_SUCCEEDED = -157;
    /** The operation is not valid in this state or with these arguments. */
    public static final int PMIX_ERR_INVALID_OPERATION = -158;
    /** Event: this process is invited to join a group. */
    public static final int PMIX_GROUP_INVITED = -159;
    /** Event: a member left a group. */
    public static final int PMIX_GROUP_LEFT = -160;
    /** Event: an invited process accepted to join a group. */
    public static final int PMIX_GROUP_INVITE_ACCEPTED = -161;
    /** Event: an invited process declined to join a group. */
    public static final int PMIX_GROUP_INVITE_DECLINED = -162;
    /** Event: an invited process failed before answering. */
    public static final int PMIX_GROUP_INVITE_FAILED = -163;
    /** Event: the membership of a group changed. */
    public static final int PMIX_GROUP_MEMBERSHIP_UPDATE = -164;
    /** Event: the construction of a group was aborted. */
    public static final int PMIX_GROUP_CONSTRUCT_ABORT = -165;
    /** Event: the construction of a group completed. */
    public static final int PMIX_GROUP_CONSTRUCT_COMPLETE = -166;
    /** Event: a new group leader was selected. */
    public static final int PMIX_GROUP_LEADER_SELECTED = -167;
    /** Event: the leader of a group failed. */
    public static final int PMIX_GROUP_LEADER_FAILED = -168;
    /** Event: a group was given its context id. */
    public static final int PMIX_GROUP_CONTEXT_ID_ASSIGNED = -169;
    /** Event: a member of a group failed. */
    public static final int PMIX_GROUP_MEMBER_FAILED = -170;
    /** The attributes of this function were registered already. */
    public static final int PMIX_ERR_REPEAT_ATTR_REGISTRATION = -171;
    /** Forwarding of input or output failed. */
    public static final int PMIX_ERR_IOF_FAILURE = -172;
    /** Event: the output of a process or job is complete (its last bytes were delivered). */
    public static final int PMIX_ERR_IOF_COMPLETE = -173;
    /** Event: every process of a job was started. */
    public static final int PMIX_LAUNCH_COMPLETE = -174;
    /** Event: the fabric's information was updated. */
    public static final int PMIX_FABRIC_UPDATED = -175;
    /** Event: an update of the fabric's information is coming. */
    public static final int PMIX_FABRIC_UPDATE_PENDING = -176;
    /** Event: fabric endpoints changed; processes should read them again. */
    public static final int PMIX_FABRIC_UPDATE_ENDPOINTS = -113;

    // ---- Why a job failed -----------------------------------------------------------------------
    /** A job failed: an application is not executable. */
    public static final int PMIX_ERR_JOB_APP_NOT_EXECUTABLE = -177;
    /** A job failed: an application names no executable. */
    public static final int PMIX_ERR_JOB_NO_EXE_SPECIFIED = -178;
    /** A job failed: its processes could not be placed. */
    public static final int PMIX_ERR_JOB_FAILED_TO_MAP = -179;
    /** A job was cancelled. */
    public static final int PMIX_ERR_JOB_CANCELED = -180;
    /** A job failed to start. */
    public static final int PMIX_ERR_JOB_FAILED_TO_LAUNCH = -181;
    /** A job was aborted (PMIx_Abort). */
    public static final int PMIX_ERR_JOB_ABORTED = -182;
    /** A job was killed by a command (job control, a tool). */
    public static final int PMIX_ERR_JOB_KILLED_BY_CMD = -183;
    /** A job ended because a process was killed by a signal. */
    public static final int PMIX_ERR_JOB_ABORTED_BY_SIG = -184;
    /** A job ended because a process exited without calling PMIx_Finalize. */
    public static final int PMIX_ERR_JOB_TERM_WO_SYNC = -185;
    /** A job was stopped because a monitored bound was exceeded. */
    public static final int PMIX_ERR_JOB_SENSOR_BOUND_EXCEEDED = -186;
    /** A job ended because a process exited with a non-zero status. */
    public static final int PMIX_ERR_JOB_NON_ZERO_TERM = -187;
    /** A job failed: no allocation could be obtained for it. */
    public static final int PMIX_ERR_JOB_ALLOC_FAILED = -188;
    /** A job was aborted by a system event (e.g. a node failure). */
    public static final int PMIX_ERR_JOB_ABORTED_BY_SYS_EVENT = -189;
    /** A job failed: an executable was not found. */
    public static final int PMIX_ERR_JOB_EXE_NOT_FOUND = -190;
    /** A job failed: a working directory was not found. */
    public static final int PMIX_ERR_JOB_WDIR_NOT_FOUND = -233;
    /** A job failed: not enough resources to run it. */
    public static final int PMIX_ERR_JOB_INSUFFICIENT_RESOURCES = -234;
    /** A job failed: a system operation (fork, pipe ...) failed. */
    public static final int PMIX_ERR_JOB_SYS_OP_FAILED = -235;

    // ---- Job and session life cycle -------------------------------------------------------------
    /** Event: a job started. */
    public static final int PMIX_EVENT_JOB_START = -191;
    /** Event: a job ended. */
    public static final int PMIX_EVENT_JOB_END = -145;
    /** Event: a session (allocation) started. */
    public static final int PMIX_EVENT_SESSION_START = -192;
    /** Event: a session (allocation) ended or is about to end. */
    public static final int PMIX_EVENT_SESSION_END = -193;

    // ---- Process life cycle ---------------------------------------------------------------------
    /** A process requested an abort (PMIx_Abort). */
    public static final int PMIX_ERR_PROC_REQUESTED_ABORT = -8;
    /** A process exited without calling PMIx_Finalize. */
    public static final int PMIX_ERR_PROC_TERM_WO_SYNC = -200;
    /** Event: a process terminated. */
    public static final int PMIX_EVENT_PROC_TERMINATED = -201;
    /** A process was killed by a command. */
    public static final int PMIX_ERR_PROC_KILLED_BY_CMD = -400;
    /** A process failed to start. */
    public static final int PMIX_ERR_PROC_FAILED_TO_START = -401;
    /** A process was killed by a signal. */
    public static final int PMIX_ERR_PROC_ABORTED_BY_SIG = -402;
    /** A process was stopped because a monitored bound was exceeded. */
    public static final int PMIX_ERR_PROC_SENSOR_BOUND_EXCEEDED = -403;
    /** A process exited with a non-zero status. */
    public static final int PMIX_ERR_EXIT_NONZERO_TERM = -404;

    // ---- System events (PMIX_EVENT_SYS_BASE down to PMIX_EVENT_SYS_OTHER) -----------------------
    /** The first of the codes of system events (node failures and the like). */
    public static final int PMIX_EVENT_SYS_BASE = -230;
    /** Event: a node went down. */
    public static final int PMIX_EVENT_NODE_DOWN = -231;
    /** Event: a node was taken offline. */
    public static final int PMIX_EVENT_NODE_OFFLINE = -232;
    /** The last of the codes of system events. */
    public static final int PMIX_EVENT_SYS_OTHER = -330;

    // ---- What an event handler did with an event ------------------------------------------------
    /** An event handler's answer: it did nothing. */
    public static final int PMIX_EVENT_NO_ACTION_TAKEN = -331;
    /** An event handler's answer: it handled the event in part. */
    public static final int PMIX_EVENT_PARTIAL_ACTION_TAKEN = -332;
    /** An event handler's answer: it will act later. */
    public static final int PMIX_EVENT_ACTION_DEFERRED = -333;
    /** An event handler's answer: the event is fully handled; later handlers are not called. */
    public static final int PMIX_EVENT_ACTION_COMPLETE = -334;

    // ---- Start of the range left to applications for their own codes ----------------------------
    /** Codes below this one are free for hosts and applications to define. */
    public static final int PMIX_EXTERNAL_ERR_BASE = -3000;

    // ---- Deprecated names, still defined by pmix_deprecated.h -----------------------------------
    /** Deprecated: a failure already reported, not to be reported again. */
    public static final int PMIX_ERR_SILENT = -2;
    /** Deprecated name of {@link #PMIX_DEBUGGER_RELEASE}. */
    public static final int PMIX_ERR_DEBUGGER_RELEASE = -3;
    /** Deprecated: a process was aborted. */
    public static final int PMIX_ERR_PROC_ABORTED = -7;
    /** Deprecated: a process is aborting. */
    public static final int PMIX_ERR_PROC_ABORTING = -9;
    /** Deprecated: the server could not serve the request. */
    public static final int PMIX_ERR_SERVER_FAILED_REQUEST = -10;
    /** Deprecated name of {@link #PMIX_ERR_EXISTS}. */
    public static final int PMIX_EXISTS = -11;
    /** Deprecated: the connection handshake failed. */
    public static final int PMIX_ERR_HANDSHAKE_FAILED = -13;
    /** Deprecated: the peer is ready for the handshake. */
    public static final int PMIX_ERR_READY_FOR_HANDSHAKE = -14;
    /** Deprecated: no entry for the process. */
    public static final int PMIX_ERR_PROC_ENTRY_NOT_FOUND = -17;
    /** Deprecated: the buffer's types do not match those unpacked. */
    public static final int PMIX_ERR_PACK_MISMATCH = -22;
    /** Deprecated: the reason is in errno. */
    public static final int PMIX_ERR_IN_ERRNO = -26;
    /** Deprecated: no value for the key. */
    public static final int PMIX_ERR_DATA_VALUE_NOT_FOUND = -30;
    /** Deprecated: an invalid argument (now {@link #PMIX_ERR_BAD_PARAM}). */
    public static final int PMIX_ERR_INVALID_ARG = -33;
    /** Deprecated: an invalid key. */
    public static final int PMIX_ERR_INVALID_KEY = -34;
    /** Deprecated: a key of invalid length. */
    public static final int PMIX_ERR_INVALID_KEY_LENGTH = -35;
    /** Deprecated: an invalid value. */
    public static final int PMIX_ERR_INVALID_VAL = -36;
    /** Deprecated: a value of invalid length. */
    public static final int PMIX_ERR_INVALID_VAL_LENGTH = -37;
    /** Deprecated: an invalid length. */
    public static final int PMIX_ERR_INVALID_LENGTH = -38;
    /** Deprecated: a wrong number of arguments. */
    public static final int PMIX_ERR_INVALID_NUM_ARGS = -39;
    /** Deprecated: invalid arguments. */
    public static final int PMIX_ERR_INVALID_ARGS = -40;
    /** Deprecated: a wrong number of items parsed. */
    public static final int PMIX_ERR_INVALID_NUM_PARSED = -41;
    /** Deprecated: an invalid key-value pair. */
    public static final int PMIX_ERR_INVALID_KEYVALP = -42;
    /** Deprecated: an invalid size. */
    public static final int PMIX_ERR_INVALID_SIZE = -43;
    /** Deprecated, still sent: the namespace is not known (e.g. setup_fork of an unregistered job). */
    public static final int PMIX_ERR_INVALID_NAMESPACE = -44;
    /** Deprecated: no server is available. */
    public static final int PMIX_ERR_SERVER_NOT_AVAIL = -45;
    /** Deprecated: not implemented (now {@link #PMIX_ERR_NOT_SUPPORTED}). */
    public static final int PMIX_ERR_NOT_IMPLEMENTED = -48;
    /** Deprecated name of {@link #PMIX_READY_FOR_DEBUG}. */
    public static final int PMIX_DEBUG_WAITING_FOR_NOTIFY = -58;
    /** Deprecated: a fatal failure. */
    public static final int PMIX_ERR_FATAL = -63;
    /** Deprecated: not available. */
    public static final int PMIX_ERR_NOT_AVAILABLE = -64;
    /** Deprecated: a value out of its bounds. */
    public static final int PMIX_ERR_VALUE_OUT_OF_BOUNDS = -65;
    /** Deprecated: a file could not be opened. */
    public static final int PMIX_ERR_FILE_OPEN_FAILURE = -67;
    /** Deprecated: a file could not be read. */
    public static final int PMIX_ERR_FILE_READ_FAILURE = -68;
    /** Deprecated: a file could not be written. */
    public static final int PMIX_ERR_FILE_WRITE_FAILURE = -69;
    /** Deprecated: the system's limit of pipes was reached. */
    public static final int PMIX_ERR_SYS_LIMITS_PIPES = -70;
    /** Deprecated: the system's limit of child processes was reached. */
    public static final int PMIX_ERR_SYS_LIMITS_CHILDREN = -71;
    /** Deprecated: a pipe could not be set up. */
    public static final int PMIX_ERR_PIPE_SETUP_FAILURE = -72;
    /** Deprecated: an executable is not accessible. */
    public static final int PMIX_ERR_EXE_NOT_ACCESSIBLE = -73;
    /** Deprecated: a working directory is not accessible. */
    public static final int PMIX_ERR_JOB_WDIR_NOT_ACCESSIBLE = -74;
    /** Deprecated: the system's limit of open files was reached. */
    public static final int PMIX_ERR_SYS_LIMITS_FILES = -75;
    /** Deprecated: the connection to the server was lost (now {@link #PMIX_ERR_LOST_CONNECTION}). */
    public static final int PMIX_ERR_LOST_CONNECTION_TO_SERVER = -101;
    /** Deprecated: the connection to a peer was lost. */
    public static final int PMIX_ERR_LOST_PEER_CONNECTION = -102;
    /** Deprecated: the connection to a client was lost. */
    public static final int PMIX_ERR_LOST_CONNECTION_TO_CLIENT = -103;
    /** Deprecated: an allocation request completed. */
    public static final int PMIX_NOTIFY_ALLOC_COMPLETE = -105;
    /** Deprecated: a process terminated without finalizing. */
    public static final int PMIX_ERR_INVALID_TERMINATION = -112;
    /** Deprecated name of {@link #PMIX_EVENT_JOB_END}. */
    public static final int PMIX_ERR_JOB_TERMINATED = -145;
    /** Deprecated: fabric endpoints were updated (the older code of {@link #PMIX_FABRIC_UPDATE_ENDPOINTS}). */
    public static final int PMIX_ERR_UPDATE_ENDPOINTS = -146;
    /** Deprecated: a data-store action completed. */
    public static final int PMIX_GDS_ACTION_COMPLETE = -148;
    /** Deprecated: a process has connected. */
    public static final int PMIX_PROC_HAS_CONNECTED = -149;
    /** Deprecated: a connection was requested. */
    public static final int PMIX_CONNECT_REQUESTED = -150;
    /** Deprecated name of {@link #PMIX_EVENT_NODE_DOWN}. */
    public static final int PMIX_ERR_NODE_DOWN = -231;
    /** Deprecated name of {@link #PMIX_EVENT_NODE_OFFLINE}. */
    public static final int PMIX_ERR_NODE_OFFLINE = -232;
    /** Deprecated name of {@link #PMIX_EVENT_SYS_BASE}. */
    public static final int PMIX_ERR_SYS_BASE = PMIX_EVENT_SYS_BASE;
    /** Deprecated name of {@link #PMIX_EVENT_SYS_OTHER}. */
    public static final int PMIX_ERR_SYS_OTHER = PMIX_EVENT_SYS_OTHER;

    /** What libpmix 4.2.2's {@code PMIx_Error_string} returns for a number it has no text for. */
    public static final String UNKNOWN_ERROR_STRING = "ERROR STRING NOT FOUND";

    /**
     * One macro of the table: its C name, its number, whether the name is a deprecated one (from
     * {@code pmix_deprecated.h}), and the text libpmix 4.2.2 prints for the number.
     *
     * @param name        the macro's name, e.g. {@code PMIX_ERR_NOT_FOUND}
     * @param code        its number
     * @param deprecated  whether the name is one of {@code pmix_deprecated.h}
     * @param errorString what {@code PMIx_Error_string} returns for the number
     */
    public record Entry(String name, int code, boolean deprecated, String errorString) {
        /**
         * Same rule as {@link PmixStatus#isError(int)}.
         *
         * @return whether the code reports a failure
         */
        public boolean isError() {
            return PmixStatus.isError(code);
        }
    }

    private static final boolean CURRENT = false;
    private static final boolean DEPRECATED = true;

    /** Every macro, in the order of the headers; aliases of one number are separate entries. */
    private static final List<Entry> ENTRIES = List.of(
            // Success and general failures
            new Entry("PMIX_SUCCESS", PMIX_SUCCESS, CURRENT, "SUCCESS"),
            new Entry("PMIX_ERROR", PMIX_ERROR, CURRENT, "ERROR"),
            new Entry("PMIX_ERR_PROC_RESTART", PMIX_ERR_PROC_RESTART, CURRENT, "PROC_RESTART"),
            new Entry("PMIX_ERR_PROC_CHECKPOINT", PMIX_ERR_PROC_CHECKPOINT, CURRENT, "PROC-CHECKPOINT-ERROR"),
            new Entry("PMIX_ERR_PROC_MIGRATE", PMIX_ERR_PROC_MIGRATE, CURRENT, "PROC-MIGRATE"),
            new Entry("PMIX_ERR_EXISTS", PMIX_ERR_EXISTS, CURRENT, "EXISTS"),
            new Entry("PMIX_ERR_INVALID_CRED", PMIX_ERR_INVALID_CRED, CURRENT, "INVALID-CREDENTIAL"),
            new Entry("PMIX_ERR_WOULD_BLOCK", PMIX_ERR_WOULD_BLOCK, CURRENT, "WOULD-BLOCK"),
            new Entry("PMIX_ERR_UNKNOWN_DATA_TYPE", PMIX_ERR_UNKNOWN_DATA_TYPE, CURRENT, "UNKNOWN-DATA-TYPE"),
            new Entry("PMIX_ERR_TYPE_MISMATCH", PMIX_ERR_TYPE_MISMATCH, CURRENT, "TYPE-MISMATCH"),
            new Entry("PMIX_ERR_UNPACK_INADEQUATE_SPACE", PMIX_ERR_UNPACK_INADEQUATE_SPACE, CURRENT, "UNPACK-INADEQUATE-SPACE"),
            new Entry("PMIX_ERR_UNPACK_FAILURE", PMIX_ERR_UNPACK_FAILURE, CURRENT, "UNPACK-FAILURE"),
            new Entry("PMIX_ERR_PACK_FAILURE", PMIX_ERR_PACK_FAILURE, CURRENT, "PACK-FAILURE"),
            new Entry("PMIX_ERR_NO_PERMISSIONS", PMIX_ERR_NO_PERMISSIONS, CURRENT, "NO-PERMISSIONS"),
            new Entry("PMIX_ERR_TIMEOUT", PMIX_ERR_TIMEOUT, CURRENT, "TIMEOUT"),
            new Entry("PMIX_ERR_UNREACH", PMIX_ERR_UNREACH, CURRENT, "UNREACHABLE"),
            new Entry("PMIX_ERR_BAD_PARAM", PMIX_ERR_BAD_PARAM, CURRENT, "BAD-PARAM"),
            new Entry("PMIX_ERR_RESOURCE_BUSY", PMIX_ERR_RESOURCE_BUSY, CURRENT, "RESOURCE-BUSY"),
            new Entry("PMIX_ERR_OUT_OF_RESOURCE", PMIX_ERR_OUT_OF_RESOURCE, CURRENT, "OUT-OF-RESOURCE"),
            new Entry("PMIX_ERR_INIT", PMIX_ERR_INIT, CURRENT, "INIT"),
            new Entry("PMIX_ERR_NOMEM", PMIX_ERR_NOMEM, CURRENT, "NO-MEM"),
            new Entry("PMIX_ERR_NOT_FOUND", PMIX_ERR_NOT_FOUND, CURRENT, "NOT-FOUND"),
            new Entry("PMIX_ERR_NOT_SUPPORTED", PMIX_ERR_NOT_SUPPORTED, CURRENT, "NOT-SUPPORTED"),
            new Entry("PMIX_ERR_PARAM_VALUE_NOT_SUPPORTED", PMIX_ERR_PARAM_VALUE_NOT_SUPPORTED, CURRENT, "PARAM-VALUE-NOT-SUPPORTED"),
            new Entry("PMIX_ERR_COMM_FAILURE", PMIX_ERR_COMM_FAILURE, CURRENT, "COMM-FAILURE"),
            new Entry("PMIX_ERR_UNPACK_READ_PAST_END_OF_BUFFER", PMIX_ERR_UNPACK_READ_PAST_END_OF_BUFFER, CURRENT, "UNPACK-PAST-END"),
            new Entry("PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES", PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES, CURRENT, "PMIX CONFLICTING CLEANUP DIRECTIVES"),
            new Entry("PMIX_ERR_PARTIAL_SUCCESS", PMIX_ERR_PARTIAL_SUCCESS, CURRENT, "PARTIAL SUCCESS"),
            new Entry("PMIX_ERR_DUPLICATE_KEY", PMIX_ERR_DUPLICATE_KEY, CURRENT, "DUPLICATE KEY"),
            new Entry("PMIX_ERR_EMPTY", PMIX_ERR_EMPTY, CURRENT, "EMPTY"),
            new Entry("PMIX_ERR_LOST_CONNECTION", PMIX_ERR_LOST_CONNECTION, CURRENT, "LOST_CONNECTION"),
            new Entry("PMIX_ERR_EXISTS_OUTSIDE_SCOPE", PMIX_ERR_EXISTS_OUTSIDE_SCOPE, CURRENT, "OUTSIDE-SCOPE"),
            // Process sets
            new Entry("PMIX_PROCESS_SET_DEFINE", PMIX_PROCESS_SET_DEFINE, CURRENT, "PROCESS SET DEFINED"),
            new Entry("PMIX_PROCESS_SET_DELETE", PMIX_PROCESS_SET_DELETE, CURRENT, "ERROR STRING NOT FOUND"),
            // Debuggers
            new Entry("PMIX_DEBUGGER_RELEASE", PMIX_DEBUGGER_RELEASE, CURRENT, "DEBUGGER-RELEASE"),
            new Entry("PMIX_READY_FOR_DEBUG", PMIX_READY_FOR_DEBUG, CURRENT, "READY-FOR-DEBUG"),
            // Queries
            new Entry("PMIX_QUERY_PARTIAL_SUCCESS", PMIX_QUERY_PARTIAL_SUCCESS, CURRENT, "QUERY-PARTIAL-SUCCESS"),
            // Job control
            new Entry("PMIX_JCTRL_CHECKPOINT", PMIX_JCTRL_CHECKPOINT, CURRENT, "PMIX JOB CONTROL CHECKPOINT"),
            new Entry("PMIX_JCTRL_CHECKPOINT_COMPLETE", PMIX_JCTRL_CHECKPOINT_COMPLETE, CURRENT, "PMIX JOB CONTROL CHECKPOINT COMPLETE"),
            new Entry("PMIX_JCTRL_PREEMPT_ALERT", PMIX_JCTRL_PREEMPT_ALERT, CURRENT, "PMIX PRE-EMPTION ALERT"),
            // Monitoring
            new Entry("PMIX_MONITOR_HEARTBEAT_ALERT", PMIX_MONITOR_HEARTBEAT_ALERT, CURRENT, "PMIX HEARTBEAT ALERT"),
            new Entry("PMIX_MONITOR_FILE_ALERT", PMIX_MONITOR_FILE_ALERT, CURRENT, "PMIX FILE MONITOR ALERT"),
            new Entry("PMIX_PROC_TERMINATED", PMIX_PROC_TERMINATED, CURRENT, "PROC-TERMINATED"),
            // Operations, programming models, groups, I/O forwarding and fabric
            new Entry("PMIX_ERR_EVENT_REGISTRATION", PMIX_ERR_EVENT_REGISTRATION, CURRENT, "EVENT-REGISTRATION"),
            new Entry("PMIX_MODEL_DECLARED", PMIX_MODEL_DECLARED, CURRENT, "PMIX MODEL DECLARED"),
            new Entry("PMIX_MODEL_RESOURCES", PMIX_MODEL_RESOURCES, CURRENT, "ERROR STRING NOT FOUND"),
            new Entry("PMIX_OPENMP_PARALLEL_ENTERED", PMIX_OPENMP_PARALLEL_ENTERED, CURRENT, "OPENMP-PARALLEL-ENTERED"),
            new Entry("PMIX_OPENMP_PARALLEL_EXITED", PMIX_OPENMP_PARALLEL_EXITED, CURRENT, "OPENMP-PARALLEL-EXITED"),
            new Entry("PMIX_LAUNCHER_READY", PMIX_LAUNCHER_READY, CURRENT, "LAUNCHER-READY"),
            new Entry("PMIX_OPERATION_IN_PROGRESS", PMIX_OPERATION_IN_PROGRESS, CURRENT, "OPERATION-IN-PROGRESS"),
            new Entry("PMIX_OPERATION_SUCCEEDED", PMIX_OPERATION_SUCCEEDED, CURRENT, "OPERATION-SUCCEEDED"),
            new Entry("PMIX_ERR_INVALID_OPERATION", PMIX_ERR_INVALID_OPERATION, CURRENT, "INVALID-OPERATION"),
            new Entry("PMIX_GROUP_INVITED", PMIX_GROUP_INVITED, CURRENT, "GROUP-INVITED"),
            new Entry("PMIX_GROUP_LEFT", PMIX_GROUP_LEFT, CURRENT, "GROUP-LEFT"),
            new Entry("PMIX_GROUP_INVITE_ACCEPTED", PMIX_GROUP_INVITE_ACCEPTED, CURRENT, "GROUP-INVITE-ACCEPTED"),
            new Entry("PMIX_GROUP_INVITE_DECLINED", PMIX_GROUP_INVITE_DECLINED, CURRENT, "GROUP-INVITE-DECLINED"),
            new Entry("PMIX_GROUP_INVITE_FAILED", PMIX_GROUP_INVITE_FAILED, CURRENT, "GROUP-INVITE-FAILED"),
            new Entry("PMIX_GROUP_MEMBERSHIP_UPDATE", PMIX_GROUP_MEMBERSHIP_UPDATE, CURRENT, "GROUP-MEMBERSHIP-UPDATE"),
            new Entry("PMIX_GROUP_CONSTRUCT_ABORT", PMIX_GROUP_CONSTRUCT_ABORT, CURRENT, "GROUP-CONSTRUCT-ABORT"),
            new Entry("PMIX_GROUP_CONSTRUCT_COMPLETE", PMIX_GROUP_CONSTRUCT_COMPLETE, CURRENT, "GROUP-CONSTRUCT-COMPLETE"),
            new Entry("PMIX_GROUP_LEADER_SELECTED", PMIX_GROUP_LEADER_SELECTED, CURRENT, "GROUP-LEADER-SELECTED"),
            new Entry("PMIX_GROUP_LEADER_FAILED", PMIX_GROUP_LEADER_FAILED, CURRENT, "GROUP-LEADER-FAILED"),
            new Entry("PMIX_GROUP_CONTEXT_ID_ASSIGNED", PMIX_GROUP_CONTEXT_ID_ASSIGNED, CURRENT, "GROUP-CONTEXT-ID-ASSIGNED"),
            new Entry("PMIX_GROUP_MEMBER_FAILED", PMIX_GROUP_MEMBER_FAILED, CURRENT, "GROUP-MEMBER-FAILED"),
            new Entry("PMIX_ERR_REPEAT_ATTR_REGISTRATION", PMIX_ERR_REPEAT_ATTR_REGISTRATION, CURRENT, "REPEAT-ATTRIBUTE-REGISTRATION"),
            new Entry("PMIX_ERR_IOF_FAILURE", PMIX_ERR_IOF_FAILURE, CURRENT, "IOF FAILURE"),
            new Entry("PMIX_ERR_IOF_COMPLETE", PMIX_ERR_IOF_COMPLETE, CURRENT, "IOF COMPLETE"),
            new Entry("PMIX_LAUNCH_COMPLETE", PMIX_LAUNCH_COMPLETE, CURRENT, "PMIX LAUNCH COMPLETE"),
            new Entry("PMIX_FABRIC_UPDATED", PMIX_FABRIC_UPDATED, CURRENT, "FABRIC-UPDATED"),
            new Entry("PMIX_FABRIC_UPDATE_PENDING", PMIX_FABRIC_UPDATE_PENDING, CURRENT, "FABRIC-UPDATE-PENDING"),
            new Entry("PMIX_FABRIC_UPDATE_ENDPOINTS", PMIX_FABRIC_UPDATE_ENDPOINTS, CURRENT, "FABRIC-UPDATE-ENDPOINTS"),
            // Why a job failed
            new Entry("PMIX_ERR_JOB_APP_NOT_EXECUTABLE", PMIX_ERR_JOB_APP_NOT_EXECUTABLE, CURRENT, "APPLICATION NOT EXECUTABLE"),
            new Entry("PMIX_ERR_JOB_NO_EXE_SPECIFIED", PMIX_ERR_JOB_NO_EXE_SPECIFIED, CURRENT, "NO EXECUTABLE SPECIFIED"),
            new Entry("PMIX_ERR_JOB_FAILED_TO_MAP", PMIX_ERR_JOB_FAILED_TO_MAP, CURRENT, "JOB FAILED TO MAP"),
            new Entry("PMIX_ERR_JOB_CANCELED", PMIX_ERR_JOB_CANCELED, CURRENT, "JOB CANCELED"),
            new Entry("PMIX_ERR_JOB_FAILED_TO_LAUNCH", PMIX_ERR_JOB_FAILED_TO_LAUNCH, CURRENT, "JOB FAILED TO LAUNCH"),
            new Entry("PMIX_ERR_JOB_ABORTED", PMIX_ERR_JOB_ABORTED, CURRENT, "JOB ABORTED"),
            new Entry("PMIX_ERR_JOB_KILLED_BY_CMD", PMIX_ERR_JOB_KILLED_BY_CMD, CURRENT, "KILLED BY COMMAND"),
            new Entry("PMIX_ERR_JOB_ABORTED_BY_SIG", PMIX_ERR_JOB_ABORTED_BY_SIG, CURRENT, "ABORTED BY SIGNAL"),
            new Entry("PMIX_ERR_JOB_TERM_WO_SYNC", PMIX_ERR_JOB_TERM_WO_SYNC, CURRENT, "TERMINATED WITHOUT SYNC"),
            new Entry("PMIX_ERR_JOB_SENSOR_BOUND_EXCEEDED", PMIX_ERR_JOB_SENSOR_BOUND_EXCEEDED, CURRENT, "SENSOR BOUND EXCEEDED"),
            new Entry("PMIX_ERR_JOB_NON_ZERO_TERM", PMIX_ERR_JOB_NON_ZERO_TERM, CURRENT, "NON-ZERO TERMINATION"),
            new Entry("PMIX_ERR_JOB_ALLOC_FAILED", PMIX_ERR_JOB_ALLOC_FAILED, CURRENT, "FAILED TO OBTAIN ALLOCATION"),
            new Entry("PMIX_ERR_JOB_ABORTED_BY_SYS_EVENT", PMIX_ERR_JOB_ABORTED_BY_SYS_EVENT, CURRENT, "JOB ABORTED BY SYSTEM EVENT"),
            new Entry("PMIX_ERR_JOB_EXE_NOT_FOUND", PMIX_ERR_JOB_EXE_NOT_FOUND, CURRENT, "EXECUTABLE NOT FOUND"),
            new Entry("PMIX_ERR_JOB_WDIR_NOT_FOUND", PMIX_ERR_JOB_WDIR_NOT_FOUND, CURRENT, "WORKING DIRECTORY NOT FOUND"),
            new Entry("PMIX_ERR_JOB_INSUFFICIENT_RESOURCES", PMIX_ERR_JOB_INSUFFICIENT_RESOURCES, CURRENT, "INSUFFICIENT RESOURCES"),
            new Entry("PMIX_ERR_JOB_SYS_OP_FAILED", PMIX_ERR_JOB_SYS_OP_FAILED, CURRENT, "SYSTEM OPERATION FAILED"),
            // Job and session life cycle
            new Entry("PMIX_EVENT_JOB_START", PMIX_EVENT_JOB_START, CURRENT, "JOB STARTED"),
            new Entry("PMIX_EVENT_JOB_END", PMIX_EVENT_JOB_END, CURRENT, "JOB ENDED"),
            new Entry("PMIX_EVENT_SESSION_START", PMIX_EVENT_SESSION_START, CURRENT, "SESSION STARTED"),
            new Entry("PMIX_EVENT_SESSION_END", PMIX_EVENT_SESSION_END, CURRENT, "SESSION ENDED"),
            // Process life cycle
            new Entry("PMIX_ERR_PROC_REQUESTED_ABORT", PMIX_ERR_PROC_REQUESTED_ABORT, CURRENT, "PROC-ABORT-REQUESTED"),
            new Entry("PMIX_ERR_PROC_TERM_WO_SYNC", PMIX_ERR_PROC_TERM_WO_SYNC, CURRENT, "PROC TERMINATED WITHOUT SYNC"),
            new Entry("PMIX_EVENT_PROC_TERMINATED", PMIX_EVENT_PROC_TERMINATED, CURRENT, "PROC TERMINATED"),
            new Entry("PMIX_ERR_PROC_KILLED_BY_CMD", PMIX_ERR_PROC_KILLED_BY_CMD, CURRENT, "PROC-KILLED-BY-CMD"),
            new Entry("PMIX_ERR_PROC_FAILED_TO_START", PMIX_ERR_PROC_FAILED_TO_START, CURRENT, "PROC-FAILED-TO-START"),
            new Entry("PMIX_ERR_PROC_ABORTED_BY_SIG", PMIX_ERR_PROC_ABORTED_BY_SIG, CURRENT, "PROC-ABORTED-BY-SIG"),
            new Entry("PMIX_ERR_PROC_SENSOR_BOUND_EXCEEDED", PMIX_ERR_PROC_SENSOR_BOUND_EXCEEDED, CURRENT, "PROC-SENSOR-BOUND-EXCEEDED"),
            new Entry("PMIX_ERR_EXIT_NONZERO_TERM", PMIX_ERR_EXIT_NONZERO_TERM, CURRENT, "PROC-EXIT-NONZERO-TERM"),
            // System events (PMIX_EVENT_SYS_BASE down to PMIX_EVENT_SYS_OTHER)
            new Entry("PMIX_EVENT_SYS_BASE", PMIX_EVENT_SYS_BASE, CURRENT, "SYSTEM BASE EVENT"),
            new Entry("PMIX_EVENT_NODE_DOWN", PMIX_EVENT_NODE_DOWN, CURRENT, "NODE-DOWN"),
            new Entry("PMIX_EVENT_NODE_OFFLINE", PMIX_EVENT_NODE_OFFLINE, CURRENT, "NODE-OFFLINE"),
            new Entry("PMIX_EVENT_SYS_OTHER", PMIX_EVENT_SYS_OTHER, CURRENT, "UNDEFINED-SYSTEM-EVENT"),
            // What an event handler did with an event
            new Entry("PMIX_EVENT_NO_ACTION_TAKEN", PMIX_EVENT_NO_ACTION_TAKEN, CURRENT, "EVENT-NO-ACTION-TAKEN"),
            new Entry("PMIX_EVENT_PARTIAL_ACTION_TAKEN", PMIX_EVENT_PARTIAL_ACTION_TAKEN, CURRENT, "EVENT-PARTIAL-ACTION-TAKEN"),
            new Entry("PMIX_EVENT_ACTION_DEFERRED", PMIX_EVENT_ACTION_DEFERRED, CURRENT, "EVENT-ACTION-DEFERRED"),
            new Entry("PMIX_EVENT_ACTION_COMPLETE", PMIX_EVENT_ACTION_COMPLETE, CURRENT, "EVENT-ACTION-COMPLETE"),
            // Start of the range left to applications for their own codes
            new Entry("PMIX_EXTERNAL_ERR_BASE", PMIX_EXTERNAL_ERR_BASE, CURRENT, "ERROR STRING NOT FOUND"),
            // Deprecated names, still defined by pmix_deprecated.h
            new Entry("PMIX_ERR_SILENT", PMIX_ERR_SILENT, DEPRECATED, "SILENT_ERROR"),
            new Entry("PMIX_ERR_DEBUGGER_RELEASE", PMIX_ERR_DEBUGGER_RELEASE, DEPRECATED, "DEBUGGER-RELEASE"),
            new Entry("PMIX_ERR_PROC_ABORTED", PMIX_ERR_PROC_ABORTED, DEPRECATED, "PROC-ABORTED"),
            new Entry("PMIX_ERR_PROC_ABORTING", PMIX_ERR_PROC_ABORTING, DEPRECATED, "PROC-ABORTING"),
            new Entry("PMIX_ERR_SERVER_FAILED_REQUEST", PMIX_ERR_SERVER_FAILED_REQUEST, DEPRECATED, "SERVER FAILED REQUEST"),
            new Entry("PMIX_EXISTS", PMIX_EXISTS, DEPRECATED, "EXISTS"),
            new Entry("PMIX_ERR_HANDSHAKE_FAILED", PMIX_ERR_HANDSHAKE_FAILED, DEPRECATED, "HANDSHAKE-FAILED"),
            new Entry("PMIX_ERR_READY_FOR_HANDSHAKE", PMIX_ERR_READY_FOR_HANDSHAKE, DEPRECATED, "READY-FOR-HANDSHAKE"),
            new Entry("PMIX_ERR_PROC_ENTRY_NOT_FOUND", PMIX_ERR_PROC_ENTRY_NOT_FOUND, DEPRECATED, "PROC-ENTRY-NOT-FOUND"),
            new Entry("PMIX_ERR_PACK_MISMATCH", PMIX_ERR_PACK_MISMATCH, DEPRECATED, "PACK-MISMATCH"),
            new Entry("PMIX_ERR_IN_ERRNO", PMIX_ERR_IN_ERRNO, DEPRECATED, "ERR-IN-ERRNO"),
            new Entry("PMIX_ERR_DATA_VALUE_NOT_FOUND", PMIX_ERR_DATA_VALUE_NOT_FOUND, DEPRECATED, "DATA-VALUE-NOT-FOUND"),
            new Entry("PMIX_ERR_INVALID_ARG", PMIX_ERR_INVALID_ARG, DEPRECATED, "INVALID-ARG"),
            new Entry("PMIX_ERR_INVALID_KEY", PMIX_ERR_INVALID_KEY, DEPRECATED, "INVALID-KEY"),
            new Entry("PMIX_ERR_INVALID_KEY_LENGTH", PMIX_ERR_INVALID_KEY_LENGTH, DEPRECATED, "INVALID-KEY-LENGTH"),
            new Entry("PMIX_ERR_INVALID_VAL", PMIX_ERR_INVALID_VAL, DEPRECATED, "INVALID-VAL"),
            new Entry("PMIX_ERR_INVALID_VAL_LENGTH", PMIX_ERR_INVALID_VAL_LENGTH, DEPRECATED, "INVALID-VAL-LENGTH"),
            new Entry("PMIX_ERR_INVALID_LENGTH", PMIX_ERR_INVALID_LENGTH, DEPRECATED, "INVALID-LENGTH"),
            new Entry("PMIX_ERR_INVALID_NUM_ARGS", PMIX_ERR_INVALID_NUM_ARGS, DEPRECATED, "INVALID-NUM-ARGS"),
            new Entry("PMIX_ERR_INVALID_ARGS", PMIX_ERR_INVALID_ARGS, DEPRECATED, "INVALID-ARGS"),
            new Entry("PMIX_ERR_INVALID_NUM_PARSED", PMIX_ERR_INVALID_NUM_PARSED, DEPRECATED, "INVALID-NUM-PARSED"),
            new Entry("PMIX_ERR_INVALID_KEYVALP", PMIX_ERR_INVALID_KEYVALP, DEPRECATED, "INVALID-KEYVAL"),
            new Entry("PMIX_ERR_INVALID_SIZE", PMIX_ERR_INVALID_SIZE, DEPRECATED, "INVALID-SIZE"),
            new Entry("PMIX_ERR_INVALID_NAMESPACE", PMIX_ERR_INVALID_NAMESPACE, DEPRECATED, "INVALID-NAMESPACE"),
            new Entry("PMIX_ERR_SERVER_NOT_AVAIL", PMIX_ERR_SERVER_NOT_AVAIL, DEPRECATED, "SERVER-NOT-AVAIL"),
            new Entry("PMIX_ERR_NOT_IMPLEMENTED", PMIX_ERR_NOT_IMPLEMENTED, DEPRECATED, "NOT-IMPLEMENTED"),
            new Entry("PMIX_DEBUG_WAITING_FOR_NOTIFY", PMIX_DEBUG_WAITING_FOR_NOTIFY, DEPRECATED, "READY-FOR-DEBUG"),
            new Entry("PMIX_ERR_FATAL", PMIX_ERR_FATAL, DEPRECATED, "FATAL"),
            new Entry("PMIX_ERR_NOT_AVAILABLE", PMIX_ERR_NOT_AVAILABLE, DEPRECATED, "NOT_AVAILABLE"),
            new Entry("PMIX_ERR_VALUE_OUT_OF_BOUNDS", PMIX_ERR_VALUE_OUT_OF_BOUNDS, DEPRECATED, "VALUE_OUT_OF_BOUNDS"),
            new Entry("PMIX_ERR_FILE_OPEN_FAILURE", PMIX_ERR_FILE_OPEN_FAILURE, DEPRECATED, "FILE_OPEN_FAILURE"),
            new Entry("PMIX_ERR_FILE_READ_FAILURE", PMIX_ERR_FILE_READ_FAILURE, DEPRECATED, "FILE_READ_FAILURE"),
            new Entry("PMIX_ERR_FILE_WRITE_FAILURE", PMIX_ERR_FILE_WRITE_FAILURE, DEPRECATED, "FILE_WRITE_FAILURE"),
            new Entry("PMIX_ERR_SYS_LIMITS_PIPES", PMIX_ERR_SYS_LIMITS_PIPES, DEPRECATED, "SYS_LIMITS_PIPES"),
            new Entry("PMIX_ERR_SYS_LIMITS_CHILDREN", PMIX_ERR_SYS_LIMITS_CHILDREN, DEPRECATED, "SYS_LIMITS_CHILDREN"),
            new Entry("PMIX_ERR_PIPE_SETUP_FAILURE", PMIX_ERR_PIPE_SETUP_FAILURE, DEPRECATED, "PIPE_SETUP_FAILURE"),
            new Entry("PMIX_ERR_EXE_NOT_ACCESSIBLE", PMIX_ERR_EXE_NOT_ACCESSIBLE, DEPRECATED, "EXE NOT ACCESSIBLE"),
            new Entry("PMIX_ERR_JOB_WDIR_NOT_ACCESSIBLE", PMIX_ERR_JOB_WDIR_NOT_ACCESSIBLE, DEPRECATED, "WDIR NOT ACCESSIBLE"),
            new Entry("PMIX_ERR_SYS_LIMITS_FILES", PMIX_ERR_SYS_LIMITS_FILES, DEPRECATED, "ERROR STRING NOT FOUND"),
            new Entry("PMIX_ERR_LOST_CONNECTION_TO_SERVER", PMIX_ERR_LOST_CONNECTION_TO_SERVER, DEPRECATED, "ERROR STRING NOT FOUND"),
            new Entry("PMIX_ERR_LOST_PEER_CONNECTION", PMIX_ERR_LOST_PEER_CONNECTION, DEPRECATED, "ERROR STRING NOT FOUND"),
            new Entry("PMIX_ERR_LOST_CONNECTION_TO_CLIENT", PMIX_ERR_LOST_CONNECTION_TO_CLIENT, DEPRECATED, "ERROR STRING NOT FOUND"),
            new Entry("PMIX_NOTIFY_ALLOC_COMPLETE", PMIX_NOTIFY_ALLOC_COMPLETE, DEPRECATED, "PMIX ALLOC OPERATION COMPLETE"),
            new Entry("PMIX_ERR_INVALID_TERMINATION", PMIX_ERR_INVALID_TERMINATION, DEPRECATED, "INVALID-TERMINATION"),
            new Entry("PMIX_ERR_JOB_TERMINATED", PMIX_ERR_JOB_TERMINATED, DEPRECATED, "JOB ENDED"),
            new Entry("PMIX_ERR_UPDATE_ENDPOINTS", PMIX_ERR_UPDATE_ENDPOINTS, DEPRECATED, "UPDATE-ENDPOINTS"),
            new Entry("PMIX_GDS_ACTION_COMPLETE", PMIX_GDS_ACTION_COMPLETE, DEPRECATED, "GDS-ACTION-COMPLETE"),
            new Entry("PMIX_PROC_HAS_CONNECTED", PMIX_PROC_HAS_CONNECTED, DEPRECATED, "PROC-HAS-CONNECTED"),
            new Entry("PMIX_CONNECT_REQUESTED", PMIX_CONNECT_REQUESTED, DEPRECATED, "CONNECT-REQUESTED"),
            new Entry("PMIX_ERR_NODE_DOWN", PMIX_ERR_NODE_DOWN, DEPRECATED, "NODE-DOWN"),
            new Entry("PMIX_ERR_NODE_OFFLINE", PMIX_ERR_NODE_OFFLINE, DEPRECATED, "NODE-OFFLINE"),
            new Entry("PMIX_ERR_SYS_BASE", PMIX_ERR_SYS_BASE, DEPRECATED, "SYSTEM BASE EVENT"),
            new Entry("PMIX_ERR_SYS_OTHER", PMIX_ERR_SYS_OTHER, DEPRECATED, "UNDEFINED-SYSTEM-EVENT")
    );

    /**
     * Texts that libpmix 4.2.2 prints for numbers no public header names: codes the library uses inside
     * itself (from its private range below -1330) and {@code INT_MIN}, its "any status" wildcard.
     */
    private static final Map<Integer, String> INTERNAL_STRINGS = Map.of(
            -1363, "FABRIC_NOT_PARSEABLE",
            -1366, "TAKE-NEXT-OPTION",
            -1367, "PMIX TEMPORARILY UNAVAILABLE",
            Integer.MIN_VALUE, "PMIX_ERR_WILDCARD");

    private static final Map<Integer, Entry> BY_CODE = new HashMap<>();
    private static final Map<String, Entry> BY_NAME = new HashMap<>();

    static {
        for (Entry e : ENTRIES) {
            BY_NAME.put(e.name(), e);
            Entry old = BY_CODE.get(e.code());
            if (old == null || (old.deprecated() && !e.deprecated())) {
                BY_CODE.put(e.code(), e);
            }
        }
    }

    private PmixStatus() {
    }

    /**
     * Every macro (aliases included), in header order.
     *
     * @return the entries
     */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    /**
     * The C macro name for a number. Where several macros share the number, the one that is not deprecated
     * wins (in 4.2.2 every shared number has exactly one such name). A number without a macro is returned as
     * decimal text, e.g. {@code "-3001"}, so the result can always be printed.
     *
     * @param code a status or event code
     * @return the name
     */
    public static String name(int code) {
        Entry e = BY_CODE.get(code);
        return e != null ? e.name() : Integer.toString(code);
    }

    /**
     * True when some macro of libpmix 4.2.2 has this number.
     *
     * @param code a status or event code
     * @return whether it has a name
     */
    public static boolean isKnown(int code) {
        return BY_CODE.containsKey(code);
    }

    /**
     * The number of a macro. Any of the names is accepted, deprecated ones included, with or without the
     * {@code PMIX_} prefix ({@code "ERR_NOT_FOUND"} works too). Empty when no such macro exists.
     *
     * @param macroName e.g. {@code "PMIX_ERR_NOT_FOUND"} or {@code "ERR_NOT_FOUND"}
     * @return the number, or empty
     */
    public static OptionalInt forName(String macroName) {
        Entry e = BY_NAME.get(macroName);
        if (e == null && !macroName.startsWith("PMIX_")) {
            e = BY_NAME.get("PMIX_" + macroName);
        }
        return e != null ? OptionalInt.of(e.code()) : OptionalInt.empty();
    }

    /**
     * Exactly what libpmix 4.2.2's {@code PMIx_Error_string(code)} returns.
     *
     * @param code any number
     * @return the text, {@link #UNKNOWN_ERROR_STRING} for numbers it has none for
     */
    public static String errorString(int code) {
        Entry e = BY_CODE.get(code);
        if (e != null) {
            return e.errorString();
        }
        return INTERNAL_STRINGS.getOrDefault(code, UNKNOWN_ERROR_STRING);
    }

    /**
     * Whether the code reports a failure. PMIx uses negative numbers for failures and for events alike, so
     * the rule goes by the preferred name: a negative code is an error when it is named {@code PMIX_ERROR},
     * {@code PMIX_ERR_*} or {@code PMIX_EXTERNAL_ERR_BASE}, or when it has no name at all (codes of other
     * libraries and applications). The other named codes, such as {@link #PMIX_EVENT_JOB_END},
     * {@link #PMIX_OPERATION_SUCCEEDED} or {@link #PMIX_GROUP_INVITED}, are events or progress reports, not
     * errors. Zero and positive numbers are never errors.
     *
     * @param code a status or event code
     * @return whether it reports a failure
     */
    public static boolean isError(int code) {
        if (code >= 0) {
            return false;
        }
        Entry e = BY_CODE.get(code);
        if (e == null) {
            return true;
        }
        return e.name().startsWith("PMIX_ERR") || e.code() == PMIX_EXTERNAL_ERR_BASE;
    }

    /**
     * True for the system-event range, the test the C macro {@code PMIX_SYSTEM_EVENT} makes.
     *
     * @param code an event code
     * @return whether it is in the system-event range
     */
    public static boolean isSystemEvent(int code) {
        return code <= PMIX_EVENT_SYS_BASE && code >= PMIX_EVENT_SYS_OTHER;
    }
}
