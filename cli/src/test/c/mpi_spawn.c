/*
 * mpi_spawn [NCHILD]: the parent job MPI_Comm_spawn's NCHILD (default 2) copies of itself; parents and
 * children merge the intercommunicator and MPI_Allreduce the sum of 1000 per parent and 1 per child.
 * Parents print "parent <rank> sum <s>", children "child <rank> of <n> sum <s>"; exit 1 on a wrong sum.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, nchild = argc > 1 ? atoi(argv[1]) : 2, mine, sum = 0, nparents;
    MPI_Comm parent, inter, merged;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_parent(&parent);
    if (MPI_COMM_NULL == parent) {
        char *args[] = {argv[1] ? argv[1] : "2", NULL};
        MPI_Comm_spawn(argv[0], args, nchild, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter, MPI_ERRCODES_IGNORE);
        MPI_Intercomm_merge(inter, 0, &merged);
        mine = 1000;
        nparents = size;
    } else {
        inter = parent;
        MPI_Intercomm_merge(inter, 1, &merged);
        mine = 1;
        MPI_Comm_remote_size(parent, &nparents);
        nchild = size;
    }
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, merged);
    int bad = sum != 1000 * nparents + nchild;
    if (MPI_COMM_NULL == parent) {
        printf("parent %d sum %d\n", rank, sum);
    } else {
        printf("child %d of %d sum %d\n", rank, size, sum);
    }
    MPI_Comm_free(&merged);
    MPI_Comm_disconnect(&inter);
    MPI_Finalize();
    return bad;
}
