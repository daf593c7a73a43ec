package org.pmix4j.runtime;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.cluster.TreeMember;
import org.pmix4j.server.HostModule;

/**
 * How a node's server reaches the servers of the other nodes, for the two upcalls that exist for them: a
 * collective's allgather and the direct modex. On one node there are none: a server never needs them there,
 * and should one ask, it is told so.
 */
interface OtherNodes {
    CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData);

    CompletionStage<byte[]> directModex(Proc target, List<Info> directives);

    /** PMIx_Connect / PMIx_Disconnect with processes of other nodes: done when every node's server joined. */
    CompletionStage<Void> connect(String kind, List<Proc> procs);

    /**
     * PMIx_Group_construct / _destruct with processes of other nodes (or asking for a context id): done when
     * every node's server joined; a construct answers PMIX_GROUP_CONTEXT_ID when one was asked for.
     */
    CompletionStage<List<Info>> group(HostModule.GroupOperation op, String groupId, List<Proc> members,
            List<Info> directives);

    /** An event a process of this node raised for a range beyond it: to every node's server. */
    CompletionStage<Void> notifyEvent(int code, Proc source, org.pmix4j.api.DataRange range, List<Info> info);

    /** One node: no other servers. */
    OtherNodes NONE = new OtherNodes() {
        @Override
        public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
            return HostModule.unsupported("a collective with processes on other nodes (this runtime has one node)");
        }

        @Override
        public CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
            return HostModule.unsupported("the direct modex (this runtime has one node)");
        }

        @Override
        public CompletionStage<Void> notifyEvent(int code, Proc source, org.pmix4j.api.DataRange range,
                List<Info> info) {
            return HostModule.unsupported("notify event");
        }

        @Override
        public CompletionStage<Void> connect(String kind, List<Proc> procs) {
            return HostModule.unsupported(kind + " with processes of other nodes (this runtime has one node)");
        }

        @Override
        public CompletionStage<List<Info>> group(HostModule.GroupOperation op, String groupId, List<Proc> members,
                List<Info> directives) {
            // one node: only a context id is asked of the host
            return java.util.concurrent.CompletableFuture.completedFuture(GroupContextIds.answer(op, directives,
                    GroupContextIds.next()));
        }
    };

    /** Through the daemon tree. */
    static OtherNodes through(TreeMember tree) {
        return new OtherNodes() {
            @Override
            public CompletionStage<byte[]> fence(List<Proc> participants, List<Info> directives, byte[] localData) {
                return tree.collectives().contribute(participants, localData);
            }

            @Override
            public CompletionStage<byte[]> directModex(Proc target, List<Info> directives) {
                return tree.directModex().ask(target, directives);
            }

            @Override
            public CompletionStage<Void> connect(String kind, List<Proc> procs) {
                return tree.collectives().contribute(kind, procs, new byte[0]).thenApply(all -> null);
            }

            @Override
            public CompletionStage<List<Info>> group(HostModule.GroupOperation op, String groupId, List<Proc> members,
                    List<Info> directives) {
                // daemon 0 turns a complete construct into the group's one context id (GroupContextIds)
                String kind = op == HostModule.GroupOperation.CONSTRUCT ? GroupContextIds.KIND : "groupdestruct";
                return tree.collectives().contribute(kind, members, new byte[0])
                        .thenApply(all -> GroupContextIds.answer(op, directives, GroupContextIds.read(all)));
            }

            @Override
            public CompletionStage<Void> notifyEvent(int code, Proc source, org.pmix4j.api.DataRange range,
                    List<Info> info) {
                // to every node: daemon 0 sends it to all (its own server included); another daemon through it
                var event = new org.pmix4j.runtime.cluster.DaemonMessage.Event(UpcallRelay.packEvent(code, source,
                        range, info));
                if (tree.self() == 0) {
                    tree.toEvery(event);
                } else {
                    tree.send(0, event);
                }
                return java.util.concurrent.CompletableFuture.completedFuture(null);
            }
        };
    }
}
