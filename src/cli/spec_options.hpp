// The options of the commands that read a SPEC list (convert, resolve).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/resolve.hpp"

namespace cudaarch::cli {

struct SpecOptions {
    Dialect dialect = Dialect::standard;
    Format format = Format::cmake;
    Policy policy = Policy::error;
    std::string nvcc;   // empty: default_nvcc()
    bool native_ptx = false;
    std::string native_fallback;  // empty: native without a GPU is an error
    std::string spec;   // the SPEC arguments joined with spaces
    bool help = false;
};

// --from, --to and, with toolkit_options, --nvcc, --policy, --native-ptx and
// --native-fallback; '--' ends the options.
[[nodiscard]] Result<SpecOptions> parse_spec_options(const Args& args, bool toolkit_options);

// Writes the list in the format: the text on out, warnings (extra ones first) on err.
int print_list(const ArchList& list, Format format, const std::vector<std::string>& warnings, std::ostream& out,
               std::ostream& err);

}  // namespace cudaarch::cli
