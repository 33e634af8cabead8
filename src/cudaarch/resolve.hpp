// SPDX-License-Identifier: Apache-2.0
// Resolution: keywords expanded against the installed nvcc, every entry validated.
#pragma once

#include <functional>
#include <map>
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

Result<Policy> parse_policy(std::string_view name);  // ERROR, WARN, CLAMP; any case
[[nodiscard]] std::vector<std::string> policy_names();              // ERROR, WARN, CLAMP

// The GPUs `native` stands for: capabilities, each with how messages name it
// ("GPU 0: NVIDIA H200, 9.0" or "compute capability 9.0"); the reason when there are none.
struct NativeGpus {
    std::map<Arch, std::string> named;
    std::string reason;
};

struct ResolveOptions {
    Policy policy = Policy::error;
    Dialect dialect = Dialect::standard;
    // Asked only when the spec says native; none: native is an error.
    std::function<Result<NativeGpus>()> detect;
    bool native_ptx = false;         // native also embeds PTX for the highest GPU
    std::string native_fallback;     // what native becomes without a GPU; "ERROR" or empty: an error
    std::string fallback_option = "NATIVE_FALLBACK";  // how messages name that option
};

struct Resolution {
    ArchList list;
    std::vector<std::string> warnings;
};

// Expands all, all-major, newest, native and family names as this nvcc does, then validates.
Result<Resolution> resolve(std::string_view spec, const Toolkit& toolkit,
                                         const ResolveOptions& options = {});

}  // namespace cudaarch
