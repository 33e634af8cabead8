// SPDX-License-Identifier: Apache-2.0
// guard_file MAJOR MINOR FILE...: the runtime guard's judgement of each file for a GPU of
// compute capability MAJOR.MINOR, as <cudaarch/runtime.hpp> makes it from the program's own
// file, one line each: "<file> <verdict> <image or -> <error>". guard_vs_check.cmake puts it
// beside `cudaarch check --json`. Exit status: 0, or 2 on bad arguments.
#include <cstdio>
#include <cstdlib>

#include <cudaarch/runtime.hpp>

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: guard_file MAJOR MINOR FILE...\n");
        return 2;
    }
    const int major = std::atoi(argv[1]);
    const int minor = std::atoi(argv[2]);
    for (int i = 3; i < argc; ++i) {
        const auto module = cudaarch::runtime_detail::read_file(argv[i], major, minor);
        if (!module.known) {
            std::printf("%s unknown - 0 %s\n", argv[i], module.why.c_str());
            continue;
        }
        std::printf("%s %s %s %d\n", argv[i], cudaarch::verdict_name(module.verdict),
                    module.image.empty() ? "-" : module.image.c_str(), module.error);
    }
    return 0;
}
