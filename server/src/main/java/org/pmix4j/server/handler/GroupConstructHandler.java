package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.server.HostModule;
import org.pmix4j.server.collective.Collective;
import org.pmix4j.server.collective.Collectives;
import org.pmix4j.server.collective.Groups;
import org.pmix4j.server.core.CommandHandler;
import org.pmix4j.server.core.Request;
import org.pmix4j.wire.message.GroupConstructReply;
import org.pmix4j.wire.message.GroupConstructRequest;

/**
 * GROUP_CONSTRUCT (a group id and its members, at least one). A collective over the members named by the
 * first caller, keyed by the group id, as in libpmix. When every local member has called: a group of local processes only (or one marked PMIX_GROUP_LOCAL_ONLY)
 * that does not ask for a context id is complete at once; otherwise the host's {@code group} upcall
 * (CONSTRUCT) is called once, with the first caller's directives plus PMIX_SORTED_PROC_ARRAY and
 * PMIX_LOCAL_COLLECTIVE_STATUS, and may return PMIX_GROUP_CONTEXT_ID.
 *
 * <p>Reply ({@code _grpcbfunc}): a {@link GroupConstructReply}, always with the context id (SIZE_MAX when
 * none was assigned). libpmix also gathers the members' committed endpoint data into PMIX_GROUP_ENDPT_DATA
 * for the host; this server does not (the members can Get each other's data through the ordinary modex).
 */
public final class GroupConstructHandler implements CommandHandler<GroupConstructRequest> {
    static final String KIND = "group construct";

    private final Collectives all;
    private final Groups groups;
    private final HostModule host;

    public GroupConstructHandler(Collectives all, Groups groups, HostModule host) {
        this.all = all;
        this.groups = groups;
        this.host = host;
    }

    @Override
    public void handle(Request req, GroupConstructRequest construct) {
        String id = construct.groupId();
        if (id == null || id.isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "group construct without a group id");
        }
        if (construct.members().isEmpty()) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "group '" + id + "' has no members");
        }
        List<Proc> members = Collectives.canonical(construct.members());
        List<Info> directives = construct.directives();
        all.join(new Collectives.Key(KIND, id), members, req, directives, () -> new Collectives.Operation<List<Info>>() {
            private long contextId = GroupConstructReply.NO_CONTEXT_ID;
            private boolean viaHost;

            @Override
            public boolean needsHost(Collective c) {
                boolean localOnly = flag(c.directives(), Attributes.GROUP_LOCAL_ONLY.key());
                boolean wantsId = flag(c.directives(), Attributes.GROUP_ASSIGN_CONTEXT_ID.key());
                return !(localOnly || (c.allLocal() && !wantsId));
            }

            @Override
            public CompletionStage<List<Info>> callHost(Collective c, List<Info> directives) {
                viaHost = true;
                return host.group(HostModule.GroupOperation.CONSTRUCT, id, c.procs(), directives);
            }

            @Override
            public int hostAnswered(Collective c, List<Info> infos) {
                if (infos != null) {
                    // the last context id the host gave; one that is no number of the right range is none
                    for (Info i : infos) {
                        if (i.key().equals(Attributes.GROUP_CONTEXT_ID.key())) {
                            contextId = Attributes.GROUP_CONTEXT_ID.read(i.value()).orElse(GroupConstructReply.NO_CONTEXT_ID);
                        }
                    }
                }
                return PmixStatus.PMIX_SUCCESS;
            }

            @Override
            public void reply(Collective c, Proc participant, Request r, int status) {
                r.reply(new GroupConstructReply(status, contextId));
            }

            @Override
            public void ended(Collective c, int status) {
                if (status == PmixStatus.PMIX_SUCCESS || status == PmixStatus.PMIX_ERR_PARTIAL_SUCCESS) {
                    groups.put(new Groups.Group(id, c.procs(), viaHost));
                }
            }
        });
    }

    static boolean flag(List<Info> directives, String key) {
        for (Info i : directives) {
            if (i.key().equals(key)) {
                return i.isTrue();
            }
        }
        return false;
    }
}
