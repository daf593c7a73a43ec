/* mpi_hello: MPI_Init, each rank prints "hello <rank> of <size>", MPI_Finalize. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("hello %d of %d\n", rank, size);
    MPI_Finalize();
    return 0;
}
