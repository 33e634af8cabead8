// SPDX-License-Identifier: Apache-2.0
// The C++ engine of per-kernel intersection on a corpus, one process for all of it: each line
// of <file> is "<request> <supported>[ NO_PTX]", both CMake lists (75-real;90 and 80;90a-real), and is
// answered, in input order, with intersect()'s list in CMake's notation ("-" when empty) or
// "ERR <message>", which run_intersect_engines.cmake holds against the CMake twin's.
//   cudaarch_intersect_corpus <nvcc> <file>
#include <cstdio>
#include <fstream>
#include <string>

#include "cudaarch/intersect.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: cudaarch_intersect_corpus <nvcc> <file>\n");
        return 2;
    }
    const auto toolkit = cudaarch::query_toolkit(argv[1]);
    std::ifstream in(argv[2]);
    if (!toolkit || !in) {
        std::fprintf(stderr, "cannot ask %s or read %s\n", argv[1], argv[2]);
        return 2;
    }
    for (std::string line; std::getline(in, line);) {
        const std::size_t space = line.find(' ');
        const std::size_t flag = line.find(" NO_PTX");
        const auto request = cudaarch::parse(line.substr(0, space));
        const auto supported = cudaarch::parse_support(
            space == std::string::npos ? "" : line.substr(space + 1, flag == std::string::npos ? flag : flag - space - 1),
            cudaarch::Dialect::standard, *toolkit);
        if (!request || !supported) {
            std::printf("ERR %s\n", (request ? supported.error() : request.error()).message.c_str());
            continue;
        }
        cudaarch::KernelSupport support = *supported;
        support.no_ptx = flag != std::string::npos;
        const auto rendering = cudaarch::render(cudaarch::intersect(*request, support, *toolkit), cudaarch::Format::cmake);
        std::printf("%s\n", rendering && !rendering->text.empty() ? rendering->text.c_str() : "-");
    }
    return 0;
}
