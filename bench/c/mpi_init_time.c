/*
 * mpi_init_time: the MPI program of bench/mpi-init.sh. Each rank times its own MPI_Init and MPI_Finalize
 * (CLOCK_MONOTONIC), the CPU time it spent inside MPI_Init (getrusage: work the process did itself, as
 * opposed to waiting for its launcher's PMIx server), and where its life began on the wall clock relative
 * to MPI_INIT_T0_US (µs since the epoch, set by the script just before it started the launcher; absent, those
 * fields are -1): when the kernel created the process (/proc/self/stat, 10 ms resolution) and when main
 * began. Built with Open MPI's mpicc; the same binary runs under mpirun, `pmix4j run` and `pmix4j prun`.
 *
 * Output, one line each, machine-readable (key=value, times in µs):
 *   rank 0, after a gather of every rank's numbers (an MPI collective once MPI_Init has returned in all):
 *     mpi-init-time n=N init_max=… init_med=… init_min=… init_cpu_max=… init_cpu_med=…
 *                   start_max=… main_min=… main_max=… init_end_max=…
 *   every rank, after MPI_Finalize (no MPI left to reduce with):
 *     mpi-finalize-time rank=R fin=… fin_end=… cpu=…
 * start_* / main_* / *_end are µs from MPI_INIT_T0_US to the process's creation, to main, to the end of
 * MPI_Init, to the end of MPI_Finalize; cpu is the process's CPU time (user + system) from exec to then.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static long long clock_us(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (long long) ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static long long cpu_us(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

/* how long ago (µs) the kernel created this process: field 22 of /proc/self/stat, in clock ticks since
 * boot, against CLOCK_BOOTTIME now; -1 if unreadable */
static long long age_us(void)
{
    char buf[1024];
    FILE *f = fopen("/proc/self/stat", "r");
    if (f == NULL) {
        return -1;
    }
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    char *p = strrchr(buf, ')'); /* the command name may hold spaces: fields are counted after it */
    if (p == NULL) {
        return -1;
    }
    unsigned long long start_ticks = 0;
    /* after ") " come fields 3 … ; starttime is field 22, the 20th after the name */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
               &start_ticks) != 1) {
        return -1;
    }
    long hz = sysconf(_SC_CLK_TCK);
    return clock_us(CLOCK_BOOTTIME) - (long long) (start_ticks * 1000000ULL / (unsigned long long) hz);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/* median of column col of n rows of width w (sorts a copy) */
static double column_median(const double *rows, int n, int w, int col, int want_max, double *max, double *min)
{
    double *v = malloc(sizeof(double) * (size_t) n);
    for (int i = 0; i < n; i++) {
        v[i] = rows[i * w + col];
    }
    qsort(v, (size_t) n, sizeof(double), by_value);
    double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    if (want_max) {
        *max = v[n - 1];
        *min = v[0];
    }
    free(v);
    return med;
}

enum { INIT, INIT_CPU, START, MAIN, INIT_END, WIDTH };

int main(int argc, char **argv)
{
    long long main_real = clock_us(CLOCK_REALTIME);
    long long main_mono = clock_us(CLOCK_MONOTONIC); /* later instants on the wall clock: main_real + Δmono */
    long long age = age_us();
    const char *t0s = getenv("MPI_INIT_T0_US");
    long long t0 = t0s ? atoll(t0s) : 0;

    long long cpu0 = cpu_us();
    long long a = clock_us(CLOCK_MONOTONIC);
    MPI_Init(&argc, &argv);
    long long b = clock_us(CLOCK_MONOTONIC);
    long long cpu1 = cpu_us();
    long long init_end_real = main_real + (b - main_mono);

    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double mine[WIDTH] = {
        [INIT] = (double) (b - a),
        [INIT_CPU] = (double) (cpu1 - cpu0),
        [START] = t0 && age >= 0 ? (double) (main_real - age - t0) : -1,
        [MAIN] = t0 ? (double) (main_real - t0) : -1,
        [INIT_END] = t0 ? (double) (init_end_real - t0) : -1,
    };
    double *all = rank == 0 ? malloc(sizeof(double) * WIDTH * (size_t) size) : NULL;
    MPI_Gather(mine, WIDTH, MPI_DOUBLE, all, WIDTH, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double init_max, init_min, cpu_max, cpu_min, start_max, start_min, main_max, main_min, end_max, end_min;
        double init_med = column_median(all, size, WIDTH, INIT, 1, &init_max, &init_min);
        double cpu_med = column_median(all, size, WIDTH, INIT_CPU, 1, &cpu_max, &cpu_min);
        column_median(all, size, WIDTH, START, 1, &start_max, &start_min);
        column_median(all, size, WIDTH, MAIN, 1, &main_max, &main_min);
        column_median(all, size, WIDTH, INIT_END, 1, &end_max, &end_min);
        printf("mpi-init-time n=%d init_max=%.0f init_med=%.0f init_min=%.0f init_cpu_max=%.0f init_cpu_med=%.0f"
               " start_max=%.0f main_min=%.0f main_max=%.0f init_end_max=%.0f\n",
               size, init_max, init_med, init_min, cpu_max, cpu_med, start_max, main_min, main_max, end_max);
        fflush(stdout);
        free(all);
    }

    long long c = clock_us(CLOCK_MONOTONIC);
    MPI_Finalize();
    long long d = clock_us(CLOCK_MONOTONIC);
    printf("mpi-finalize-time rank=%d fin=%lld fin_end=%lld cpu=%lld\n", rank, d - c,
           t0 ? main_real + (d - main_mono) - t0 : -1LL, cpu_us());
    return 0;
}
