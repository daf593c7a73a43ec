package org.pmix4j.server.handler;

import java.util.List;
import java.util.concurrent.CompletionStage;
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
import org.pmix4j.wire.message.GroupDestructRequest;

/**
 * GROUP_DESTRUCT (a group id and directives). The group must have been constructed through
 * this server (else PMIX_ERR_NOT_FOUND, as libpmix). A collective over its members; when every local member
 * has called, the host's {@code group} upcall (DESTRUCT) is called once with the directives plus
 * PMIX_LOCAL_COLLECTIVE_STATUS — except for a group this server built alone, which it also destructs
 * alone. The group is forgotten whatever the outcome. Reply: STATUS.
 */
public final class GroupDestructHandler implements CommandHandler<GroupDestructRequest> {
    static final String KIND = "group destruct";

    private final Collectives all;
    private final Groups groups;
    private final HostModule host;

    public GroupDestructHandler(Collectives all, Groups groups, HostModule host) {
        this.all = all;
        this.groups = groups;
        this.host = host;
    }

    @Override
    public void handle(Request req, GroupDestructRequest destruct) {
        String id = destruct.groupId();
        Groups.Group g = id == null ? null : groups.get(id);
        if (g == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_NOT_FOUND, "there is no group '" + id + "' to destruct");
        }
        List<Info> directives = destruct.directives();
        all.join(new Collectives.Key(KIND, id), g.members(), req, directives, () -> new Collectives.Operation<List<Info>>() {
            @Override
            public boolean needsHost(Collective c) {
                return g.viaHost();
            }

            @Override
            public List<Info> hostDirectives(Collective c) {
                return Collectives.hostDirectives(c, false);
            }

            @Override
            public CompletionStage<List<Info>> callHost(Collective c, List<Info> directives) {
                return host.group(HostModule.GroupOperation.DESTRUCT, id, g.members(), directives);
            }

            @Override
            public void reply(Collective c, Proc participant, Request r, int status) {
                r.replyStatus(status);
            }

            @Override
            public void ended(Collective c, int status) {
                groups.remove(id);
            }
        });
    }
}
