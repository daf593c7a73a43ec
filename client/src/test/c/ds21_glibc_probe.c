/*
 * Prints what a Java writer of the ds21 store needs to know about glibc's process-shared mutexes on this
 * machine (docs/ds21.md §6): type sizes and field offsets, the "kind" word libpmix's mutexes carry, and what
 * happens to the next locker when a process dies holding a non-robust and a robust process-shared mutex.
 *
 * usage: ds21_glibc_probe        (no libpmix needed: gcc -o ds21_glibc_probe ds21_glibc_probe.c)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* Locks m in a child that exits without unlocking; returns the parent's result of lock(m) or trylock(m). */
static int lock_after_owner_died(pthread_mutex_t *m, int try_only)
{
    pid_t p = fork();
    if (0 == p) {
        pthread_mutex_lock(m);
        _exit(0);
    }
    waitpid(p, NULL, 0);
    return try_only ? pthread_mutex_trylock(m) : pthread_mutex_lock(m);
}

int main(void)
{
    printf("sizeof pthread_mutex_t %zu pthread_mutexattr_t %zu pthread_rwlock_t %zu size_t %zu\n",
           sizeof(pthread_mutex_t), sizeof(pthread_mutexattr_t), sizeof(pthread_rwlock_t), sizeof(size_t));
    printf("page %ld L1 line %ld\n", sysconf(_SC_PAGESIZE), sysconf(_SC_LEVEL1_DCACHE_LINESIZE));
    printf("mutex offsets lock %zu count %zu owner %zu nusers %zu kind %zu\n",
           offsetof(pthread_mutex_t, __data.__lock), offsetof(pthread_mutex_t, __data.__count),
           offsetof(pthread_mutex_t, __data.__owner), offsetof(pthread_mutex_t, __data.__nusers),
           offsetof(pthread_mutex_t, __data.__kind));

    pthread_mutex_t *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (MAP_FAILED == shared) return 1;
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);

    pthread_mutex_t *plain = &shared[0];
    pthread_mutex_init(plain, &attr); /* as libpmix's ds21 server does */
    printf("process-shared kind 0x%x\n", plain->__data.__kind);
    int rc = lock_after_owner_died(plain, 1);
    printf("process-shared, owner died: trylock %d (%s)\n", rc, strerror(rc));

    pthread_mutex_t *robust = &shared[2];
    pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
    pthread_mutex_init(robust, &attr);
    printf("process-shared robust kind 0x%x\n", robust->__data.__kind);
    rc = lock_after_owner_died(robust, 0);
    printf("process-shared robust, owner died: lock %d (%s)\n", rc, strerror(rc));
    if (EOWNERDEAD == rc) {
        pthread_mutex_consistent(robust);
        printf("consistent, then unlock %d\n", pthread_mutex_unlock(robust));
    }
    return 0;
}
