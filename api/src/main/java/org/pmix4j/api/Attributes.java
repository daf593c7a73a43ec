package org.pmix4j.api;

import static org.pmix4j.api.DataType.BOOL;
import static org.pmix4j.api.DataType.BYTE_OBJECT;
import static org.pmix4j.api.DataType.DATA_ARRAY;
import static org.pmix4j.api.DataType.DATA_RANGE;
import static org.pmix4j.api.DataType.DEVTYPE;
import static org.pmix4j.api.DataType.DOUBLE;
import static org.pmix4j.api.DataType.ENVAR;
import static org.pmix4j.api.DataType.FLOAT;
import static org.pmix4j.api.DataType.GEOMETRY;
import static org.pmix4j.api.DataType.INT;
import static org.pmix4j.api.DataType.INT32;
import static org.pmix4j.api.DataType.LINK_STATE;
import static org.pmix4j.api.DataType.LOCTYPE;
import static org.pmix4j.api.DataType.PERSIST;
import static org.pmix4j.api.DataType.PID;
import static org.pmix4j.api.DataType.POINTER;
import static org.pmix4j.api.DataType.PROC;
import static org.pmix4j.api.DataType.PROC_CPUSET;
import static org.pmix4j.api.DataType.PROC_RANK;
import static org.pmix4j.api.DataType.PROC_STATE;
import static org.pmix4j.api.DataType.SCOPE;
import static org.pmix4j.api.DataType.SIZE;
import static org.pmix4j.api.DataType.STATUS;
import static org.pmix4j.api.DataType.STOR_ACCESS;
import static org.pmix4j.api.DataType.STOR_ACCESS_TYPE;
import static org.pmix4j.api.DataType.STOR_MEDIUM;
import static org.pmix4j.api.DataType.STOR_PERSIST;
import static org.pmix4j.api.DataType.STRING;
import static org.pmix4j.api.DataType.TIME;
import static org.pmix4j.api.DataType.TOPO;
import static org.pmix4j.api.DataType.UINT16;
import static org.pmix4j.api.DataType.UINT32;
import static org.pmix4j.api.DataType.UINT64;
import static org.pmix4j.api.DataType.UNDEF;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pmix4j.api.Attribute.Level;

/**
 * The dictionary of PMIx attributes: one typed constant per attribute, named after its C macro without the
 * {@code PMIX_} prefix ({@code PMIX_JOB_SIZE} is {@link #JOB_SIZE}), and lookups by key and by macro name.
 *
 * <p><b>What is here.</b> Every attribute macro of libpmix 4.2.2 ({@code pmix_common.h} and
 * {@code pmix_deprecated.h}, checked at test time against the installed headers by
 * {@code AttributesHeaderTest}), plus every attribute the PMIx Standard v5.0 declares, including those it
 * deprecates or has removed. The three macros of {@code pmix_common.h} whose string is the name of an
 * environment variable rather than a key are in {@link EnvVars} instead.
 *
 * <p><b>Keys and types.</b> The key is always libpmix 4.2.2's string: that is what travels on the wire. In
 * eight cases the Standard spells the key differently; a comment marks them, and {@link #forKey} also finds
 * the attribute by the Standard's spelling, except for the two spellings that libpmix uses as the key of
 * another attribute. The value type is the Standard's where it declares the attribute, otherwise the one
 * the 4.2.2 header gives; where they differ a comment says what the header gives (for query keys the
 * header gives the type of the answer, the Standard that of the request).
 * {@link DataType#UNDEF} stands for "the type varies" and for attributes that carry no value.
 *
 * <p><b>Deprecation.</b> {@link Attribute#deprecated()} is true when either source marks the attribute
 * deprecated or removed, or when libpmix keeps it in {@code pmix_deprecated.h} (this includes two keys that
 * file calls internal). {@link Attribute#inLibpmix()} is false for the attributes only the Standard has.
 *
 * <p><b>Shared keys.</b> libpmix 4.2.2 gives some keys to two macros (e.g. {@code "pmix.qry.quals"} is
 * both {@link #QUERY_QUALIFIERS} and {@link #QUERY_SUPPORTED_QUALIFIERS}; a deprecated name and its
 * replacement share theirs). {@link #forKey} then returns the first that is not deprecated, in the order of
 * this class; {@link #forKeyAll} returns them all.
 */
public final class Attributes {
    /** Filled by the factories below while the constants are initialised, in declaration order. */
    private static final List<Attribute<?>> REGISTRY = new ArrayList<>();
    /** The levels attributes declare, by key (filled by the factories too: a client reads it for its job data). */
    private static final Map<String, Level> LEVELS = new HashMap<>();

    // ---- The placeholder key ----------------------------------------------------------------------------
    /** Marker key meaning that no attribute has been set in a structure yet. Key {@code "pmix.undef"}. */
    public static final Attribute<Value> ATTR_UNDEF = def(UNDEF, "PMIX_ATTR_UNDEF",
            "pmix.undef", "Marker key meaning that no attribute has been set in a structure yet.");

    // ---- Initialising a client, server or tool ----------------------------------------------------------
    /** The host drives the library's progress itself by calling PMIx_Progress. Key {@code "pmix.evext"}. */
    public static final Attribute<Boolean> EXTERNAL_PROGRESS = def(BOOL, "PMIX_EXTERNAL_PROGRESS",
            "pmix.evext", "The host drives the library's progress itself by calling PMIx_Progress.");
    /** The host is willing to accept connections from tools. Key {@code "pmix.srvr.tool"}. */
    public static final Attribute<Boolean> SERVER_TOOL_SUPPORT = def(BOOL, "PMIX_SERVER_TOOL_SUPPORT",
            "pmix.srvr.tool", "The host is willing to accept connections from tools.");
    /** Let tools on other hosts connect, rather than listening on loopback only. Key {@code "pmix.srvr.remote"}. */
    public static final Attribute<Boolean> SERVER_REMOTE_CONNECTIONS = def(BOOL, "PMIX_SERVER_REMOTE_CONNECTIONS",
            "pmix.srvr.remote", "Let tools on other hosts connect, rather than listening on loopback only.");
    /** The host offers itself as the system-wide server of this node. Key {@code "pmix.srvr.sys"}. */
    public static final Attribute<Boolean> SERVER_SYSTEM_SUPPORT = def(BOOL, "PMIX_SERVER_SYSTEM_SUPPORT",
            "pmix.srvr.sys", "The host offers itself as the system-wide server of this node.");
    /** The host offers itself as the server of its session on this node. Key {@code "pmix.srvr.sess"}. */
    public static final Attribute<Boolean> SERVER_SESSION_SUPPORT = def(BOOL, "PMIX_SERVER_SESSION_SUPPORT",
            "pmix.srvr.sess", "The host offers itself as the server of its session on this node.");
    /**
     * Temporary directory of the server: client rendezvous files and its own contact file go here. Key
     * {@code "pmix.srvr.tmpdir"}.
     */
    public static final Attribute<String> SERVER_TMPDIR = def(STRING, "PMIX_SERVER_TMPDIR",
            "pmix.srvr.tmpdir",
            "Temporary directory of the server: client rendezvous files and its own contact file go here.");
    /**
     * System temporary directory where a system-level server leaves its rendezvous file for tools. Key
     * {@code "pmix.sys.tmpdir"}.
     */
    public static final Attribute<String> SYSTEM_TMPDIR = def(STRING, "PMIX_SYSTEM_TMPDIR",
            "pmix.sys.tmpdir",
            "System temporary directory where a system-level server leaves its rendezvous file for tools.");
    /** The server hands its copy of the node topology to its clients. Key {@code "pmix.srvr.share"}. */
    public static final Attribute<Boolean> SERVER_SHARE_TOPOLOGY = def(BOOL, "PMIX_SERVER_SHARE_TOPOLOGY",
            "pmix.srvr.share", "The server hands its copy of the node topology to its clients.");
    /** Turn on the server library's own monitoring support. Key {@code "pmix.srv.monitor"}. */
    public static final Attribute<Boolean> SERVER_ENABLE_MONITORING = def(BOOL, "PMIX_SERVER_ENABLE_MONITORING",
            "pmix.srv.monitor", "Turn on the server library's own monitoring support.");
    /** Namespace the server should use for itself. Key {@code "pmix.srv.nspace"}. */
    public static final Attribute<String> SERVER_NSPACE = def(STRING, "PMIX_SERVER_NSPACE",
            "pmix.srv.nspace", "Namespace the server should use for itself.");
    /** Rank the server should use for itself. Key {@code "pmix.srv.rank"}. */
    public static final Attribute<Integer> SERVER_RANK = def(PROC_RANK, "PMIX_SERVER_RANK",
            "pmix.srv.rank", "Rank the server should use for itself.");
    /**
     * This server handles requests that compute nodes cannot serve themselves (e.g. sending mail). Key
     * {@code "pmix.srv.gway"}.
     */
    public static final Attribute<Boolean> SERVER_GATEWAY = def(BOOL, "PMIX_SERVER_GATEWAY",
            "pmix.srv.gway",
            "This server handles requests that compute nodes cannot serve themselves (e.g. sending mail).");
    /**
     * This server belongs to the system scheduler and wants the workload-manager features. Key
     * {@code "pmix.srv.sched"}.
     */
    public static final Attribute<Boolean> SERVER_SCHEDULER = def(BOOL, "PMIX_SERVER_SCHEDULER",
            "pmix.srv.sched", "This server belongs to the system scheduler and wants the workload-manager features.");
    // Added by OpenPMIx 5.0 (not in 4.2.2 nor in Standard v5.0); pmix4j supports them for the
    // one-per-node scheduler and system controller servers of the session-directory rules
    /**
     * This server belongs to the system controller of the cluster. Not in libpmix 4.2.2. Key
     * {@code "pmix.srv.ctrlr"}.
     */
    public static final Attribute<Boolean> SERVER_SYS_CONTROLLER = std(BOOL, "PMIX_SERVER_SYS_CONTROLLER",
            "pmix.srv.ctrlr", "This server belongs to the system controller of the cluster.");
    /**
     * A tool wants to connect to the system scheduler's server. Not in libpmix 4.2.2. Key {@code "pmix.cnct.sched"}.
     */
    public static final Attribute<Boolean> CONNECT_TO_SCHEDULER = std(BOOL, "PMIX_CONNECT_TO_SCHEDULER",
            "pmix.cnct.sched", "A tool wants to connect to the system scheduler's server.");
    /**
     * A tool wants to connect to the system controller's server. Not in libpmix 4.2.2. Key {@code "pmix.cnct.ctrlr"}.
     */
    public static final Attribute<Boolean> CONNECT_TO_SYS_CONTROLLER = std(BOOL, "PMIX_CONNECT_TO_SYS_CONTROLLER",
            "pmix.cnct.ctrlr", "A tool wants to connect to the system controller's server.");
    // The Standard v5.0 spells the key "pmix.srvr.strtime"
    /** When the server created its rendezvous file, as ctime() text. Key {@code "pmix.srv.strtime"}. */
    public static final Attribute<String> SERVER_START_TIME = def(STRING, "PMIX_SERVER_START_TIME",
            "pmix.srv.strtime", "When the server created its rendezvous file, as ctime() text.");
    /**
     * Every node of the session has the same packages, fabric interfaces, GPUs and other devices. Key
     * {@code "pmix.homo"}.
     */
    public static final Attribute<Boolean> HOMOGENEOUS_SYSTEM = def(BOOL, "PMIX_HOMOGENEOUS_SYSTEM",
            "pmix.homo", "Every node of the session has the same packages, fabric interfaces, GPUs and other devices.");
    /** The singleton process this server was started for, written as nspace.rank. Key {@code "pmix.singleton"}. */
    public static final Attribute<String> SINGLETON = def(STRING, "PMIX_SINGLETON",
            "pmix.singleton", "The singleton process this server was started for, written as nspace.rank.");
    /** CPU ranges (comma-separated) to which the library's progress thread is bound. Key {@code "pmix.bind.pt"}. */
    public static final Attribute<String> BIND_PROGRESS_THREAD = def(STRING, "PMIX_BIND_PROGRESS_THREAD",
            "pmix.bind.pt", "CPU ranges (comma-separated) to which the library's progress thread is bound.");
    /** Fail when the progress thread cannot be bound as requested. Key {@code "pmix.bind.reqd"}. */
    public static final Attribute<Boolean> BIND_REQUIRED = def(BOOL, "PMIX_BIND_REQUIRED",
            "pmix.bind.reqd", "Fail when the progress thread cannot be bound as requested.");

    // ---- Tools and how they find and connect to servers -------------------------------------------------
    /** Namespace the tool should use for itself. Key {@code "pmix.tool.nspace"}. */
    public static final Attribute<String> TOOL_NSPACE = def(STRING, "PMIX_TOOL_NSPACE",
            "pmix.tool.nspace", "Namespace the tool should use for itself.");
    /** Rank the tool should use for itself. Key {@code "pmix.tool.rank"}. */
    public static final Attribute<Integer> TOOL_RANK = def(UINT32, "PMIX_TOOL_RANK",
            "pmix.tool.rank", "Rank the tool should use for itself.");
    /** Process id of the server a tool wants to reach. Key {@code "pmix.srvr.pidinfo"}. */
    public static final Attribute<Integer> SERVER_PIDINFO = def(PID, "PMIX_SERVER_PIDINFO",
            "pmix.srvr.pidinfo", "Process id of the server a tool wants to reach.");
    /** Connect only to the node's system-level server, nothing else. Key {@code "pmix.cnct.sys"}. */
    public static final Attribute<Boolean> CONNECT_TO_SYSTEM = def(BOOL, "PMIX_CONNECT_TO_SYSTEM",
            "pmix.cnct.sys", "Connect only to the node's system-level server, nothing else.");
    /** Try the node's system-level server before any other. Key {@code "pmix.cnct.sys.first"}. */
    public static final Attribute<Boolean> CONNECT_SYSTEM_FIRST = def(BOOL, "PMIX_CONNECT_SYSTEM_FIRST",
            "pmix.cnct.sys.first", "Try the node's system-level server before any other.");
    /** Contact URI of the server to connect to. Key {@code "pmix.srvr.uri"}. */
    public static final Attribute<String> SERVER_URI = def(STRING, "PMIX_SERVER_URI",
            "pmix.srvr.uri", "Contact URI of the server to connect to.");
    /** Contact URI of this process's own listening socket. Key {@code "pmix.mysrvr.uri"}. */
    public static final Attribute<String> MYSERVER_URI = def(STRING, "PMIX_MYSERVER_URI",
            "pmix.mysrvr.uri", "Contact URI of this process's own listening socket.");
    /** Host on which the server to reach is running. Key {@code "pmix.srvr.host"}. */
    public static final Attribute<String> SERVER_HOSTNAME = def(STRING, "PMIX_SERVER_HOSTNAME",
            "pmix.srvr.host", "Host on which the server to reach is running.");
    /** How many connection attempts to make before giving up. Key {@code "pmix.tool.mretries"}. */
    public static final Attribute<Integer> CONNECT_MAX_RETRIES = def(UINT32, "PMIX_CONNECT_MAX_RETRIES",
            "pmix.tool.mretries", "How many connection attempts to make before giving up.");
    /** Seconds to wait between two connection attempts. Key {@code "pmix.tool.retry"}. */
    public static final Attribute<Integer> CONNECT_RETRY_DELAY = def(UINT32, "PMIX_CONNECT_RETRY_DELAY",
            "pmix.tool.retry", "Seconds to wait between two connection attempts.");
    /** The tool uses the library locally but stays away from any server. Key {@code "pmix.tool.nocon"}. */
    public static final Attribute<Boolean> TOOL_DO_NOT_CONNECT = def(BOOL, "PMIX_TOOL_DO_NOT_CONNECT",
            "pmix.tool.nocon", "The tool uses the library locally but stays away from any server.");
    /** Connect to a server when one is found, otherwise run unconnected. Key {@code "pmix.tool.conopt"}. */
    public static final Attribute<Boolean> TOOL_CONNECT_OPTIONAL = def(BOOL, "PMIX_TOOL_CONNECT_OPTIONAL",
            "pmix.tool.conopt", "Connect to a server when one is found, otherwise run unconnected.");
    /** The tool is a launcher, so it has to create rendezvous files. Key {@code "pmix.tool.launcher"}. */
    public static final Attribute<Boolean> LAUNCHER = def(BOOL, "PMIX_LAUNCHER",
            "pmix.tool.launcher", "The tool is a launcher, so it has to create rendezvous files.");
    /**
     * File in which a launcher records its contact data for the tool that started it. Key {@code "pmix.tool.lncrnd"}.
     */
    public static final Attribute<String> LAUNCHER_RENDEZVOUS_FILE = def(STRING, "PMIX_LAUNCHER_RENDEZVOUS_FILE",
            "pmix.tool.lncrnd", "File in which a launcher records its contact data for the tool that started it.");
    /** File holding the contact data of the server to attach to. Key {@code "pmix.tool.attach"}. */
    public static final Attribute<String> TOOL_ATTACHMENT_FILE = def(STRING, "PMIX_TOOL_ATTACHMENT_FILE",
            "pmix.tool.attach", "File holding the contact data of the server to attach to.");
    /** Make the server being connected to the tool's primary server. Key {@code "pmix.pri.srvr"}. */
    public static final Attribute<Boolean> PRIMARY_SERVER = def(BOOL, "PMIX_PRIMARY_SERVER",
            "pmix.pri.srvr", "Make the server being connected to the tool's primary server.");
    /**
     * Processes launched for the tool (or a given namespace) keep running after the tool disconnects. Key
     * {@code "pmix.nohup"}.
     */
    public static final Attribute<Boolean> NOHUP = def(BOOL, "PMIX_NOHUP",
            "pmix.nohup",
            "Processes launched for the tool (or a given namespace) keep running after the tool disconnects.");
    /** Program to run as the launcher's back-end daemon instead of its own. Key {@code "pmix.lnch.dmn"}. */
    public static final Attribute<String> LAUNCHER_DAEMON = def(STRING, "PMIX_LAUNCHER_DAEMON",
            "pmix.lnch.dmn", "Program to run as the launcher's back-end daemon instead of its own.");
    /**
     * Program that the launcher's daemons start in place of each application process, given its command line. Key
     * {@code "pmix.exec.agnt"}.
     */
    public static final Attribute<String> EXEC_AGENT = def(STRING, "PMIX_EXEC_AGENT",
            "pmix.exec.agnt",
            "Program that the launcher's daemons start in place of each application process, given its command line.");
    /**
     * All launcher directives together, as an array of infos (one PMIx_Get fetches them all). Key
     * {@code "pmix.lnch.dirs"}.
     */
    public static final Attribute<DataArray> LAUNCH_DIRECTIVES = def(DATA_ARRAY, "PMIX_LAUNCH_DIRECTIVES",
            "pmix.lnch.dirs",
            "All launcher directives together, as an array of infos (one PMIx_Get fetches them all).");

    // ---- Who is connecting ------------------------------------------------------------------------------
    /** Effective uid of the process that connects. Key {@code "pmix.euid"}. */
    public static final Attribute<Integer> USERID = def(UINT32, "PMIX_USERID",
            "pmix.euid", "Effective uid of the process that connects.");
    /** Effective gid of the process that connects. Key {@code "pmix.egid"}. */
    public static final Attribute<Integer> GRPID = def(UINT32, "PMIX_GRPID",
            "pmix.egid", "Effective gid of the process that connects.");
    /** Version of the PMIx library the connecting process uses. Key {@code "pmix.version"}. */
    public static final Attribute<String> VERSION_INFO = def(STRING, "PMIX_VERSION_INFO",
            "pmix.version", "Version of the PMIx library the connecting process uses.");
    // Added by OpenPMIx 5/6 (not in 4.2.2): a runtime forwarding an allocation request names who asked
    /**
     * The process a request is made for (a runtime forwarding it names the original asker). Not in libpmix 4.2.2. Key
     * {@code "pmix.requestor"}.
     */
    public static final Attribute<Proc> REQUESTOR = std(PROC, "PMIX_REQUESTOR",
            "pmix.requestor", "The process a request is made for (a runtime forwarding it names the original asker).");
    /** The process making the request is a tool. Key {@code "pmix.req.tool"}. */
    public static final Attribute<Boolean> REQUESTOR_IS_TOOL = def(BOOL, "PMIX_REQUESTOR_IS_TOOL",
            "pmix.req.tool", "The process making the request is a tool.");
    /** The process making the request is a client. Key {@code "pmix.req.client"}. */
    public static final Attribute<Boolean> REQUESTOR_IS_CLIENT = def(BOOL, "PMIX_REQUESTOR_IS_CLIENT",
            "pmix.req.client", "The process making the request is a client.");
    /** Name of a process set just defined. Key {@code "pmix.pset.nm"}. */
    public static final Attribute<String> PSET_NAME = def(Level.APP, STRING, "PMIX_PSET_NAME",
            "pmix.pset.nm", "Name of a process set just defined.");
    /** Names (strings) of all process sets that contain the process. Key {@code "pmix.pset.nms"}. */
    public static final Attribute<DataArray> PSET_NAMES = def(DATA_ARRAY, "PMIX_PSET_NAMES",
            "pmix.pset.nms", "Names (strings) of all process sets that contain the process.");
    /** Members (procs) of a process set just defined. Key {@code "pmix.pset.mems"}. */
    public static final Attribute<DataArray> PSET_MEMBERS = def(Level.APP, DATA_ARRAY, "PMIX_PSET_MEMBERS",
            "pmix.pset.mems", "Members (procs) of a process set just defined.");
    /** How often this process has been restarted; 0 when never. Key {@code "pmix.reinc"}. */
    public static final Attribute<Integer> REINCARNATION = def(UINT32, "PMIX_REINCARNATION",
            "pmix.reinc", "How often this process has been restarted; 0 when never.");

    // ---- Programming models -----------------------------------------------------------------------------
    /** Programming model that is initialising, such as MPI or OpenMP. Key {@code "pmix.pgm.model"}. */
    public static final Attribute<String> PROGRAMMING_MODEL = def(STRING, "PMIX_PROGRAMMING_MODEL",
            "pmix.pgm.model", "Programming model that is initialising, such as MPI or OpenMP.");
    /** Which implementation of the model, such as OpenMPI or MPICH. Key {@code "pmix.mdl.name"}. */
    public static final Attribute<String> MODEL_LIBRARY_NAME = def(STRING, "PMIX_MODEL_LIBRARY_NAME",
            "pmix.mdl.name", "Which implementation of the model, such as OpenMPI or MPICH.");
    /** Version text of the model implementation. Key {@code "pmix.mld.vrs"}. */
    public static final Attribute<String> MODEL_LIBRARY_VERSION = def(STRING, "PMIX_MODEL_LIBRARY_VERSION",
            "pmix.mld.vrs", "Version text of the model implementation.");
    /** Threading package in use, such as pthreads. Key {@code "pmix.threads"}. */
    public static final Attribute<String> THREADING_MODEL = def(STRING, "PMIX_THREADING_MODEL",
            "pmix.threads", "Threading package in use, such as pthreads.");
    /** How many threads the model is currently running. Key {@code "pmix.mdl.nthrds"}. */
    public static final Attribute<Long> MODEL_NUM_THREADS = def(UINT64, "PMIX_MODEL_NUM_THREADS",
            "pmix.mdl.nthrds", "How many threads the model is currently running.");
    /** How many CPUs the model is currently using. Key {@code "pmix.mdl.ncpu"}. */
    public static final Attribute<Long> MODEL_NUM_CPUS = def(UINT64, "PMIX_MODEL_NUM_CPUS",
            "pmix.mdl.ncpu", "How many CPUs the model is currently using.");
    /** Unit in which the model counts CPUs (hwthread, core ...). Key {@code "pmix.mdl.cputype"}. */
    public static final Attribute<String> MODEL_CPU_TYPE = def(STRING, "PMIX_MODEL_CPU_TYPE",
            "pmix.mdl.cputype", "Unit in which the model counts CPUs (hwthread, core ...).");
    /** Name the user gave to the current phase of execution. Key {@code "pmix.mdl.phase"}. */
    public static final Attribute<String> MODEL_PHASE_NAME = def(STRING, "PMIX_MODEL_PHASE_NAME",
            "pmix.mdl.phase", "Name the user gave to the current phase of execution.");
    /** Kind of work the current phase does. Key {@code "pmix.mdl.ptype"}. */
    public static final Attribute<String> MODEL_PHASE_TYPE = def(STRING, "PMIX_MODEL_PHASE_TYPE",
            "pmix.mdl.ptype", "Kind of work the current phase does.");
    /** How threads are placed relative to the main thread (master, close, spread). Key {@code "pmix.mdl.tap"}. */
    public static final Attribute<String> MODEL_AFFINITY_POLICY = def(STRING, "PMIX_MODEL_AFFINITY_POLICY",
            "pmix.mdl.tap", "How threads are placed relative to the main thread (master, close, spread).");

    // ---- The TCP transport ------------------------------------------------------------------------------
    /**
     * Report our TCP contact URI; '-' means stdout, '+' stderr, other text names a file. Key
     * {@code "pmix.tcp.repuri"}.
     */
    public static final Attribute<String> TCP_REPORT_URI = def(STRING, "PMIX_TCP_REPORT_URI",
            "pmix.tcp.repuri", "Report our TCP contact URI; '-' means stdout, '+' stderr, other text names a file.");
    /** Server's TCP contact URI, or file:PATH naming a file that contains it. Key {@code "pmix.tcp.uri"}. */
    public static final Attribute<String> TCP_URI = def(STRING, "PMIX_TCP_URI",
            "pmix.tcp.uri", "Server's TCP contact URI, or file:PATH naming a file that contains it.");
    /** Interfaces or CIDR ranges (comma-separated) to use for TCP. Key {@code "pmix.tcp.ifinclude"}. */
    public static final Attribute<String> TCP_IF_INCLUDE = def(STRING, "PMIX_TCP_IF_INCLUDE",
            "pmix.tcp.ifinclude", "Interfaces or CIDR ranges (comma-separated) to use for TCP.");
    /** Interfaces or CIDR ranges (comma-separated) not to use for TCP. Key {@code "pmix.tcp.ifexclude"}. */
    public static final Attribute<String> TCP_IF_EXCLUDE = def(STRING, "PMIX_TCP_IF_EXCLUDE",
            "pmix.tcp.ifexclude", "Interfaces or CIDR ranges (comma-separated) not to use for TCP.");
    /** IPv4 port number to listen on. Key {@code "pmix.tcp.ipv4"}. */
    public static final Attribute<Integer> TCP_IPV4_PORT = def(INT, "PMIX_TCP_IPV4_PORT",
            "pmix.tcp.ipv4", "IPv4 port number to listen on.");
    /** IPv6 port number to listen on. Key {@code "pmix.tcp.ipv6"}. */
    public static final Attribute<Integer> TCP_IPV6_PORT = def(INT, "PMIX_TCP_IPV6_PORT",
            "pmix.tcp.ipv6", "IPv6 port number to listen on.");
    /** Do not use IPv4 addresses. Key {@code "pmix.tcp.disipv4"}. */
    public static final Attribute<Boolean> TCP_DISABLE_IPV4 = def(BOOL, "PMIX_TCP_DISABLE_IPV4",
            "pmix.tcp.disipv4", "Do not use IPv4 addresses.");
    /** Do not use IPv6 addresses. Key {@code "pmix.tcp.disipv6"}. */
    public static final Attribute<Boolean> TCP_DISABLE_IPV6 = def(BOOL, "PMIX_TCP_DISABLE_IPV6",
            "pmix.tcp.disipv6", "Do not use IPv6 addresses.");

    // ---- Facts about a process --------------------------------------------------------------------------
    /**
     * The process's launch binding as text, prefixed with the library that produced it (e.g. hwloc:). Key
     * {@code "pmix.cpuset"}.
     */
    public static final Attribute<String> CPUSET = def(STRING, "PMIX_CPUSET",
            "pmix.cpuset",
            "The process's launch binding as text, prefixed with the library that produced it (e.g. hwloc:).");
    /** The process's launch binding as a cpuset structure. Key {@code "pmix.bitmap"}. */
    public static final Attribute<Cpuset> CPUSET_BITMAP = def(PROC_CPUSET, "PMIX_CPUSET_BITMAP",
            "pmix.bitmap", "The process's launch binding as a cpuset structure.");
    /** Security credential given to the process. Key {@code "pmix.cred"}. */
    public static final Attribute<String> CREDENTIAL = def(STRING, "PMIX_CREDENTIAL",
            "pmix.cred", "Security credential given to the process.");
    /** The process was started by a PMIx_Spawn call; absence means false. Key {@code "pmix.spawned"}. */
    public static final Attribute<Boolean> SPAWNED = def(BOOL, "PMIX_SPAWNED",
            "pmix.spawned", "The process was started by a PMIx_Spawn call; absence means false.");
    /** The job has more processes on this node than slots allocated there. Key {@code "pmix.ndosub"}. */
    public static final Attribute<Boolean> NODE_OVERSUBSCRIBED = def(Level.NODE, BOOL, "PMIX_NODE_OVERSUBSCRIBED",
            "pmix.ndosub", "The job has more processes on this node than slots allocated there.");

    // ---- Temporary directories --------------------------------------------------------------------------
    /** Top-level temporary directory of the session. Key {@code "pmix.tmpdir"}. */
    public static final Attribute<String> TMPDIR = def(Level.SESSION, STRING, "PMIX_TMPDIR",
            "pmix.tmpdir", "Top-level temporary directory of the session.");
    /** Temporary directory of one job, below the session's. Key {@code "pmix.nsdir"}. */
    public static final Attribute<String> NSDIR = def(STRING, "PMIX_NSDIR",
            "pmix.nsdir", "Temporary directory of one job, below the session's.");
    /** Temporary directory of one process, below its job's. Key {@code "pmix.pdir"}. */
    public static final Attribute<String> PROCDIR = def(STRING, "PMIX_PROCDIR",
            "pmix.pdir", "Temporary directory of one process, below its job's.");
    /** The resource manager removes the session directories itself. Key {@code "pmix.tdir.rmclean"}. */
    public static final Attribute<Boolean> TDIR_RMCLEAN = def(Level.SESSION, BOOL, "PMIX_TDIR_RMCLEAN",
            "pmix.tdir.rmclean", "The resource manager removes the session directories itself.");

    // ---- Ranks, identities and places -------------------------------------------------------------------
    /** Name of the cluster the process runs on. Key {@code "pmix.clid"}. */
    public static final Attribute<String> CLUSTER_ID = def(Level.SESSION, STRING, "PMIX_CLUSTER_ID",
            "pmix.clid", "Name of the cluster the process runs on.");
    /** Process identifier (namespace and rank) of the caller or the process asked about. Key {@code "pmix.procid"}. */
    public static final Attribute<Proc> PROCID = def(PROC, "PMIX_PROCID",
            "pmix.procid", "Process identifier (namespace and rank) of the caller or the process asked about.");
    /** Namespace of a job. Key {@code "pmix.nspace"}. */
    public static final Attribute<String> NSPACE = def(STRING, "PMIX_NSPACE",
            "pmix.nspace", "Namespace of a job.");
    /** Job id that the scheduler gave the job; may equal the namespace. Key {@code "pmix.jobid"}. */
    public static final Attribute<String> JOBID = def(STRING, "PMIX_JOBID",
            "pmix.jobid", "Job id that the scheduler gave the job; may equal the namespace.");
    /** Number of the application (within its job) that the process belongs to. Key {@code "pmix.appnum"}. */
    public static final Attribute<Integer> APPNUM = def(UINT32, "PMIX_APPNUM",
            "pmix.appnum", "Number of the application (within its job) that the process belongs to.");
    /** Rank of the process within its job, counting from 0. Key {@code "pmix.rank"}. */
    public static final Attribute<Integer> RANK = def(PROC_RANK, "PMIX_RANK",
            "pmix.rank", "Rank of the process within its job, counting from 0.");
    /** Rank of the process across all jobs of the session. Key {@code "pmix.grank"}. */
    public static final Attribute<Integer> GLOBAL_RANK = def(PROC_RANK, "PMIX_GLOBAL_RANK",
            "pmix.grank", "Rank of the process across all jobs of the session.");
    /** Rank of the process within its application. Key {@code "pmix.apprank"}. */
    public static final Attribute<Integer> APP_RANK = def(PROC_RANK, "PMIX_APP_RANK",
            "pmix.apprank", "Rank of the process within its application.");
    /** Global rank of the job's rank 0. Key {@code "pmix.offset"}. */
    public static final Attribute<Integer> NPROC_OFFSET = def(PROC_RANK, "PMIX_NPROC_OFFSET",
            "pmix.offset", "Global rank of the job's rank 0.");
    /** Position of the process among its own job's processes on the same node. Key {@code "pmix.lrank"}. */
    public static final Attribute<Integer> LOCAL_RANK = def(UINT16, "PMIX_LOCAL_RANK",
            "pmix.lrank", "Position of the process among its own job's processes on the same node.");
    /** Position of the process among all processes on the node, whatever their job. Key {@code "pmix.nrank"}. */
    public static final Attribute<Integer> NODE_RANK = def(UINT16, "PMIX_NODE_RANK",
            "pmix.nrank", "Position of the process among all processes on the node, whatever their job.");
    /** Position of the process among its job's processes on the same package (socket). Key {@code "pmix.pkgrank"}. */
    public static final Attribute<Integer> PACKAGE_RANK = def(UINT16, "PMIX_PACKAGE_RANK",
            "pmix.pkgrank", "Position of the process among its job's processes on the same package (socket).");
    /** Lowest rank of the job on the node. Key {@code "pmix.lldr"}. */
    public static final Attribute<Integer> LOCALLDR = def(Level.NODE, PROC_RANK, "PMIX_LOCALLDR",
            "pmix.lldr", "Lowest rank of the job on the node.");
    /** Lowest rank of the application. Key {@code "pmix.aldr"}. */
    public static final Attribute<Integer> APPLDR = def(Level.APP, PROC_RANK, "PMIX_APPLDR",
            "pmix.aldr", "Lowest rank of the application.");
    /** Operating-system process id of the process. Key {@code "pmix.ppid"}. */
    public static final Attribute<Integer> PROC_PID = def(PID, "PMIX_PROC_PID",
            "pmix.ppid", "Operating-system process id of the process.");
    /** Number the scheduler gave to the session. Key {@code "pmix.session.id"}. */
    public static final Attribute<Integer> SESSION_ID = def(Level.SESSION, UINT32, "PMIX_SESSION_ID",
            "pmix.session.id", "Number the scheduler gave to the session.");
    /**
     * Nodes (comma-separated) that currently host processes of the realm, by default the job. Key
     * {@code "pmix.nlist"}.
     */
    public static final Attribute<String> NODE_LIST = def(STRING, "PMIX_NODE_LIST",
            "pmix.nlist", "Nodes (comma-separated) that currently host processes of the realm, by default the job.");
    /** All nodes of the realm's allocation (comma-separated list or regex), used or not. Key {@code "pmix.alist"}. */
    public static final Attribute<String> ALLOCATED_NODELIST = def(STRING, "PMIX_ALLOCATED_NODELIST",
            "pmix.alist", "All nodes of the realm's allocation (comma-separated list or regex), used or not.");
    /** Host name, as gethostname() reports it. Key {@code "pmix.hname"}. */
    public static final Attribute<String> HOSTNAME = def(Level.NODE, STRING, "PMIX_HOSTNAME",
            "pmix.hname", "Host name, as gethostname() reports it.");
    /** Other names (comma-separated) under which the node is known. Key {@code "pmix.alias"}. */
    public static final Attribute<String> HOSTNAME_ALIASES = def(Level.NODE, STRING, "PMIX_HOSTNAME_ALIASES",
            "pmix.alias", "Other names (comma-separated) under which the node is known.");
    /** Host names are kept fully qualified rather than shortened. Key {@code "pmix.fqdn"}. */
    public static final Attribute<Boolean> HOSTNAME_KEEP_FQDN = def(Level.SESSION, BOOL, "PMIX_HOSTNAME_KEEP_FQDN",
            "pmix.fqdn", "Host names are kept fully qualified rather than shortened.");
    /** Index of the node within the session, unique and tied to its host name. Key {@code "pmix.nodeid"}. */
    public static final Attribute<Integer> NODEID = def(Level.NODE, UINT32, "PMIX_NODEID",
            "pmix.nodeid", "Index of the node within the session, unique and tied to its host name.");
    /** Ranks (comma-separated) of the namespace that run on this node. Key {@code "pmix.lpeers"}. */
    public static final Attribute<String> LOCAL_PEERS = def(Level.NODE, STRING, "PMIX_LOCAL_PEERS",
            "pmix.lpeers", "Ranks (comma-separated) of the namespace that run on this node.");
    /** Procs of all processes running on the node. Key {@code "pmix.lprocs"}. */
    public static final Attribute<DataArray> LOCAL_PROCS = def(Level.NODE, DATA_ARRAY, "PMIX_LOCAL_PROCS",
            "pmix.lprocs", "Procs of all processes running on the node.");
    // libpmix 4.2.2 annotates the type as char*
    /** Launch bindings of the local peers, one text string each. Key {@code "pmix.lcpus"}. */
    public static final Attribute<DataArray> LOCAL_CPUSETS = def(Level.NODE, DATA_ARRAY, "PMIX_LOCAL_CPUSETS",
            "pmix.lcpus", "Launch bindings of the local peers, one text string each.");
    /** Process that caused this process's job to be spawned. Key {@code "pmix.parent"}. */
    public static final Attribute<Proc> PARENT_ID = def(PROC, "PMIX_PARENT_ID",
            "pmix.parent", "Process that caused this process's job to be spawned.");
    /** Exit code of a process that has ended. Key {@code "pmix.exit.code"}. */
    public static final Attribute<Integer> EXIT_CODE = def(INT, "PMIX_EXIT_CODE",
            "pmix.exit.code", "Exit code of a process that has ended.");

    // ---- Sizes and counts -------------------------------------------------------------------------------
    /** Largest number of processes the session can run at once. Key {@code "pmix.univ.size"}. */
    public static final Attribute<Integer> UNIV_SIZE = def(Level.SESSION, UINT32, "PMIX_UNIV_SIZE",
            "pmix.univ.size", "Largest number of processes the session can run at once.");
    /** How many processes the job has, all applications together. Key {@code "pmix.job.size"}. */
    public static final Attribute<Integer> JOB_SIZE = def(UINT32, "PMIX_JOB_SIZE",
            "pmix.job.size", "How many processes the job has, all applications together.");
    /** How many applications the job has. Key {@code "pmix.job.napps"}. */
    public static final Attribute<Integer> JOB_NUM_APPS = def(UINT32, "PMIX_JOB_NUM_APPS",
            "pmix.job.napps", "How many applications the job has.");
    /** How many processes the application has, in any state. Key {@code "pmix.app.size"}. */
    public static final Attribute<Integer> APP_SIZE = def(Level.APP, UINT32, "PMIX_APP_SIZE",
            "pmix.app.size", "How many processes the application has, in any state.");
    /** Number of the job's (or application's) processes on the caller's node. Key {@code "pmix.local.size"}. */
    public static final Attribute<Integer> LOCAL_SIZE = def(Level.NODE, UINT32, "PMIX_LOCAL_SIZE",
            "pmix.local.size", "Number of the job's (or application's) processes on the caller's node.");
    /** Number of processes on the node, all jobs together. Key {@code "pmix.node.size"}. */
    public static final Attribute<Integer> NODE_SIZE = def(Level.NODE, UINT32, "PMIX_NODE_SIZE",
            "pmix.node.size", "Number of processes on the node, all jobs together.");
    /**
     * Largest number of processes the realm may run at once, as the scheduler or hostfile allows. Key
     * {@code "pmix.max.size"}.
     */
    public static final Attribute<Integer> MAX_PROCS = def(UINT32, "PMIX_MAX_PROCS",
            "pmix.max.size",
            "Largest number of processes the realm may run at once, as the scheduler or hostfile allows.");
    /** Slots of the realm; the same figure as MAX_PROCS, kept for history. Key {@code "pmix.num.slots"}. */
    public static final Attribute<Integer> NUM_SLOTS = def(UINT32, "PMIX_NUM_SLOTS",
            "pmix.num.slots", "Slots of the realm; the same figure as MAX_PROCS, kept for history.");
    /** Number of nodes now running processes of the realm, by default the job. Key {@code "pmix.num.nodes"}. */
    public static final Attribute<Integer> NUM_NODES = def(UINT32, "PMIX_NUM_NODES",
            "pmix.num.nodes", "Number of nodes now running processes of the realm, by default the job.");
    /** Number of nodes allocated to the realm, used or not. Key {@code "pmix.num.anodes"}. */
    public static final Attribute<Integer> NUM_ALLOCATED_NODES = def(UINT32, "PMIX_NUM_ALLOCATED_NODES",
            "pmix.num.anodes", "Number of nodes allocated to the realm, used or not.");

    // ---- Memory -----------------------------------------------------------------------------------------
    /** Physical memory available on a node in total. Key {@code "pmix.pmem"}. */
    public static final Attribute<Long> AVAIL_PHYS_MEMORY = def(Level.NODE, UINT64, "PMIX_AVAIL_PHYS_MEMORY",
            "pmix.pmem", "Physical memory available on a node in total.");
    /** Memory in megabytes that the resource manager's daemon on a node uses now. Key {@code "pmix.dmn.mem"}. */
    public static final Attribute<Float> DAEMON_MEMORY = def(FLOAT, "PMIX_DAEMON_MEMORY",
            "pmix.dmn.mem", "Memory in megabytes that the resource manager's daemon on a node uses now.");
    /** Average memory in megabytes used by the client processes on a node. Key {@code "pmix.cl.mem.avg"}. */
    public static final Attribute<Float> CLIENT_AVG_MEMORY = def(FLOAT, "PMIX_CLIENT_AVG_MEMORY",
            "pmix.cl.mem.avg", "Average memory in megabytes used by the client processes on a node.");

    // ---- Topology and binding ---------------------------------------------------------------------------
    /** The node topology, as an implementation-specific topology object. Key {@code "pmix.topo2"}. */
    public static final Attribute<Topology> TOPOLOGY2 = def(TOPO, "PMIX_TOPOLOGY2",
            "pmix.topo2", "The node topology, as an implementation-specific topology object.");
    /**
     * Where a process is bound, as text prefixed with the producing library (e.g. hwloc:). Key {@code "pmix.locstr"}.
     */
    public static final Attribute<String> LOCALITY_STRING = def(STRING, "PMIX_LOCALITY_STRING",
            "pmix.locstr", "Where a process is bound, as text prefixed with the producing library (e.g. hwloc:).");

    // ---- Directives for requests (fence, get, publish ...) ----------------------------------------------
    /**
     * Gather the data every participant committed and give it to all of them at the end. Key {@code "pmix.collect"}.
     */
    public static final Attribute<Boolean> COLLECT_DATA = def(BOOL, "PMIX_COLLECT_DATA",
            "pmix.collect", "Gather the data every participant committed and give it to all of them at the end.");
    /** Every clone of the caller has to take part in the collective operation. Key {@code "pmix.clone.part"}. */
    public static final Attribute<Boolean> ALL_CLONES_PARTICIPATE = def(BOOL, "PMIX_ALL_CLONES_PARTICIPATE",
            "pmix.clone.part", "Every clone of the caller has to take part in the collective operation.");
    /**
     * Also gather the job-level data that the servers computed locally (e.g. device distances). Key
     * {@code "pmix.collect.gen"}.
     */
    public static final Attribute<Boolean> COLLECT_GENERATED_JOB_INFO = def(BOOL, "PMIX_COLLECT_GENERATED_JOB_INFO",
            "pmix.collect.gen",
            "Also gather the job-level data that the servers computed locally (e.g. device distances).");
    /** Seconds until the operation gives up with PMIX_ERR_TIMEOUT; 0 means wait forever. Key {@code "pmix.timeout"}. */
    public static final Attribute<Integer> TIMEOUT = def(INT, "PMIX_TIMEOUT",
            "pmix.timeout", "Seconds until the operation gives up with PMIX_ERR_TIMEOUT; 0 means wait forever.");
    /** If the server lacks the data, fail at once instead of asking the host. Key {@code "pmix.immediate"}. */
    public static final Attribute<Boolean> IMMEDIATE = def(BOOL, "PMIX_IMMEDIATE",
            "pmix.immediate", "If the server lacks the data, fail at once instead of asking the host.");
    /** Server should wait until at least this many values exist; 0 (the default) means all. Key {@code "pmix.wait"}. */
    public static final Attribute<Integer> WAIT = def(INT, "PMIX_WAIT",
            "pmix.wait", "Server should wait until at least this many values exist; 0 (the default) means all.");
    /** Ask the launcher to raise PMIX_EVENT_JOB_END when the spawned job ends. Key {@code "pmix.notecomp"}. */
    public static final Attribute<Boolean> NOTIFY_COMPLETION = def(BOOL, "PMIX_NOTIFY_COMPLETION",
            "pmix.notecomp", "Ask the launcher to raise PMIX_EVENT_JOB_END when the spawned job ends.");
    /** Which processes may see the data or receive the event. Key {@code "pmix.range"}. */
    public static final Attribute<DataRange> RANGE = def(DATA_RANGE, "PMIX_RANGE",
            "pmix.range", "Which processes may see the data or receive the event.");
    /** How long the data store keeps published data. Key {@code "pmix.persist"}. */
    public static final Attribute<Persistence> PERSISTENCE = def(PERSIST, "PMIX_PERSISTENCE",
            "pmix.persist", "How long the data store keeps published data.");
    /** Scope in which PMIx_Get looks for the data. Key {@code "pmix.scope"}. */
    public static final Attribute<Scope> DATA_SCOPE = def(SCOPE, "PMIX_DATA_SCOPE",
            "pmix.scope", "Scope in which PMIx_Get looks for the data.");
    /** Look only in the local store; never ask the server when the key is missing. Key {@code "pmix.optional"}. */
    public static final Attribute<Boolean> OPTIONAL = def(BOOL, "PMIX_OPTIONAL",
            "pmix.optional", "Look only in the local store; never ask the server when the key is missing.");
    /** Put the result into storage the caller provided. Key {@code "pmix.get.static"}. */
    public static final Attribute<Boolean> GET_STATIC_VALUES = def(BOOL, "PMIX_GET_STATIC_VALUES",
            "pmix.get.static", "Put the result into storage the caller provided.");
    /** Return pointers into the key-value store itself; the caller must not free them. Key {@code "pmix.get.pntrs"}. */
    public static final Attribute<Boolean> GET_POINTER_VALUES = def(BOOL, "PMIX_GET_POINTER_VALUES",
            "pmix.get.pntrs", "Return pointers into the key-value store itself; the caller must not free them.");
    /** Do a blocking fence before the operation (e.g. inside PMIx_Finalize). Key {@code "pmix.embed.barrier"}. */
    public static final Attribute<Boolean> EMBED_BARRIER = def(BOOL, "PMIX_EMBED_BARRIER",
            "pmix.embed.barrier", "Do a blocking fence before the operation (e.g. inside PMIx_Finalize).");
    /** Status a job ended with, carried in the job-end event. Key {@code "pmix.job.term.status"}. */
    public static final Attribute<Integer> JOB_TERM_STATUS = def(STATUS, "PMIX_JOB_TERM_STATUS",
            "pmix.job.term.status", "Status a job ended with, carried in the job-end event.");
    /** Status a process ended with, carried in the termination event. Key {@code "pmix.proc.term.status"}. */
    public static final Attribute<Integer> PROC_TERM_STATUS = def(STATUS, "PMIX_PROC_TERM_STATUS",
            "pmix.proc.term.status", "Status a process ended with, carried in the termination event.");
    /** Last reported state of a process, possibly behind its real state. Key {@code "pmix.proc.state"}. */
    public static final Attribute<ProcState> PROC_STATE_STATUS = def(PROC_STATE, "PMIX_PROC_STATE_STATUS",
            "pmix.proc.state", "Last reported state of a process, possibly behind its real state.");
    /** Fetch a remote process's data again, in case it committed new values since. Key {@code "pmix.get.refresh"}. */
    public static final Attribute<Boolean> GET_REFRESH_CACHE = def(BOOL, "PMIX_GET_REFRESH_CACHE",
            "pmix.get.refresh", "Fetch a remote process's data again, in case it committed new values since.");
    /** Who may read published data, as an array of infos of permissions. Key {@code "pmix.aperms"}. */
    public static final Attribute<DataArray> ACCESS_PERMISSIONS = def(DATA_ARRAY, "PMIX_ACCESS_PERMISSIONS",
            "pmix.aperms", "Who may read published data, as an array of infos of permissions.");
    /** Effective user ids allowed to read the published data. Key {@code "pmix.auids"}. */
    public static final Attribute<DataArray> ACCESS_USERIDS = def(DATA_ARRAY, "PMIX_ACCESS_USERIDS",
            "pmix.auids", "Effective user ids allowed to read the published data.");
    /** Effective group ids allowed to read the published data. Key {@code "pmix.agids"}. */
    public static final Attribute<DataArray> ACCESS_GRPIDS = def(DATA_ARRAY, "PMIX_ACCESS_GRPIDS",
            "pmix.agids", "Effective group ids allowed to read the published data.");
    /** Wait until the given process has connected (or a PMIX_TIMEOUT expires). Key {@code "pmix.wait.conn"}. */
    public static final Attribute<Boolean> WAIT_FOR_CONNECTION = def(BOOL, "PMIX_WAIT_FOR_CONNECTION",
            "pmix.wait.conn", "Wait until the given process has connected (or a PMIX_TIMEOUT expires).");
    /**
     * A value with qualifiers: the main key-value first, then the infos that qualify it. Key {@code "pmix.qual.val"}.
     */
    public static final Attribute<DataArray> QUALIFIED_VALUE = def(DATA_ARRAY, "PMIX_QUALIFIED_VALUE",
            "pmix.qual.val", "A value with qualifiers: the main key-value first, then the infos that qualify it.");

    // ---- Data the host hands to the server library for its clients --------------------------------------
    /** Register only the namespace; do not copy any job data. Key {@code "pmix.reg.nodata"}. */
    public static final Attribute<Boolean> REGISTER_NODATA = def(BOOL, "PMIX_REGISTER_NODATA",
            "pmix.reg.nodata", "Register only the namespace; do not copy any job data.");
    /** Nodes that host processes of the job, as a regex. Key {@code "pmix.nmap"}. */
    public static final Attribute<String> NODE_MAP = def(STRING, "PMIX_NODE_MAP",
            "pmix.nmap", "Nodes that host processes of the job, as a regex.");
    /** Nodes that host processes of the job, as a comma-separated list. Key {@code "pmix.nmap.raw"}. */
    public static final Attribute<String> NODE_MAP_RAW = def(STRING, "PMIX_NODE_MAP_RAW",
            "pmix.nmap.raw", "Nodes that host processes of the job, as a comma-separated list.");
    /** Ranks on each node of the job, as a regex. Key {@code "pmix.pmap"}. */
    public static final Attribute<String> PROC_MAP = def(STRING, "PMIX_PROC_MAP",
            "pmix.pmap", "Ranks on each node of the job, as a regex.");
    /**
     * Ranks on each node of the job: per node a comma-separated list, nodes separated by ';'. Key
     * {@code "pmix.pmap.raw"}.
     */
    public static final Attribute<String> PROC_MAP_RAW = def(STRING, "PMIX_PROC_MAP_RAW",
            "pmix.pmap.raw", "Ranks on each node of the job: per node a comma-separated list, nodes separated by ';'.");
    /** Process placement in the notation of PMI-1/PMI-2 (ANL). Key {@code "pmix.anlmap"}. */
    public static final Attribute<String> ANL_MAP = def(STRING, "PMIX_ANL_MAP",
            "pmix.anlmap", "Process placement in the notation of PMI-1/PMI-2 (ANL).");
    /** Kind of mapping used to place the application (cyclic ...). Key {@code "pmix.apmap.type"}. */
    public static final Attribute<String> APP_MAP_TYPE = def(Level.APP, STRING, "PMIX_APP_MAP_TYPE",
            "pmix.apmap.type", "Kind of mapping used to place the application (cyclic ...).");
    /** Result of the application's mapping, as a regex. Key {@code "pmix.apmap.regex"}. */
    public static final Attribute<String> APP_MAP_REGEX = def(Level.APP, STRING, "PMIX_APP_MAP_REGEX",
            "pmix.apmap.regex", "Result of the application's mapping, as a regex.");
    /** Key the requester needs before a direct-modex request can be answered. Key {@code "pmix.req.key"}. */
    public static final Attribute<String> REQUIRED_KEY = def(STRING, "PMIX_REQUIRED_KEY",
            "pmix.req.key", "Key the requester needs before a direct-modex request can be answered.");
    /**
     * Status of the local part of a collective, reported by the server library to the host. Key
     * {@code "pmix.loc.col.st"}.
     */
    public static final Attribute<Integer> LOCAL_COLLECTIVE_STATUS = def(STATUS, "PMIX_LOCAL_COLLECTIVE_STATUS",
            "pmix.loc.col.st", "Status of the local part of a collective, reported by the server library to the host.");
    /** The proc array passed along is already sorted. Key {@code "pmix.sorted.parr"}. */
    public static final Attribute<Boolean> SORTED_PROC_ARRAY = def(BOOL, "PMIX_SORTED_PROC_ARRAY",
            "pmix.sorted.parr", "The proc array passed along is already sorted.");

    // ---- Event handlers and notifications ---------------------------------------------------------------
    /** Name given to an event handler. Key {@code "pmix.evname"}. */
    public static final Attribute<String> EVENT_HDLR_NAME = def(STRING, "PMIX_EVENT_HDLR_NAME",
            "pmix.evname", "Name given to an event handler.");
    /** Call this handler before every other one. Key {@code "pmix.evfirst"}. */
    public static final Attribute<Boolean> EVENT_HDLR_FIRST = def(BOOL, "PMIX_EVENT_HDLR_FIRST",
            "pmix.evfirst", "Call this handler before every other one.");
    /** Call this handler after every other one. Key {@code "pmix.evlast"}. */
    public static final Attribute<Boolean> EVENT_HDLR_LAST = def(BOOL, "PMIX_EVENT_HDLR_LAST",
            "pmix.evlast", "Call this handler after every other one.");
    /** Call this handler before the others of its category. Key {@code "pmix.evfirstcat"}. */
    public static final Attribute<Boolean> EVENT_HDLR_FIRST_IN_CATEGORY = def(BOOL, "PMIX_EVENT_HDLR_FIRST_IN_CATEGORY",
            "pmix.evfirstcat", "Call this handler before the others of its category.");
    /** Call this handler after the others of its category. Key {@code "pmix.evlastcat"}. */
    public static final Attribute<Boolean> EVENT_HDLR_LAST_IN_CATEGORY = def(BOOL, "PMIX_EVENT_HDLR_LAST_IN_CATEGORY",
            "pmix.evlastcat", "Call this handler after the others of its category.");
    /** Place this handler just ahead of the handler named in the value. Key {@code "pmix.evbefore"}. */
    public static final Attribute<String> EVENT_HDLR_BEFORE = def(STRING, "PMIX_EVENT_HDLR_BEFORE",
            "pmix.evbefore", "Place this handler just ahead of the handler named in the value.");
    /** Place this handler just behind the handler named in the value. Key {@code "pmix.evafter"}. */
    public static final Attribute<String> EVENT_HDLR_AFTER = def(STRING, "PMIX_EVENT_HDLR_AFTER",
            "pmix.evafter", "Place this handler just behind the handler named in the value.");
    /** Put this handler at the front of its category's order. Key {@code "pmix.evprepend"}. */
    public static final Attribute<Boolean> EVENT_HDLR_PREPEND = def(BOOL, "PMIX_EVENT_HDLR_PREPEND",
            "pmix.evprepend", "Put this handler at the front of its category's order.");
    /** Put this handler at the end of its category's order. Key {@code "pmix.evappend"}. */
    public static final Attribute<Boolean> EVENT_HDLR_APPEND = def(BOOL, "PMIX_EVENT_HDLR_APPEND",
            "pmix.evappend", "Put this handler at the end of its category's order.");
    /** Procs an event is to reach, for a custom range. Key {@code "pmix.evrange"}. */
    public static final Attribute<DataArray> EVENT_CUSTOM_RANGE = def(DATA_ARRAY, "PMIX_EVENT_CUSTOM_RANGE",
            "pmix.evrange", "Procs an event is to reach, for a custom range.");
    /** The one process an event concerns. Key {@code "pmix.evproc"}. */
    public static final Attribute<Proc> EVENT_AFFECTED_PROC = def(PROC, "PMIX_EVENT_AFFECTED_PROC",
            "pmix.evproc", "The one process an event concerns.");
    /** Procs an event concerns. Key {@code "pmix.evaffected"}. */
    public static final Attribute<DataArray> EVENT_AFFECTED_PROCS = def(DATA_ARRAY, "PMIX_EVENT_AFFECTED_PROCS",
            "pmix.evaffected", "Procs an event concerns.");
    /** Do not hand this event to default handlers. Key {@code "pmix.evnondef"}. */
    public static final Attribute<Boolean> EVENT_NON_DEFAULT = def(BOOL, "PMIX_EVENT_NON_DEFAULT",
            "pmix.evnondef", "Do not hand this event to default handlers.");
    /**
     * Object handed back, to the registering process only, each time its handler callback runs. Key
     * {@code "pmix.evobject"}.
     */
    public static final Attribute<Value.Pointer> EVENT_RETURN_OBJECT = def(POINTER, "PMIX_EVENT_RETURN_OBJECT",
            "pmix.evobject",
            "Object handed back, to the registering process only, each time its handler callback runs.");
    /** The server must not keep this event for late registrants. Key {@code "pmix.evnocache"}. */
    public static final Attribute<Boolean> EVENT_DO_NOT_CACHE = def(BOOL, "PMIX_EVENT_DO_NOT_CACHE",
            "pmix.evnocache", "The server must not keep this event for late registrants.");
    /** Raise no event when this job ends normally. Key {@code "pmix.evsilentterm"}. */
    public static final Attribute<Boolean> EVENT_SILENT_TERMINATION = def(BOOL, "PMIX_EVENT_SILENT_TERMINATION",
            "pmix.evsilentterm", "Raise no event when this job ends normally.");
    /** Server from which the event came. Key {@code "pmix.evproxy"}. */
    public static final Attribute<Proc> EVENT_PROXY = def(PROC, "PMIX_EVENT_PROXY",
            "pmix.evproxy", "Server from which the event came.");
    /** Human-readable text about the event, e.g. its cause. Key {@code "pmix.evtext"}. */
    public static final Attribute<String> EVENT_TEXT_MESSAGE = def(STRING, "PMIX_EVENT_TEXT_MESSAGE",
            "pmix.evtext", "Human-readable text about the event, e.g. its cause.");
    /** Time at which the event happened. Key {@code "pmix.evtstamp"}. */
    public static final Attribute<Long> EVENT_TIMESTAMP = def(TIME, "PMIX_EVENT_TIMESTAMP",
            "pmix.evtstamp", "Time at which the event happened.");
    /** Remove this handler once it has been called. Key {@code "pmix.evone"}. */
    public static final Attribute<Boolean> EVENT_ONESHOT = def(BOOL, "PMIX_EVENT_ONESHOT",
            "pmix.evone", "Remove this handler once it has been called.");

    // ---- Warnings of imminent termination ---------------------------------------------------------------
    /** The resource manager is going to end the session. Key {@code "pmix.evterm.sess"}. */
    public static final Attribute<Boolean> EVENT_TERMINATE_SESSION = def(BOOL, "PMIX_EVENT_TERMINATE_SESSION",
            "pmix.evterm.sess", "The resource manager is going to end the session.");
    /** The resource manager is going to end this job. Key {@code "pmix.evterm.job"}. */
    public static final Attribute<Boolean> EVENT_TERMINATE_JOB = def(BOOL, "PMIX_EVENT_TERMINATE_JOB",
            "pmix.evterm.job", "The resource manager is going to end this job.");
    /** The resource manager is going to end every process on this node. Key {@code "pmix.evterm.node"}. */
    public static final Attribute<Boolean> EVENT_TERMINATE_NODE = def(BOOL, "PMIX_EVENT_TERMINATE_NODE",
            "pmix.evterm.node", "The resource manager is going to end every process on this node.");
    /** The resource manager is going to end this one process. Key {@code "pmix.evterm.proc"}. */
    public static final Attribute<Boolean> EVENT_TERMINATE_PROC = def(BOOL, "PMIX_EVENT_TERMINATE_PROC",
            "pmix.evterm.proc", "The resource manager is going to end this one process.");
    /** Seconds before the resource manager carries out its response to the error. Key {@code "pmix.evtimeout"}. */
    public static final Attribute<Integer> EVENT_ACTION_TIMEOUT = def(INT, "PMIX_EVENT_ACTION_TIMEOUT",
            "pmix.evtimeout", "Seconds before the resource manager carries out its response to the error.");

    // ---- Spawning jobs ----------------------------------------------------------------------------------
    /** Personality (programming-model flavour) the launcher should use for the job. Key {@code "pmix.pers"}. */
    public static final Attribute<String> PERSONALITY = def(STRING, "PMIX_PERSONALITY",
            "pmix.pers", "Personality (programming-model flavour) the launcher should use for the job.");
    /** Hosts (comma-separated) on which to start the spawned processes. Key {@code "pmix.host"}. */
    public static final Attribute<String> HOST = def(STRING, "PMIX_HOST",
            "pmix.host", "Hosts (comma-separated) on which to start the spawned processes.");
    /** Hostfile listing where to start the spawned processes. Key {@code "pmix.hostfile"}. */
    public static final Attribute<String> HOSTFILE = def(STRING, "PMIX_HOSTFILE",
            "pmix.hostfile", "Hostfile listing where to start the spawned processes.");
    /** Comma-separated hosts to grow the allocation with. Key {@code "pmix.addhost"}. */
    public static final Attribute<String> ADD_HOST = def(STRING, "PMIX_ADD_HOST",
            "pmix.addhost", "Comma-separated hosts to grow the allocation with.");
    /** Hostfile of hosts to add to the allocation. Key {@code "pmix.addhostfile"}. */
    public static final Attribute<String> ADD_HOSTFILE = def(STRING, "PMIX_ADD_HOSTFILE",
            "pmix.addhostfile", "Hostfile of hosts to add to the allocation.");
    /** Installation prefix to use when starting the spawned processes. Key {@code "pmix.prefix"}. */
    public static final Attribute<String> PREFIX = def(STRING, "PMIX_PREFIX",
            "pmix.prefix", "Installation prefix to use when starting the spawned processes.");
    /** Working directory of the spawned processes. Key {@code "pmix.wdir"}. */
    public static final Attribute<String> WDIR = def(Level.APP, STRING, "PMIX_WDIR",
            "pmix.wdir", "Working directory of the spawned processes.");
    /** The working directory was chosen by the user. Key {@code "pmix.wdir.user"}. */
    public static final Attribute<Boolean> WDIR_USER_SPECIFIED = def(BOOL, "PMIX_WDIR_USER_SPECIFIED",
            "pmix.wdir.user", "The working directory was chosen by the user.");
    /** Print the process placement when spawning. Key {@code "pmix.dispmap"}. */
    public static final Attribute<Boolean> DISPLAY_MAP = def(BOOL, "PMIX_DISPLAY_MAP",
            "pmix.dispmap", "Print the process placement when spawning.");
    /** Print a very detailed process placement when spawning. Key {@code "pmix.dispmapdet"}. */
    public static final Attribute<Boolean> DISPLAY_MAP_DETAILED = def(BOOL, "PMIX_DISPLAY_MAP_DETAILED",
            "pmix.dispmapdet", "Print a very detailed process placement when spawning.");
    /** Print the resources allocated. Key {@code "pmix.dispalloc"}. */
    public static final Attribute<Boolean> DISPLAY_ALLOCATION = def(BOOL, "PMIX_DISPLAY_ALLOCATION",
            "pmix.dispalloc", "Print the resources allocated.");
    /** Comma-separated hosts whose topology should be shown. Key {@code "pmix.disptopo"}. */
    public static final Attribute<String> DISPLAY_TOPOLOGY = def(STRING, "PMIX_DISPLAY_TOPOLOGY",
            "pmix.disptopo", "Comma-separated hosts whose topology should be shown.");
    /** Processes per resource to start, e.g. 2:package. Key {@code "pmix.ppr"}. */
    public static final Attribute<String> PPR = def(STRING, "PMIX_PPR",
            "pmix.ppr", "Processes per resource to start, e.g. 2:package.");
    /** Mapping policy; read it with the wildcard rank for the job's policy. Key {@code "pmix.mapby"}. */
    public static final Attribute<String> MAPBY = def(STRING, "PMIX_MAPBY",
            "pmix.mapby", "Mapping policy; read it with the wildcard rank for the job's policy.");
    /** Ranking policy; read it with the wildcard rank for the job's policy. Key {@code "pmix.rankby"}. */
    public static final Attribute<String> RANKBY = def(STRING, "PMIX_RANKBY",
            "pmix.rankby", "Ranking policy; read it with the wildcard rank for the job's policy.");
    /** Binding policy; read it with the wildcard rank for the job's policy. Key {@code "pmix.bindto"}. */
    public static final Attribute<String> BINDTO = def(STRING, "PMIX_BINDTO",
            "pmix.bindto", "Binding policy; read it with the wildcard rank for the job's policy.");
    /** Copy the executables to the nodes before launching. Key {@code "pmix.preloadbin"}. */
    public static final Attribute<Boolean> PRELOAD_BIN = def(BOOL, "PMIX_PRELOAD_BIN",
            "pmix.preloadbin", "Copy the executables to the nodes before launching.");
    /** Files (comma-separated) to copy to the nodes before launching. Key {@code "pmix.preloadfiles"}. */
    public static final Attribute<String> PRELOAD_FILES = def(STRING, "PMIX_PRELOAD_FILES",
            "pmix.preloadfiles", "Files (comma-separated) to copy to the nodes before launching.");
    // libpmix 4.2.2 annotates the type as pmix_proc_t*
    /** Which process gets stdin; the wildcard rank means every process of the namespace. Key {@code "pmix.stdin"}. */
    public static final Attribute<Integer> STDIN_TGT = def(UINT32, "PMIX_STDIN_TGT",
            "pmix.stdin", "Which process gets stdin; the wildcard rank means every process of the namespace.");
    /** The application being spawned is a set of debugger daemons. Key {@code "pmix.debugger"}. */
    public static final Attribute<Boolean> DEBUGGER_DAEMONS = def(BOOL, "PMIX_DEBUGGER_DAEMONS",
            "pmix.debugger", "The application being spawned is a set of debugger daemons.");
    /** Start this application as its own disconnected job, outside the job's world. Key {@code "pmix.cospawn"}. */
    public static final Attribute<Boolean> COSPAWN_APP = def(BOOL, "PMIX_COSPAWN_APP",
            "pmix.cospawn", "Start this application as its own disconnected job, outside the job's world.");
    /** Procs next to which the new job's processes are to be placed. Key {@code "pmix.colproc"}. */
    public static final Attribute<DataArray> COLOCATE_PROCS = def(DATA_ARRAY, "PMIX_COLOCATE_PROCS",
            "pmix.colproc", "Procs next to which the new job's processes are to be placed.");
    /** How many processes to place with each of the given procs. Key {@code "pmix.colnum.proc"}. */
    public static final Attribute<Integer> COLOCATE_NPERPROC = def(UINT16, "PMIX_COLOCATE_NPERPROC",
            "pmix.colnum.proc", "How many processes to place with each of the given procs.");
    /** How many processes to put on the node of each of the given procs. Key {@code "pmix.colnum.node"}. */
    public static final Attribute<Integer> COLOCATE_NPERNODE = def(UINT16, "PMIX_COLOCATE_NPERNODE",
            "pmix.colnum.node", "How many processes to put on the node of each of the given procs.");
    /** Start the application in the session directory the resource manager assigned. Key {@code "pmix.ssncwd"}. */
    public static final Attribute<Boolean> SET_SESSION_CWD = def(BOOL, "PMIX_SET_SESSION_CWD",
            "pmix.ssncwd", "Start the application in the session directory the resource manager assigned.");
    /** Add the process's rank to its argv. Key {@code "pmix.indxargv"}. */
    public static final Attribute<Boolean> INDEX_ARGV = def(BOOL, "PMIX_INDEX_ARGV",
            "pmix.indxargv", "Add the process's rank to its argv.");
    /** CPUs (PUs) to give each rank; read with the wildcard rank for the job's value. Key {@code "pmix.cpuperproc"}. */
    public static final Attribute<Integer> CPUS_PER_PROC = def(UINT32, "PMIX_CPUS_PER_PROC",
            "pmix.cpuperproc", "CPUs (PUs) to give each rank; read with the wildcard rank for the job's value.");
    /** Keep the head node free of processes. Key {@code "pmix.nolocal"}. */
    public static final Attribute<Boolean> NO_PROCS_ON_HEAD = def(BOOL, "PMIX_NO_PROCS_ON_HEAD",
            "pmix.nolocal", "Keep the head node free of processes.");
    /** Never place more processes on a node than it has slots. Key {@code "pmix.noover"}. */
    public static final Attribute<Boolean> NO_OVERSUBSCRIBE = def(BOOL, "PMIX_NO_OVERSUBSCRIBE",
            "pmix.noover", "Never place more processes on a node than it has slots.");
    /** Print how each process is bound. Key {@code "pmix.repbind"}. */
    public static final Attribute<Boolean> REPORT_BINDINGS = def(BOOL, "PMIX_REPORT_BINDINGS",
            "pmix.repbind", "Print how each process is bound.");
    /** CPUs (PUs) the job may use; read with the wildcard rank for the job's value. Key {@code "pmix.cpulist"}. */
    public static final Attribute<String> CPU_LIST = def(STRING, "PMIX_CPU_LIST",
            "pmix.cpulist", "CPUs (PUs) the job may use; read with the wildcard rank for the job's value.");
    /** The application can carry on after failures. Key {@code "pmix.recover"}. */
    public static final Attribute<Boolean> JOB_RECOVERABLE = def(BOOL, "PMIX_JOB_RECOVERABLE",
            "pmix.recover", "The application can carry on after failures.");
    /** The application runs continuously: restart every failed process at once. Key {@code "pmix.continuous"}. */
    public static final Attribute<Boolean> JOB_CONTINUOUS = def(BOOL, "PMIX_JOB_CONTINUOUS",
            "pmix.continuous", "The application runs continuously: restart every failed process at once.");
    /** How often a process may be restarted at most. Key {@code "pmix.maxrestarts"}. */
    public static final Attribute<Integer> MAX_RESTARTS = def(UINT32, "PMIX_MAX_RESTARTS",
            "pmix.maxrestarts", "How often a process may be restarted at most.");
    // libpmix 4.2.2 annotates the type as bool
    /** Rank whose stdin is forwarded to the target processes. Key {@code "pmix.fwd.stdin"}. */
    public static final Attribute<Integer> FWD_STDIN = def(PROC_RANK, "PMIX_FWD_STDIN",
            "pmix.fwd.stdin", "Rank whose stdin is forwarded to the target processes.");
    /** Forward the spawned processes' stdout to this process (usually a tool). Key {@code "pmix.fwd.stdout"}. */
    public static final Attribute<Boolean> FWD_STDOUT = def(BOOL, "PMIX_FWD_STDOUT",
            "pmix.fwd.stdout", "Forward the spawned processes' stdout to this process (usually a tool).");
    /** Forward the spawned processes' stderr to this process (usually a tool). Key {@code "pmix.fwd.stderr"}. */
    public static final Attribute<Boolean> FWD_STDERR = def(BOOL, "PMIX_FWD_STDERR",
            "pmix.fwd.stderr", "Forward the spawned processes' stderr to this process (usually a tool).");
    /** Forward the spawned processes' diagnostic channel, where there is one. Key {@code "pmix.fwd.stddiag"}. */
    public static final Attribute<Boolean> FWD_STDDIAG = def(BOOL, "PMIX_FWD_STDDIAG",
            "pmix.fwd.stddiag", "Forward the spawned processes' diagnostic channel, where there is one.");
    // Added by OpenPMIx 5/6 (not in 4.2.2)
    /** The spawned job lives on when its parent job ends. Not in libpmix 4.2.2. Key {@code "pmix.spchildsep"}. */
    public static final Attribute<Boolean> SPAWN_CHILD_SEP = std(BOOL, "PMIX_SPAWN_CHILD_SEP",
            "pmix.spchildsep", "The spawned job lives on when its parent job ends.");
    /** What is being spawned is a tool, not an application. Key {@code "pmix.spwn.tool"}. */
    public static final Attribute<Boolean> SPAWN_TOOL = def(BOOL, "PMIX_SPAWN_TOOL",
            "pmix.spwn.tool", "What is being spawned is a tool, not an application.");
    /** Command line running in the namespace. Key {@code "pmix.cmd.line"}. */
    public static final Attribute<String> CMD_LINE = def(STRING, "PMIX_CMD_LINE",
            "pmix.cmd.line", "Command line running in the namespace.");
    // The Standard v5.0 spells the key "pmix.frkex.agnt"
    /** Command line of the agent that forks and execs the local processes. Key {@code "pmix.fe.agnt"}. */
    public static final Attribute<String> FORKEXEC_AGENT = def(STRING, "PMIX_FORKEXEC_AGENT",
            "pmix.fe.agnt", "Command line of the agent that forks and execs the local processes.");
    /** Seconds the job may run before being stopped; 0 means no limit. Key {@code "pmix.job.time"}. */
    public static final Attribute<Integer> JOB_TIMEOUT = def(INT, "PMIX_JOB_TIMEOUT",
            "pmix.job.time", "Seconds the job may run before being stopped; 0 means no limit.");
    /**
     * Seconds the spawn operation may take; 0 means no limit (like PMIX_TIMEOUT on PMIx_Spawn). Key
     * {@code "pmix.sp.time"}.
     */
    public static final Attribute<Integer> SPAWN_TIMEOUT = def(INT, "PMIX_SPAWN_TIMEOUT",
            "pmix.sp.time",
            "Seconds the spawn operation may take; 0 means no limit (like PMIX_TIMEOUT on PMIx_Spawn).");
    /** Add the processes' stack traces to the report of a job that timed out. Key {@code "pmix.tim.stack"}. */
    public static final Attribute<Boolean> TIMEOUT_STACKTRACES = def(BOOL, "PMIX_TIMEOUT_STACKTRACES",
            "pmix.tim.stack", "Add the processes' stack traces to the report of a job that timed out.");
    /** Add the processes' states to the report of a job that timed out. Key {@code "pmix.tim.state"}. */
    public static final Attribute<Boolean> TIMEOUT_REPORT_STATE = def(BOOL, "PMIX_TIMEOUT_REPORT_STATE",
            "pmix.tim.state", "Add the processes' states to the report of a job that timed out.");
    /** Full argv of an application as given to the spawn command. Key {@code "pmix.app.argv"}. */
    public static final Attribute<String> APP_ARGV = def(Level.APP, STRING, "PMIX_APP_ARGV",
            "pmix.app.argv", "Full argv of an application as given to the spawn command.");
    /** Ask the launcher to raise the job-start, launch-complete and job-end events. Key {@code "pmix.note.jev"}. */
    public static final Attribute<Boolean> NOTIFY_JOB_EVENTS = def(BOOL, "PMIX_NOTIFY_JOB_EVENTS",
            "pmix.note.jev", "Ask the launcher to raise the job-start, launch-complete and job-end events.");
    /** Ask the launcher to raise PMIX_EVENT_PROC_TERMINATED whenever a process ends. Key {@code "pmix.noteproc"}. */
    public static final Attribute<Boolean> NOTIFY_PROC_TERMINATION = def(BOOL, "PMIX_NOTIFY_PROC_TERMINATION",
            "pmix.noteproc", "Ask the launcher to raise PMIX_EVENT_PROC_TERMINATED whenever a process ends.");
    /**
     * Ask the launcher to raise PMIX_EVENT_PROC_TERMINATED only when a process ends abnormally. Key
     * {@code "pmix.noteabproc"}.
     */
    public static final Attribute<Boolean> NOTIFY_PROC_ABNORMAL_TERMINATION = def(BOOL,
            "PMIX_NOTIFY_PROC_ABNORMAL_TERMINATION",
            "pmix.noteabproc",
            "Ask the launcher to raise PMIX_EVENT_PROC_TERMINATED only when a process ends abnormally.");
    /** The requester of the spawn has already collected the environment variables. Key {@code "pmix.evar.hvstd"}. */
    public static final Attribute<Boolean> ENVARS_HARVESTED = def(BOOL, "PMIX_ENVARS_HARVESTED",
            "pmix.evar.hvstd", "The requester of the spawn has already collected the environment variables.");
    /** Runtime-specific directives that control how the job behaves. Key {@code "pmix.runopt"}. */
    public static final Attribute<String> RUNTIME_OPTIONS = def(STRING, "PMIX_RUNTIME_OPTIONS",
            "pmix.runopt", "Runtime-specific directives that control how the job behaves.");
    /** Abort the spawned job as soon as one process exits with a non-zero status. Key {@code "pmix.abnz"}. */
    public static final Attribute<Boolean> ABORT_NON_ZERO_TERM = def(BOOL, "PMIX_ABORT_NON_ZERO_TERM",
            "pmix.abnz", "Abort the spawned job as soon as one process exits with a non-zero status.");
    /** Prepare the job completely but do not start it (e.g. to print its map). Key {@code "pmix.dnl"}. */
    public static final Attribute<Boolean> DO_NOT_LAUNCH = def(BOOL, "PMIX_DO_NOT_LAUNCH",
            "pmix.dnl", "Prepare the job completely but do not start it (e.g. to print its map).");
    /** Report launch progress now and then (e.g. every 100 processes). Key {@code "pmix.showprog"}. */
    public static final Attribute<Boolean> SHOW_LAUNCH_PROGRESS = def(BOOL, "PMIX_SHOW_LAUNCH_PROGRESS",
            "pmix.showprog", "Report launch progress now and then (e.g. every 100 processes).");
    /**
     * Print each distinct help message once, with a count of the processes that raised it. Key
     * {@code "pmix.agg.help"}.
     */
    public static final Attribute<Boolean> AGGREGATE_HELP = def(BOOL, "PMIX_AGGREGATE_HELP",
            "pmix.agg.help", "Print each distinct help message once, with a count of the processes that raised it.");
    /** Give the exit status of child jobs separately from the main job's. Key {@code "pmix.rptchildsep"}. */
    public static final Attribute<Boolean> REPORT_CHILD_SEP = def(BOOL, "PMIX_REPORT_CHILD_SEP",
            "pmix.rptchildsep", "Give the exit status of child jobs separately from the main job's.");

    // ---- Query keys (libpmix annotates them with the type of the answer) --------------------------------
    /** Query: the keys (comma-separated) the query function understands. Key {@code "pmix.qry.keys"}. */
    public static final Attribute<String> QUERY_SUPPORTED_KEYS = def(STRING, "PMIX_QUERY_SUPPORTED_KEYS",
            "pmix.qry.keys", "Query: the keys (comma-separated) the query function understands.");
    /** Query: the active namespaces (comma-separated). Key {@code "pmix.qry.ns"}. */
    public static final Attribute<String> QUERY_NAMESPACES = def(STRING, "PMIX_QUERY_NAMESPACES",
            "pmix.qry.ns", "Query: the active namespaces (comma-separated).");
    /**
     * Query: per active namespace an array with the namespace, its command line and more. Key
     * {@code "pmix.qry.nsinfo"}.
     */
    public static final Attribute<DataArray> QUERY_NAMESPACE_INFO = def(DATA_ARRAY, "PMIX_QUERY_NAMESPACE_INFO",
            "pmix.qry.nsinfo", "Query: per active namespace an array with the namespace, its command line and more.");
    /** Query: status of a running job, named with a PMIX_NSPACE qualifier. Key {@code "pmix.qry.jst"}. */
    public static final Attribute<Integer> QUERY_JOB_STATUS = def(STATUS, "PMIX_QUERY_JOB_STATUS",
            "pmix.qry.jst", "Query: status of a running job, named with a PMIX_NSPACE qualifier.");
    /** Query: the scheduler's queues (comma-separated). Key {@code "pmix.qry.qlst"}. */
    public static final Attribute<String> QUERY_QUEUE_LIST = def(STRING, "PMIX_QUERY_QUEUE_LIST",
            "pmix.qry.qlst", "Query: the scheduler's queues (comma-separated).");
    // libpmix 4.2.2 annotates the type as pmix_data_array_t*
    /**
     * Query: name and status of each scheduler queue (or of the one named by PMIX_ALLOC_QUEUE). Key
     * {@code "pmix.qry.qst"}.
     */
    public static final Attribute<String> QUERY_QUEUE_STATUS = def(STRING, "PMIX_QUERY_QUEUE_STATUS",
            "pmix.qry.qst",
            "Query: name and status of each scheduler queue (or of the one named by PMIX_ALLOC_QUEUE).");
    // libpmix 4.2.2 annotates the type as pmix_data_array_t*
    /** Query: process table (proc-info array) of the namespace given as qualifier. Key {@code "pmix.qry.ptable"}. */
    public static final Attribute<String> QUERY_PROC_TABLE = def(STRING, "PMIX_QUERY_PROC_TABLE",
            "pmix.qry.ptable", "Query: process table (proc-info array) of the namespace given as qualifier.");
    // libpmix 4.2.2 annotates the type as pmix_data_array_t*
    /**
     * Query: process table (proc-info array) of the namespace's processes on this node. Key
     * {@code "pmix.qry.lptable"}.
     */
    public static final Attribute<String> QUERY_LOCAL_PROC_TABLE = def(STRING, "PMIX_QUERY_LOCAL_PROC_TABLE",
            "pmix.qry.lptable", "Query: process table (proc-info array) of the namespace's processes on this node.");
    // libpmix 4.2.2 annotates the type as pmix_data_array_t*
    /** Query: the operations the tool is allowed to perform. Key {@code "pmix.qry.auths"}. */
    public static final Attribute<Boolean> QUERY_AUTHORIZATIONS = def(BOOL, "PMIX_QUERY_AUTHORIZATIONS",
            "pmix.qry.auths", "Query: the operations the tool is allowed to perform.");
    // libpmix 4.2.2 annotates the type as char*
    /** Query: the spawn attributes supported (comma-separated). Key {@code "pmix.qry.spawn"}. */
    public static final Attribute<Boolean> QUERY_SPAWN_SUPPORT = def(BOOL, "PMIX_QUERY_SPAWN_SUPPORT",
            "pmix.qry.spawn", "Query: the spawn attributes supported (comma-separated).");
    // libpmix 4.2.2 annotates the type as char*
    /** Query: the debugger attributes supported (comma-separated). Key {@code "pmix.qry.debug"}. */
    public static final Attribute<Boolean> QUERY_DEBUG_SUPPORT = def(BOOL, "PMIX_QUERY_DEBUG_SUPPORT",
            "pmix.qry.debug", "Query: the debugger attributes supported (comma-separated).");
    // libpmix 4.2.2 annotates the type as pmix_data_array_t*
    /** Query: memory use of the processes named by the qualifiers. Key {@code "pmix.qry.mem"}. */
    public static final Attribute<Boolean> QUERY_MEMORY_USAGE = def(BOOL, "PMIX_QUERY_MEMORY_USAGE",
            "pmix.qry.mem", "Query: memory use of the processes named by the qualifiers.");
    /** Query: status text of the allocation request named by PMIX_ALLOC_ID. Key {@code "pmix.query.alloc"}. */
    public static final Attribute<String> QUERY_ALLOC_STATUS = def(STRING, "PMIX_QUERY_ALLOC_STATUS",
            "pmix.query.alloc", "Query: status text of the allocation request named by PMIX_ALLOC_ID.");
    // libpmix 4.2.2 annotates the type as uint32_t
    /**
     * Query: seconds left in the allocation of the given (or the caller's) namespace. Key
     * {@code "pmix.time.remaining"}.
     */
    public static final Attribute<String> TIME_REMAINING = def(STRING, "PMIX_TIME_REMAINING",
            "pmix.time.remaining", "Query: seconds left in the allocation of the given (or the caller's) namespace.");
    /** Query: how many process sets exist in the range (session by default). Key {@code "pmix.qry.psetnum"}. */
    public static final Attribute<Long> QUERY_NUM_PSETS = def(SIZE, "PMIX_QUERY_NUM_PSETS",
            "pmix.qry.psetnum", "Query: how many process sets exist in the range (session by default).");
    // libpmix 4.2.2 annotates the type as char*
    /** Query: names of process sets within the range (default: session). Key {@code "pmix.qry.psets"}. */
    public static final Attribute<DataArray> QUERY_PSET_NAMES = def(DATA_ARRAY, "PMIX_QUERY_PSET_NAMES",
            "pmix.qry.psets", "Query: names of process sets within the range (default: session).");
    /** Query: procs that belong to the given process set. Key {@code "pmix.qry.pmems"}. */
    public static final Attribute<DataArray> QUERY_PSET_MEMBERSHIP = def(DATA_ARRAY, "PMIX_QUERY_PSET_MEMBERSHIP",
            "pmix.qry.pmems", "Query: procs that belong to the given process set.");
    /** Query: how many process groups exist in the range (session by default). Key {@code "pmix.qry.pgrpnum"}. */
    public static final Attribute<Long> QUERY_NUM_GROUPS = def(SIZE, "PMIX_QUERY_NUM_GROUPS",
            "pmix.qry.pgrpnum", "Query: how many process groups exist in the range (session by default).");
    /** Query: names of process groups within the range (default: session). Key {@code "pmix.qry.pgrp"}. */
    public static final Attribute<DataArray> QUERY_GROUP_NAMES = def(DATA_ARRAY, "PMIX_QUERY_GROUP_NAMES",
            "pmix.qry.pgrp", "Query: names of process groups within the range (default: session).");
    /** Query: procs that belong to the group named by PMIX_GROUP_ID. Key {@code "pmix.qry.pgrpmems"}. */
    public static final Attribute<DataArray> QUERY_GROUP_MEMBERSHIP = def(DATA_ARRAY, "PMIX_QUERY_GROUP_MEMBERSHIP",
            "pmix.qry.pgrpmems", "Query: procs that belong to the group named by PMIX_GROUP_ID.");
    // libpmix 4.2.2 annotates the type as pmix_data_array_t*
    /** Query: per function, the attributes it supports (registration descriptions). Key {@code "pmix.qry.attrs"}. */
    public static final Attribute<Boolean> QUERY_ATTRIBUTE_SUPPORT = def(BOOL, "PMIX_QUERY_ATTRIBUTE_SUPPORT",
            "pmix.qry.attrs", "Query: per function, the attributes it supports (registration descriptions).");
    // libpmix 4.2.2 annotates the type as char*
    /** Query: the client API functions supported (comma-separated). Key {@code "pmix.client.fns"}. */
    public static final Attribute<Boolean> CLIENT_FUNCTIONS = def(BOOL, "PMIX_CLIENT_FUNCTIONS",
            "pmix.client.fns", "Query: the client API functions supported (comma-separated).");
    // libpmix 4.2.2 annotates the type as char*
    /** Query: the server API functions supported (comma-separated). Key {@code "pmix.srvr.fns"}. */
    public static final Attribute<Boolean> SERVER_FUNCTIONS = def(BOOL, "PMIX_SERVER_FUNCTIONS",
            "pmix.srvr.fns", "Query: the server API functions supported (comma-separated).");
    // libpmix 4.2.2 annotates the type as char*
    /** Query: the tool API functions supported (comma-separated). Key {@code "pmix.tool.fns"}. */
    public static final Attribute<Boolean> TOOL_FUNCTIONS = def(BOOL, "PMIX_TOOL_FUNCTIONS",
            "pmix.tool.fns", "Query: the tool API functions supported (comma-separated).");
    // libpmix 4.2.2 annotates the type as char*
    // The Standard v5.0 spells the key "pmix.srvr.fns", the key of PMIX_SERVER_FUNCTIONS in libpmix
    /** Query: the PMIx functions the host environment supports (comma-separated). Key {@code "pmix.host.fns"}. */
    public static final Attribute<Boolean> HOST_FUNCTIONS = def(BOOL, "PMIX_HOST_FUNCTIONS",
            "pmix.host.fns", "Query: the PMIx functions the host environment supports (comma-separated).");
    /**
     * Query: for each server on this node that the caller could reach, what is known about it. Key
     * {@code "pmix.qry.asrvrs"}.
     */
    public static final Attribute<DataArray> QUERY_AVAIL_SERVERS = def(DATA_ARRAY, "PMIX_QUERY_AVAIL_SERVERS",
            "pmix.qry.asrvrs",
            "Query: for each server on this node that the caller could reach, what is known about it.");
    /** The qualifiers of the query that produced these results (for information only). Key {@code "pmix.qry.quals"}. */
    public static final Attribute<DataArray> QUERY_QUALIFIERS = def(DATA_ARRAY, "PMIX_QUERY_QUALIFIERS",
            "pmix.qry.quals", "The qualifiers of the query that produced these results (for information only).");
    /** Results of one query of a PMIx_Query_info call, after its qualifiers if any. Key {@code "pmix.qry.res"}. */
    public static final Attribute<DataArray> QUERY_RESULTS = def(DATA_ARRAY, "PMIX_QUERY_RESULTS",
            "pmix.qry.res", "Results of one query of a PMIx_Query_info call, after its qualifiers if any.");

    // ---- Query qualifiers and queries about supported attributes ----------------------------------------
    /** Ask the server for fresh data and update the local cache. Key {@code "pmix.qry.rfsh"}. */
    public static final Attribute<Boolean> QUERY_REFRESH_CACHE = def(BOOL, "PMIX_QUERY_REFRESH_CACHE",
            "pmix.qry.rfsh", "Ask the server for fresh data and update the local cache.");
    /** Answer the query from local information only. Key {@code "pmix.qry.local"}. */
    public static final Attribute<Boolean> QUERY_LOCAL_ONLY = def(BOOL, "PMIX_QUERY_LOCAL_ONLY",
            "pmix.qry.local", "Answer the query from local information only.");
    /** Report only averages of sampled values. Key {@code "pmix.qry.avg"}. */
    public static final Attribute<Boolean> QUERY_REPORT_AVG = def(BOOL, "PMIX_QUERY_REPORT_AVG",
            "pmix.qry.avg", "Report only averages of sampled values.");
    /** Report the smallest and largest values. Key {@code "pmix.qry.minmax"}. */
    public static final Attribute<Boolean> QUERY_REPORT_MINMAX = def(BOOL, "PMIX_QUERY_REPORT_MINMAX",
            "pmix.qry.minmax", "Report the smallest and largest values.");
    // libpmix 4.2.2 annotates the type as char*
    /**
     * Query: the attributes the client library supports, for the listed functions (or all). Key
     * {@code "pmix.client.attrs"}.
     */
    public static final Attribute<Boolean> CLIENT_ATTRIBUTES = def(BOOL, "PMIX_CLIENT_ATTRIBUTES",
            "pmix.client.attrs",
            "Query: the attributes the client library supports, for the listed functions (or all).");
    // libpmix 4.2.2 annotates the type as char*
    /**
     * Query: the attributes the server library supports, for the listed functions (or all). Key
     * {@code "pmix.srvr.attrs"}.
     */
    public static final Attribute<Boolean> SERVER_ATTRIBUTES = def(BOOL, "PMIX_SERVER_ATTRIBUTES",
            "pmix.srvr.attrs", "Query: the attributes the server library supports, for the listed functions (or all).");
    // libpmix 4.2.2 annotates the type as char*
    /**
     * Query: the attributes the host environment supports, for the listed functions (or all). Key
     * {@code "pmix.host.attrs"}.
     */
    public static final Attribute<Boolean> HOST_ATTRIBUTES = def(BOOL, "PMIX_HOST_ATTRIBUTES",
            "pmix.host.attrs",
            "Query: the attributes the host environment supports, for the listed functions (or all).");
    // libpmix 4.2.2 annotates the type as char*
    // The Standard v5.0 spells the key "pmix.setup.env", the key of PMIX_SETUP_APP_ENVARS in libpmix
    /**
     * Query: the attributes the tool library supports, for the listed functions (or all). Key
     * {@code "pmix.tool.attrs"}.
     */
    public static final Attribute<Boolean> TOOL_ATTRIBUTES = def(BOOL, "PMIX_TOOL_ATTRIBUTES",
            "pmix.tool.attrs", "Query: the attributes the tool library supports, for the listed functions (or all).");
    // libpmix 4.2.2 annotates the type as bool
    /**
     * Query: the qualifiers the given key accepts, instead of running the query itself. Key {@code "pmix.qry.quals"}.
     */
    public static final Attribute<String> QUERY_SUPPORTED_QUALIFIERS = def(STRING, "PMIX_QUERY_SUPPORTED_QUALIFIERS",
            "pmix.qry.quals", "Query: the qualifiers the given key accepts, instead of running the query itself.");

    // ---- Which level PMIx_Get should look at ------------------------------------------------------------
    /** Ask about a session (another one than the caller's needs PMIX_SESSION_ID). Key {@code "pmix.ssn.info"}. */
    public static final Attribute<Boolean> SESSION_INFO = def(BOOL, "PMIX_SESSION_INFO",
            "pmix.ssn.info", "Ask about a session (another one than the caller's needs PMIX_SESSION_ID).");
    /** Ask about a job (another one than the caller's needs PMIX_NSPACE or PMIX_JOBID). Key {@code "pmix.job.info"}. */
    public static final Attribute<Boolean> JOB_INFO = def(BOOL, "PMIX_JOB_INFO",
            "pmix.job.info", "Ask about a job (another one than the caller's needs PMIX_NSPACE or PMIX_JOBID).");
    /**
     * Ask about an application (another one than the caller's needs PMIX_APPNUM and its job). Key
     * {@code "pmix.app.info"}.
     */
    public static final Attribute<Boolean> APP_INFO = def(BOOL, "PMIX_APP_INFO",
            "pmix.app.info", "Ask about an application (another one than the caller's needs PMIX_APPNUM and its job).");
    /**
     * Ask about a node (another one than the caller's needs PMIX_HOSTNAME or PMIX_NODEID). Key
     * {@code "pmix.node.info"}.
     */
    public static final Attribute<Boolean> NODE_INFO = def(BOOL, "PMIX_NODE_INFO",
            "pmix.node.info", "Ask about a node (another one than the caller's needs PMIX_HOSTNAME or PMIX_NODEID).");
    /**
     * Ask about a process (the target of PMIx_Get already names it, so rarely needed). Not in libpmix 4.2.2. Key
     * {@code "pmix.proc.info"}.
     */
    public static final Attribute<Boolean> PROC_INFO = std(BOOL, "PMIX_PROC_INFO",
            "pmix.proc.info", "Ask about a process (the target of PMIx_Get already names it, so rarely needed).");

    // ---- Arrays of stored information by level ----------------------------------------------------------
    /** Session-level data as an array of infos; must contain PMIX_SESSION_ID. Key {@code "pmix.ssn.arr"}. */
    public static final Attribute<DataArray> SESSION_INFO_ARRAY = def(DATA_ARRAY, "PMIX_SESSION_INFO_ARRAY",
            "pmix.ssn.arr", "Session-level data as an array of infos; must contain PMIX_SESSION_ID.");
    /** Job-level data as an array of infos, for one namespace. Key {@code "pmix.job.arr"}. */
    public static final Attribute<DataArray> JOB_INFO_ARRAY = def(DATA_ARRAY, "PMIX_JOB_INFO_ARRAY",
            "pmix.job.arr", "Job-level data as an array of infos, for one namespace.");
    /**
     * Application-level data as an array of infos; must name the application and its job. Key {@code "pmix.app.arr"}.
     */
    public static final Attribute<DataArray> APP_INFO_ARRAY = def(DATA_ARRAY, "PMIX_APP_INFO_ARRAY",
            "pmix.app.arr", "Application-level data as an array of infos; must name the application and its job.");
    /** Process-level data as an array of infos; must name the process. Key {@code "pmix.pdata"}. */
    public static final Attribute<DataArray> PROC_INFO_ARRAY = def(DATA_ARRAY, "PMIX_PROC_INFO_ARRAY",
            "pmix.pdata", "Process-level data as an array of infos; must name the process.");
    /** Node-level data as an array of infos; must contain PMIX_NODEID or PMIX_HOSTNAME. Key {@code "pmix.node.arr"}. */
    public static final Attribute<DataArray> NODE_INFO_ARRAY = def(DATA_ARRAY, "PMIX_NODE_INFO_ARRAY",
            "pmix.node.arr", "Node-level data as an array of infos; must contain PMIX_NODEID or PMIX_HOSTNAME.");
    /** Data about one server as an array of infos, its namespace first. Key {@code "pmix.srv.arr"}. */
    public static final Attribute<DataArray> SERVER_INFO_ARRAY = def(DATA_ARRAY, "PMIX_SERVER_INFO_ARRAY",
            "pmix.srv.arr", "Data about one server as an array of infos, its namespace first.");

    // ---- Logging ----------------------------------------------------------------------------------------
    /** Process on whose behalf the log entry is made. Key {@code "pmix.log.source"}. */
    public static final Attribute<Proc> LOG_SOURCE = def(PROC, "PMIX_LOG_SOURCE",
            "pmix.log.source", "Process on whose behalf the log entry is made.");
    /** Write this text to stderr. Key {@code "pmix.log.stderr"}. */
    public static final Attribute<String> LOG_STDERR = def(STRING, "PMIX_LOG_STDERR",
            "pmix.log.stderr", "Write this text to stderr.");
    /** Write this text to stdout. Key {@code "pmix.log.stdout"}. */
    public static final Attribute<String> LOG_STDOUT = def(STRING, "PMIX_LOG_STDOUT",
            "pmix.log.stdout", "Write this text to stdout.");
    /**
     * Send this message to syslog (global if there is one, else local), ERROR priority by default. Key
     * {@code "pmix.log.syslog"}.
     */
    public static final Attribute<String> LOG_SYSLOG = def(STRING, "PMIX_LOG_SYSLOG",
            "pmix.log.syslog",
            "Send this message to syslog (global if there is one, else local), ERROR priority by default.");
    /** Send this message to the local syslog, ERROR priority by default. Key {@code "pmix.log.lsys"}. */
    public static final Attribute<String> LOG_LOCAL_SYSLOG = def(STRING, "PMIX_LOG_LOCAL_SYSLOG",
            "pmix.log.lsys", "Send this message to the local syslog, ERROR priority by default.");
    /** Pass this message to the system's central syslog. Key {@code "pmix.log.gsys"}. */
    public static final Attribute<String> LOG_GLOBAL_SYSLOG = def(STRING, "PMIX_LOG_GLOBAL_SYSLOG",
            "pmix.log.gsys", "Pass this message to the system's central syslog.");
    /** Syslog priority to use. Key {@code "pmix.log.syspri"}. */
    public static final Attribute<Integer> LOG_SYSLOG_PRI = def(INT, "PMIX_LOG_SYSLOG_PRI",
            "pmix.log.syspri", "Syslog priority to use.");
    /** Time stamp of the log entry. Key {@code "pmix.log.tstmp"}. */
    public static final Attribute<Long> LOG_TIMESTAMP = def(TIME, "PMIX_LOG_TIMESTAMP",
            "pmix.log.tstmp", "Time stamp of the log entry.");
    /** Add a time stamp to the log entry. Key {@code "pmix.log.gtstmp"}. */
    public static final Attribute<Boolean> LOG_GENERATE_TIMESTAMP = def(BOOL, "PMIX_LOG_GENERATE_TIMESTAMP",
            "pmix.log.gtstmp", "Add a time stamp to the log entry.");
    /** Prefix the output with the channel it belongs to (stdout ...). Key {@code "pmix.log.tag"}. */
    public static final Attribute<Boolean> LOG_TAG_OUTPUT = def(BOOL, "PMIX_LOG_TAG_OUTPUT",
            "pmix.log.tag", "Prefix the output with the channel it belongs to (stdout ...).");
    /** Put a time stamp into the output text. Key {@code "pmix.log.tsout"}. */
    public static final Attribute<Boolean> LOG_TIMESTAMP_OUTPUT = def(BOOL, "PMIX_LOG_TIMESTAMP_OUTPUT",
            "pmix.log.tsout", "Put a time stamp into the output text.");
    /** Write the output as XML. Key {@code "pmix.log.xml"}. */
    public static final Attribute<Boolean> LOG_XML_OUTPUT = def(BOOL, "PMIX_LOG_XML_OUTPUT",
            "pmix.log.xml", "Write the output as XML.");
    /** Log through the first channel able to, and only there. Key {@code "pmix.log.once"}. */
    public static final Attribute<Boolean> LOG_ONCE = def(BOOL, "PMIX_LOG_ONCE",
            "pmix.log.once", "Log through the first channel able to, and only there.");
    /** Binary message to deliver somewhere. Key {@code "pmix.log.msg"}. */
    public static final Attribute<ByteObject> LOG_MSG = def(BYTE_OBJECT, "PMIX_LOG_MSG",
            "pmix.log.msg", "Binary message to deliver somewhere.");
    /** Key of a logged message. Key {@code "pmix.log.key"}. */
    public static final Attribute<String> LOG_KEY = def(STRING, "PMIX_LOG_KEY",
            "pmix.log.key", "Key of a logged message.");
    /** Value of a logged message. Key {@code "pmix.log.val"}. */
    public static final Attribute<String> LOG_VAL = def(STRING, "PMIX_LOG_VAL",
            "pmix.log.val", "Value of a logged message.");
    /** Collapse duplicate log messages, judged by their key and value. Key {@code "pmix.log.agg"}. */
    public static final Attribute<Boolean> LOG_AGG = def(BOOL, "PMIX_LOG_AGG",
            "pmix.log.agg", "Collapse duplicate log messages, judged by their key and value.");
    /** Send the message by e-mail, as directed by an array of infos. Key {@code "pmix.log.email"}. */
    public static final Attribute<DataArray> LOG_EMAIL = def(DATA_ARRAY, "PMIX_LOG_EMAIL",
            "pmix.log.email", "Send the message by e-mail, as directed by an array of infos.");
    /** Recipients (comma-separated) of the e-mail. Key {@code "pmix.log.emaddr"}. */
    public static final Attribute<String> LOG_EMAIL_ADDR = def(STRING, "PMIX_LOG_EMAIL_ADDR",
            "pmix.log.emaddr", "Recipients (comma-separated) of the e-mail.");
    /** Sender address of the e-mail. Key {@code "pmix.log.emfaddr"}. */
    public static final Attribute<String> LOG_EMAIL_SENDER_ADDR = def(STRING, "PMIX_LOG_EMAIL_SENDER_ADDR",
            "pmix.log.emfaddr", "Sender address of the e-mail.");
    /** Subject of the e-mail. Key {@code "pmix.log.emsub"}. */
    public static final Attribute<String> LOG_EMAIL_SUBJECT = def(STRING, "PMIX_LOG_EMAIL_SUBJECT",
            "pmix.log.emsub", "Subject of the e-mail.");
    /** Body text of the e-mail. Key {@code "pmix.log.emmsg"}. */
    public static final Attribute<String> LOG_EMAIL_MSG = def(STRING, "PMIX_LOG_EMAIL_MSG",
            "pmix.log.emmsg", "Body text of the e-mail.");
    /** Host name or address of the SMTP server. Key {@code "pmix.log.esrvr"}. */
    public static final Attribute<String> LOG_EMAIL_SERVER = def(STRING, "PMIX_LOG_EMAIL_SERVER",
            "pmix.log.esrvr", "Host name or address of the SMTP server.");
    /** Port on which the SMTP server listens. Key {@code "pmix.log.esrvrprt"}. */
    public static final Attribute<Integer> LOG_EMAIL_SRVR_PORT = def(INT32, "PMIX_LOG_EMAIL_SRVR_PORT",
            "pmix.log.esrvrprt", "Port on which the SMTP server listens.");
    /** Record the data in a data store shared across the system. Key {@code "pmix.log.gstore"}. */
    public static final Attribute<Boolean> LOG_GLOBAL_DATASTORE = def(BOOL, "PMIX_LOG_GLOBAL_DATASTORE",
            "pmix.log.gstore", "Record the data in a data store shared across the system.");
    /** Add the given data to the resource manager's record of the job. Key {@code "pmix.log.jrec"}. */
    public static final Attribute<Boolean> LOG_JOB_RECORD = def(BOOL, "PMIX_LOG_JOB_RECORD",
            "pmix.log.jrec", "Add the given data to the resource manager's record of the job.");
    /** Ask the launcher to log PMIX_EVENT_PROC_TERMINATED whenever a process ends. Key {@code "pmix.logproc"}. */
    public static final Attribute<Boolean> LOG_PROC_TERMINATION = def(BOOL, "PMIX_LOG_PROC_TERMINATION",
            "pmix.logproc", "Ask the launcher to log PMIX_EVENT_PROC_TERMINATED whenever a process ends.");
    /** Ask the launcher to log PMIX_EVENT_PROC_TERMINATED only for abnormal ends. Key {@code "pmix.logabproc"}. */
    public static final Attribute<Boolean> LOG_PROC_ABNORMAL_TERMINATION = def(BOOL,
            "PMIX_LOG_PROC_ABNORMAL_TERMINATION",
            "pmix.logabproc", "Ask the launcher to log PMIX_EVENT_PROC_TERMINATED only for abnormal ends.");
    /**
     * Ask the launcher to log the job-start, launch-complete and job-end events with PMIx_Log. Key
     * {@code "pmix.log.jev"}.
     */
    public static final Attribute<Boolean> LOG_JOB_EVENTS = def(BOOL, "PMIX_LOG_JOB_EVENTS",
            "pmix.log.jev", "Ask the launcher to log the job-start, launch-complete and job-end events with PMIx_Log.");
    /**
     * Ask the launcher to log PMIX_EVENT_JOB_END with PMIx_Log when the spawned job ends. Key {@code "pmix.logcomp"}.
     */
    public static final Attribute<Boolean> LOG_COMPLETION = def(BOOL, "PMIX_LOG_COMPLETION",
            "pmix.logcomp", "Ask the launcher to log PMIX_EVENT_JOB_END with PMIx_Log when the spawned job ends.");

    // ---- Debuggers --------------------------------------------------------------------------------------
    // libpmix 4.2.2 annotates the type as varies
    /**
     * Hold the chosen ranks at exec and report them ready for a debugger (bool, rank or rank list). Key
     * {@code "pmix.dbg.exec"}.
     */
    public static final Attribute<Boolean> DEBUG_STOP_ON_EXEC = def(BOOL, "PMIX_DEBUG_STOP_ON_EXEC",
            "pmix.dbg.exec",
            "Hold the chosen ranks at exec and report them ready for a debugger (bool, rank or rank list).");
    // libpmix 4.2.2 annotates the type as varies
    /** Hold the chosen ranks inside PMIx_Init and report them ready for a debugger. Key {@code "pmix.dbg.init"}. */
    public static final Attribute<Boolean> DEBUG_STOP_IN_INIT = def(BOOL, "PMIX_DEBUG_STOP_IN_INIT",
            "pmix.dbg.init", "Hold the chosen ranks inside PMIx_Init and report them ready for a debugger.");
    /**
     * Hold the chosen ranks at a point the application picks and report them ready for a debugger. Key
     * {@code "pmix.dbg.notify"}.
     */
    public static final Attribute<Value> DEBUG_STOP_IN_APP = def(UNDEF, "PMIX_DEBUG_STOP_IN_APP",
            "pmix.dbg.notify",
            "Hold the chosen ranks at a point the application picks and report them ready for a debugger.");
    /** Old name of PMIX_DEBUG_STOP_IN_APP. Deprecated; not in libpmix 4.2.2. Key {@code "pmix.dbg.notify"}. */
    public static final Attribute<Boolean> DEBUG_WAIT_FOR_NOTIFY = stdDep(BOOL, "PMIX_DEBUG_WAIT_FOR_NOTIFY",
            "pmix.dbg.notify", "Old name of PMIX_DEBUG_STOP_IN_APP.");
    /** Name of the breakpoint at which the processes wait. Key {@code "pmix.brkpnt"}. */
    public static final Attribute<String> BREAKPOINT = def(STRING, "PMIX_BREAKPOINT",
            "pmix.brkpnt", "Name of the breakpoint at which the processes wait.");
    /** Process(es) to debug; the wildcard rank means the whole namespace. Key {@code "pmix.dbg.tgt"}. */
    public static final Attribute<Proc> DEBUG_TARGET = def(PROC, "PMIX_DEBUG_TARGET",
            "pmix.dbg.tgt", "Process(es) to debug; the wildcard rank means the whole namespace.");
    /** How many debugger daemons to start per application process. Key {@code "pmix.dbg.dpproc"}. */
    public static final Attribute<Integer> DEBUG_DAEMONS_PER_PROC = def(UINT16, "PMIX_DEBUG_DAEMONS_PER_PROC",
            "pmix.dbg.dpproc", "How many debugger daemons to start per application process.");
    /** How many debugger daemons to start on each node of the target job. Key {@code "pmix.dbg.dpnd"}. */
    public static final Attribute<Integer> DEBUG_DAEMONS_PER_NODE = def(UINT16, "PMIX_DEBUG_DAEMONS_PER_NODE",
            "pmix.dbg.dpnd", "How many debugger daemons to start on each node of the target job.");

    // ---- The resource manager ---------------------------------------------------------------------------
    /** The resource manager's name. Key {@code "pmix.rm.name"}. */
    public static final Attribute<String> RM_NAME = def(Level.SESSION, STRING, "PMIX_RM_NAME",
            "pmix.rm.name", "The resource manager's name.");
    /** Version text of the resource manager. Key {@code "pmix.rm.version"}. */
    public static final Attribute<String> RM_VERSION = def(Level.SESSION, STRING, "PMIX_RM_VERSION",
            "pmix.rm.version", "Version text of the resource manager.");

    // ---- Environment variables of spawned processes -----------------------------------------------------
    /** Set an environment variable, replacing any value it has. Key {@code "pmix.envar.set"}. */
    public static final Attribute<EnvironmentVariable> SET_ENVAR = def(ENVAR, "PMIX_SET_ENVAR",
            "pmix.envar.set", "Set an environment variable, replacing any value it has.");
    /** Set an environment variable unless it already exists. Key {@code "pmix.envar.add"}. */
    public static final Attribute<EnvironmentVariable> ADD_ENVAR = def(ENVAR, "PMIX_ADD_ENVAR",
            "pmix.envar.add", "Set an environment variable unless it already exists.");
    /** Remove the named environment variable if it exists. Key {@code "pmix.envar.unset"}. */
    public static final Attribute<String> UNSET_ENVAR = def(STRING, "PMIX_UNSET_ENVAR",
            "pmix.envar.unset", "Remove the named environment variable if it exists.");
    /**
     * Put a value in front of an environment variable (with its separator), creating it if needed. Key
     * {@code "pmix.envar.prepnd"}.
     */
    public static final Attribute<EnvironmentVariable> PREPEND_ENVAR = def(ENVAR, "PMIX_PREPEND_ENVAR",
            "pmix.envar.prepnd",
            "Put a value in front of an environment variable (with its separator), creating it if needed.");
    /**
     * Put a value at the end of an environment variable (with its separator), creating it if needed. Key
     * {@code "pmix.envar.appnd"}.
     */
    public static final Attribute<EnvironmentVariable> APPEND_ENVAR = def(ENVAR, "PMIX_APPEND_ENVAR",
            "pmix.envar.appnd",
            "Put a value at the end of an environment variable (with its separator), creating it if needed.");
    /**
     * Make sure a value comes first in an environment variable (with its separator), creating it if needed. Key
     * {@code "pmix.envar.first"}.
     */
    public static final Attribute<EnvironmentVariable> FIRST_ENVAR = def(ENVAR, "PMIX_FIRST_ENVAR",
            "pmix.envar.first",
            "Make sure a value comes first in an environment variable (with its separator), creating it if needed.");

    // ---- Allocation requests ----------------------------------------------------------------------------
    /** Name the requester gives an allocation request, for asking about it later. Key {@code "pmix.alloc.reqid"}. */
    public static final Attribute<String> ALLOC_REQ_ID = def(STRING, "PMIX_ALLOC_REQ_ID",
            "pmix.alloc.reqid", "Name the requester gives an allocation request, for asking about it later.");
    /** Name the host gives the resulting allocation, for referring to it later. Key {@code "pmix.alloc.id"}. */
    public static final Attribute<String> ALLOC_ID = def(STRING, "PMIX_ALLOC_ID",
            "pmix.alloc.id", "Name the host gives the resulting allocation, for referring to it later.");
    /** Number of nodes an allocation request asks for. Key {@code "pmix.alloc.nnodes"}. */
    public static final Attribute<Long> ALLOC_NUM_NODES = def(UINT64, "PMIX_ALLOC_NUM_NODES",
            "pmix.alloc.nnodes", "Number of nodes an allocation request asks for.");
    /** Particular nodes an allocation request asks for, as a regex. Key {@code "pmix.alloc.nlist"}. */
    public static final Attribute<String> ALLOC_NODE_LIST = def(STRING, "PMIX_ALLOC_NODE_LIST",
            "pmix.alloc.nlist", "Particular nodes an allocation request asks for, as a regex.");
    /** Number of CPUs (PUs) an allocation request asks for. Key {@code "pmix.alloc.ncpus"}. */
    public static final Attribute<Long> ALLOC_NUM_CPUS = def(UINT64, "PMIX_ALLOC_NUM_CPUS",
            "pmix.alloc.ncpus", "Number of CPUs (PUs) an allocation request asks for.");
    /** Number of CPUs (PUs) wanted on each node, as a regex. Key {@code "pmix.alloc.ncpulist"}. */
    public static final Attribute<String> ALLOC_NUM_CPU_LIST = def(STRING, "PMIX_ALLOC_NUM_CPU_LIST",
            "pmix.alloc.ncpulist", "Number of CPUs (PUs) wanted on each node, as a regex.");
    /** Particular CPUs an allocation request asks for, as a regex. Key {@code "pmix.alloc.cpulist"}. */
    public static final Attribute<String> ALLOC_CPU_LIST = def(STRING, "PMIX_ALLOC_CPU_LIST",
            "pmix.alloc.cpulist", "Particular CPUs an allocation request asks for, as a regex.");
    /** Memory per process an allocation request asks for, in megabytes. Key {@code "pmix.alloc.msize"}. */
    public static final Attribute<Float> ALLOC_MEM_SIZE = def(FLOAT, "PMIX_ALLOC_MEM_SIZE",
            "pmix.alloc.msize", "Memory per process an allocation request asks for, in megabytes.");
    /** Fabric resources an allocation request asks for, as an array of infos. Key {@code "pmix.alloc.net"}. */
    public static final Attribute<DataArray> ALLOC_FABRIC = def(DATA_ARRAY, "PMIX_ALLOC_FABRIC",
            "pmix.alloc.net", "Fabric resources an allocation request asks for, as an array of infos.");
    /** Key under which the fabric part of an allocation is stored and found. Key {@code "pmix.alloc.netid"}. */
    public static final Attribute<String> ALLOC_FABRIC_ID = def(STRING, "PMIX_ALLOC_FABRIC_ID",
            "pmix.alloc.netid", "Key under which the fabric part of an allocation is stored and found.");
    /** Fabric bandwidth an allocation request asks for, in megabits per second. Key {@code "pmix.alloc.bw"}. */
    public static final Attribute<Float> ALLOC_BANDWIDTH = def(FLOAT, "PMIX_ALLOC_BANDWIDTH",
            "pmix.alloc.bw", "Fabric bandwidth an allocation request asks for, in megabits per second.");
    /** Quality-of-service level of the fabric that the allocation request wants. Key {@code "pmix.alloc.netqos"}. */
    public static final Attribute<String> ALLOC_FABRIC_QOS = def(STRING, "PMIX_ALLOC_FABRIC_QOS",
            "pmix.alloc.netqos", "Quality-of-service level of the fabric that the allocation request wants.");
    /** Seconds for which the allocation is to stay valid. Key {@code "pmix.alloc.time"}. */
    public static final Attribute<Integer> ALLOC_TIME = def(UINT32, "PMIX_ALLOC_TIME",
            "pmix.alloc.time", "Seconds for which the allocation is to stay valid.");
    /** Transport wanted for the fabric allocation (tcp, udp ...). Key {@code "pmix.alloc.nettype"}. */
    public static final Attribute<String> ALLOC_FABRIC_TYPE = def(STRING, "PMIX_ALLOC_FABRIC_TYPE",
            "pmix.alloc.nettype", "Transport wanted for the fabric allocation (tcp, udp ...).");
    /** Fabric plane (NIC) to allocate on, e.g. a CIDR for Ethernet. Key {@code "pmix.alloc.netplane"}. */
    public static final Attribute<String> ALLOC_FABRIC_PLANE = def(STRING, "PMIX_ALLOC_FABRIC_PLANE",
            "pmix.alloc.netplane", "Fabric plane (NIC) to allocate on, e.g. a CIDR for Ethernet.");
    /** Fabric endpoints to allocate for each process. Key {@code "pmix.alloc.endpts"}. */
    public static final Attribute<Long> ALLOC_FABRIC_ENDPTS = def(SIZE, "PMIX_ALLOC_FABRIC_ENDPTS",
            "pmix.alloc.endpts", "Fabric endpoints to allocate for each process.");
    /** Fabric endpoints to allocate for each node. Key {@code "pmix.alloc.endpts.nd"}. */
    public static final Attribute<Long> ALLOC_FABRIC_ENDPTS_NODE = def(SIZE, "PMIX_ALLOC_FABRIC_ENDPTS_NODE",
            "pmix.alloc.endpts.nd", "Fabric endpoints to allocate for each node.");
    /** Request that the allocation come with a key securing the job's fabric traffic. Key {@code "pmix.alloc.nsec"}. */
    public static final Attribute<ByteObject> ALLOC_FABRIC_SEC_KEY = def(BYTE_OBJECT, "PMIX_ALLOC_FABRIC_SEC_KEY",
            "pmix.alloc.nsec", "Request that the allocation come with a key securing the job's fabric traffic.");
    /** Scheduler queue the request goes to, or the queue a query is about. Key {@code "pmix.alloc.queue"}. */
    public static final Attribute<String> ALLOC_QUEUE = def(STRING, "PMIX_ALLOC_QUEUE",
            "pmix.alloc.queue", "Scheduler queue the request goes to, or the queue a query is about.");

    // Added by OpenPMIx 5/6 (not in 4.2.2): a child allocation that outlives its parent session
    /**
     * The new allocation lives on when the session it was requested from ends. Not in libpmix 4.2.2. Key
     * {@code "pmix.alloc.sep"}.
     */
    public static final Attribute<Boolean> ALLOC_CHILD_SEP = std(BOOL, "PMIX_ALLOC_CHILD_SEP",
            "pmix.alloc.sep", "The new allocation lives on when the session it was requested from ends.");

    // ---- Session control (PMIx_Session_control; added by OpenPMIx 5/6, not in 4.2.2) --------------------
    /** A string naming this session-control request. Not in libpmix 4.2.2. Key {@code "pmix.ssnctrl.id"}. */
    public static final Attribute<String> SESSION_CTRL_ID = std(STRING, "PMIX_SESSION_CTRL_ID",
            "pmix.ssnctrl.id", "A string naming this session-control request.");
    /** Create the session named by the request's session id. Not in libpmix 4.2.2. Key {@code "pmix.ssn.inst"}. */
    public static final Attribute<Boolean> SESSION_INSTANTIATE = std(BOOL, "PMIX_SESSION_INSTANTIATE",
            "pmix.ssn.inst", "Create the session named by the request's session id.");
    /**
     * The resources of a session being created, as an array of infos (node list ...). Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.res"}.
     */
    public static final Attribute<DataArray> SESSION_RESOURCES = std(DATA_ARRAY, "PMIX_SESSION_RESOURCES",
            "pmix.ssn.res", "The resources of a session being created, as an array of infos (node list ...).");
    /**
     * Job-level directives for the applications a new session is to run. Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.job"}.
     */
    public static final Attribute<DataArray> SESSION_JOB = std(DATA_ARRAY, "PMIX_SESSION_JOB",
            "pmix.ssn.job", "Job-level directives for the applications a new session is to run.");
    /** Applications a new session is to run once it exists. Not in libpmix 4.2.2. Key {@code "pmix.ssn.app"}. */
    public static final Attribute<DataArray> SESSION_APP = std(DATA_ARRAY, "PMIX_SESSION_APP",
            "pmix.ssn.app", "Applications a new session is to run once it exists.");
    /** Nodes (a regex) to provision before the session starts. Not in libpmix 4.2.2. Key {@code "pmix.ssn.pvnnds"}. */
    public static final Attribute<String> SESSION_PROVISION_NODES = std(STRING, "PMIX_SESSION_PROVISION_NODES",
            "pmix.ssn.pvnnds", "Nodes (a regex) to provision before the session starts.");
    /** The image to provision on the session's nodes. Not in libpmix 4.2.2. Key {@code "pmix.ssn.pvnimg"}. */
    public static final Attribute<String> SESSION_PROVISION_IMAGE = std(STRING, "PMIX_SESSION_PROVISION_IMAGE",
            "pmix.ssn.pvnimg", "The image to provision on the session's nodes.");
    /** Stop every process of every job of the session. Not in libpmix 4.2.2. Key {@code "pmix.ssn.pause"}. */
    public static final Attribute<Boolean> SESSION_PAUSE = std(BOOL, "PMIX_SESSION_PAUSE",
            "pmix.ssn.pause", "Stop every process of every job of the session.");
    /** Continue the processes of a paused session. Not in libpmix 4.2.2. Key {@code "pmix.ssn.resume"}. */
    public static final Attribute<Boolean> SESSION_RESUME = std(BOOL, "PMIX_SESSION_RESUME",
            "pmix.ssn.resume", "Continue the processes of a paused session.");
    /**
     * End every job of the session and take its resources back. Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.terminate"}.
     */
    public static final Attribute<Boolean> SESSION_TERMINATE = std(BOOL, "PMIX_SESSION_TERMINATE",
            "pmix.ssn.terminate", "End every job of the session and take its resources back.");
    /**
     * Preempt the session's jobs (those named by PMIX_NSPACE, else all). Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.preempt"}.
     */
    public static final Attribute<Boolean> SESSION_PREEMPT = std(BOOL, "PMIX_SESSION_PREEMPT",
            "pmix.ssn.preempt", "Preempt the session's jobs (those named by PMIX_NSPACE, else all).");
    /** Restore preempted jobs of the session. Not in libpmix 4.2.2. Key {@code "pmix.ssn.restore"}. */
    public static final Attribute<Boolean> SESSION_RESTORE = std(BOOL, "PMIX_SESSION_RESTORE",
            "pmix.ssn.restore", "Restore preempted jobs of the session.");
    /**
     * Send this signal to every process of every job of the session. Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.sig"}.
     */
    public static final Attribute<Integer> SESSION_SIGNAL = std(INT, "PMIX_SESSION_SIGNAL",
            "pmix.ssn.sig", "Send this signal to every process of every job of the session.");
    /**
     * Separate the session from its parent: the two end independently. Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.sep"}.
     */
    public static final Attribute<Boolean> SESSION_SEP = std(BOOL, "PMIX_SESSION_SEP",
            "pmix.ssn.sep", "Separate the session from its parent: the two end independently.");
    /**
     * Extend the session in time or resources, as the other directives say. Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.xtend"}.
     */
    public static final Attribute<Boolean> SESSION_EXTEND = std(BOOL, "PMIX_SESSION_EXTEND",
            "pmix.ssn.xtend", "Extend the session in time or resources, as the other directives say.");
    /**
     * The session has ended and its resources are free (the runtime to its scheduler). Not in libpmix 4.2.2. Key
     * {@code "pmix.ssn.complete"}.
     */
    public static final Attribute<Boolean> SESSION_COMPLETE = std(BOOL, "PMIX_SESSION_COMPLETE",
            "pmix.ssn.complete", "The session has ended and its resources are free (the runtime to its scheduler).");

    // ---- Job control ------------------------------------------------------------------------------------
    /** Name the requester gives a job-control request. Key {@code "pmix.jctrl.id"}. */
    public static final Attribute<String> JOB_CTRL_ID = def(STRING, "PMIX_JOB_CTRL_ID",
            "pmix.jctrl.id", "Name the requester gives a job-control request.");
    /** Suspend the given processes. Key {@code "pmix.jctrl.pause"}. */
    public static final Attribute<Boolean> JOB_CTRL_PAUSE = def(BOOL, "PMIX_JOB_CTRL_PAUSE",
            "pmix.jctrl.pause", "Suspend the given processes.");
    /** Let the given suspended processes continue. Key {@code "pmix.jctrl.resume"}. */
    public static final Attribute<Boolean> JOB_CTRL_RESUME = def(BOOL, "PMIX_JOB_CTRL_RESUME",
            "pmix.jctrl.resume", "Let the given suspended processes continue.");
    /** Cancel the named request; NULL cancels all of the requester's requests. Key {@code "pmix.jctrl.cancel"}. */
    public static final Attribute<String> JOB_CTRL_CANCEL = def(STRING, "PMIX_JOB_CTRL_CANCEL",
            "pmix.jctrl.cancel", "Cancel the named request; NULL cancels all of the requester's requests.");
    /** Kill the given processes without mercy and clean up after them. Key {@code "pmix.jctrl.kill"}. */
    public static final Attribute<Boolean> JOB_CTRL_KILL = def(BOOL, "PMIX_JOB_CTRL_KILL",
            "pmix.jctrl.kill", "Kill the given processes without mercy and clean up after them.");
    /** Restart the given processes from the checkpoint with this id. Key {@code "pmix.jctrl.restart"}. */
    public static final Attribute<String> JOB_CTRL_RESTART = def(STRING, "PMIX_JOB_CTRL_RESTART",
            "pmix.jctrl.restart", "Restart the given processes from the checkpoint with this id.");
    /** Checkpoint the given processes under this id. Key {@code "pmix.jctrl.ckpt"}. */
    public static final Attribute<String> JOB_CTRL_CHECKPOINT = def(STRING, "PMIX_JOB_CTRL_CHECKPOINT",
            "pmix.jctrl.ckpt", "Checkpoint the given processes under this id.");
    /** Trigger checkpoints through an event. Key {@code "pmix.jctrl.ckptev"}. */
    public static final Attribute<Boolean> JOB_CTRL_CHECKPOINT_EVENT = def(BOOL, "PMIX_JOB_CTRL_CHECKPOINT_EVENT",
            "pmix.jctrl.ckptev", "Trigger checkpoints through an event.");
    /** Trigger checkpoints by sending this signal. Key {@code "pmix.jctrl.ckptsig"}. */
    public static final Attribute<Integer> JOB_CTRL_CHECKPOINT_SIGNAL = def(INT, "PMIX_JOB_CTRL_CHECKPOINT_SIGNAL",
            "pmix.jctrl.ckptsig", "Trigger checkpoints by sending this signal.");
    /** How long (seconds) a checkpoint may take to complete. Key {@code "pmix.jctrl.ckptsig"}. */
    public static final Attribute<Integer> JOB_CTRL_CHECKPOINT_TIMEOUT = def(INT, "PMIX_JOB_CTRL_CHECKPOINT_TIMEOUT",
            "pmix.jctrl.ckptsig", "How long (seconds) a checkpoint may take to complete.");
    /** Checkpoint methods the application supports, with their values, as infos. Key {@code "pmix.jctrl.ckmethod"}. */
    public static final Attribute<DataArray> JOB_CTRL_CHECKPOINT_METHOD = def(DATA_ARRAY,
            "PMIX_JOB_CTRL_CHECKPOINT_METHOD",
            "pmix.jctrl.ckmethod", "Checkpoint methods the application supports, with their values, as infos.");
    /** Send this signal to the given processes. Key {@code "pmix.jctrl.sig"}. */
    public static final Attribute<Integer> JOB_CTRL_SIGNAL = def(INT, "PMIX_JOB_CTRL_SIGNAL",
            "pmix.jctrl.sig", "Send this signal to the given processes.");
    /** Nodes to provision, as a regex. Key {@code "pmix.jctrl.pvn"}. */
    public static final Attribute<String> JOB_CTRL_PROVISION = def(STRING, "PMIX_JOB_CTRL_PROVISION",
            "pmix.jctrl.pvn", "Nodes to provision, as a regex.");
    /** Image to provision the nodes with. Key {@code "pmix.jctrl.pvnimg"}. */
    public static final Attribute<String> JOB_CTRL_PROVISION_IMAGE = def(STRING, "PMIX_JOB_CTRL_PROVISION_IMAGE",
            "pmix.jctrl.pvnimg", "Image to provision the nodes with.");
    /** The job may be preempted. Key {@code "pmix.jctrl.preempt"}. */
    public static final Attribute<Boolean> JOB_CTRL_PREEMPTIBLE = def(BOOL, "PMIX_JOB_CTRL_PREEMPTIBLE",
            "pmix.jctrl.preempt", "The job may be preempted.");
    // Added by OpenPMIx 5/6 (not in 4.2.2)
    /**
     * Separate the named job from its parent: the two end independently. Not in libpmix 4.2.2. Key
     * {@code "pmix.jctrl.sep"}.
     */
    public static final Attribute<Boolean> JOB_CTRL_SEP = std(BOOL, "PMIX_JOB_CTRL_SEP",
            "pmix.jctrl.sep", "Separate the named job from its parent: the two end independently.");
    /** Ask the given processes to end, gently. Key {@code "pmix.jctrl.term"}. */
    public static final Attribute<Boolean> JOB_CTRL_TERMINATE = def(BOOL, "PMIX_JOB_CTRL_TERMINATE",
            "pmix.jctrl.term", "Ask the given processes to end, gently.");
    /** Files (comma-separated) to delete when the process ends. Key {@code "pmix.reg.cleanup"}. */
    public static final Attribute<String> REGISTER_CLEANUP = def(STRING, "PMIX_REGISTER_CLEANUP",
            "pmix.reg.cleanup", "Files (comma-separated) to delete when the process ends.");
    /** Directories (comma-separated) to delete when the process ends. Key {@code "pmix.reg.cleanupdir"}. */
    public static final Attribute<String> REGISTER_CLEANUP_DIR = def(STRING, "PMIX_REGISTER_CLEANUP_DIR",
            "pmix.reg.cleanupdir", "Directories (comma-separated) to delete when the process ends.");
    /** Delete everything below the given directories too. Key {@code "pmix.clnup.recurse"}. */
    public static final Attribute<Boolean> CLEANUP_RECURSIVE = def(BOOL, "PMIX_CLEANUP_RECURSIVE",
            "pmix.clnup.recurse", "Delete everything below the given directories too.");
    /** Delete only subdirectories that are empty. Key {@code "pmix.clnup.empty"}. */
    public static final Attribute<Boolean> CLEANUP_EMPTY = def(BOOL, "PMIX_CLEANUP_EMPTY",
            "pmix.clnup.empty", "Delete only subdirectories that are empty.");
    /** File names (comma-separated) to keep when cleaning up. Key {@code "pmix.clnup.ignore"}. */
    public static final Attribute<String> CLEANUP_IGNORE = def(STRING, "PMIX_CLEANUP_IGNORE",
            "pmix.clnup.ignore", "File names (comma-separated) to keep when cleaning up.");
    /** Keep the named top directory itself when cleaning below it. Key {@code "pmix.clnup.lvtop"}. */
    public static final Attribute<Boolean> CLEANUP_LEAVE_TOPDIR = def(BOOL, "PMIX_CLEANUP_LEAVE_TOPDIR",
            "pmix.clnup.lvtop", "Keep the named top directory itself when cleaning below it.");

    // ---- Monitoring -------------------------------------------------------------------------------------
    /** Name the requester gives a monitoring request. Key {@code "pmix.monitor.id"}. */
    public static final Attribute<String> MONITOR_ID = def(STRING, "PMIX_MONITOR_ID",
            "pmix.monitor.id", "Name the requester gives a monitoring request.");
    /** Stop the named monitoring; NULL stops all monitoring of this process. Key {@code "pmix.monitor.cancel"}. */
    public static final Attribute<String> MONITOR_CANCEL = def(STRING, "PMIX_MONITOR_CANCEL",
            "pmix.monitor.cancel", "Stop the named monitoring; NULL stops all monitoring of this process.");
    /** The application wants to decide itself how to react to monitoring events. Key {@code "pmix.monitor.appctrl"}. */
    public static final Attribute<Boolean> MONITOR_APP_CONTROL = def(BOOL, "PMIX_MONITOR_APP_CONTROL",
            "pmix.monitor.appctrl", "The application wants to decide itself how to react to monitoring events.");
    // libpmix 4.2.2 annotates the type as bool
    /** Have the server watch the requester for heartbeats. Key {@code "pmix.monitor.mbeat"}. */
    public static final Attribute<Value> MONITOR_HEARTBEAT = def(UNDEF, "PMIX_MONITOR_HEARTBEAT",
            "pmix.monitor.mbeat", "Have the server watch the requester for heartbeats.");
    // libpmix 4.2.2 annotates the type as bool
    /** Send a heartbeat to the local server. Key {@code "pmix.monitor.beat"}. */
    public static final Attribute<Value> SEND_HEARTBEAT = def(UNDEF, "PMIX_SEND_HEARTBEAT",
            "pmix.monitor.beat", "Send a heartbeat to the local server.");
    /** Seconds without a heartbeat after which one counts as missed. Key {@code "pmix.monitor.btime"}. */
    public static final Attribute<Integer> MONITOR_HEARTBEAT_TIME = def(UINT32, "PMIX_MONITOR_HEARTBEAT_TIME",
            "pmix.monitor.btime", "Seconds without a heartbeat after which one counts as missed.");
    /** Missed heartbeats tolerated before an event is raised. Key {@code "pmix.monitor.bdrop"}. */
    public static final Attribute<Integer> MONITOR_HEARTBEAT_DROPS = def(UINT32, "PMIX_MONITOR_HEARTBEAT_DROPS",
            "pmix.monitor.bdrop", "Missed heartbeats tolerated before an event is raised.");
    /** Watch this file for signs that the application is alive. Key {@code "pmix.monitor.fmon"}. */
    public static final Attribute<String> MONITOR_FILE = def(STRING, "PMIX_MONITOR_FILE",
            "pmix.monitor.fmon", "Watch this file for signs that the application is alive.");
    /** Judge liveness by the watched file growing. Key {@code "pmix.monitor.fsize"}. */
    public static final Attribute<Boolean> MONITOR_FILE_SIZE = def(BOOL, "PMIX_MONITOR_FILE_SIZE",
            "pmix.monitor.fsize", "Judge liveness by the watched file growing.");
    /** Judge liveness by the time since the file was last read. Key {@code "pmix.monitor.faccess"}. */
    public static final Attribute<String> MONITOR_FILE_ACCESS = def(STRING, "PMIX_MONITOR_FILE_ACCESS",
            "pmix.monitor.faccess", "Judge liveness by the time since the file was last read.");
    /** Judge liveness by the time since the file was last changed. Key {@code "pmix.monitor.fmod"}. */
    public static final Attribute<String> MONITOR_FILE_MODIFY = def(STRING, "PMIX_MONITOR_FILE_MODIFY",
            "pmix.monitor.fmod", "Judge liveness by the time since the file was last changed.");
    /** Seconds between two looks at the file. Key {@code "pmix.monitor.ftime"}. */
    public static final Attribute<Integer> MONITOR_FILE_CHECK_TIME = def(UINT32, "PMIX_MONITOR_FILE_CHECK_TIME",
            "pmix.monitor.ftime", "Seconds between two looks at the file.");
    /** Failed file checks tolerated before an event is raised. Key {@code "pmix.monitor.fdrop"}. */
    public static final Attribute<Integer> MONITOR_FILE_DROPS = def(UINT32, "PMIX_MONITOR_FILE_DROPS",
            "pmix.monitor.fdrop", "Failed file checks tolerated before an event is raised.");

    // ---- Security ---------------------------------------------------------------------------------------
    /**
     * Credential types wanted, in order of preference (comma-separated), for PMIx_Get_credential. Key
     * {@code "pmix.sec.ctype"}.
     */
    public static final Attribute<String> CRED_TYPE = def(STRING, "PMIX_CRED_TYPE",
            "pmix.sec.ctype",
            "Credential types wanted, in order of preference (comma-separated), for PMIx_Get_credential.");
    /** Cryptographic key material. Key {@code "pmix.sec.key"}. */
    public static final Attribute<ByteObject> CRYPTO_KEY = def(BYTE_OBJECT, "PMIX_CRYPTO_KEY",
            "pmix.sec.key", "Cryptographic key material.");

    // ---- Forwarding of standard I/O ---------------------------------------------------------------------
    /** Bytes the server may buffer per forwarded channel. Key {@code "pmix.iof.csize"}. */
    public static final Attribute<Integer> IOF_CACHE_SIZE = def(UINT32, "PMIX_IOF_CACHE_SIZE",
            "pmix.iof.csize", "Bytes the server may buffer per forwarded channel.");
    /** When the buffer overflows, throw away the oldest bytes. Key {@code "pmix.iof.old"}. */
    public static final Attribute<Boolean> IOF_DROP_OLDEST = def(BOOL, "PMIX_IOF_DROP_OLDEST",
            "pmix.iof.old", "When the buffer overflows, throw away the oldest bytes.");
    /**
     * When the buffer overflows, throw away incoming bytes until there is room (the default). Key
     * {@code "pmix.iof.new"}.
     */
    public static final Attribute<Boolean> IOF_DROP_NEWEST = def(BOOL, "PMIX_IOF_DROP_NEWEST",
            "pmix.iof.new", "When the buffer overflows, throw away incoming bytes until there is room (the default).");
    /** Collect this many bytes of output before delivering them. Key {@code "pmix.iof.bsize"}. */
    public static final Attribute<Integer> IOF_BUFFERING_SIZE = def(UINT32, "PMIX_IOF_BUFFERING_SIZE",
            "pmix.iof.bsize", "Collect this many bytes of output before delivering them.");
    /** Deliver buffered output after at most this many seconds. Key {@code "pmix.iof.btime"}. */
    public static final Attribute<Integer> IOF_BUFFERING_TIME = def(UINT32, "PMIX_IOF_BUFFERING_TIME",
            "pmix.iof.btime", "Deliver buffered output after at most this many seconds.");
    /** The source has closed the output channel. Key {@code "pmix.iof.cmp"}. */
    public static final Attribute<Boolean> IOF_COMPLETE = def(BOOL, "PMIX_IOF_COMPLETE",
            "pmix.iof.cmp", "The source has closed the output channel.");
    /**
     * A tool asks its library to collect its own stdin and send it on to the targets of PMIx_IOF_push. Key
     * {@code "pmix.iof.stdin"}.
     */
    public static final Attribute<Boolean> IOF_PUSH_STDIN = def(BOOL, "PMIX_IOF_PUSH_STDIN",
            "pmix.iof.stdin",
            "A tool asks its library to collect its own stdin and send it on to the targets of PMIx_IOF_push.");
    /** Prefix output with [local jobid,rank] and the channel. Key {@code "pmix.iof.tag"}. */
    public static final Attribute<Boolean> IOF_TAG_OUTPUT = def(BOOL, "PMIX_IOF_TAG_OUTPUT",
            "pmix.iof.tag", "Prefix output with [local jobid,rank] and the channel.");
    /** Prefix output with the channel and [local jobid,rank][hostname:pid]. Key {@code "pmix.iof.tagdet"}. */
    public static final Attribute<Boolean> IOF_TAG_DETAILED_OUTPUT = def(BOOL, "PMIX_IOF_TAG_DETAILED_OUTPUT",
            "pmix.iof.tagdet", "Prefix output with the channel and [local jobid,rank][hostname:pid].");
    /** Prefix output with [nspace,rank] and the channel. Key {@code "pmix.iof.tagfull"}. */
    public static final Attribute<Boolean> IOF_TAG_FULLNAME_OUTPUT = def(BOOL, "PMIX_IOF_TAG_FULLNAME_OUTPUT",
            "pmix.iof.tagfull", "Prefix output with [nspace,rank] and the channel.");
    /** Prefix output with the rank that wrote it. Key {@code "pmix.iof.rank"}. */
    public static final Attribute<Boolean> IOF_RANK_OUTPUT = def(BOOL, "PMIX_IOF_RANK_OUTPUT",
            "pmix.iof.rank", "Prefix output with the rank that wrote it.");
    /** Prefix output with the time the tool received it. Key {@code "pmix.iof.ts"}. */
    public static final Attribute<Boolean> IOF_TIMESTAMP_OUTPUT = def(BOOL, "PMIX_IOF_TIMESTAMP_OUTPUT",
            "pmix.iof.ts", "Prefix output with the time the tool received it.");
    /** Merge the application's stderr into its stdout. Key {@code "pmix.iof.mrg"}. */
    public static final Attribute<Boolean> IOF_MERGE_STDERR_STDOUT = def(BOOL, "PMIX_IOF_MERGE_STDERR_STDOUT",
            "pmix.iof.mrg", "Merge the application's stderr into its stdout.");
    /** Wrap output in XML. Key {@code "pmix.iof.xml"}. */
    public static final Attribute<Boolean> IOF_XML_OUTPUT = def(BOOL, "PMIX_IOF_XML_OUTPUT",
            "pmix.iof.xml", "Wrap output in XML.");
    /**
     * Write output to files named after this one plus .rank, stdout and stderr together. Key {@code "pmix.iof.file"}.
     */
    public static final Attribute<String> IOF_OUTPUT_TO_FILE = def(STRING, "PMIX_IOF_OUTPUT_TO_FILE",
            "pmix.iof.file", "Write output to files named after this one plus .rank, stdout and stderr together.");
    /** Use the output file name as given, without adding namespace, rank and so on. Key {@code "pmix.iof.fpt"}. */
    public static final Attribute<Boolean> IOF_FILE_PATTERN = def(BOOL, "PMIX_IOF_FILE_PATTERN",
            "pmix.iof.fpt", "Use the output file name as given, without adding namespace, rank and so on.");
    /** Write output to files below this directory, one subdirectory per job and rank. Key {@code "pmix.iof.dir"}. */
    public static final Attribute<String> IOF_OUTPUT_TO_DIRECTORY = def(STRING, "PMIX_IOF_OUTPUT_TO_DIRECTORY",
            "pmix.iof.dir", "Write output to files below this directory, one subdirectory per job and rank.");
    /** Write output only to the files, not to stdout/stderr as well. Key {@code "pmix.iof.fonly"}. */
    public static final Attribute<Boolean> IOF_FILE_ONLY = def(BOOL, "PMIX_IOF_FILE_ONLY",
            "pmix.iof.fonly", "Write output only to the files, not to stdout/stderr as well.");
    /** Give the tool a copy of the output while it still goes to its usual place. Key {@code "pmix.iof.cpy"}. */
    public static final Attribute<Boolean> IOF_COPY = def(BOOL, "PMIX_IOF_COPY",
            "pmix.iof.cpy", "Give the tool a copy of the output while it still goes to its usual place.");
    /** Send the output to the tool instead of its usual place. Key {@code "pmix.iof.redir"}. */
    public static final Attribute<Boolean> IOF_REDIRECT = def(BOOL, "PMIX_IOF_REDIRECT",
            "pmix.iof.redir", "Send the output to the tool instead of its usual place.");
    /** Write the output streams to the local stdout/stderr. Key {@code "pmix.iof.local"}. */
    public static final Attribute<Boolean> IOF_LOCAL_OUTPUT = def(BOOL, "PMIX_IOF_LOCAL_OUTPUT",
            "pmix.iof.local", "Write the output streams to the local stdout/stderr.");
    /** Pass output on as it arrives rather than in whole lines. Key {@code "pmix.iof.raw"}. */
    public static final Attribute<Boolean> IOF_OUTPUT_RAW = def(BOOL, "PMIX_IOF_OUTPUT_RAW",
            "pmix.iof.raw", "Pass output on as it arrives rather than in whole lines.");

    // ---- Setup data for applications --------------------------------------------------------------------
    /** Collect the relevant environment variables into the setup data. Key {@code "pmix.setup.env"}. */
    public static final Attribute<Boolean> SETUP_APP_ENVARS = def(BOOL, "PMIX_SETUP_APP_ENVARS",
            "pmix.setup.env", "Collect the relevant environment variables into the setup data.");
    /** Collect the relevant data other than environment variables. Key {@code "pmix.setup.nenv"}. */
    public static final Attribute<Boolean> SETUP_APP_NONENVARS = def(BOOL, "PMIX_SETUP_APP_NONENVARS",
            "pmix.setup.nenv", "Collect the relevant data other than environment variables.");
    /** Collect all relevant setup data. Key {@code "pmix.setup.all"}. */
    public static final Attribute<Boolean> SETUP_APP_ALL = def(BOOL, "PMIX_SETUP_APP_ALL",
            "pmix.setup.all", "Collect all relevant setup data.");

    // ---- Process groups ---------------------------------------------------------------------------------
    /** Name of a process group, chosen by the user and unique. Key {@code "pmix.grp.id"}. */
    public static final Attribute<String> GROUP_ID = def(STRING, "PMIX_GROUP_ID",
            "pmix.grp.id", "Name of a process group, chosen by the user and unique.");
    /** This process leads the group. Key {@code "pmix.grp.ldr"}. */
    public static final Attribute<Boolean> GROUP_LEADER = def(BOOL, "PMIX_GROUP_LEADER",
            "pmix.grp.ldr", "This process leads the group.");
    /**
     * Joining is optional: members ending before they join are no error (default false). Key {@code "pmix.grp.opt"}.
     */
    public static final Attribute<Boolean> GROUP_OPTIONAL = def(BOOL, "PMIX_GROUP_OPTIONAL",
            "pmix.grp.opt", "Joining is optional: members ending before they join are no error (default false).");
    /**
     * Tell the other members when a member ends without leaving the group (default false). Key
     * {@code "pmix.grp.notterm"}.
     */
    public static final Attribute<Boolean> GROUP_NOTIFY_TERMINATION = def(BOOL, "PMIX_GROUP_NOTIFY_TERMINATION",
            "pmix.grp.notterm", "Tell the other members when a member ends without leaving the group (default false).");
    /** Adjust the group's bookkeeping for members that ended (default false). Key {@code "pmix.grp.ftcoll"}. */
    public static final Attribute<Boolean> GROUP_FT_COLLECTIVE = def(BOOL, "PMIX_GROUP_FT_COLLECTIVE",
            "pmix.grp.ftcoll", "Adjust the group's bookkeeping for members that ended (default false).");
    /** Procs that are members of the group. Key {@code "pmix.grp.mbrs"}. */
    public static final Attribute<DataArray> GROUP_MEMBERSHIP = def(DATA_ARRAY, "PMIX_GROUP_MEMBERSHIP",
            "pmix.grp.mbrs", "Procs that are members of the group.");
    /** Ask the resource manager for a unique numeric (size_t) id for the group. Key {@code "pmix.grp.actxid"}. */
    public static final Attribute<Boolean> GROUP_ASSIGN_CONTEXT_ID = def(BOOL, "PMIX_GROUP_ASSIGN_CONTEXT_ID",
            "pmix.grp.actxid", "Ask the resource manager for a unique numeric (size_t) id for the group.");
    /** Numeric id the resource manager gave the group. Key {@code "pmix.grp.ctxid"}. */
    public static final Attribute<Long> GROUP_CONTEXT_ID = def(SIZE, "PMIX_GROUP_CONTEXT_ID",
            "pmix.grp.ctxid", "Numeric id the resource manager gave the group.");
    /** Only processes on this node take part in the group operation. Key {@code "pmix.grp.lcl"}. */
    public static final Attribute<Boolean> GROUP_LOCAL_ONLY = def(BOOL, "PMIX_GROUP_LOCAL_ONLY",
            "pmix.grp.lcl", "Only processes on this node take part in the group operation.");
    /** Data gathered during group construction to be shared among the members. Key {@code "pmix.grp.endpt"}. */
    public static final Attribute<ByteObject> GROUP_ENDPT_DATA = def(BYTE_OBJECT, "PMIX_GROUP_ENDPT_DATA",
            "pmix.grp.endpt", "Data gathered during group construction to be shared among the members.");
    /** Names (strings) of all process groups that contain the process. Key {@code "pmix.pgrp.nm"}. */
    public static final Attribute<DataArray> GROUP_NAMES = def(DATA_ARRAY, "PMIX_GROUP_NAMES",
            "pmix.pgrp.nm", "Names (strings) of all process groups that contain the process.");
    /** Infos to be shared with every member while the group is being built. Key {@code "pmix.grp.info"}. */
    public static final Attribute<DataArray> GROUP_INFO = def(DATA_ARRAY, "PMIX_GROUP_INFO",
            "pmix.grp.info", "Infos to be shared with every member while the group is being built.");
    /** Local context id of one member of a group. Key {@code "pmix.grp.lclid"}. */
    public static final Attribute<Long> GROUP_LOCAL_CID = def(SIZE, "PMIX_GROUP_LOCAL_CID",
            "pmix.grp.lclid", "Local context id of one member of a group.");
    /**
     * Procs to invite into the group besides those in the procs array of PMIx_Group_construct. Key
     * {@code "pmix.grp.add"}.
     */
    public static final Attribute<DataArray> GROUP_ADD_MEMBERS = def(DATA_ARRAY, "PMIX_GROUP_ADD_MEMBERS",
            "pmix.grp.add", "Procs to invite into the group besides those in the procs array of PMIx_Group_construct.");

    // ---- Storage systems --------------------------------------------------------------------------------
    /** Query: ids (comma-separated) of all storage systems available. Key {@code "pmix.strg.list"}. */
    public static final Attribute<String> QUERY_STORAGE_LIST = def(STRING, "PMIX_QUERY_STORAGE_LIST",
            "pmix.strg.list", "Query: ids (comma-separated) of all storage systems available.");
    // libpmix 4.2.2 annotates the type as uint64_t
    // The Standard v5.0 spells the key "pmix.strg.caplim"
    /** Total capacity of the storage system, in megabytes. Key {@code "pmix.strg.cap"}. */
    public static final Attribute<Double> STORAGE_CAPACITY_LIMIT = def(DOUBLE, "PMIX_STORAGE_CAPACITY_LIMIT",
            "pmix.strg.cap", "Total capacity of the storage system, in megabytes.");
    // The Standard v5.0 spells the key "pmix.strg.objlim"
    /** Most objects (inodes ...) the storage system can hold. Key {@code "pmix.strg.obj"}. */
    public static final Attribute<Long> STORAGE_OBJECT_LIMIT = def(UINT64, "PMIX_STORAGE_OBJECT_LIMIT",
            "pmix.strg.obj", "Most objects (inodes ...) the storage system can hold.");
    /** Id of the storage system meant. Key {@code "pmix.strg.id"}. */
    public static final Attribute<String> STORAGE_ID = def(STRING, "PMIX_STORAGE_ID",
            "pmix.strg.id", "Id of the storage system meant.");
    /** Mount point of the storage system with the given id. Key {@code "pmix.strg.path"}. */
    public static final Attribute<String> STORAGE_PATH = def(STRING, "PMIX_STORAGE_PATH",
            "pmix.strg.path", "Mount point of the storage system with the given id.");
    /** Kind of storage meant (lustre, gpfs ...), as a qualifier. Key {@code "pmix.strg.type"}. */
    public static final Attribute<String> STORAGE_TYPE = def(STRING, "PMIX_STORAGE_TYPE",
            "pmix.strg.type", "Kind of storage meant (lustre, gpfs ...), as a qualifier.");
    /** From where the storage system can be reached (same node, same session ...). Key {@code "pmix.strg.access"}. */
    public static final Attribute<Value.StorAccess> STORAGE_ACCESSIBILITY = def(STOR_ACCESS,
            "PMIX_STORAGE_ACCESSIBILITY",
            "pmix.strg.access", "From where the storage system can be reached (same node, same session ...).");
    /** Which kind of access (read, write ...) the figures asked for refer to. Key {@code "pmix.strg.atype"}. */
    public static final Attribute<Value.StorAccessType> STORAGE_ACCESS_TYPE = def(STOR_ACCESS_TYPE,
            "PMIX_STORAGE_ACCESS_TYPE",
            "pmix.strg.atype", "Which kind of access (read, write ...) the figures asked for refer to.");
    /** Bandwidth lately seen on the storage system, bytes per second. Key {@code "pmix.strg.bwcur"}. */
    public static final Attribute<Double> STORAGE_BW_CUR = def(DOUBLE, "PMIX_STORAGE_BW_CUR",
            "pmix.strg.bwcur", "Bandwidth lately seen on the storage system, bytes per second.");
    /**
     * Highest bandwidth of the storage system (theoretical or seen), bytes per second. Key {@code "pmix.strg.bwmax"}.
     */
    public static final Attribute<Double> STORAGE_BW_MAX = def(DOUBLE, "PMIX_STORAGE_BW_MAX",
            "pmix.strg.bwmax", "Highest bandwidth of the storage system (theoretical or seen), bytes per second.");
    /** Capacity of the storage system in use, in bytes. Key {@code "pmix.strg.capuse"}. */
    public static final Attribute<Double> STORAGE_CAPACITY_USED = def(DOUBLE, "PMIX_STORAGE_CAPACITY_USED",
            "pmix.strg.capuse", "Capacity of the storage system in use, in bytes.");
    /** Recently observed I/O operations per second of the storage system. Key {@code "pmix.strg.iopscur"}. */
    public static final Attribute<Double> STORAGE_IOPS_CUR = def(DOUBLE, "PMIX_STORAGE_IOPS_CUR",
            "pmix.strg.iopscur", "Recently observed I/O operations per second of the storage system.");
    /**
     * Peak I/O operations per second of the storage system (theoretical or measured). Key
     * {@code "pmix.strg.iopsmax"}.
     */
    public static final Attribute<Double> STORAGE_IOPS_MAX = def(DOUBLE, "PMIX_STORAGE_IOPS_MAX",
            "pmix.strg.iopsmax", "Peak I/O operations per second of the storage system (theoretical or measured).");
    /** Media the storage system is built on (SSD, disk, tape ...). Key {@code "pmix.strg.medium"}. */
    public static final Attribute<Value.StorMedium> STORAGE_MEDIUM = def(STOR_MEDIUM, "PMIX_STORAGE_MEDIUM",
            "pmix.strg.medium", "Media the storage system is built on (SSD, disk, tape ...).");
    /** Smallest unit the storage system transfers (e.g. its block size), in bytes. Key {@code "pmix.strg.minxfer"}. */
    public static final Attribute<Double> STORAGE_MINIMAL_XFER_SIZE = def(DOUBLE, "PMIX_STORAGE_MINIMAL_XFER_SIZE",
            "pmix.strg.minxfer", "Smallest unit the storage system transfers (e.g. its block size), in bytes.");
    /** Number of objects (inodes ...) in use on the storage system. Key {@code "pmix.strg.objuse"}. */
    public static final Attribute<Long> STORAGE_OBJECTS_USED = def(UINT64, "PMIX_STORAGE_OBJECTS_USED",
            "pmix.strg.objuse", "Number of objects (inodes ...) in use on the storage system.");
    /** How durable the storage system is (scratch, archive ...). Key {@code "pmix.strg.persist"}. */
    public static final Attribute<Value.StorPersist> STORAGE_PERSISTENCE = def(STOR_PERSIST, "PMIX_STORAGE_PERSISTENCE",
            "pmix.strg.persist", "How durable the storage system is (scratch, archive ...).");
    /** Transfer size recommended for the storage system, in bytes. Key {@code "pmix.strg.sxfer"}. */
    public static final Attribute<Double> STORAGE_SUGGESTED_XFER_SIZE = def(DOUBLE, "PMIX_STORAGE_SUGGESTED_XFER_SIZE",
            "pmix.strg.sxfer", "Transfer size recommended for the storage system, in bytes.");
    /** Version text of the storage system. Key {@code "pmix.strg.ver"}. */
    public static final Attribute<String> STORAGE_VERSION = def(STRING, "PMIX_STORAGE_VERSION",
            "pmix.strg.ver", "Version text of the storage system.");

    // ---- Fabrics and fabric devices ---------------------------------------------------------------------
    /** Pointer to a square matrix of relative point-to-point costs (uint16 values). Key {@code "pmix.fab.cm"}. */
    public static final Attribute<Value.Pointer> FABRIC_COST_MATRIX = def(POINTER, "PMIX_FABRIC_COST_MATRIX",
            "pmix.fab.cm", "Pointer to a square matrix of relative point-to-point costs (uint16 values).");
    /**
     * Fabric group membership of the nodes: each group number, a colon, then its nodes. Key {@code "pmix.fab.grps"}.
     */
    public static final Attribute<String> FABRIC_GROUPS = def(STRING, "PMIX_FABRIC_GROUPS",
            "pmix.fab.grps", "Fabric group membership of the nodes: each group number, a colon, then its nodes.");
    /** Who makes the fabric. Key {@code "pmix.fab.vndr"}. */
    public static final Attribute<String> FABRIC_VENDOR = def(STRING, "PMIX_FABRIC_VENDOR",
            "pmix.fab.vndr", "Who makes the fabric.");
    /** Name of the fabric. Key {@code "pmix.fab.id"}. */
    public static final Attribute<String> FABRIC_IDENTIFIER = def(STRING, "PMIX_FABRIC_IDENTIFIER",
            "pmix.fab.id", "Name of the fabric.");
    /** Index of the fabric, as its fabric structure reports it. Key {@code "pmix.fab.idx"}. */
    public static final Attribute<Long> FABRIC_INDEX = def(SIZE, "PMIX_FABRIC_INDEX",
            "pmix.fab.idx", "Index of the fabric, as its fabric structure reports it.");
    // The Standard v5.0 spells the key "pmix.fab.coords"
    /** Coordinates (geometries) in the fabric of every device on the given node. Key {@code "pmix.fab.coord"}. */
    public static final Attribute<DataArray> FABRIC_COORDINATES = def(Level.NODE, DATA_ARRAY, "PMIX_FABRIC_COORDINATES",
            "pmix.fab.coord", "Coordinates (geometries) in the fabric of every device on the given node.");
    /** Id the vendor gives the device or product. Key {@code "pmix.fabdev.vendid"}. */
    public static final Attribute<String> FABRIC_DEVICE_VENDORID = def(Level.NODE,
            STRING, "PMIX_FABRIC_DEVICE_VENDORID",
            "pmix.fabdev.vendid", "Id the vendor gives the device or product.");
    /** How many fabric devices the system has; also the order of the cost matrix. Key {@code "pmix.fab.nverts"}. */
    public static final Attribute<Long> FABRIC_NUM_DEVICES = def(SIZE, "PMIX_FABRIC_NUM_DEVICES",
            "pmix.fab.nverts", "How many fabric devices the system has; also the order of the cost matrix.");
    /** Number of dimensions of the given fabric plane (or of each plane). Key {@code "pmix.fab.dims"}. */
    public static final Attribute<Integer> FABRIC_DIMS = def(UINT32, "PMIX_FABRIC_DIMS",
            "pmix.fab.dims", "Number of dimensions of the given fabric plane (or of each plane).");
    /** Id of a fabric plane; as a qualifier, the plane asked about. Key {@code "pmix.fab.plane"}. */
    public static final Attribute<String> FABRIC_PLANE = def(STRING, "PMIX_FABRIC_PLANE",
            "pmix.fab.plane", "Id of a fabric plane; as a qualifier, the plane asked about.");
    /** Id of a fabric switch; as a qualifier, the switch asked about. Key {@code "pmix.fab.switch"}. */
    public static final Attribute<String> FABRIC_SWITCH = def(STRING, "PMIX_FABRIC_SWITCH",
            "pmix.fab.switch", "Id of a fabric switch; as a qualifier, the switch asked about.");
    /** Fabric endpoints of a process, possibly several. Key {@code "pmix.fab.endpt"}. */
    public static final Attribute<DataArray> FABRIC_ENDPT = def(DATA_ARRAY, "PMIX_FABRIC_ENDPT",
            "pmix.fab.endpt", "Fabric endpoints of a process, possibly several.");
    /** Size of each dimension of the fabric plane, as uint32 values. Key {@code "pmix.fab.shape"}. */
    public static final Attribute<DataArray> FABRIC_SHAPE = def(DATA_ARRAY, "PMIX_FABRIC_SHAPE",
            "pmix.fab.shape", "Size of each dimension of the fabric plane, as uint32 values.");
    /** Shape of the fabric as text, such as 10x12x2. Key {@code "pmix.fab.shapestr"}. */
    public static final Attribute<String> FABRIC_SHAPE_STRING = def(STRING, "PMIX_FABRIC_SHAPE_STRING",
            "pmix.fab.shapestr", "Shape of the fabric as text, such as 10x12x2.");
    // libpmix 4.2.2 annotates the type as char*
    /** Ranks that share a switch with the given process, per switch. Key {@code "pmix.speers"}. */
    public static final Attribute<DataArray> SWITCH_PEERS = def(DATA_ARRAY, "PMIX_SWITCH_PEERS",
            "pmix.speers", "Ranks that share a switch with the given process, per switch.");
    /** Description of one fabric device as infos, its device id first. Key {@code "pmix.fabdev"}. */
    public static final Attribute<DataArray> FABRIC_DEVICE = def(Level.NODE, DATA_ARRAY, "PMIX_FABRIC_DEVICE",
            "pmix.fabdev", "Description of one fabric device as infos, its device id first.");
    /** Descriptions of all fabric devices on the given node. Key {@code "pmix.fab.devs"}. */
    public static final Attribute<DataArray> FABRIC_DEVICES = def(Level.NODE, DATA_ARRAY, "PMIX_FABRIC_DEVICES",
            "pmix.fab.devs", "Descriptions of all fabric devices on the given node.");
    /** Operating-system name of the device (eth0 ...) or a path to it. Key {@code "pmix.fabdev.nm"}. */
    public static final Attribute<String> FABRIC_DEVICE_NAME = def(Level.NODE, STRING, "PMIX_FABRIC_DEVICE_NAME",
            "pmix.fabdev.nm", "Operating-system name of the device (eth0 ...) or a path to it.");
    /** Row of the device in the communication cost matrix. Key {@code "pmix.fabdev.idx"}. */
    public static final Attribute<Integer> FABRIC_DEVICE_INDEX = def(Level.NODE, UINT32, "PMIX_FABRIC_DEVICE_INDEX",
            "pmix.fabdev.idx", "Row of the device in the communication cost matrix.");
    /** Who sells the network card. Key {@code "pmix.fabdev.vndr"}. */
    public static final Attribute<String> FABRIC_DEVICE_VENDOR = def(Level.NODE, STRING, "PMIX_FABRIC_DEVICE_VENDOR",
            "pmix.fabdev.vndr", "Who sells the network card.");
    /** Bus the device sits on (PCI, GEN-Z ...). Key {@code "pmix.fabdev.btyp"}. */
    public static final Attribute<String> FABRIC_DEVICE_BUS_TYPE = def(Level.NODE,
            STRING, "PMIX_FABRIC_DEVICE_BUS_TYPE",
            "pmix.fabdev.btyp", "Bus the device sits on (PCI, GEN-Z ...).");
    /** Driver of the device. Key {@code "pmix.fabdev.driver"}. */
    public static final Attribute<String> FABRIC_DEVICE_DRIVER = def(Level.NODE, STRING, "PMIX_FABRIC_DEVICE_DRIVER",
            "pmix.fabdev.driver", "Driver of the device.");
    /** Firmware version of the device. Key {@code "pmix.fabdev.fmwr"}. */
    public static final Attribute<String> FABRIC_DEVICE_FIRMWARE = def(Level.NODE,
            STRING, "PMIX_FABRIC_DEVICE_FIRMWARE",
            "pmix.fabdev.fmwr", "Firmware version of the device.");
    /** Main link-level address (e.g. MAC) of the device; one only. Key {@code "pmix.fabdev.addr"}. */
    public static final Attribute<String> FABRIC_DEVICE_ADDRESS = def(Level.NODE, STRING, "PMIX_FABRIC_DEVICE_ADDRESS",
            "pmix.fabdev.addr", "Main link-level address (e.g. MAC) of the device; one only.");
    /** Fabric coordinates of the device in every view it supports. Key {@code "pmix.fab.coord"}. */
    public static final Attribute<Geometry> FABRIC_DEVICE_COORDINATES = def(GEOMETRY, "PMIX_FABRIC_DEVICE_COORDINATES",
            "pmix.fab.coord", "Fabric coordinates of the device in every view it supports.");
    /** Largest link-level frame of the device, in bytes. Key {@code "pmix.fabdev.mtu"}. */
    public static final Attribute<Long> FABRIC_DEVICE_MTU = def(Level.NODE, SIZE, "PMIX_FABRIC_DEVICE_MTU",
            "pmix.fabdev.mtu", "Largest link-level frame of the device, in bytes.");
    /** Current link rate of the device, bits per second. Key {@code "pmix.fabdev.speed"}. */
    public static final Attribute<Long> FABRIC_DEVICE_SPEED = def(Level.NODE, SIZE, "PMIX_FABRIC_DEVICE_SPEED",
            "pmix.fabdev.speed", "Current link rate of the device, bits per second.");
    /** Port state last seen on the device (unknown, down, up). Key {@code "pmix.fabdev.state"}. */
    public static final Attribute<LinkState> FABRIC_DEVICE_STATE = def(Level.NODE,
            LINK_STATE, "PMIX_FABRIC_DEVICE_STATE",
            "pmix.fabdev.state", "Port state last seen on the device (unknown, down, up).");
    /** Kind of interface now active on the device (Ethernet, InfiniBand ...). Key {@code "pmix.fabdev.type"}. */
    public static final Attribute<String> FABRIC_DEVICE_TYPE = def(Level.NODE, STRING, "PMIX_FABRIC_DEVICE_TYPE",
            "pmix.fabdev.type", "Kind of interface now active on the device (Ethernet, InfiniBand ...).");
    /** Node-unique id of a device on a PCI bus. Key {@code "pmix.fabdev.pcidevid"}. */
    public static final Attribute<String> FABRIC_DEVICE_PCI_DEVID = def(Level.NODE,
            STRING, "PMIX_FABRIC_DEVICE_PCI_DEVID",
            "pmix.fabdev.pcidevid", "Node-unique id of a device on a PCI bus.");

    // ---- Distances to devices ---------------------------------------------------------------------------
    /**
     * Least and greatest distances from the process's location to each device of the given types. Key
     * {@code "pmix.dev.dist"}.
     */
    public static final Attribute<DataArray> DEVICE_DISTANCES = def(DATA_ARRAY, "PMIX_DEVICE_DISTANCES",
            "pmix.dev.dist",
            "Least and greatest distances from the process's location to each device of the given types.");
    /** Kinds of device (bit mask) asked about; a directive or qualifier only. Key {@code "pmix.dev.type"}. */
    public static final Attribute<Value.DevType> DEVICE_TYPE = def(DEVTYPE, "PMIX_DEVICE_TYPE",
            "pmix.dev.type", "Kinds of device (bit mask) asked about; a directive or qualifier only.");
    /**
     * Identifier of a device: a UUID unique in the system, or the OS's name for it on its node. Key
     * {@code "pmix.dev.id"}.
     */
    public static final Attribute<String> DEVICE_ID = def(STRING, "PMIX_DEVICE_ID",
            "pmix.dev.id", "Identifier of a device: a UUID unique in the system, or the OS's name for it on its node.");

    // ---- Describing attributes (registration) -----------------------------------------------------------
    /** Largest value an attribute accepts (in attribute registrations). Key {@code "pmix.descr.maxval"}. */
    public static final Attribute<Value> MAX_VALUE = def(UNDEF, "PMIX_MAX_VALUE",
            "pmix.descr.maxval", "Largest value an attribute accepts (in attribute registrations).");
    /** Smallest value an attribute accepts (in attribute registrations). Key {@code "pmix.descr.minval"}. */
    public static final Attribute<Value> MIN_VALUE = def(UNDEF, "PMIX_MIN_VALUE",
            "pmix.descr.minval", "Smallest value an attribute accepts (in attribute registrations).");
    /** Values an attribute accepts (in attribute registrations). Key {@code "pmix.descr.enum"}. */
    public static final Attribute<String> ENUM_VALUE = def(STRING, "PMIX_ENUM_VALUE",
            "pmix.descr.enum", "Values an attribute accepts (in attribute registrations).");
    /** Query: stable ABI versions of the Standard supported, as MAJOR.MINOR list. Key {@code "pmix.qry.stabiver"}. */
    public static final Attribute<String> QUERY_STABLE_ABI_VERSION = def(STRING, "PMIX_QUERY_STABLE_ABI_VERSION",
            "pmix.qry.stabiver", "Query: stable ABI versions of the Standard supported, as MAJOR.MINOR list.");
    /**
     * Query: provisional ABI versions of the Standard supported, as MAJOR.MINOR list. Key
     * {@code "pmix.qry.prabiver"}.
     */
    public static final Attribute<String> QUERY_PROVISIONAL_ABI_VERSION = def(STRING,
            "PMIX_QUERY_PROVISIONAL_ABI_VERSION",
            "pmix.qry.prabiver", "Query: provisional ABI versions of the Standard supported, as MAJOR.MINOR list.");

    // ---- Deprecated or internal in libpmix 4.2.2 (pmix_deprecated.h) ------------------------------------
    /**
     * Pointer to a libevent base to use instead of the library's progress thread. Deprecated. Key
     * {@code "pmix.evbase"}.
     */
    public static final Attribute<Value.Pointer> EVENT_BASE = dep(POINTER, "PMIX_EVENT_BASE",
            "pmix.evbase", "Pointer to a libevent base to use instead of the library's progress thread.");
    /** Pointer to the client's hwloc topology; replaced by PMIX_TOPOLOGY2. Deprecated. Key {@code "pmix.topo"}. */
    public static final Attribute<Value.Pointer> TOPOLOGY = dep(POINTER, "PMIX_TOPOLOGY",
            "pmix.topo", "Pointer to the client's hwloc topology; replaced by PMIX_TOPOLOGY2.");
    /** Namespace of the job this debugger is to debug. Deprecated. Key {@code "pmix.dbg.job"}. */
    public static final Attribute<String> DEBUG_JOB = dep(STRING, "PMIX_DEBUG_JOB",
            "pmix.dbg.job", "Namespace of the job this debugger is to debug.");
    // The Standard v5.0 spells the key "pmix.tool.recon"
    /** The tool asks to move to another server. Deprecated. Key {@code "pmix.cnct.recon"}. */
    public static final Attribute<Boolean> RECONNECT_SERVER = dep(BOOL, "PMIX_RECONNECT_SERVER",
            "pmix.cnct.recon", "The tool asks to move to another server.");
    /** Turn off the old Unix-socket (usock) transport. Deprecated. Key {@code "pmix.usock.disable"}. */
    public static final Attribute<Boolean> USOCK_DISABLE = dep(BOOL, "PMIX_USOCK_DISABLE",
            "pmix.usock.disable", "Turn off the old Unix-socket (usock) transport.");
    /** Permission bits (mode_t, 9 bits) of the rendezvous socket. Deprecated. Key {@code "pmix.sockmode"}. */
    public static final Attribute<Integer> SOCKET_MODE = dep(UINT32, "PMIX_SOCKET_MODE",
            "pmix.sockmode", "Permission bits (mode_t, 9 bits) of the rendezvous socket.");
    /**
     * Open a single rendezvous socket and let priorities pick the transport. Deprecated. Key
     * {@code "pmix.sing.listnr"}.
     */
    public static final Attribute<Boolean> SINGLE_LISTENER = dep(BOOL, "PMIX_SINGLE_LISTENER",
            "pmix.sing.listnr", "Open a single rendezvous socket and let priorities pick the transport.");
    /** Old name of PMIX_ALLOC_FABRIC. Deprecated. Key {@code "pmix.alloc.net"}. */
    public static final Attribute<DataArray> ALLOC_NETWORK = dep(DATA_ARRAY, "PMIX_ALLOC_NETWORK",
            "pmix.alloc.net", "Old name of PMIX_ALLOC_FABRIC.");
    /** Old name of PMIX_ALLOC_FABRIC_ID. Deprecated. Key {@code "pmix.alloc.netid"}. */
    public static final Attribute<String> ALLOC_NETWORK_ID = dep(STRING, "PMIX_ALLOC_NETWORK_ID",
            "pmix.alloc.netid", "Old name of PMIX_ALLOC_FABRIC_ID.");
    /** Old name of PMIX_ALLOC_FABRIC_QOS. Deprecated. Key {@code "pmix.alloc.netqos"}. */
    public static final Attribute<String> ALLOC_NETWORK_QOS = dep(STRING, "PMIX_ALLOC_NETWORK_QOS",
            "pmix.alloc.netqos", "Old name of PMIX_ALLOC_FABRIC_QOS.");
    /** Old name of PMIX_ALLOC_FABRIC_TYPE. Deprecated. Key {@code "pmix.alloc.nettype"}. */
    public static final Attribute<String> ALLOC_NETWORK_TYPE = dep(STRING, "PMIX_ALLOC_NETWORK_TYPE",
            "pmix.alloc.nettype", "Old name of PMIX_ALLOC_FABRIC_TYPE.");
    /** Old name of PMIX_ALLOC_FABRIC_PLANE. Deprecated. Key {@code "pmix.alloc.netplane"}. */
    public static final Attribute<String> ALLOC_NETWORK_PLANE = dep(STRING, "PMIX_ALLOC_NETWORK_PLANE",
            "pmix.alloc.netplane", "Old name of PMIX_ALLOC_FABRIC_PLANE.");
    /** Old name of PMIX_ALLOC_FABRIC_ENDPTS. Deprecated. Key {@code "pmix.alloc.endpts"}. */
    public static final Attribute<Long> ALLOC_NETWORK_ENDPTS = dep(SIZE, "PMIX_ALLOC_NETWORK_ENDPTS",
            "pmix.alloc.endpts", "Old name of PMIX_ALLOC_FABRIC_ENDPTS.");
    /** Old name of PMIX_ALLOC_FABRIC_ENDPTS_NODE. Deprecated. Key {@code "pmix.alloc.endpts.nd"}. */
    public static final Attribute<Long> ALLOC_NETWORK_ENDPTS_NODE = dep(SIZE, "PMIX_ALLOC_NETWORK_ENDPTS_NODE",
            "pmix.alloc.endpts.nd", "Old name of PMIX_ALLOC_FABRIC_ENDPTS_NODE.");
    /** Old name of PMIX_ALLOC_FABRIC_SEC_KEY. Deprecated. Key {@code "pmix.alloc.nsec"}. */
    public static final Attribute<ByteObject> ALLOC_NETWORK_SEC_KEY = dep(BYTE_OBJECT, "PMIX_ALLOC_NETWORK_SEC_KEY",
            "pmix.alloc.nsec", "Old name of PMIX_ALLOC_FABRIC_SEC_KEY.");
    /** Data of one process as infos, its rank first. Deprecated. Key {@code "pmix.pdata"}. */
    public static final Attribute<DataArray> PROC_DATA = dep(DATA_ARRAY, "PMIX_PROC_DATA",
            "pmix.pdata", "Data of one process as infos, its rank first.");
    // libpmix 4.2.2 annotates the type as uint16_t
    /** Where a process sits relative to the requester (locality bit mask). Deprecated. Key {@code "pmix.loc"}. */
    public static final Attribute<Value.LocType> LOCALITY = dep(LOCTYPE, "PMIX_LOCALITY",
            "pmix.loc", "Where a process sits relative to the requester (locality bit mask).");
    /** Topology of the local node as XML. Deprecated. Key {@code "pmix.ltopo"}. */
    public static final Attribute<String> LOCAL_TOPO = dep(STRING, "PMIX_LOCAL_TOPO",
            "pmix.ltopo", "Topology of the local node as XML.");
    /** Topology as an XML text. Deprecated. Key {@code "pmix.topo.xml"}. */
    public static final Attribute<String> TOPOLOGY_XML = dep(STRING, "PMIX_TOPOLOGY_XML",
            "pmix.topo.xml", "Topology as an XML text.");
    /** Path of a file holding the topology as XML. Deprecated. Key {@code "pmix.topo.file"}. */
    public static final Attribute<String> TOPOLOGY_FILE = dep(STRING, "PMIX_TOPOLOGY_FILE",
            "pmix.topo.file", "Path of a file holding the topology as XML.");
    /** Signature text of the topology. Deprecated. Key {@code "pmix.toposig"}. */
    public static final Attribute<String> TOPOLOGY_SIGNATURE = dep(STRING, "PMIX_TOPOLOGY_SIGNATURE",
            "pmix.toposig", "Signature text of the topology.");
    /** Address of hwloc's shared-memory segment. Deprecated. Key {@code "pmix.hwlocaddr"}. */
    public static final Attribute<Long> HWLOC_SHMEM_ADDR = dep(SIZE, "PMIX_HWLOC_SHMEM_ADDR",
            "pmix.hwlocaddr", "Address of hwloc's shared-memory segment.");
    /** Size of hwloc's shared-memory segment. Deprecated. Key {@code "pmix.hwlocsize"}. */
    public static final Attribute<Long> HWLOC_SHMEM_SIZE = dep(SIZE, "PMIX_HWLOC_SHMEM_SIZE",
            "pmix.hwlocsize", "Size of hwloc's shared-memory segment.");
    /** Path of hwloc's shared-memory file. Deprecated. Key {@code "pmix.hwlocfile"}. */
    public static final Attribute<String> HWLOC_SHMEM_FILE = dep(STRING, "PMIX_HWLOC_SHMEM_FILE",
            "pmix.hwlocfile", "Path of hwloc's shared-memory file.");
    /** Local topology as XML in the hwloc 1.x format. Deprecated. Key {@code "pmix.hwlocxml1"}. */
    public static final Attribute<String> HWLOC_XML_V1 = dep(STRING, "PMIX_HWLOC_XML_V1",
            "pmix.hwlocxml1", "Local topology as XML in the hwloc 1.x format.");
    /** Local topology as XML in the hwloc 2.x format. Deprecated. Key {@code "pmix.hwlocxml2"}. */
    public static final Attribute<String> HWLOC_XML_V2 = dep(STRING, "PMIX_HWLOC_XML_V2",
            "pmix.hwlocxml2", "Local topology as XML in the hwloc 2.x format.");
    /** Share the hwloc topology through shared memory. Deprecated. Key {@code "pmix.hwlocsh"}. */
    public static final Attribute<Boolean> HWLOC_SHARE_TOPO = dep(BOOL, "PMIX_HWLOC_SHARE_TOPO",
            "pmix.hwlocsh", "Share the hwloc topology through shared memory.");
    /**
     * Which kind of gap in the address space hwloc should put its shared memory in. Deprecated. Key
     * {@code "pmix.hwlocholek"}.
     */
    public static final Attribute<String> HWLOC_HOLE_KIND = dep(STRING, "PMIX_HWLOC_HOLE_KIND",
            "pmix.hwlocholek", "Which kind of gap in the address space hwloc should put its shared memory in.");
    /** Path of the data-store files. Deprecated. Key {@code "pmix.dstpath"}. */
    public static final Attribute<String> DSTPATH = dep(STRING, "PMIX_DSTPATH",
            "pmix.dstpath", "Path of the data-store files.");
    /** Collective algorithms to use (comma-separated). Deprecated. Key {@code "pmix.calgo"}. */
    public static final Attribute<String> COLLECTIVE_ALGO = dep(STRING, "PMIX_COLLECTIVE_ALGO",
            "pmix.calgo", "Collective algorithms to use (comma-separated).");
    /** The chosen collective algorithm is mandatory. Deprecated. Key {@code "pmix.calreqd"}. */
    public static final Attribute<Boolean> COLLECTIVE_ALGO_REQD = dep(BOOL, "PMIX_COLLECTIVE_ALGO_REQD",
            "pmix.calreqd", "The chosen collective algorithm is mandatory.");
    /** Packed process data. Deprecated. Key {@code "pmix.pblob"}. */
    public static final Attribute<ByteObject> PROC_BLOB = dep(BYTE_OBJECT, "PMIX_PROC_BLOB",
            "pmix.pblob", "Packed process data.");
    /** Packed process placement data. Deprecated. Key {@code "pmix.mblob"}. */
    public static final Attribute<ByteObject> MAP_BLOB = dep(BYTE_OBJECT, "PMIX_MAP_BLOB",
            "pmix.mblob", "Packed process placement data.");
    /** Mapper to place spawned processes with. Deprecated. Key {@code "pmix.mapper"}. */
    public static final Attribute<String> MAPPER = dep(STRING, "PMIX_MAPPER",
            "pmix.mapper", "Mapper to place spawned processes with.");
    /** The processes being spawned never call PMIx_Init. Deprecated. Key {@code "pmix.nonpmi"}. */
    public static final Attribute<Boolean> NON_PMI = dep(BOOL, "PMIX_NON_PMI",
            "pmix.nonpmi", "The processes being spawned never call PMIx_Init.");
    /** Contact URI of a process. Deprecated. Key {@code "pmix.puri"}. */
    public static final Attribute<String> PROC_URI = dep(STRING, "PMIX_PROC_URI",
            "pmix.puri", "Contact URI of a process.");
    /** Data-type architecture flag. Deprecated. Key {@code "pmix.arch"}. */
    public static final Attribute<Integer> ARCH = dep(UINT32, "PMIX_ARCH",
            "pmix.arch", "Data-type architecture flag.");
    /** Job-level directives for a debugger, as infos. Deprecated. Key {@code "pmix.dbg.jdirs"}. */
    public static final Attribute<DataArray> DEBUG_JOB_DIRECTIVES = dep(DATA_ARRAY, "PMIX_DEBUG_JOB_DIRECTIVES",
            "pmix.dbg.jdirs", "Job-level directives for a debugger, as infos.");
    /** Application-level directives for a debugger, as infos. Deprecated. Key {@code "pmix.dbg.adirs"}. */
    public static final Attribute<DataArray> DEBUG_APP_DIRECTIVES = dep(DATA_ARRAY, "PMIX_DEBUG_APP_DIRECTIVES",
            "pmix.dbg.adirs", "Application-level directives for a debugger, as infos.");
    /** The handler dealt with the event; the application need not be ended. Deprecated. Key {@code "pmix.evnoterm"}. */
    public static final Attribute<Boolean> EVENT_NO_TERMINATION = dep(BOOL, "PMIX_EVENT_NO_TERMINATION",
            "pmix.evnoterm", "The handler dealt with the event; the application need not be ended.");
    /** The handler decided the application should be ended. Deprecated. Key {@code "pmix.evterm"}. */
    public static final Attribute<Boolean> EVENT_WANT_TERMINATION = dep(BOOL, "PMIX_EVENT_WANT_TERMINATION",
            "pmix.evterm", "The handler decided the application should be ended.");
    /** Prefix application output with its source; see PMIX_IOF_TAG_OUTPUT. Deprecated. Key {@code "pmix.tagout"}. */
    public static final Attribute<Boolean> TAG_OUTPUT = dep(BOOL, "PMIX_TAG_OUTPUT",
            "pmix.tagout", "Prefix application output with its source; see PMIX_IOF_TAG_OUTPUT.");
    /** Time-stamp application output; see PMIX_IOF_TIMESTAMP_OUTPUT. Deprecated. Key {@code "pmix.tsout"}. */
    public static final Attribute<Boolean> TIMESTAMP_OUTPUT = dep(BOOL, "PMIX_TIMESTAMP_OUTPUT",
            "pmix.tsout", "Time-stamp application output; see PMIX_IOF_TIMESTAMP_OUTPUT.");
    /**
     * Merge the application's stderr into stdout; see PMIX_IOF_MERGE_STDERR_STDOUT. Deprecated. Key
     * {@code "pmix.mergeerrout"}.
     */
    public static final Attribute<Boolean> MERGE_STDERR_STDOUT = dep(BOOL, "PMIX_MERGE_STDERR_STDOUT",
            "pmix.mergeerrout", "Merge the application's stderr into stdout; see PMIX_IOF_MERGE_STDERR_STDOUT.");
    /** Write output to per-rank files; see PMIX_IOF_OUTPUT_TO_FILE. Deprecated. Key {@code "pmix.outfile"}. */
    public static final Attribute<String> OUTPUT_TO_FILE = dep(STRING, "PMIX_OUTPUT_TO_FILE",
            "pmix.outfile", "Write output to per-rank files; see PMIX_IOF_OUTPUT_TO_FILE.");
    /**
     * Write output to files below a directory; see PMIX_IOF_OUTPUT_TO_DIRECTORY. Deprecated. Key
     * {@code "pmix.outdir"}.
     */
    public static final Attribute<String> OUTPUT_TO_DIRECTORY = dep(STRING, "PMIX_OUTPUT_TO_DIRECTORY",
            "pmix.outdir", "Write output to files below a directory; see PMIX_IOF_OUTPUT_TO_DIRECTORY.");
    /** Write output only to files; see PMIX_IOF_FILE_ONLY. Deprecated. Key {@code "pmix.nocopy"}. */
    public static final Attribute<Boolean> OUTPUT_NOCOPY = dep(BOOL, "PMIX_OUTPUT_NOCOPY",
            "pmix.nocopy", "Write output only to files; see PMIX_IOF_FILE_ONLY.");
    /** Data-store modules wanted (comma-separated). Deprecated. Key {@code "pmix.gds.mod"}. */
    public static final Attribute<String> GDS_MODULE = dep(STRING, "PMIX_GDS_MODULE",
            "pmix.gds.mod", "Data-store modules wanted (comma-separated).");
    // Marked internal to libpmix
    /** Internal: buffer-operations plugin a namespace uses. Deprecated. Key {@code "pmix.bfrops.mod"}. */
    public static final Attribute<String> BFROPS_MODULE = dep(STRING, "PMIX_BFROPS_MODULE",
            "pmix.bfrops.mod", "Internal: buffer-operations plugin a namespace uses.");
    // Marked internal to libpmix
    /** Internal: data for the network plugin on remote nodes. Deprecated. Key {@code "pmix.pnet.setapp"}. */
    public static final Attribute<ByteObject> PNET_SETUP_APP = dep(BYTE_OBJECT, "PMIX_PNET_SETUP_APP",
            "pmix.pnet.setapp", "Internal: data for the network plugin on remote nodes.");
    /** Stop forwarding the given channels. Deprecated. Key {@code "pmix.iof.stop"}. */
    public static final Attribute<Boolean> IOF_STOP = dep(BOOL, "PMIX_IOF_STOP",
            "pmix.iof.stop", "Stop forwarding the given channels.");
    /**
     * Send the requester an event carrying the child job's namespace once it has launched. Deprecated. Key
     * {@code "pmix.note.lnch"}.
     */
    public static final Attribute<Boolean> NOTIFY_LAUNCH = dep(BOOL, "PMIX_NOTIFY_LAUNCH",
            "pmix.note.lnch", "Send the requester an event carrying the child job's namespace once it has launched.");

    // ---- Removed from the Standard; libpmix 4.2.2 has none of them --------------------------------------
    /**
     * Error code to be notified about (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errname"}.
     */
    public static final Attribute<Integer> ERROR_NAME = stdDep(STATUS, "PMIX_ERROR_NAME",
            "pmix.errname", "Error code to be notified about (old error-handler interface).");
    /**
     * Be notified of communication errors (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.comm"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_COMM = stdDep(BOOL, "PMIX_ERROR_GROUP_COMM",
            "pmix.errgroup.comm", "Be notified of communication errors (old error-handler interface).");
    /**
     * Be notified of aborts (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.abort"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_ABORT = stdDep(BOOL, "PMIX_ERROR_GROUP_ABORT",
            "pmix.errgroup.abort", "Be notified of aborts (old error-handler interface).");
    /**
     * Be notified of migrations (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.migrate"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_MIGRATE = stdDep(BOOL, "PMIX_ERROR_GROUP_MIGRATE",
            "pmix.errgroup.migrate", "Be notified of migrations (old error-handler interface).");
    /**
     * Be notified of resource errors (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.resource"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_RESOURCE = stdDep(BOOL, "PMIX_ERROR_GROUP_RESOURCE",
            "pmix.errgroup.resource", "Be notified of resource errors (old error-handler interface).");
    /**
     * Be notified of spawn errors (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.spawn"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_SPAWN = stdDep(BOOL, "PMIX_ERROR_GROUP_SPAWN",
            "pmix.errgroup.spawn", "Be notified of spawn errors (old error-handler interface).");
    /**
     * Be notified of node state changes (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.node"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_NODE = stdDep(BOOL, "PMIX_ERROR_GROUP_NODE",
            "pmix.errgroup.node", "Be notified of node state changes (old error-handler interface).");
    /**
     * Be notified of local errors (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.local"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_LOCAL = stdDep(BOOL, "PMIX_ERROR_GROUP_LOCAL",
            "pmix.errgroup.local", "Be notified of local errors (old error-handler interface).");
    /**
     * Be notified of other errors (old error-handler interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errgroup.gen"}.
     */
    public static final Attribute<Boolean> ERROR_GROUP_GENERAL = stdDep(BOOL, "PMIX_ERROR_GROUP_GENERAL",
            "pmix.errgroup.gen", "Be notified of other errors (old error-handler interface).");
    /**
     * Reference of the error handler a notice is reported to (old interface). Deprecated; not in libpmix 4.2.2. Key
     * {@code "pmix.errhandler.id"}.
     */
    public static final Attribute<Integer> ERROR_HANDLER_ID = stdDep(INT, "PMIX_ERROR_HANDLER_ID",
            "pmix.errhandler.id", "Reference of the error handler a notice is reported to (old interface).");

    // ---- lookups ----------------------------------------------------------------------------------------

    private static final List<Attribute<?>> ALL = List.copyOf(REGISTRY);

    /**
     * The lookups by key and by macro name, made at their first use: a fresh client's PMIx_Init needs the
     * constants but not these, and hashing some 600 names in a JVM that has not compiled anything yet took
     * a few ms there.
     */
    private static final class Lookups {
        /** Keys the Standard v5.0 spells differently from libpmix 4.2.2, mapped to the attribute. */
        static final Map<String, Attribute<?>> STANDARD_SPELLINGS = Map.of(
                "pmix.srvr.strtime", SERVER_START_TIME,
                "pmix.frkex.agnt", FORKEXEC_AGENT,
                "pmix.strg.caplim", STORAGE_CAPACITY_LIMIT,
                "pmix.strg.objlim", STORAGE_OBJECT_LIMIT,
                "pmix.fab.coords", FABRIC_COORDINATES,
                "pmix.tool.recon", RECONNECT_SERVER);
        static final Map<String, List<Attribute<?>>> BY_KEY = new HashMap<>();
        static final Map<String, Attribute<?>> BY_MACRO = new LinkedHashMap<>();

        static {
            for (Attribute<?> a : ALL) {
                if (BY_MACRO.put(a.macroName(), a) != null) {
                    throw new ExceptionInInitializerError("attribute " + a.macroName() + " is defined twice");
                }
                BY_KEY.computeIfAbsent(a.key(), k -> new ArrayList<>()).add(a);
            }
            for (List<Attribute<?>> same : BY_KEY.values()) {
                // the current name first; the sort is stable, so declaration order decides among equals
                same.sort((x, y) -> Boolean.compare(x.deprecated(), y.deprecated()));
            }
        }
    }

    private Attributes() {
    }

    /**
     * Every attribute, in the order of this class.
     *
     * @return the attributes
     */
    public static List<Attribute<?>> all() {
        return ALL;
    }

    /**
     * The attribute with this key. Where several macros share the key, the first non-deprecated one in the
     * order of this class; a key as the Standard v5.0 spells it is found too.
     *
     * @param key a key, e.g. {@code "pmix.job.size"}
     * @return the attribute, or empty for an unknown key
     */
    public static Optional<Attribute<?>> forKey(String key) {
        List<Attribute<?>> same = Lookups.BY_KEY.get(key);
        if (same != null) {
            return Optional.of(same.get(0));
        }
        return Optional.ofNullable(Lookups.STANDARD_SPELLINGS.get(key));
    }

    /**
     * Every attribute with this key (libpmix spelling), the preferred one first; empty when none.
     *
     * @param key a key in libpmix's spelling
     * @return the attributes
     */
    public static List<Attribute<?>> forKeyAll(String key) {
        List<Attribute<?>> same = Lookups.BY_KEY.get(key);
        return same != null ? Collections.unmodifiableList(same) : List.of();
    }

    /**
     * The level a key's attribute declares ({@link Attribute#level}), looked up by its libpmix spelling;
     * empty for keys filed by their container (job or process level) and for unknown keys.
     *
     * @param key a key in libpmix's spelling
     * @return the level, or empty
     */
    public static Optional<Level> levelOf(String key) {
        return Optional.ofNullable(LEVELS.get(key));
    }

    /**
     * The attribute of a C macro, given as {@code PMIX_JOB_SIZE} or as {@code JOB_SIZE}.
     *
     * @param name the macro's name
     * @return the attribute, or empty for an unknown name
     */
    public static Optional<Attribute<?>> forMacro(String name) {
        Attribute<?> a = Lookups.BY_MACRO.get(name);
        if (a == null && !name.startsWith("PMIX_")) {
            a = Lookups.BY_MACRO.get("PMIX_" + name);
        }
        return Optional.ofNullable(a);
    }

    // ---- factories used by the constants above --------------------------------------------------------

    /** A current attribute of libpmix 4.2.2. */
    private static <T> Attribute<T> def(DataType type, String macro, String key, String meaning) {
        return register(type, macro, key, meaning, false, true);
    }

    /** A current attribute of libpmix 4.2.2 that a 4.2.2 client files at {@code level} (see {@link Level}). */
    private static <T> Attribute<T> def(Level level, DataType type, String macro, String key, String meaning) {
        return register(type, macro, key, meaning, false, true, level);
    }

    /** A deprecated attribute that libpmix 4.2.2 still defines. */
    private static <T> Attribute<T> dep(DataType type, String macro, String key, String meaning) {
        return register(type, macro, key, meaning, true, true);
    }

    /** An attribute only the Standard declares. */
    private static <T> Attribute<T> std(DataType type, String macro, String key, String meaning) {
        return register(type, macro, key, meaning, false, false);
    }

    /** An attribute only the Standard declares, and only as deprecated or removed. */
    private static <T> Attribute<T> stdDep(DataType type, String macro, String key, String meaning) {
        return register(type, macro, key, meaning, true, false);
    }

    /**
     * The Java type follows from the PMIx type ({@link Attribute#javaTypeFor}); that it matches the type
     * argument of each constant's declaration is checked by {@code AttributeTypedAccessTest}.
     */
    private static <T> Attribute<T> register(DataType type, String macro, String key, String meaning,
            boolean deprecated, boolean inLibpmix) {
        return register(type, macro, key, meaning, deprecated, inLibpmix, null);
    }

    @SuppressWarnings("unchecked")
    private static <T> Attribute<T> register(DataType type, String macro, String key, String meaning,
            boolean deprecated, boolean inLibpmix, Level level) {
        Class<T> javaType = (Class<T>) Attribute.javaTypeFor(type);
        Attribute<T> a = new Attribute<>(javaType, type, macro, key, meaning, deprecated, inLibpmix, level);
        REGISTRY.add(a);
        if (level != null) {
            LEVELS.put(key, level);
        }
        return a;
    }
}
