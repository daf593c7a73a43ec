package org.pmix4j.server.iof;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * Which output channels each job forwards, for the jobs whose start said so: a job spawned with any of
 * PMIX_FWD_STDOUT, PMIX_FWD_STDERR, PMIX_FWD_STDDIAG forwards the channels set true among them (and, when a
 * tool spawned it, those it did not mention, as libpmix does), and a pull of another channel of it is
 * refused. A job whose start named none of them (one that
 * {@code pmix4j run} itself launched, say) has no record, and any channel of it can be pulled. The record
 * is made from the spawn's job info ({@link IofRouter#registerForSpawn}) or from the job's registration
 * info, where a host that starts jobs for tools can put the same attributes ({@link IofRouter#jobRegistered}).
 *
 * <p>Loop thread only.
 */
final class ForwardedChannels {
    private static final int OUTPUT = IofChannel.STDOUT | IofChannel.STDERR | IofChannel.STDDIAG;

    private final Map<String, Integer> byJob = new HashMap<>();

    /**
     * The channels a start's infos declare forwarded, when they name any output channel, by libpmix's rule
     * for the requester ({@link IofChannel#forwardedBySpawn}: what a tool does not mention is forwarded
     * too); the runtime reads a spawn with the same rule to know what not to print itself.
     */
    static OptionalInt declared(List<Info> info, boolean requesterIsTool) {
        for (Info i : info) {
            String k = i.key();
            if (k.equals(Attributes.FWD_STDOUT.key()) || k.equals(Attributes.FWD_STDERR.key())
                    || k.equals(Attributes.FWD_STDDIAG.key())) {
                return OptionalInt.of(IofChannel.forwardedBySpawn(info, requesterIsTool));
            }
        }
        return OptionalInt.empty();
    }

    void declare(String nspace, int channels) {
        byJob.put(nspace, channels);
    }

    void forget(String nspace) {
        byJob.remove(nspace);
    }

    /** The channels a job forwards, empty when its start did not say. */
    OptionalInt of(String nspace) {
        Integer c = byJob.get(nspace);
        return c == null ? OptionalInt.empty() : OptionalInt.of(c);
    }

    /**
     * Why a pull of {@code channels} from {@code sources} must be refused, or {@code null} when it may be
     * granted: a source's job forwards only some output channels, and the pull asks for another.
     */
    String refusal(List<Proc> sources, int channels) {
        List<String> why = new ArrayList<>();
        for (Proc p : sources) {
            Integer forwarded = byJob.get(p.nspace());
            if (forwarded == null) {
                continue;
            }
            int missing = channels & OUTPUT & ~forwarded;
            if (missing != 0) {
                why.add("job " + p.nspace() + " was started forwarding " + IofChannel.label(forwarded & OUTPUT)
                        + ", not " + IofChannel.label(missing));
            }
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }
}
