// SPDX-License-Identifier: Apache-2.0
#include "cli/gpu_needs.hpp"

#include "cli/driver_output.hpp"
#include "cli/options.hpp"
#include "cudaarch/verdict.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

// Here rather than in cmd_gpu_test.cpp: `cudaarch ctest` reads the launchers' command lines too.
const CommandSyntax kGpuTestSyntax{
    "gpu-test", "-- COMMAND [ARG...]",
    "Runs COMMAND when N GPUs (default 1) are visible that have compute capability CC or newer\n"
    "and can run a build for SPEC; otherwise exits 77, CTest's skip code, or with --require (or\n"
    "CUDAARCH_REQUIRE_GPU=ON in the environment) fails with 1. A CTest resource allocation\n"
    "(CTEST_RESOURCE_GROUP_*) picks the GPUs; CUDA_VISIBLE_DEVICES is set for COMMAND through\n"
    "the parent's own list. COMMAND replaces this process, so its exit status is the test's.\n",
    "Exit status: COMMAND's own when it runs; 77 skipped; 1 no suitable GPU and one is required;\n"
    "2 usage error. With --plan, the one the decision would give: 0 (COMMAND would run), 77 or 1.\n",
    kGpuTestOptions, std::size(kGpuTestOptions), Operands::after_double_dash};

Result<GpuNeeds> gpu_needs(const CommandLine& line) {
    GpuNeeds needs;
    needs.require = line.has("--require");
    if (const auto value = line.value("--gpus")) {
        const Result<std::uint64_t> gpus = parse_count("--gpus", *value, 1, kMaxGpus);
        if (!gpus) return gpus.error();
        needs.gpus = static_cast<int>(*gpus);
    }
    if (const auto value = line.value("--min-cc")) {
        Result<ArchList> cc = cudaarch::parse(*value);
        if (!cc || cc->size() != 1 || cc->front().arch.suffix != Suffix::none)
            return Error{"--min-cc needs one compute capability such as 8.0, not " + text::quote(*value)};
        needs.min_cc = cc->front().arch;
    }
    if (const auto value = line.value("--architectures")) {
        Result<ArchList> build = cudaarch::parse(*value);
        if (!build) return build.error();
        if (build->empty()) return Error{"--architectures " + text::quote(*value) + " names no architecture"};
        needs.build = *build;
        needs.build_text = std::string(*value);
    }
    return needs;
}

bool fits(const GpuNeeds& needs, const Device& device) {
    const Arch gpu{device.major, device.minor, Suffix::none};
    if (needs.min_cc && device.capability() < needs.min_cc->major * 10 + needs.min_cc->minor) return false;
    return !needs.build || build_runs(*needs.build, gpu);
}

std::string wanted(const GpuNeeds& needs) {
    std::string text = std::to_string(needs.gpus) + (needs.gpus == 1 ? " GPU" : " GPUs");
    if (needs.min_cc) text += " of compute capability " + needs.min_cc->dotted() + " or newer";
    if (needs.build) text += " that can run " + needs.build_text;
    return text;
}

std::string listed(const std::vector<Device>& devices) {
    std::vector<std::string> parts;
    for (const Device& d : devices) parts.push_back(std::to_string(d.index) + ": " + d.name + " (" + capability_text(d) + ")");
    return text::join(parts, ", ");
}

bool truthy(const char* value) {
    if (!value) return false;
    for (const char* yes : {"1", "on", "yes", "true", "y"}) {
        if (text::iequals(value, yes)) return true;
    }
    return false;
}

}  // namespace cudaarch::cli
