/*
 * exec_agent: a PMIx exec agent (PMIX_EXEC_AGENT), as the Standard's tools chapter describes one: started by
 * the launcher in the application process's place with the application's command line as its arguments, it
 * does its preparation (here: says so on stderr and leaves a mark in the environment) and execs the
 * application in its own place, so the application keeps the agent's pid.
 *
 *   exec_agent PROGRAM [ARGS...]
 *
 * Prints "exec-agent pid P runs PROGRAM" on stderr, sets EXEC_AGENT_PID=P and execs PROGRAM; 127 if it cannot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "exec-agent: no application command line given\n");
        return 2;
    }
    char pid[32];
    snprintf(pid, sizeof(pid), "%d", (int) getpid());
    setenv("EXEC_AGENT_PID", pid, 1);
    fprintf(stderr, "exec-agent pid %s runs %s\n", pid, argv[1]);
    fflush(stderr);
    execvp(argv[1], &argv[1]);
    perror("exec-agent: execvp");
    return 127;
}
