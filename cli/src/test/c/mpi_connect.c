/*
 * mpi_connect SERVICE: MPI_Lookup_name's SERVICE (retrying for up to 20 s until it is published),
 * MPI_Comm_connect's to it, receives a number, sends it plus one, prints "connected got <n>", disconnects.
 * Exit 1 when the number is not 42, 2 when the name was never found.
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    char port[MPI_MAX_PORT_NAME];
    MPI_Comm server;
    int got = 0, rc = MPI_ERR_NAME;
    setvbuf(stdout, NULL, _IOLBF, 0);
    MPI_Init(&argc, &argv);
    const char *service = argc > 1 ? argv[1] : "pmix4j-test";
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int i = 0; i < 200 && MPI_SUCCESS != rc; i++) {
        rc = MPI_Lookup_name(service, MPI_INFO_NULL, port);
        if (MPI_SUCCESS != rc) usleep(100000);
    }
    if (MPI_SUCCESS != rc) {
        printf("lookup of %s failed\n", service);
        MPI_Finalize();
        return 2;
    }
    printf("found %s\n", service);
    MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &server);
    MPI_Recv(&got, 1, MPI_INT, 0, 0, server, MPI_STATUS_IGNORE);
    got++;
    MPI_Send(&got, 1, MPI_INT, 0, 0, server);
    printf("connected got %d\n", got - 1);
    MPI_Comm_disconnect(&server);
    MPI_Finalize();
    return got == 43 ? 0 : 1;
}
