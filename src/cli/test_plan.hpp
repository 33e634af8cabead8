// SPDX-License-Identifier: Apache-2.0
// The plan of `cudaarch ctest`: which of a CTest suite's tests this runner can host under
// its resource spec, and why each other one cannot. Pure functions over what ctest
// --show-only=json-v1 says about the tests and what the driver says about the GPUs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/gpu_needs.hpp"
#include "cudaarch/driver.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::cli {

// One requirement of a resource group: `slots` slots of one resource of `type`.
struct ResourceNeed {
    std::string type;
    int slots = 1;
};

// A test as ctest --show-only=json-v1 describes it.
struct SuiteTest {
    std::string name;
    std::vector<std::vector<ResourceNeed>> groups;  // RESOURCE_GROUPS, one entry per group
    std::optional<GpuNeeds> launcher;               // set when the command is `cudaarch gpu-test ...`
    bool disabled = false;
};

// The tests of ctest's json-v1 document, in its order.
Result<std::vector<SuiteTest>> read_suite(std::string_view json);

// A resource of a resource spec: "gpus" ids are device ordinals of this process.
struct SpecResource {
    std::string id;
    int slots = 1;
};
struct SpecType {
    std::string type;
    std::vector<SpecResource> resources;
};
using ResourceSpec = std::vector<SpecType>;

// One "gpus" resource per device, ids 0..n-1, `slots` each.
[[nodiscard]] ResourceSpec gpu_spec(std::size_t devices, int slots);
// The JSON text CTest reads (the same bytes cudaarch_write_resource_spec writes).
[[nodiscard]] std::string spec_json(const ResourceSpec& spec);
// A resource spec file's "local" resources; "gpus" ids must be ordinals below `devices`.
Result<ResourceSpec> read_spec(std::string_view json, std::size_t devices);

struct Skip {
    std::string test;
    std::string reason;  // "needs 3 GPUs; this runner has 2"
};

// The tests this runner cannot host: too few GPUs (each resource group of "gpus" takes a
// GPU of its own), too few of the GPUs a launcher test's capability asks for, or a
// resource the spec lacks. `devices` are the driver's, indexed by the spec's gpus ids.
[[nodiscard]] std::vector<Skip> plan(const std::vector<SuiteTest>& tests, const ResourceSpec& spec,
                                     const std::vector<Device>& devices);

// One ctest run: the spec it gets, the tests it leaves out, and for a pass after the
// first the line that says why it runs apart.
struct Pass {
    ResourceSpec spec;
    std::vector<std::string> excluded;
    std::string note;  // "running apart on the GPUs that fit them (0: NVIDIA H200 (9.0)): hopper"
};

// The ctest runs. The first has `spec` and leaves out `skips`. CTest hands out GPUs
// knowing neither their capabilities nor that a test's groups need distinct GPUs, so these
// tests run apart, in a pass per GPU set: tests that fit only some of the GPUs, with a spec
// of those; and, when GPUs have more than one slot, tests that need several GPUs, with one
// slot per GPU (with more, CTest may give one GPU to two of a test's groups).
[[nodiscard]] std::vector<Pass> passes(const std::vector<SuiteTest>& tests, const std::vector<Skip>& skips,
                                       const ResourceSpec& spec, const std::vector<Device>& devices);

// A CTest regular expression that matches exactly these names.
[[nodiscard]] std::string exact_names_regex(const std::vector<std::string>& names);

}  // namespace cudaarch::cli
