package org.pmix4j.server.modex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.DataType;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.server.store.JobData;
import org.pmix4j.server.store.JobStore;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Packer;
import org.pmix4j.wire.Unpacker;
import org.pmix4j.wire.WireFormatException;

/**
 * The opaque data a collecting fence moves between servers, in libpmix's layout so that a host can mix
 * pmix4j and libpmix servers. One server's contribution is one BYTE_OBJECT holding a BYTE of flags (0x01
 * data collected, 0x02 a key table follows: UINT32 n and n STRINGs) and then one BYTE_OBJECT per local
 * participant with remote data: PROC_RANK (the rank counted across the fence's namespaces in order) and its
 * KVALs — or, with a key table, UINT32 key index + VALUE pairs. The host hands back the concatenation of
 * every server's contribution. We write the plain form and read both.
 */
final class FenceBlob {
    private static final int COLLECTED = 0x01;
    private static final int KEY_TABLE = 0x02;

    private FenceBlob() {
    }

    /** This server's contribution to the fence over {@code procs}: the REMOTE data of the local participants that arrived. */
    static byte[] contribution(List<Proc> procs, List<Proc> arrived, ModexStore modex, JobStore jobs, BufferKind kind) {
        Packer inner = new Packer(kind);
        inner.pack(new Value.Byte((byte) COLLECTED));
        Map<String, Integer> offsets = offsets(procs, jobs);
        for (Proc p : arrived) {
            ProcData d = modex.get(p);
            if (d == null || d.remote().isEmpty()) {
                continue;
            }
            Packer one = new Packer(kind).rank(offsets.getOrDefault(p.nspace(), 0) + p.rank());
            one.raw(d.remote().bytes(kind));
            inner.byteObject(one.toByteArray());
        }
        return new Packer(kind).byteObject(inner.toByteArray()).toByteArray();
    }

    /** Files every process's remote data from the concatenated contributions of all servers. */
    static void store(byte[] all, List<Proc> procs, ModexStore modex, JobStore jobs, BufferKind kind) {
        Map<String, Integer> offsets = offsets(procs, jobs);
        try {
            Unpacker servers = new Unpacker(all, kind);
            while (servers.hasRemaining()) {
                Unpacker one = new Unpacker(servers.byteObject(), kind);
                if (!one.hasRemaining()) {
                    continue; // a server with nothing to give
                }
                int flags = ((Value.Byte) one.unpackOne(DataType.BYTE)).value() & 0xff;
                List<String> table = (flags & KEY_TABLE) != 0 ? keyTable(one) : null;
                while (one.hasRemaining()) {
                    Unpacker proc = new Unpacker(one.byteObject(), kind);
                    Proc who = locate(proc.rank(), offsets);
                    List<KeyValue> kvs = new ArrayList<>();
                    while (proc.hasRemaining()) {
                        if (table == null) {
                            kvs.add(proc.kval());
                        } else {
                            int idx = proc.uint32();
                            if (idx < 0 || idx >= table.size()) {
                                throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE,
                                        "fence data names key index " + idx + " of a " + table.size() + "-key table");
                            }
                            kvs.add(new KeyValue(table.get(idx), proc.unpackOne(DataType.VALUE)));
                        }
                    }
                    if (who != null) {
                        modex.storeRemote(who, CommittedData.encode(kvs, kind), kind);
                    }
                }
            }
        } catch (WireFormatException e) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE, "the fence data the host returned is malformed: "
                    + e.getMessage());
        }
    }

    private static List<String> keyTable(Unpacker u) {
        int n = u.uint32();
        if (n < 0 || n > u.remaining()) {
            throw new PmixException(PmixStatus.PMIX_ERR_UNPACK_FAILURE, "fence key table of " + n + " keys");
        }
        List<String> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keys.add(u.string());
        }
        return keys;
    }

    /** Where each namespace's ranks start in the fence's rank numbering: namespaces in the fence's order. */
    private static Map<String, Integer> offsets(List<Proc> procs, JobStore jobs) {
        Map<String, Integer> out = new LinkedHashMap<>();
        int next = 0;
        for (Proc p : procs) {
            if (!out.containsKey(p.nspace())) {
                out.put(p.nspace(), next);
                next += jobs.get(p.nspace()).map(JobData::jobSize).orElse(0);
            }
        }
        return out;
    }

    private static Proc locate(int relRank, Map<String, Integer> offsets) {
        Proc found = null;
        for (Map.Entry<String, Integer> e : offsets.entrySet()) {
            if (Integer.compareUnsigned(relRank, e.getValue()) >= 0) {
                found = new Proc(e.getKey(), relRank - e.getValue());
            }
        }
        return found;
    }
}
