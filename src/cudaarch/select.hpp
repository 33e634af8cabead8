// SPDX-License-Identifier: Apache-2.0
// Choosing the images a build needs for a fleet of GPUs: the fewest cubins such that every
// GPU runs native SASS, or one per distinct capability. docs/cli/select.md has the rules;
// tests/vectors/select.tsv pins them for this and the CMake engine.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/compat.hpp"
#include "cudaarch/notation.hpp"
#include "cudaarch/result.hpp"
#include "cudaarch/toolkit.hpp"

namespace cudaarch {

enum class Objective {
    minimal,  // the fewest images: per major, the lowest capability's SASS runs on the rest
    exact,    // one SASS per distinct capability
};

Result<Objective> parse_objective(std::string_view name);  // case-insensitive
[[nodiscard]] std::string_view objective_name(Objective objective);     // "minimal", "exact"
[[nodiscard]] std::vector<std::string> objective_names();               // every objective_name

// One GPU of the fleet as the user gave it: a product ("T4"), a capability ("8.6", "sm_86")
// or a row of `nvidia-smi --query-gpu=name,compute_cap --format=csv` ("NVIDIA H200, 9.0").
struct FleetGpu {
    std::string written;  // what the capability is read from: "T4", "9.0"
    std::string name;     // the product, when known: "Tesla T4", "NVIDIA H200"
};

// The GPUs in text: one per line (a product as nvidia-smi names it, or a capability), or
// nvidia-smi's CSV (`--query-gpu=name,compute_cap`, `--query-gpu=name`: a header naming
// `name` and `compute_cap` says which column is which; without one, the last of several
// fields is the capability), or the JSON of `cudaarch detect --json` or `detect --pci
// --json` (its devices). '#' starts a comment line. Fails on a JSON document that is not
// one of those.
Result<std::vector<FleetGpu>> parse_fleet(std::string_view text);

struct GpuChoice {
    FleetGpu gpu;
    Arch cc;           // its compute capability
    RunVerdict run;    // the image it runs: always native SASS
    std::string cost;  // what it gives up by running that image; empty: nothing
};

struct Selection {
    ArchList list;                // the images, sorted
    std::vector<GpuChoice> gpus;  // in the fleet's order, each distinct GPU once
};

// Every GPU is validated against the nvcc first, as resolve() validates a spec naming it.
// An 'f' image replaces the plain one where the nvcc builds it: same GPUs, plus the
// family-specific features. With `ptx`, PTX of the highest image's capability is added.
Result<Selection> select_images(const std::vector<FleetGpu>& fleet, const Toolkit& toolkit,
                                              Objective objective, bool ptx);

}  // namespace cudaarch
