// SPDX-License-Identifier: Apache-2.0
// LD_PRELOAD shim for the hostile suite: makes "a file that shrinks while it is read"
// deterministic. When the process fstat()s the file named by CUDAARCH_TEST_SHRINK (the first
// thing a reader does after opening it, whether it then maps or reads it), the shim truncates
// that file to CUDAARCH_TEST_SHRINK_TO bytes (default 0) once, after fstat has reported the old
// size: every later access sees a shorter file than the size the reader planned for.
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

bool shrunk = false;  // this process's one truncation is done

void shrink_if_target(int fd) {
    const char* target = getenv("CUDAARCH_TEST_SHRINK");
    if (shrunk || !target) return;
    char link[64];
    char path[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0) return;
    path[length] = '\0';
    if (strcmp(path, target) != 0) return;
    const char* to = getenv("CUDAARCH_TEST_SHRINK_TO");
    if (truncate(path, to ? std::atoll(to) : 0) == 0) shrunk = true;
}

// The next definition of `name` (the C library's), looked up once by each interposer below.
template <class Function>
Function* next(const char* name) {
    return reinterpret_cast<Function*>(dlsym(RTLD_NEXT, name));
}

// Calls `real`, then shrinks the file behind `fd` once fstat has reported its old size.
template <class Function, class... Args>
int stat_then_shrink(Function* real, int fd, Args... args) {
    const int status = real(args...);
    if (status == 0) shrink_if_target(fd);
    return status;
}

}  // namespace

extern "C" int fstat(int fd, struct stat* st) noexcept {
    static auto* real = next<int(int, struct stat*)>("fstat");
    return stat_then_shrink(real, fd, fd, st);
}

extern "C" int fstat64(int fd, struct stat64* st) noexcept {
    static auto* real = next<int(int, struct stat64*)>("fstat64");
    return stat_then_shrink(real, fd, fd, st);
}

// glibc before 2.33 implements fstat() inline through these.
extern "C" int __fxstat(int version, int fd, struct stat* st) noexcept {
    static auto* real = next<int(int, int, struct stat*)>("__fxstat");
    return stat_then_shrink(real, fd, version, fd, st);
}

extern "C" int __fxstat64(int version, int fd, struct stat64* st) noexcept {
    static auto* real = next<int(int, int, struct stat64*)>("__fxstat64");
    return stat_then_shrink(real, fd, version, fd, st);
}
