package org.pmix4j.cli;

import org.pmix4j.api.PmixException;
import picocli.CommandLine;

/**
 * Turns an exception from a command into one line on stderr and an exit status, instead of a stack
 * trace: users need to know what was wrong and where, not how we got there. PMIX4J_DEBUG=1 shows traces.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        String msg = ex instanceof PmixException || ex instanceof IllegalArgumentException
                || ex instanceof java.io.IOException || ex instanceof java.io.UncheckedIOException
                ? ex.getMessage() : ex.toString();
        cl.getErr().println("pmix4j " + cl.getCommandName() + ": " + msg);
        if (System.getenv("PMIX4J_DEBUG") != null) {
            ex.printStackTrace(cl.getErr());
        }
        return ex instanceof IllegalArgumentException ? 2 : 1;
    }
}
