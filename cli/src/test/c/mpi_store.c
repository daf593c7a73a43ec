/* mpi_store: an Open MPI program that says whether its processes attached the shared-memory job-data store
 * (libpmix's gds ds21) of the PMIx server that runs it. libpmix's ds21 component claims one slot of the
 * namespace's lock segment (PMIX_DSTORE_21_BASE_PATH/smlockseg-<nspace>) when it attaches at init; after
 * MPI_Init and a barrier, rank 0 counts the claims. A ring of messages checks the job works either way.
 * Prints "store CLAIMED of SLOTS gds LIST" (or "store off gds LIST") and "ring N ok". */
#include <fcntl.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void report_store(void)
{
    const char *dir = getenv("PMIX_DSTORE_21_BASE_PATH");
    const char *ns = getenv("PMIX_NAMESPACE");
    const char *gds = getenv("PMIX_GDS_MODULE");
    char path[8192];
    if (NULL == dir || NULL == ns) {
        printf("store off gds %s\n", gds ? gds : "-");
        return;
    }
    snprintf(path, sizeof(path), "%s/smlockseg-%s", dir, ns);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        printf("store missing %s\n", path);
        return;
    }
    char *seg = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
    if (MAP_FAILED == seg) {
        printf("store unmappable %s\n", path);
        return;
    }
    size_t size = *(size_t *) seg;
    if (size > 4096) {
        munmap(seg, 4096);
        seg = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    }
    uint32_t slots = *(uint32_t *) (seg + 8), claimed = 0;
    const int32_t *claims = (const int32_t *) (seg + 32);
    for (uint32_t i = 0; i < slots; i++) {
        claimed += claims[i] != 0;
    }
    printf("store %u of %u gds %s\n", claimed, slots, gds ? gds : "-");
}

int main(int argc, char **argv)
{
    int rank, size, token = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD);
    if (0 == rank) {
        report_store();
    }
    if (size > 1) {
        if (0 == rank) {
            token = 1;
            MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token++;
            MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
        }
    } else {
        token = 1;
    }
    if (0 == rank) {
        printf("ring %d %s\n", size, token == size ? "ok" : "wrong");
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
