package org.pmix4j.cli;

import picocli.CommandLine;

/**
 * A command line picocli cannot parse (an unknown option, a value of the wrong type, a missing value) gets
 * the error, what picocli suggests for a misspelt option, and a pointer to --help: not the whole usage
 * text, whose hundred lines push the one line that says what was wrong off the screen.
 */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String command = cl.getCommandName().equals("pmix4j") ? "pmix4j" : "pmix4j " + cl.getCommandName();
        cl.getErr().println(command + ": " + ex.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, cl.getErr());
        cl.getErr().println("Run '" + command + " --help' for the options, with examples.");
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }
}
