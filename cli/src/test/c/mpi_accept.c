/*
 * mpi_accept SERVICE: opens a port, MPI_Publish_name's it as SERVICE, prints "published SERVICE",
 * MPI_Comm_accept's one connection, sends 42, receives a number, prints "accepted got <n>",
 * MPI_Unpublish_name, disconnects. Exit 1 when the number is not 43.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    char port[MPI_MAX_PORT_NAME];
    MPI_Comm client;
    int v = 42, got = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    MPI_Init(&argc, &argv);
    const char *service = argc > 1 ? argv[1] : "pmix4j-test";
    MPI_Open_port(MPI_INFO_NULL, port);
    MPI_Publish_name(service, MPI_INFO_NULL, port);
    printf("published %s\n", service);
    MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &client);
    MPI_Send(&v, 1, MPI_INT, 0, 0, client);
    MPI_Recv(&got, 1, MPI_INT, 0, 0, client, MPI_STATUS_IGNORE);
    printf("accepted got %d\n", got);
    MPI_Unpublish_name(service, MPI_INFO_NULL, port);
    MPI_Comm_disconnect(&client);
    MPI_Close_port(port);
    MPI_Finalize();
    return got == 43 ? 0 : 1;
}
