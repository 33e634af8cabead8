// SPDX-License-Identifier: Apache-2.0
// guard <expected line> <expected exit status of require_device_support>
// Checks device 0 with the runtime guard: the message of check_device must equal the
// expected line (where @NAME@ stands for the device's name), and require_device_support,
// run in a child process, must end with the expected status (0: it returned).
// Exit status: 0 as expected, 1 not, 77 no CUDA device or not compute capability 9.0,
// which the expectations are written for.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <cudaarch/runtime.hpp>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: guard <expected line> <expected exit status>\n");
        return 2;
    }
    // Fork before the first CUDA call: a child must not inherit a CUDA context.
    const pid_t child = fork();
    if (child == 0) {
        cudaarch::require_device_support(0);
        std::_Exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);

    int count = 0;
    if (const cudaError_t error = cudaGetDeviceCount(&count); error != cudaSuccess || count == 0) {
        std::printf("skipped: no CUDA device (%s)\n", cudaGetErrorName(error));
        return 77;
    }
    cudaDeviceProp props;
    cudaGetDeviceProperties(&props, 0);
    if (props.major != 9 || props.minor != 0) {
        std::printf("skipped: the expectations are for compute capability 9.0, device 0 is %d.%d\n", props.major, props.minor);
        return 77;
    }
    std::string expected = argv[1];
    if (const auto at = expected.find("@NAME@"); at != std::string::npos) expected.replace(at, 6, props.name);
    const cudaarch::DeviceCheck check = cudaarch::check_device(0);
    std::printf("%s\n", check.message.c_str());
    int failures = 0;
    if (check.message != expected) {
        std::printf("FAIL: expected\n%s\n", expected.c_str());
        ++failures;
    }
    const int want = std::atoi(argv[2]);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != want) {
        std::printf("FAIL: require_device_support ended with status %d, expected %d\n",
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1, want);
        ++failures;
    }
    return failures ? 1 : 0;
}
