package org.pmix4j.server.attrs;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.AttributeSupport;
import org.pmix4j.api.Attributes;

/**
 * The server library's own entry in {@link AttributeSupport}: its API functions and the attributes each
 * honours (what ServerConfig and SessionDirectories read at init; the registration levels). Kept next to
 * the code that reads them: a new attribute read there belongs here too.
 */
public final class ServerLibraryAttributes {
    private ServerLibraryAttributes() {
    }

    public static void registerAll(AttributeSupport support) {
        support.register(AttributeSupport.Level.SERVER, "PMIx_server_init", List.of(
                Attributes.SERVER_NSPACE, Attributes.SERVER_RANK, Attributes.SERVER_TMPDIR,
                Attributes.SYSTEM_TMPDIR, Attributes.SERVER_TOOL_SUPPORT, Attributes.SERVER_SYSTEM_SUPPORT,
                Attributes.SERVER_SESSION_SUPPORT, Attributes.SERVER_GATEWAY, Attributes.SERVER_SCHEDULER,
                Attributes.SERVER_SYS_CONTROLLER, Attributes.SERVER_REMOTE_CONNECTIONS, Attributes.SOCKET_MODE,
                Attributes.SINGLE_LISTENER, Attributes.TCP_REPORT_URI, Attributes.TCP_IF_INCLUDE,
                Attributes.TCP_IF_EXCLUDE, Attributes.TCP_IPV4_PORT, Attributes.TCP_IPV6_PORT,
                Attributes.TCP_DISABLE_IPV4, Attributes.TCP_DISABLE_IPV6, Attributes.TDIR_RMCLEAN,
                Attributes.LAUNCHER_RENDEZVOUS_FILE, Attributes.HOSTNAME));
        support.register(AttributeSupport.Level.SERVER, "PMIx_server_register_nspace", List.of(
                Attributes.SESSION_INFO_ARRAY, Attributes.JOB_INFO_ARRAY, Attributes.APP_INFO_ARRAY,
                Attributes.NODE_INFO_ARRAY, Attributes.PROC_INFO_ARRAY, Attributes.NODE_MAP, Attributes.PROC_MAP,
                Attributes.JOB_SIZE, Attributes.UNIV_SIZE, Attributes.LOCAL_PEERS, Attributes.LOCAL_SIZE,
                // IofRouter.jobRegistered: the job's output cache and the channels tools may pull
                Attributes.IOF_CACHE_SIZE, Attributes.IOF_DROP_OLDEST, Attributes.IOF_DROP_NEWEST,
                Attributes.FWD_STDOUT, Attributes.FWD_STDERR, Attributes.FWD_STDDIAG));
        // server.iof: what the server library itself carries out of the IO forwarding attributes (the
        // host adds what it does, e.g. PMIX_FWD_STDIN for a spawn, at HOST level)
        List<Attribute<?>> cacheAndBuffering = List.of(Attributes.IOF_CACHE_SIZE,
                Attributes.IOF_DROP_OLDEST, Attributes.IOF_DROP_NEWEST, Attributes.IOF_BUFFERING_SIZE,
                Attributes.IOF_BUFFERING_TIME);
        support.register(AttributeSupport.Level.SERVER, "PMIx_IOF_pull", cacheAndBuffering);
        support.register(AttributeSupport.Level.SERVER, "PMIx_IOF_push", List.of(Attributes.IOF_COMPLETE));
        support.register(AttributeSupport.Level.SERVER, "PMIx_IOF_deregister", List.of());
        support.register(AttributeSupport.Level.SERVER, "PMIx_server_IOF_deliver", List.of(Attributes.IOF_COMPLETE));
        List<Attribute<?>> spawn = new ArrayList<>(List.of(Attributes.FWD_STDOUT,
                Attributes.FWD_STDERR, Attributes.FWD_STDDIAG));
        spawn.addAll(cacheAndBuffering);
        support.register(AttributeSupport.Level.SERVER, "PMIx_Spawn", spawn);
        for (String fn : List.of("PMIx_server_finalize", "PMIx_server_deregister_nspace",
                "PMIx_server_register_client", "PMIx_server_deregister_client", "PMIx_server_setup_fork",
                "PMIx_generate_regex", "PMIx_generate_ppn", "PMIx_Register_attributes")) {
            support.register(AttributeSupport.Level.SERVER, fn, List.of());
        }
    }
}
