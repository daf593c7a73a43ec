package org.pmix4j.client.store;

import java.util.List;
import java.util.Map;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.ByteObject;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.DataType;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

/**
 * Files the job information a server sends (the reply to REQ, the job-level object of a Get reply, the
 * data of a spawned or connected namespace) as libpmix 4.2's "hash" store does: {@code pmix.pblob}
 * byte objects and {@code pmix.pdata} arrays are per-process data, {@code pmix.node.arr},
 * {@code pmix.app.arr} and {@code pmix.ssn.arr} describe a node, an application and the session, and lone
 * node-, application- and session-level keys go to this node, application 0 and the session. Everything
 * else is job-level.
 */
final class JobInfoFiler {
    private final NamespaceData ns;
    private final BufferKind kind;
    private final String ownHost;

    JobInfoFiler(NamespaceData ns, BufferKind kind, String ownHost) {
        this.ns = ns;
        this.kind = kind;
        this.ownHost = ownHost;
    }

    /** Files every KVAL pack up to the end of {@code u}. */
    void fileAll(Unpacker u) {
        while (u.hasRemaining()) {
            file(u.kval());
        }
    }

    void file(KeyValue kv) {
        String key = kv.key();
        Value v = kv.value();
        switch (key) {
            case "pmix.pblob" -> procBlob(bytes(key, v));
            case "pmix.mblob" -> mapBlob(bytes(key, v));
            case "pmix.pdata" -> procArray(infos(key, v));
            case "pmix.node.arr" -> nodeArray(infos(key, v));
            case "pmix.app.arr" -> appArray(infos(key, v));
            case "pmix.ssn.arr" -> {
                for (Info i : infos(key, v)) {
                    ns.session.put(i.key(), i.value());
                }
            }
            case "pmix.job.arr" -> {
                for (Info i : infos(key, v)) {
                    file(new KeyValue(i.key(), i.value()));
                }
            }
            default -> {
                if (KeyLevels.isSession(key)) {
                    ns.session.put(key, v);
                } else if (KeyLevels.isNode(key)) {
                    // a lone node-level key describes the node the data was meant for: ours
                    Map<String, Value> n = ns.nodeFor(ownHost, null);
                    n.putIfAbsent(Attributes.HOSTNAME.key(), Value.of(ownHost));
                    n.put(key, v);
                } else if (KeyLevels.isApp(key)) {
                    ns.appFor(0).put(key, v);
                } else {
                    ns.job.put(key, v);
                }
            }
        }
    }

    private void procBlob(byte[] blob) {
        Unpacker u = new Unpacker(blob, kind);
        int rank = u.rank();
        Map<String, Value> p = ns.proc(rank);
        while (u.hasRemaining()) {
            KeyValue kv = u.kval();
            p.put(kv.key(), kv.value());
        }
    }

    /** The legacy map blob: SIZE nnodes, then per node a KVAL {host name: "r1,r2,..."}. */
    private void mapBlob(byte[] blob) {
        Unpacker u = new Unpacker(blob, kind);
        long n = u.size();
        for (long i = 0; i < n; i++) {
            KeyValue kv = u.kval();
            Map<String, Value> node = ns.nodeFor(kv.key(), null);
            node.put(Attributes.HOSTNAME.key(), Value.of(kv.key()));
            node.put(Attributes.LOCAL_PEERS.key(), kv.value());
        }
    }

    private void procArray(List<Info> infos) {
        if (infos.isEmpty() || !infos.get(0).key().equals(Attributes.RANK.key())) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "pmix.pdata of " + ns.nspace
                    + " does not start with pmix.rank");
        }
        int rank = rankOf(infos.get(0).value());
        Map<String, Value> p = ns.proc(rank);
        for (Info i : infos.subList(1, infos.size())) {
            p.put(i.key(), i.value());
        }
    }

    private void nodeArray(List<Info> infos) {
        String host = null;
        Integer id = null;
        for (Info i : infos) {
            if (i.key().equals(Attributes.HOSTNAME.key())) {
                host = NamespaceData.text(i.value());
            } else if (i.key().equals(Attributes.NODEID.key())) {
                id = Attributes.NODEID.read(i.value()).orElse(null);
            }
        }
        if (host == null && id == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "pmix.node.arr of " + ns.nspace
                    + " names neither pmix.hname nor pmix.nodeid");
        }
        Map<String, Value> node = ns.nodeFor(host, id);
        for (Info i : infos) {
            node.put(i.key(), i.value());
        }
    }

    private void appArray(List<Info> infos) {
        Integer appnum = null;
        for (Info i : infos) {
            if (i.key().equals(Attributes.APPNUM.key())) {
                appnum = Attributes.APPNUM.read(i.value()).orElse(null);
            }
        }
        if (appnum == null) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "pmix.app.arr of " + ns.nspace
                    + " has no pmix.appnum");
        }
        Map<String, Value> app = ns.appFor(appnum);
        for (Info i : infos) {
            app.put(i.key(), i.value());
        }
    }

    private static int rankOf(Value v) {
        return Attributes.RANK.read(v).orElseThrow(() -> new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM,
                "pmix.rank is not a number: " + v));
    }

    private byte[] bytes(String key, Value v) {
        if (v instanceof ByteObject b) {
            return b.bytes();
        }
        throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, key + " of " + ns.nspace + " is a " + v.type()
                + ", not a byte object");
    }

    private List<Info> infos(String key, Value v) {
        if (v instanceof DataArray a && a.elementType() == DataType.INFO) {
            return a.infos();
        }
        throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, key + " of " + ns.nspace + " is not an array of infos: "
                + v.type());
    }
}
