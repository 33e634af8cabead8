// SPDX-License-Identifier: Apache-2.0
// A package's alternative libraries: files of one distribution whose names differ only by a
// CUDA version (bitsandbytes' libbitsandbytes_cuda118.so ... _cuda132.so), of which the package
// loads one, chosen by the CUDA runtime the environment carries or an environment variable.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/python_env.hpp"

namespace cudaarch {

struct AlternativeGroup {
    std::vector<std::size_t> members;  // indices into the paths, in order
    std::vector<std::string> cuda;     // each member's CUDA version as its name writes it: "118"
};

// The groups of `paths` (two or more in one folder) whose file names are equal once the digits
// after "cuda" are taken out.
[[nodiscard]] std::vector<AlternativeGroup> alternative_groups(const std::vector<std::string>& paths);

// The CUDA version ("126") a package of `env` loads its alternative for: `variable`'s value where
// set (BNB_CUDA_VERSION for bitsandbytes), else the CUDA release of the environment's torch
// (its version's +cuXYZ), else of its nvidia-cuda-runtime wheel (12.6.77: 126); `why` says
// which. Empty when none tells.
[[nodiscard]] std::string selected_cuda(const PythonEnvironment& env, const char* variable, std::string& why);

// The environment variable a distribution documents for choosing its alternative, or null.
[[nodiscard]] const char* alternative_variable(std::string_view distribution);

}  // namespace cudaarch
