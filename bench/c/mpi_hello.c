/*
 * mpi_hello: the MPI program of bench/launch_scaling.sh. MPI_Init, its rank and the world's size, one
 * line of output, MPI_Finalize: the start and end of every MPI job, so that the launch benchmark measures
 * what a launcher and its PMIx server cost an MPI program. Built with Open MPI's mpicc; the same binary runs
 * under `pmix4j run` and under Open MPI's `mpirun`.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("hello from MPI rank %d of %d\n", rank, size);
    MPI_Finalize();
    return 0;
}
