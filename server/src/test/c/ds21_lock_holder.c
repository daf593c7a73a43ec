/* ds21_lock_holder: plays a libpmix ds21 reader that stops inside its read: maps a namespace's lock segment
 * (smlockseg-<nspace>), claims a free client slot the way libpmix's client does, locks that slot's main mutex
 * and then either exits at once without unlocking ("die": a client killed mid-read) or keeps it until killed
 * ("hold": a client stopped mid-read). Prints "LOCKED <slot>" once it holds the lock. */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[2], "die") && strcmp(argv[2], "hold"))) {
        fprintf(stderr, "usage: ds21_lock_holder SMLOCKSEG die|hold\n");
        return 2;
    }
    int fd = open(argv[1], O_RDWR);
    if (fd < 0) {
        perror(argv[1]);
        return 3;
    }
    size_t size = 4096;
    char *seg = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (MAP_FAILED == seg) {
        perror("mmap");
        return 4;
    }
    size_t full = *(size_t *) seg;
    if (full > size) {
        munmap(seg, size);
        size = full;
        seg = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (MAP_FAILED == seg) {
            perror("mmap");
            return 4;
        }
    }
    uint32_t slots = *(uint32_t *) (seg + 8);
    size_t stride = *(size_t *) (seg + 16);
    size_t first = *(size_t *) (seg + 24);
    int32_t *claims = (int32_t *) (seg + 32);
    uint32_t i;
    for (i = 0; i < slots; i++) {
        if (__sync_bool_compare_and_swap(&claims[i], 0, 1)) {
            break;
        }
    }
    if (i == slots) {
        fprintf(stderr, "no free slot among %u\n", slots);
        return 5;
    }
    pthread_mutex_t *main_mutex = (pthread_mutex_t *) (seg + first + stride * (2 * i + 1));
    int rc = pthread_mutex_lock(main_mutex);
    if (rc != 0) {
        fprintf(stderr, "pthread_mutex_lock: %d\n", rc);
        return 6;
    }
    printf("LOCKED %u\n", i);
    fflush(stdout);
    if (!strcmp(argv[2], "die")) {
        _exit(0);
    }
    for (;;) {
        pause();
    }
}
