package org.pmix4j.server.iof;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.pmix4j.api.internal.Log;
import org.pmix4j.server.iof.IofRouter.Output;

/**
 * The output that arrived before anybody asked for it, kept per job and channel under the job's
 * {@link CachePolicy} (given with {@link #setPolicy}; {@link CachePolicy#DEFAULT} otherwise), for the
 * requests that come later. A piece that does not fit is cut at the byte (the Standard counts the cache in
 * bytes): under drop-newest the new bytes beyond the limit are lost, under drop-oldest the oldest cached
 * bytes of that job's channel make room. The end of a stream (an empty piece, PMIX_IOF_COMPLETE) takes no
 * room and is never dropped, so a late requester still learns that the stream ended. Whatever the jobs
 * ask, the whole cache never holds more than {@link #MAX_BYTES}: beyond that new bytes are dropped, so that
 * no job can make the server run out of memory.
 *
 * <p>Loop thread only.
 */
final class IofCache {
    private static final Log LOG = Log.of(IofCache.class);

    /** The bound of the whole cache, over every job. */
    static final long MAX_BYTES = 64L << 20;

    /** A cached piece and its place in the order of arrival (for replaying channels interleaved as they came). */
    private record Entry(long seq, Output out) {
    }

    /** What one job has cached on one channel. */
    private static final class Stream {
        final ArrayDeque<Entry> entries = new ArrayDeque<>();
        long bytes;
    }

    private final Map<String, CachePolicy> policies = new HashMap<>();
    private final Map<String, Map<Integer, Stream>> jobs = new LinkedHashMap<>();
    private long seq;
    private long totalBytes;
    private long droppedBytes;
    /** Per job, the channels that lost bytes because the cache was full (told to later requesters). */
    private final Map<String, Integer> lossByJob = new HashMap<>();

    /** The cache policy of a job's output from now on. */
    void setPolicy(String nspace, CachePolicy policy) {
        policies.put(nspace, policy);
    }

    CachePolicy policy(String nspace) {
        return policies.getOrDefault(nspace, CachePolicy.DEFAULT);
    }

    /** Keeps {@code out} as far as its job's policy lets it. */
    void add(Output out) {
        Stream s = jobs.computeIfAbsent(out.source().nspace(), k -> new LinkedHashMap<>())
                .computeIfAbsent(out.channel(), k -> new Stream());
        byte[] data = out.data();
        if (data.length == 0) {
            s.entries.addLast(new Entry(seq++, out));
            return;
        }
        CachePolicy p = policy(out.source().nspace());
        long limit = p.bytesPerChannel();
        if (p.dropOldest()) {
            if (data.length > limit) {
                drop(data.length - limit, out);
                data = Arrays.copyOfRange(data, (int) (data.length - limit), data.length);
            }
            makeRoom(s, s.bytes + data.length - limit);
        } else {
            long room = Math.max(0, limit - s.bytes);
            if (data.length > room) {
                drop(data.length - room, out);
                data = Arrays.copyOf(data, (int) room);
            }
        }
        long global = Math.max(0, MAX_BYTES - totalBytes);
        if (data.length > global) {
            drop(data.length - global, out);
            data = Arrays.copyOf(data, (int) global);
        }
        if (data.length == 0) {
            return;
        }
        s.entries.addLast(new Entry(seq++, data == out.data() ? out : out.withData(data)));
        s.bytes += data.length;
        totalBytes += data.length;
    }

    /** Drops the oldest {@code excess} data bytes of the stream, cutting into a piece when needed. */
    private void makeRoom(Stream s, long excess) {
        List<Entry> ends = new ArrayList<>();
        while (excess > 0 && !s.entries.isEmpty()) {
            Entry head = s.entries.pollFirst();
            byte[] d = head.out().data();
            if (d.length == 0) {
                ends.add(head); // an end of stream is kept
                continue;
            }
            if (d.length <= excess) {
                excess -= d.length;
                s.bytes -= d.length;
                totalBytes -= d.length;
                drop(d.length, head.out());
            } else {
                int keep = (int) (d.length - excess);
                s.entries.addFirst(new Entry(head.seq(), head.out().withData(Arrays.copyOfRange(d, d.length - keep, d.length))));
                s.bytes -= excess;
                totalBytes -= excess;
                drop(excess, head.out());
                excess = 0;
            }
        }
        for (int i = ends.size() - 1; i >= 0; i--) {
            s.entries.addFirst(ends.get(i));
        }
    }

    private void drop(long bytes, Output out) {
        droppedBytes += bytes;
        lossByJob.merge(out.source().nspace(), out.channel(), (a, b) -> a | b);
        LOG.debug("IOF cache of {} full: dropped {} bytes of {}", out.source().nspace(), bytes, out.source());
    }

    /** Removes and returns, in the order they arrived, the pieces that {@code wanted} accepts. */
    List<Output> take(Predicate<Output> wanted) {
        List<Entry> taken = new ArrayList<>();
        for (Iterator<Map<Integer, Stream>> jt = jobs.values().iterator(); jt.hasNext();) {
            Map<Integer, Stream> channels = jt.next();
            for (Iterator<Stream> st = channels.values().iterator(); st.hasNext();) {
                Stream s = st.next();
                for (Iterator<Entry> it = s.entries.iterator(); it.hasNext();) {
                    Entry e = it.next();
                    if (wanted.test(e.out())) {
                        it.remove();
                        s.bytes -= e.out().data().length;
                        totalBytes -= e.out().data().length;
                        taken.add(e);
                    }
                }
                if (s.entries.isEmpty()) {
                    st.remove();
                }
            }
            if (channels.isEmpty()) {
                jt.remove();
            }
        }
        taken.sort(Comparator.comparingLong(Entry::seq));
        return taken.stream().map(Entry::out).toList();
    }

    /** Forgets a job: its cached output and its policy (the job is gone; nobody can pull it any more). */
    void dropJob(String nspace) {
        policies.remove(nspace);
        lossByJob.remove(nspace);
        Map<Integer, Stream> channels = jobs.remove(nspace);
        if (channels != null) {
            for (Stream s : channels.values()) {
                totalBytes -= s.bytes;
            }
        }
    }

    /** How many pieces wait. */
    int pieces() {
        int n = 0;
        for (Map<Integer, Stream> channels : jobs.values()) {
            for (Stream s : channels.values()) {
                n += s.entries.size();
            }
        }
        return n;
    }

    /** How many data bytes wait. */
    long bytes() {
        return totalBytes;
    }

    /** The channels of a job that lost output because its cache was full. */
    int lostChannels(String nspace) {
        return lossByJob.getOrDefault(nspace, 0);
    }

    /** How many bytes were dropped so far because a cache was full. */
    long droppedBytes() {
        return droppedBytes;
    }

    /**
     * What a pull that asks for at most {@code policy.bytesPerChannel()} bytes per channel gets of the
     * cached {@code outs}: under drop-newest the first bytes of each channel, under drop-oldest the last.
     * Ends of streams always go through.
     */
    static List<Output> limit(List<Output> outs, CachePolicy policy) {
        List<Output> in = new ArrayList<>(outs);
        if (policy.dropOldest()) {
            java.util.Collections.reverse(in);
        }
        Map<Integer, Long> used = new HashMap<>();
        List<Output> kept = new ArrayList<>();
        for (Output o : in) {
            byte[] d = o.data();
            if (d.length == 0) {
                kept.add(o);
                continue;
            }
            long room = policy.bytesPerChannel() - used.getOrDefault(o.channel(), 0L);
            if (room <= 0) {
                continue;
            }
            if (d.length > room) {
                int n = (int) room;
                d = policy.dropOldest() ? Arrays.copyOfRange(d, d.length - n, d.length) : Arrays.copyOf(d, n);
                o = o.withData(d);
            }
            used.merge(o.channel(), (long) d.length, Long::sum);
            kept.add(o);
        }
        if (policy.dropOldest()) {
            java.util.Collections.reverse(kept);
        }
        return kept;
    }
}
