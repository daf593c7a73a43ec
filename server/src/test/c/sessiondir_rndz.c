/*
 * Interop peer of the session-directory tests (RendezvousInteropTest). Two modes:
 *
 *   sessiondir_rndz server <system tmpdir> <server tmpdir> <copy dir>
 *       Starts a libpmix server (no host module) with tool, system and session support and the two
 *       tmpdirs given, so the library writes its rendezvous files. Lists every regular file of the two
 *       directories as "FILE <sys|srv> <name> <octal mode> <size>", copies each to
 *       <copy dir>/<sys|srv>.<name>, finalizes, then lists what is left as "LEFT <sys|srv> <name>".
 *
 *   sessiondir_rndz tool <system tmpdir> <system|pid|nspace|file|search> [pid|nspace|path]
 *       Calls PMIx_tool_init with the given discovery directive and prints "RC <status> <name>".
 *       The test serves the URI named in the rendezvous file: an accepted connection proves that the
 *       library found and parsed the file.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <pmix_server.h>
#include <pmix_tool.h>

static void list_dir(const char *label, const char *dir, const char *copydir, int copy)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096], out[4096], buf[8192];
    struct stat st;

    if (NULL == d) {
        printf("NODIR %s\n", label);
        return;
    }
    while (NULL != (e = readdir(d))) {
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        if (0 != lstat(path, &st) || !S_ISREG(st.st_mode)) {
            continue;
        }
        if (!copy) {
            printf("LEFT %s %s\n", label, e->d_name);
            continue;
        }
        printf("FILE %s %s %o %ld\n", label, e->d_name, (unsigned) (st.st_mode & 07777), (long) st.st_size);
        snprintf(out, sizeof(out), "%s/%s.%s", copydir, label, e->d_name);
        FILE *in = fopen(path, "r");
        FILE *o = fopen(out, "w");
        if (NULL != in && NULL != o) {
            size_t n;
            while (0 < (n = fread(buf, 1, sizeof(buf), in))) {
                fwrite(buf, 1, n, o);
            }
        }
        if (NULL != in) {
            fclose(in);
        }
        if (NULL != o) {
            fclose(o);
        }
    }
    closedir(d);
}

static int run_server(const char *systmp, const char *srvtmp, const char *copydir)
{
    pmix_server_module_t module;
    pmix_info_t info[7];
    bool yes = true;
    pmix_rank_t rank = 0;
    pmix_status_t rc;

    memset(&module, 0, sizeof(module));
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_TOOL_SUPPORT, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&info[1], PMIX_SERVER_SYSTEM_SUPPORT, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&info[2], PMIX_SERVER_SESSION_SUPPORT, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&info[3], PMIX_SERVER_TMPDIR, srvtmp, PMIX_STRING);
    PMIX_INFO_LOAD(&info[4], PMIX_SYSTEM_TMPDIR, systmp, PMIX_STRING);
    PMIX_INFO_LOAD(&info[5], PMIX_SERVER_NSPACE, "rndzsrv", PMIX_STRING);
    PMIX_INFO_LOAD(&info[6], PMIX_SERVER_RANK, &rank, PMIX_PROC_RANK);
    rc = PMIx_server_init(&module, info, 7);
    printf("INIT %d %s\n", rc, PMIx_Error_string(rc));
    if (PMIX_SUCCESS != rc) {
        return 1;
    }
    printf("PID %ld\n", (long) getpid());
    list_dir("sys", systmp, copydir, 1);
    list_dir("srv", srvtmp, copydir, 1);
    fflush(stdout);
    rc = PMIx_server_finalize();
    printf("FINALIZE %d\n", rc);
    list_dir("sys", systmp, copydir, 0);
    list_dir("srv", srvtmp, copydir, 0);
    return 0;
}

static int run_tool(const char *systmp, const char *how, const char *arg)
{
    pmix_info_t info[2];
    size_t n = 1;
    bool yes = true;
    pid_t pid;
    pmix_proc_t me;
    pmix_status_t rc;

    PMIX_INFO_LOAD(&info[0], PMIX_SYSTEM_TMPDIR, systmp, PMIX_STRING);
    if (0 == strcmp(how, "system")) {
        PMIX_INFO_LOAD(&info[1], PMIX_CONNECT_TO_SYSTEM, &yes, PMIX_BOOL);
        n = 2;
    } else if (0 == strcmp(how, "pid")) {
        pid = (pid_t) strtol(arg, NULL, 10);
        PMIX_INFO_LOAD(&info[1], PMIX_SERVER_PIDINFO, &pid, PMIX_PID);
        n = 2;
    } else if (0 == strcmp(how, "nspace")) {
        PMIX_INFO_LOAD(&info[1], PMIX_SERVER_NSPACE, arg, PMIX_STRING);
        n = 2;
    } else if (0 == strcmp(how, "file")) {
        PMIX_INFO_LOAD(&info[1], PMIX_TOOL_ATTACHMENT_FILE, arg, PMIX_STRING);
        n = 2;
    }
    rc = PMIx_tool_init(&me, info, n);
    printf("RC %d %s\n", rc, PMIx_Error_string(rc));
    fflush(stdout);
    if (PMIX_SUCCESS == rc) {
        PMIx_tool_finalize();
    }
    return 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (5 == argc && 0 == strcmp(argv[1], "server")) {
        return run_server(argv[2], argv[3], argv[4]);
    }
    if (4 <= argc && 0 == strcmp(argv[1], "tool")) {
        return run_tool(argv[2], argv[3], 5 <= argc ? argv[4] : "");
    }
    fprintf(stderr, "usage: %s server <systmp> <srvtmp> <copydir> | tool <systmp> <how> [arg]\n", argv[0]);
    return 2;
}
