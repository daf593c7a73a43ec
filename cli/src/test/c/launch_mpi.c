/*
 * launch_mpi: the Open MPI 4.1 program of the launcher tests (cli/src/test/java/.../launcher) and of
 * bench/launch_scaling.sh. MPI_Init, an MPI_Allreduce of the ranks (every process must really be in one
 * MPI_COMM_WORLD), one line of output, MPI_Finalize:
 *   mpi rank R of N sum S
 * With "abort RANK CODE", RANK calls MPI_Abort(MPI_COMM_WORLD, CODE) after the reduction.
 * With "partial", each rank then writes "partial-R" without a newline through stdio (no fflush), sleeps
 * 3 s and ends the line: whether the text leaves the process before the sleep is up depends on the stdio
 * buffering Open MPI sets up in MPI_Init (--stream-buffering).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank, size, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("mpi rank %d of %d sum %d\n", rank, size, sum);
    fflush(stdout);
    if (argc == 4 && 0 == strcmp(argv[1], "abort")) {
        if (rank == atoi(argv[2])) {
            MPI_Abort(MPI_COMM_WORLD, atoi(argv[3]));
        }
        sleep(30); /* the others wait to be stopped by the launcher */
    }
    if (argc == 2 && 0 == strcmp(argv[1], "partial")) {
        printf("partial-%d", rank);
        sleep(3);
        printf("\n");
    }
    MPI_Finalize();
    return 0;
}
