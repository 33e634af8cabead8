// SPDX-License-Identifier: Apache-2.0
// The C++ engine's driver rule on a corpus, one process for all of it: each line of <file> is
// "<driver> <PTX ISA>" and is answered, in input order, as
//   <yes|no|unknown> <the newest release whose PTX the driver takes, or ->   or   ERR <message>
// the answer of driver_jits() and newest_jit_toolkit(), which run_driver_jit_engines.cmake
// holds against the CMake twin's.
//   cudaarch_driver_jit_corpus <file>
#include <cstdio>
#include <fstream>
#include <string>

#include "cudaarch/compat.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: cudaarch_driver_jit_corpus <file>\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    const char* answers[] = {"yes", "no", "unknown"};
    for (std::string line; std::getline(in, line);) {
        const std::size_t space = line.find(' ');
        const auto driver = cudaarch::parse_driver_version(line.substr(0, space));
        if (!driver || space == std::string::npos) {
            std::printf("ERR %s\n", driver ? "no PTX ISA" : driver.error().message.c_str());
            continue;
        }
        const std::string isa_text = line.substr(space + 1);
        const std::size_t dot = isa_text.find('.');
        const cudaarch::Version isa{std::stoi(isa_text.substr(0, dot)), std::stoi(isa_text.substr(dot + 1))};
        const cudaarch::ToolkitRecord* newest = cudaarch::newest_jit_toolkit(*driver);
        std::printf("%s %s\n", answers[static_cast<int>(cudaarch::driver_jits(*driver, isa))],
                    newest ? newest->release.str().c_str() : "-");
    }
    return 0;
}
