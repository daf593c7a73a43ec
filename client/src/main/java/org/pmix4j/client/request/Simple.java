package org.pmix4j.client.request;

import java.util.List;
import org.pmix4j.api.AllocDirective;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.protocol.PmixCommand;

/**
 * The requests whose layout fits in a few lines, one record each. Layouts are those of libpmix 4.2.2's
 * client (see the protocol reference, section 6); each record's comment gives request and reply.
 */
public final class Simple {
    private Simple() {
    }

    /** ALLOC: ALLOC_DIRECTIVE, SIZE n, INFO[n]; reply STATUS, SIZE, INFO[]. */
    public record Allocation(AllocDirective directive, List<Info> info) implements Request<List<Info>> {
        public PmixCommand command() {
            return PmixCommand.ALLOC;
        }

        public void writeBody(Packer p) {
            p.pack(directive).sizedInfos(info);
        }

        public List<Info> readReply(Unpacker u) {
            return Replies.statusAndInfos(u, "allocation request");
        }
    }

    /** JOB_CONTROL: SIZE n, PROC[n], SIZE m, INFO[m]; reply STATUS [SIZE, INFO[]]. */
    public record JobControl(List<Proc> targets, List<Info> directives) implements Request<List<Info>> {
        public PmixCommand command() {
            return PmixCommand.JOB_CONTROL;
        }

        public void writeBody(Packer p) {
            p.size(targets.size());
            if (!targets.isEmpty()) {
                p.procs(targets);
            }
            p.sizedInfos(directives);
        }

        public List<Info> readReply(Unpacker u) {
            return Replies.statusAndInfos(u, "job control");
        }
    }

    /** MONITOR: INFO monitor, STATUS error code, SIZE n, INFO[n]; reply STATUS, SIZE, INFO[]. */
    public record Monitor(Info monitor, int error, List<Info> directives) implements Request<List<Info>> {
        public PmixCommand command() {
            return PmixCommand.MONITOR;
        }

        public void writeBody(Packer p) {
            p.infos(List.of(monitor)).status(error).sizedInfos(directives);
        }

        public List<Info> readReply(Unpacker u) {
            return Replies.statusAndInfos(u, "process monitor " + monitor.key());
        }
    }

    /** GET_CREDENTIAL: SIZE n, INFO[n]; reply STATUS, BYTE_OBJECT credential, SIZE, INFO[]. */
    public record GetCredential(List<Info> directives) implements Request<GetCredential.Result> {
        /** The credential and what the server said about it. */
        public record Result(ByteObject credential, List<Info> info) {
        }

        public PmixCommand command() {
            return PmixCommand.GET_CREDENTIAL;
        }

        public void writeBody(Packer p) {
            p.sizedInfos(directives);
        }

        public Result readReply(Unpacker u) {
            Replies.status(u, "get credential");
            ByteObject cred = new ByteObject(u.byteObject());
            List<Info> info = u.hasRemaining() ? u.sizedInfos("credential info") : List.of();
            return new Result(cred, info);
        }
    }

    /** VALIDATE_CRED: BYTE_OBJECT credential, SIZE n, INFO[n]; reply STATUS, SIZE, INFO[]. */
    public record ValidateCredential(ByteObject credential, List<Info> directives) implements Request<List<Info>> {
        public PmixCommand command() {
            return PmixCommand.VALIDATE_CREDENTIAL;
        }

        public void writeBody(Packer p) {
            p.byteObject(credential).sizedInfos(directives);
        }

        public List<Info> readReply(Unpacker u) {
            return Replies.statusAndInfos(u, "validate credential");
        }
    }
}
