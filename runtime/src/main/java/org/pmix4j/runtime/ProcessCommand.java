package org.pmix4j.runtime;

import java.util.List;
import java.util.Map;
import org.pmix4j.api.Proc;
import org.pmix4j.runtime.placement.ProcPlacement;

/**
 * What the launcher starts for one process of a job: the command line (its program resolved to a path,
 * without the binder's prefix), the whole environment and the working directory. With a fork/exec agent it
 * is the agent's, standing in the process's place.
 *
 * @param proc      the process the launcher starts, watches and reports
 * @param placement where it was placed (node, CPUs, application)
 */
record ProcessCommand(Proc proc, ProcPlacement placement, List<String> argv, Map<String, String> env, String wdir) {
    ProcessCommand {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
    }
}
