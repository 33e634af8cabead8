// SPDX-License-Identifier: Apache-2.0
// The words after SUPPORTED or MINIMUM in tests/vectors/intersect.tsv and in the engines'
// corpus (run_intersect_engines.cmake): NO_PTX, KEEP, EMBED=<form>, SUFFIX=<spec, ','-parted>.
// The CMake runners read the same words.
#pragma once

#include <sstream>
#include <string>

#include "cudaarch/intersect.hpp"

namespace cudaarch::testing {

// Sets on `support` what `words` (space-parted) say; an error names the word it could not read.
inline Result<KernelSupport> with_shape_words(KernelSupport support, const std::string& words) {
    std::istringstream in(words);
    for (std::string word; in >> word;) {
        if (word == "NO_PTX") {
            support.no_ptx = true;
        } else if (word == "KEEP") {
            support.keep = true;
        } else if (word.rfind("EMBED=", 0) == 0) {
            Result<Embed> embed = parse_embed(word.substr(6));
            if (!embed) return Error{embed.error().message};
            support.embed = *embed;
        } else if (word.rfind("SUFFIX=", 0) == 0) {
            Result<std::vector<Arch>> suffix = parse_suffixes(word.substr(7), Dialect::standard);
            if (!suffix) return Error{suffix.error().message};
            support.suffix = *suffix;
        } else {
            return Error{"unknown shape word " + word};
        }
    }
    return support;
}

}  // namespace cudaarch::testing
