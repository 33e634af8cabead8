// SPDX-License-Identifier: Apache-2.0
// read_floor THREADS FILE RANGES [FILE RANGES]...: reads the byte ranges of each FILE that its
// RANGES lists (pairs of little-endian 64-bit offset and size, each at most 64 KiB) with pread,
// on THREADS threads that take the ranges of all files in turn, and exits. Several files: the
// floor of one process that reads a whole folder (bench/check_python.sh). bench/inspect.sh gives it the least that a listing must read
// (bench/read_ranges.py) and times it like the tools: the time and memory that any program
// needs to read those bytes on the machine, with no work on them.
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

enum { max_range = 64 << 10 };

struct job {
    const int* fds;          // the file of each range
    const uint64_t* ranges;  // offset, size, offset, size, ...
    size_t count;
    atomic_size_t next;
};

struct worker {
    struct job* job;
    char* buffer;  // max_range bytes, allocated before the threads start, as cudaarch does
};

static void* run(void* arg) {
    const struct worker* self = arg;
    struct job* job = self->job;
    for (size_t k; (k = atomic_fetch_add(&job->next, 1)) < job->count;) {
        const uint64_t offset = job->ranges[2 * k];
        const uint64_t size = job->ranges[2 * k + 1];
        if (size > max_range || pread(job->fds[k], self->buffer, size, (off_t)offset) != (ssize_t)size) abort();
    }
    return NULL;
}

int main(int argc, char** argv) {
    if (argc < 4 || argc % 2 != 0) {
        fprintf(stderr, "usage: read_floor THREADS FILE RANGES [FILE RANGES]...\n");
        return 2;
    }
    enum { max_threads = 64 };
    const int wanted = atoi(argv[1]);
    const size_t threads = wanted < 1 ? 0 : wanted > max_threads ? max_threads : (size_t)wanted;
    if (threads == 0) {
        fprintf(stderr, "read_floor: bad thread count\n");
        return 2;
    }
    // One descriptor per file stays open: a folder's files can outnumber the soft limit.
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    struct job job;
    uint64_t* ranges = NULL;
    int* fds = NULL;
    size_t count = 0;
    for (int arg = 2; arg + 1 < argc; arg += 2) {
        int fd = open(argv[arg], O_RDONLY | O_NOATIME);
        if (fd < 0) fd = open(argv[arg], O_RDONLY);
        const int list = open(argv[arg + 1], O_RDONLY);
        struct stat status;
        if (fd < 0 || list < 0 || fstat(list, &status) != 0) {
            fprintf(stderr, "read_floor: cannot open %s or %s\n", argv[arg], argv[arg + 1]);
            return 2;
        }
        const size_t more = (size_t)status.st_size / 16;
        ranges = realloc(ranges, (count + more) * 16 + 1);
        fds = realloc(fds, (count + more) * sizeof *fds + 1);
        if (ranges == NULL || fds == NULL || read(list, ranges + 2 * count, more * 16) != (ssize_t)(more * 16)) return 2;
        for (size_t k = 0; k < more; ++k) fds[count + k] = fd;
        count += more;
        close(list);
    }
    job.fds = fds;
    job.ranges = ranges;
    job.count = count;
    atomic_init(&job.next, 0);
    struct worker workers[max_threads];
    char* buffers = malloc(threads * max_range);
    if (buffers == NULL) return 2;
    for (size_t k = 0; k < threads; ++k) workers[k] = (struct worker){&job, buffers + k * max_range};
    pthread_t helpers[max_threads];
    size_t started = 1;
    for (; started < threads; ++started)
        if (pthread_create(&helpers[started], NULL, run, &workers[started]) != 0) break;
    run(&workers[0]);
    for (size_t k = 1; k < started; ++k) pthread_join(helpers[k], NULL);
    return 0;
}
