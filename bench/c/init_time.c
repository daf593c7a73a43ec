/* PMIx_Init of a fresh C process, timed the way bench/jvm-init.sh times a JVM's: prints the wall-clock time
 * (µs since the epoch) when main began and when PMIx_Init returned; the script subtracts the time it
 * exec'd this program. */
#include <pmix.h>
#include <stdio.h>
#include <time.h>

static long long epoch_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long) ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

int main(void)
{
    long long main_us = epoch_us();
    pmix_proc_t me;
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    long long init_us = epoch_us();
    if (rc != PMIX_SUCCESS) {
        fprintf(stderr, "init_time: PMIx_Init failed: %s\n", PMIx_Error_string(rc));
        return 1;
    }
    printf("hello-time rank=%u main_us=%lld init_us=%lld\n", me.rank, main_us, init_us);
    PMIx_Finalize(NULL, 0);
    return 0;
}
