package org.pmix4j.wire.message;

import java.util.List;
import java.util.Objects;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.Info;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;

/**
 * The reply to GET_CREDENTIAL (libpmix's {@code cred_cbfunc}): STATUS, then only on success BYTE_OBJECT
 * credential, SIZE n, INFO[n]. A failed reply carries nothing after its status, so it holds an empty
 * credential and no infos.
 */
public record CredentialReply(int status, ByteObject credential, List<Info> info) implements StatusFirstReply {
    public CredentialReply {
        Objects.requireNonNull(credential, "credential");
        info = List.copyOf(info);
        if (!StatusReply.succeeded(status) && (credential.size() > 0 || !info.isEmpty())) {
            throw new IllegalArgumentException("a failed credential reply (status " + status + ") carries nothing");
        }
    }

    public static CredentialReply failed(int status) {
        return new CredentialReply(status, ByteObject.EMPTY, List.of());
    }

    @Override
    public void write(Packer p) {
        p.status(status);
        if (StatusReply.succeeded(status)) {
            p.byteObject(credential).sizedInfos(info);
        }
    }

    public static CredentialReply read(Unpacker u) {
        int status = u.status();
        if (!StatusReply.succeeded(status)) {
            return failed(status);
        }
        ByteObject credential = new ByteObject(u.byteObject());
        // libpmix's client reads the infos only if the server sent any
        List<Info> info = u.hasRemaining() ? u.sizedInfos("credential info") : List.of();
        return new CredentialReply(status, credential, info);
    }
}
