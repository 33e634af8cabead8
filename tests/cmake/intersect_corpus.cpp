// SPDX-License-Identifier: Apache-2.0
// The C++ engine of per-kernel intersection on a corpus, one process for all of it: each line
// of <file> is "<request> <supported>[ <word>]...", both CMake lists (75-real;90 and 80;90a-real), the
// words the kernel's shape (NO_PTX, KEEP, EMBED=<form>, SUFFIX=<spec>: kernel_shape_words.hpp), and is
// answered, in input order, with intersect()'s list in CMake's notation ("-" when empty) or
// "ERR <message>", which run_intersect_engines.cmake holds against the CMake twin's.
//   cudaarch_intersect_corpus <nvcc> <file>
#include <cstdio>
#include <fstream>
#include <string>

#include "cudaarch/intersect.hpp"
#include "../unit/kernel_shape_words.hpp"

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
        const std::size_t words = space == std::string::npos ? space : line.find(' ', space + 1);
        const auto request = cudaarch::parse(line.substr(0, space));
        const auto supported = cudaarch::parse_support(
            space == std::string::npos ? "" : line.substr(space + 1, words == std::string::npos ? words : words - space - 1),
            cudaarch::Dialect::standard, *toolkit);
        if (!request || !supported) {
            std::printf("ERR %s\n", (request ? supported.error() : request.error()).message.c_str());
            continue;
        }
        const auto support =
            cudaarch::testing::with_shape_words(*supported, words == std::string::npos ? "" : line.substr(words + 1));
        if (!support) {
            std::printf("ERR %s\n", support.error().message.c_str());
            continue;
        }
        const auto rendering = cudaarch::render(cudaarch::intersect(*request, *support, *toolkit), cudaarch::Format::cmake);
        std::printf("%s\n", rendering && !rendering->text.empty() ? rendering->text.c_str() : "-");
    }
    return 0;
}
