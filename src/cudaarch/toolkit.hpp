// SPDX-License-Identifier: Apache-2.0
// What the installed nvcc can build, asked of nvcc itself.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/arch.hpp"
#include "cudaarch/database.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch {

struct Toolkit {
    std::string nvcc;         // the compiler's path, as given
    Version version;          // the CUDA release, e.g. 13.0
    std::vector<Arch> real;   // sm_ targets, a/f variants included, sorted
    std::vector<Arch> virt;   // compute_ targets, sorted
    bool from_database = false;  // nvcc has no --list-gpu-*: the lists come from the database

    [[nodiscard]] bool builds_real(const Arch& a) const;
    [[nodiscard]] bool builds_virtual(const Arch& a) const;
    [[nodiscard]] std::string describe() const;  // "nvcc 13.0 (/usr/local/cuda/bin/nvcc)"
};

// What nvcc printed for --version, --list-gpu-code, --list-gpu-arch and --help.
struct NvccAnswers {
    std::string version;
    std::string list_gpu_code;  // empty: nvcc does not know the option
    std::string list_gpu_arch;
    std::string help;
};

// "Cuda compilation tools, release 13.0, V13.0.88" -> 13.0
Result<Version> parse_nvcc_version(std::string_view version_output);

// The plain lists come from --list-gpu-code/--list-gpu-arch; the a/f variants, which those
// leave out, from the values --help allows for --gpu-code. Without the lists, the
// database's release ranges decide.
Result<Toolkit> toolkit_from_answers(std::string nvcc, const NvccAnswers& answers);
[[nodiscard]] Toolkit toolkit_from_database(std::string nvcc, Version version);

// Runs nvcc for its answers.
Result<Toolkit> query_toolkit(const std::string& nvcc);

// The nvcc to ask when none is named, by the data file's nvcc| rows (CMake's own CUDA compiler
// search, less the CMake-only CMAKE_CUDA_COMPILER); a set CUDACXX decides.
[[nodiscard]] std::string default_nvcc();
// Where default_nvcc() looks, for help text: "$CUDACXX, PATH, $CUDA_PATH".
[[nodiscard]] std::string nvcc_search_order();

}  // namespace cudaarch
