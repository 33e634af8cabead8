// SPDX-License-Identifier: Apache-2.0
// spawn_stats RUNS COMMAND [ARG...]: runs COMMAND once to warm up, then RUNS times, with stdout
// and stderr on /dev/null, and prints "<mean wall seconds> <peak RSS KiB>". Spawning with
// posix_spawn from this small process keeps the harness out of what is measured: a shell loop
// forks the whole shell for every run, which costs about as much as a millisecond-long tool.
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char** environ;

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

// Runs the command once; returns its peak RSS in KiB, or -1 when it cannot be started.
static long run_once(char** argv, const posix_spawn_file_actions_t* actions) {
    pid_t pid;
    if (posix_spawnp(&pid, argv[0], actions, NULL, argv, environ) != 0) return -1;
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) != pid) return -1;
    return usage.ru_maxrss;
}

int main(int argc, char** argv) {
    if (argc < 3 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: spawn_stats RUNS COMMAND [ARG...]\n");
        return 2;
    }
    const int runs = atoi(argv[1]);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    long peak = run_once(argv + 2, &actions);
    if (peak < 0) {
        fprintf(stderr, "spawn_stats: cannot run %s\n", argv[2]);
        return 2;
    }
    const double start = seconds();
    for (int i = 0; i < runs; ++i) {
        const long rss = run_once(argv + 2, &actions);
        if (rss > peak) peak = rss;
    }
    printf("%.6f %ld\n", (seconds() - start) / runs, peak);
    return 0;
}
