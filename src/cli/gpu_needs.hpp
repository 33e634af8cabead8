// SPDX-License-Identifier: Apache-2.0
// What a GPU test needs: the options of `cudaarch gpu-test` before its "--", read by the
// launcher itself and by `cudaarch ctest` from the tests' commands, and the words both
// use to say why a runner cannot host a test.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "cudaarch/arch.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/driver.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::cli {

struct GpuNeeds {
    int gpus = 1;
    std::optional<Arch> min_cc;
    std::optional<ArchList> build;
    std::string build_text;  // ARCHITECTURES as written, for messages
    bool require = false;
};

// The options of `cudaarch gpu-test`, in its option table: its needs, and how it reports.
inline constexpr Option kGpuTestOptions[] = {
    {"--gpus", "N", "how many suitable GPUs must be visible (default 1)"},
    {"--min-cc", "CC", "the oldest compute capability that suits, such as 8.0"},
    {"--architectures", "SPEC", "the build's architectures; a GPU suits when it can run one of them"},
    {"--require", "", "fail (exit 1) instead of skipping (77) without suitable GPUs;\nso does CUDAARCH_REQUIRE_GPU=ON"},
    {"--plan", "", "print whether COMMAND would run, on which GPUs, or why not; run nothing"},
    {"--json", "", "with --plan: the decision as one JSON document (schema: docs/cli/json.md)"},
};

// The syntax of `cudaarch gpu-test`, which `cudaarch ctest` reads the launchers' command lines by.
extern const CommandSyntax kGpuTestSyntax;

// More GPUs than any machine has; keeps counts far from overflow.
inline constexpr std::uint64_t kMaxGpus = 4096;

// The needs a parsed `cudaarch gpu-test` command line states (kGpuTestSyntax).
Result<GpuNeeds> gpu_needs(const CommandLine& line);

// Whether `device` has the capability and can run the build `needs` asks for.
[[nodiscard]] bool fits(const GpuNeeds& needs, const Device& device);

// "1 GPU of compute capability 8.0 or newer that can run 90a-real".
[[nodiscard]] std::string wanted(const GpuNeeds& needs);

// "0: NVIDIA H200 (9.0), 1: Tesla T4 (7.5)".
[[nodiscard]] std::string listed(const std::vector<Device>& devices);

// Whether an environment variable's value means ON (1, on, yes, true, y; any case).
[[nodiscard]] bool truthy(const char* value);

}  // namespace cudaarch::cli
