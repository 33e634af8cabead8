// SPDX-License-Identifier: Apache-2.0
// The C++ engine on a corpus, one process for all of it: each line of <file> is parsed in
// <dialect> (as `cudaarch convert --from <dialect> --to gencode` would) and printed as
//   OK <gencode flags>[ || <warning>]...   or   ERR <error message>
// in input order; the warnings are what convert prints on stderr (in the TORCH dialect,
// what PyTorch would reject). tests/peers/compare.py reads it beside the peers' answers.
//   cudaarch_parse_corpus <dialect|-> <file>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cudaarch/notation.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: cudaarch_parse_corpus <dialect|-> <file>\n";
        return 2;
    }
    cudaarch::Dialect dialect = cudaarch::Dialect::standard;
    if (std::string(argv[1]) != "-") {
        const auto parsed = cudaarch::parse_dialect(argv[1]);
        if (!parsed) {
            std::cerr << parsed.error().message << "\n";
            return 2;
        }
        dialect = *parsed;
    }
    std::ifstream in(argv[2]);
    if (!in) {
        std::cerr << "cannot read " << argv[2] << "\n";
        return 2;
    }
    for (std::string line; std::getline(in, line);) {
        const auto list = cudaarch::parse(line, dialect);
        if (!list) {
            std::cout << "ERR " << list.error().message << "\n";
            continue;
        }
        const auto flags = cudaarch::render(*list, cudaarch::Format::gencode);
        if (!flags) {
            std::cout << "ERR " << flags.error().message << "\n";
            continue;
        }
        std::vector<std::string> warnings;
        if (dialect == cudaarch::Dialect::torch) warnings = cudaarch::torch_spelling_warnings(line);
        warnings.insert(warnings.end(), flags->warnings.begin(), flags->warnings.end());
        std::cout << "OK " << flags->text;
        for (const std::string& warning : warnings) std::cout << " || " << warning;
        std::cout << "\n";
    }
    return 0;
}
