// SPDX-License-Identifier: Apache-2.0
// The options of the commands that read a SPEC list (convert, resolve).
#pragma once

#include <string>
#include <vector>

#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/resolve.hpp"

namespace cudaarch::cli {

// The option table entries both commands share.
inline constexpr Option kFromOption{"--from", "DIALECT",
                                    "how bare numbers read: CMAKE, TORCH, TF, OPENCV, NVCC (default: CudaArch's rules)"};
inline constexpr Option kToOption{"--to", "FORMAT", "CMAKE (default), TORCH, GENCODE, TF, OPENCV, CLANG, READABLE"};

struct SpecOptions {
    Dialect dialect = Dialect::standard;
    Format format = Format::cmake;
    Policy policy = Policy::error;
    std::string nvcc;   // empty: default_nvcc()
    bool native_ptx = false;
    bool json = false;  // --json
    std::string native_fallback;  // empty: native without a GPU is an error
    std::string spec;   // the SPEC arguments joined with spaces
};

// The options above from a parsed command line (those a command has not are left at their
// defaults); an empty SPEC is an error.
Result<SpecOptions> spec_options(const CommandLine& line);

// Writes the list in the format: the text on out, warnings (extra ones first) on err. With
// --json, one document instead: the schema of `command`, `members` (", \"nvcc\": ..."), the
// format, the list in it, its images and the warnings. An empty list is an error: nothing
// downstream can build for no architecture; unless `empty_is_error` is false, as for a kernel's
// part of a request (resolve --supported), where an empty line says "build nothing".
int print_list(const ArchList& list, const SpecOptions& options, std::string_view command, std::string_view members,
               std::vector<std::string> warnings, Output& out, Output& err, bool empty_is_error = true);

}  // namespace cudaarch::cli
