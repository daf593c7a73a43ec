/*
 * mpi_collectives: MPI_Allreduce (sum of the ranks) and MPI_Alltoall (rank r sends r*100+d to rank d);
 * each rank checks the results and prints "allreduce <rank> ok <sum>" and "alltoall <rank> ok"; exit 1 on
 * a wrong value.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, sum = 0, bad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (sum != size * (size - 1) / 2) {
        printf("allreduce %d wrong %d\n", rank, sum);
        bad = 1;
    } else {
        printf("allreduce %d ok %d\n", rank, sum);
    }
    int *out = malloc(size * sizeof(int)), *in = malloc(size * sizeof(int));
    for (int d = 0; d < size; d++) {
        out[d] = rank * 100 + d;
    }
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    for (int s = 0; s < size; s++) {
        if (in[s] != s * 100 + rank) {
            printf("alltoall %d wrong from %d: %d\n", rank, s, in[s]);
            bad = 1;
        }
    }
    if (!bad) {
        printf("alltoall %d ok\n", rank);
    }
    free(out);
    free(in);
    MPI_Finalize();
    return bad;
}
