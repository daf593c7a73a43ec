package org.pmix4j.cli;

import java.util.function.IntSupplier;
import org.pmix4j.runtime.LaunchException;

/**
 * How every command that starts or reaches a runtime ends on an error, by one rule: a one-line message
 * naming the command ("pmix4j prun: no DVM is running ...") and a non-zero status: the LaunchException's
 * own, or 2 for a bad option value.
 */
final class CommandErrors {
    private CommandErrors() {
    }

    static int run(String command, IntSupplier body) {
        try {
            return body.getAsInt();
        } catch (LaunchException e) {
            System.err.println("pmix4j " + command + ": " + e.getMessage());
            return e.exitStatus();
        } catch (IllegalArgumentException e) {
            System.err.println("pmix4j " + command + ": " + e.getMessage());
            return 2;
        }
    }
}
