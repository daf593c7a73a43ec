/*
 * fork_exec_agent: a fork/exec agent (PMIX_FORKEXEC_AGENT) for pmix4j, as a debugger would write one.
 *
 *   fork_exec_agent        (started by the launcher in an application process's place; no arguments)
 *
 * PMIx_tool_init without info: the launcher put PMIX_NAMESPACE / PMIX_RANK of the agent's own name (a rank
 * of the agents' job) and the server's address in the environment, so libpmix connects as a tool a server
 * started. Prints "fea R identity NS:R pid P". Reads, qualified by its own name, PMIX_DEBUG_TARGET (the
 * application process it stands for), "org.pmix4j.fea.argv" and "org.pmix4j.fea.env" (arrays of strings) and
 * PMIX_WDIR; prints "fea R target NS:r", then forks: the child changes to the directory and execs the
 * command line with that environment. The agent prints "fea R started pid P for NS:r", waits for the child,
 * PMIx_tool_finalize's and exits with the child's status (128 + signal for a killed one). Exit 1 when
 * tool_init fails, 2 when a spawn instruction is missing or malformed, 127 when the exec failed.
 */
#include <pmix_tool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static pmix_value_t *get(const pmix_proc_t *me, const char *key)
{
    pmix_value_t *val = NULL;
    pmix_status_t rc = PMIx_Get(me, key, NULL, 0, &val);
    if (PMIX_SUCCESS != rc || NULL == val) {
        fprintf(stderr, "fea %u: PMIx_Get %s failed: %s\n", me->rank, key, PMIx_Error_string(rc));
        exit(2);
    }
    return val;
}

/* a NULL-terminated copy of an array of strings */
static char **strings(const pmix_proc_t *me, const char *key)
{
    pmix_value_t *val = get(me, key);
    if (PMIX_DATA_ARRAY != val->type || NULL == val->data.darray || PMIX_STRING != val->data.darray->type) {
        fprintf(stderr, "fea %u: %s is not an array of strings (type %d)\n", me->rank, key, val->type);
        exit(2);
    }
    size_t n = val->data.darray->size;
    char **src = (char **) val->data.darray->array;
    char **out = calloc(n + 1, sizeof(char *));
    for (size_t i = 0; i < n; i++) {
        out[i] = strdup(src[i]);
    }
    PMIX_VALUE_RELEASE(val);
    return out;
}

int main(void)
{
    pmix_proc_t me, target;
    pmix_status_t rc;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (PMIX_SUCCESS != (rc = PMIx_tool_init(&me, NULL, 0))) {
        fprintf(stderr, "fea: PMIx_tool_init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("fea %u identity %s:%u pid %d\n", me.rank, me.nspace, me.rank, (int) getpid());

    pmix_value_t *val = get(&me, PMIX_DEBUG_TARGET);
    if (PMIX_PROC != val->type) {
        fprintf(stderr, "fea %u: PMIX_DEBUG_TARGET is no proc (type %d)\n", me.rank, val->type);
        return 2;
    }
    target = *val->data.proc;
    PMIX_VALUE_RELEASE(val);
    printf("fea %u target %s:%u\n", me.rank, target.nspace, target.rank);

    char **argv = strings(&me, "org.pmix4j.fea.argv");
    char **env = strings(&me, "org.pmix4j.fea.env");
    val = get(&me, PMIX_WDIR);
    if (PMIX_STRING != val->type) {
        fprintf(stderr, "fea %u: PMIX_WDIR is no string (type %d)\n", me.rank, val->type);
        return 2;
    }
    char *wdir = strdup(val->data.string);
    PMIX_VALUE_RELEASE(val);
    if (NULL == argv[0]) {
        fprintf(stderr, "fea %u: the command line is empty\n", me.rank);
        return 2;
    }

    pid_t child = fork();
    if (child < 0) {
        perror("fork");
        return 127;
    }
    if (0 == child) {
        if (0 != chdir(wdir)) {
            perror(wdir);
            _exit(127);
        }
        execve(argv[0], argv, env);
        perror(argv[0]);
        _exit(127);
    }
    printf("fea %u started pid %d for %s:%u\n", me.rank, (int) child, target.nspace, target.rank);
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
    }
    PMIx_tool_finalize();
    if (WIFEXITED(status)) {
        return WEXITSTATUS(status);
    }
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}
