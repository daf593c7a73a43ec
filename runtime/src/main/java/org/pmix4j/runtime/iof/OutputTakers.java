package org.pmix4j.runtime.iof;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Rank;

/**
 * Which output PMIx tools take away from the launcher's terminal: a tool's PMIx_IOF_pull redirects
 * (PMIX_IOF_REDIRECT, the Standard's default) the output of its sources and channels "instead of its
 * current final destination", so the launcher stops printing it while the pull lasts; with PMIX_IOF_COPY
 * it gets a copy and the launcher goes on printing. When the pull ends (PMIx_IOF_deregister, or the tool
 * went away: PMIX_IOF_STOP) the launcher prints again. Whether output is printed is decided as it is
 * read from the process, before the tools get it ({@link #taken}): what a tool got while it took the output
 * is not printed even if the tool lets go before the launcher writes; output already printed is never sent
 * again, and output read while no tool takes it is printed.
 *
 * <p>Only the terminal is redirected: output files the job's start asked for (PMIX_IOF_OUTPUT_TO_FILE,
 * {@code --output file=}) go on being written, since a file with holes where a tool happened to look would
 * be worth less than the Standard's "results file" it means to keep clean of a debugger's output.
 *
 * <p>Two tools redirecting the same output each count: it is printed again once both have ended. Thread
 * safe; {@link #taken} is read by every output stream and takes no lock.
 */
public final class OutputTakers {
    /** One redirecting pull of one source (a WILDCARD rank for a whole job) on a channel mask. */
    private record Take(String nspace, int rank, int channels) {
        boolean covers(Proc source, int channel) {
            return (channels & channel) != 0 && nspace.equals(source.nspace())
                    && (rank == Rank.WILDCARD || rank == source.rank());
        }
    }

    private volatile List<Take> takes = List.of();

    /**
     * The host's {@code iofPull} upcall: a pull (or, with PMIX_IOF_STOP, its end) of {@code sources} on
     * {@code channels}. Pulls with PMIX_IOF_COPY, or PMIX_IOF_REDIRECT false, change nothing here.
     */
    public void pulled(List<Proc> sources, List<Info> directives, int channels) {
        if (!redirects(directives)) {
            return;
        }
        if (Attributes.IOF_STOP.find(directives).orElse(false)) {
            release(sources, channels);
        } else {
            take(sources, channels);
        }
    }

    /** Whether a pull with these directives takes the output away from the launcher. */
    static boolean redirects(List<Info> directives) {
        return !Attributes.IOF_COPY.find(directives).orElse(false)
                && Attributes.IOF_REDIRECT.find(directives).orElse(true);
    }

    /** A tool takes the output of {@code sources} on {@code channels} from now on. */
    public synchronized void take(List<Proc> sources, int channels) {
        List<Take> next = new ArrayList<>(takes);
        for (Proc p : sources) {
            next.add(new Take(p.nspace(), p.rank(), channels));
        }
        takes = List.copyOf(next);
    }

    /** One {@link #take} of the same sources and channels ended. */
    public synchronized void release(List<Proc> sources, int channels) {
        List<Take> next = new ArrayList<>(takes);
        for (Proc p : sources) {
            next.remove(new Take(p.nspace(), p.rank(), channels));
        }
        takes = List.copyOf(next);
    }

    /** Whether some tool takes this process's output on {@code channel} (one IofChannel bit) now. */
    public boolean taken(Proc source, int channel) {
        List<Take> now = takes;
        for (int i = 0; i < now.size(); i++) {
            if (now.get(i).covers(source, channel)) {
                return true;
            }
        }
        return false;
    }
}
