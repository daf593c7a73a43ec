package org.pmix4j.server.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;
import org.pmix4j.wire.Unpacker;

/** Building registration payloads and taking replies apart, for the store tests. */
final class Payloads {
    private Payloads() {
    }

    static <T> Info i(Attribute<T> a, T v) {
        return a.info(v);
    }

    static Info arr(Attribute<DataArray> a, Info... infos) {
        return Info.of(a.key(), DataArray.ofInfos(List.of(infos)));
    }

    static Info arr(Attribute<DataArray> a, List<Info> infos) {
        return Info.of(a.key(), DataArray.ofInfos(infos));
    }

    /** The KVAL packs of a job-info reply, in order. */
    static List<KeyValue> kvals(byte[] reply) {
        return kvals(new Unpacker(reply, BufferKind.NON_DESCRIBED));
    }

    static List<KeyValue> kvals(Unpacker u) {
        List<KeyValue> out = new ArrayList<>();
        while (u.hasRemaining()) {
            out.add(u.kval());
        }
        return out;
    }

    static List<String> keys(List<KeyValue> kvs) {
        return kvs.stream().map(KeyValue::key).toList();
    }

    /** An INFO data array as key to value (keeps order). */
    static LinkedHashMap<String, Value> infoMap(Value v) {
        LinkedHashMap<String, Value> m = new LinkedHashMap<>();
        for (Info i : ((DataArray) v).infos()) {
            m.put(i.key(), i.value());
        }
        return m;
    }

    static List<LinkedHashMap<String, Value>> arrays(List<KeyValue> kvs, String key) {
        return kvs.stream().filter(kv -> kv.key().equals(key)).map(kv -> infoMap(kv.value())).toList();
    }

    /** The job-level part of a reply: every KVAL before the first array / blob. */
    static LinkedHashMap<String, Value> jobLevel(List<KeyValue> kvs) {
        LinkedHashMap<String, Value> m = new LinkedHashMap<>();
        for (KeyValue kv : kvs) {
            if (kv.key().equals("pmix.ssn.arr") || kv.key().equals("pmix.node.arr") || kv.key().equals("pmix.app.arr")
                    || kv.key().equals("pmix.pblob") || kv.key().equals("pmix.pdata")) {
                continue;
            }
            m.put(kv.key(), kv.value());
        }
        return m;
    }

    /** The pmix.pblob objects of a reply: rank to its values. */
    static TreeMap<Integer, LinkedHashMap<String, Value>> blobs(List<KeyValue> kvs) {
        TreeMap<Integer, LinkedHashMap<String, Value>> out = new TreeMap<>();
        for (KeyValue kv : kvs) {
            if (!kv.key().equals("pmix.pblob")) {
                continue;
            }
            Unpacker u = new Unpacker(((org.pmix4j.api.ByteObject) kv.value()).bytes(), BufferKind.NON_DESCRIBED);
            int rank = u.rank();
            LinkedHashMap<String, Value> m = new LinkedHashMap<>();
            for (KeyValue p : kvals(u)) {
                m.put(p.key(), p.value());
            }
            if (out.put(rank, m) != null) {
                throw new AssertionError("two blobs for rank " + rank);
            }
        }
        return out;
    }

    static Map<String, Value> map(List<KeyValue> kvs) {
        LinkedHashMap<String, Value> m = new LinkedHashMap<>();
        for (KeyValue kv : kvs) {
            m.put(kv.key(), kv.value());
        }
        return m;
    }

    static Proc proc(String ns, int rank) {
        return new Proc(ns, rank);
    }
}
