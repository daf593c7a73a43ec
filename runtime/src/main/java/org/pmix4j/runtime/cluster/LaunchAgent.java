package org.pmix4j.runtime.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * What starts a daemon on another node: OpenSSH by default, or the command of {@code --launch-agent}
 * (PRRTE's plm_ssh_agent), run exactly as ssh is, {@code AGENT HOST COMMAND...}, so that a site's wrapper
 * or a test harness can stand in for ssh. As with ssh, the words of the command reach the remote side
 * joined into one line for its shell, so each is quoted for a POSIX shell here.
 *
 * @param argv the agent and its options ({@code ssh -p 2222 -i key})
 */
public record LaunchAgent(List<String> argv) {
    /** ssh without prompts: a password or host-key question would hang the launch instead of failing it. */
    public static final LaunchAgent SSH = new LaunchAgent(List.of("ssh", "-o", "BatchMode=yes"));

    public LaunchAgent {
        if (argv.isEmpty() || argv.get(0).isBlank()) {
            throw new IllegalArgumentException("--launch-agent: an empty command");
        }
        argv = List.copyOf(argv);
    }

    /** {@code --launch-agent "ssh -p 2222"}: the value split at blanks, as PRRTE splits it. */
    public static LaunchAgent parse(String value) {
        List<String> words = List.of(value.strip().split("\\s+"));
        if (value.isBlank()) {
            throw new IllegalArgumentException("--launch-agent: an empty command");
        }
        return new LaunchAgent(words);
    }

    /** The command line that runs {@code command} on {@code host}. */
    public List<String> commandFor(String host, List<String> command) {
        List<String> out = new ArrayList<>(argv);
        out.add(host);
        for (String word : command) {
            out.add(quote(word));
        }
        return out;
    }

    static String quote(String word) {
        if (word.matches("[A-Za-z0-9_./:=,@%+-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
