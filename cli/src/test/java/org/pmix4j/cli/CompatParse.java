package org.pmix4j.cli;

import java.util.List;
import picocli.CommandLine;

/**
 * How {@code pmix4j run} (or {@code prun}) reads a command line, without running anything: mpirun's spellings
 * rewritten (LegacyCommandLine), then picocli's parse. For the compatibility tests (org.pmix4j.cli.compat).
 */
public final class CompatParse {
    private CompatParse() {
    }

    /**
     * What became of a command line.
     *
     * @param refusal  the message of a refusal (an option pmix4j does not take, and why), or null
     * @param parseError picocli's message when it could not parse (an unknown option ...), or null
     * @param notices  what the launcher would print before the job
     * @param program  the words left for the program
     */
    public record Outcome(String refusal, String parseError, List<String> notices, List<String> program) {
        public boolean accepted() {
            return refusal == null && parseError == null;
        }
    }

    /** Reads {@code args} as {@code pmix4j <command> args} would ({@code run} or {@code prun}). */
    public static Outcome parse(String command, String... args) {
        JobCommand job = command.equals("run") ? new RunCommand() : new PrunCommand();
        CommandLine cl = job.commandLine();
        try {
            String[] rewritten = LegacyCommandLine.rewrite(args, cl.getCommandSpec(), job.notices).args();
            cl.parseArgs(rewritten);
        } catch (CommandLine.ParameterException e) {
            return new Outcome(null, e.getMessage(), job.notices.lines("pmix4j " + command), List.of());
        } catch (IllegalArgumentException e) {
            return new Outcome(e.getMessage(), null, job.notices.lines("pmix4j " + command), List.of());
        }
        return new Outcome(null, null, job.notices.lines("pmix4j " + command), List.copyOf(job.words));
    }
}
