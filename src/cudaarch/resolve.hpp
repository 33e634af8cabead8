// Resolution: keywords expanded against the installed nvcc, every entry validated.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/notation.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch {

// What to do with an entry this nvcc cannot build.
enum class Policy {
    error,  // stop with a message naming the entry, the nvcc, what it builds and the fix
    warn,   // leave the entry out, with a warning saying the same
    clamp,  // newer than nvcc knows: PTX of the highest older architecture; otherwise an error
};

[[nodiscard]] Result<Policy> parse_policy(std::string_view name);  // ERROR, WARN, CLAMP; any case

struct ResolveOptions {
    Policy policy = Policy::error;
    Dialect dialect = Dialect::standard;
};

struct Resolution {
    ArchList list;
    std::vector<std::string> warnings;
};

// Expands all, all-major, newest and family names as this nvcc does, then validates.
[[nodiscard]] Result<Resolution> resolve(std::string_view spec, const Toolkit& toolkit,
                                         const ResolveOptions& options = {});

// The keyword expansions alone, e.g. for reports.
[[nodiscard]] Result<ArchList> expand_keyword(std::string_view keyword, const Toolkit& toolkit);

}  // namespace cudaarch
