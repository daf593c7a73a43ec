/*
 * mpi_ring [LAPS]: a token (an int) goes around the ranks LAPS times (default 10); rank 0 adds one at each
 * pass, so it comes back as LAPS. Prints "ring <laps> laps <size> ranks token <value>" on rank 0; exit 1
 * when the token is wrong.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, token = 0, laps = argc > 1 ? atoi(argv[1]) : 10;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    for (int lap = 0; lap < laps; lap++) {
        if (rank == 0) {
            token++;
            MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
        }
    }
    int bad = rank == 0 && token != laps;
    if (rank == 0) {
        printf("ring %d laps %d ranks token %d\n", laps, size, token);
    }
    MPI_Finalize();
    return bad;
}
