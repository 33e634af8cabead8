// SPDX-License-Identifier: Apache-2.0
// cudaarch gpu-test [options] -- COMMAND...: the CTest launcher of cudaarch_add_gpu_test.
// Runs COMMAND when suitable GPUs are visible, else skips (exit 77); --plan says which it
// would do. See the doc block of cmake/cudaarch/cudaarch_add_gpu_test.cmake.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/driver_output.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/gpu_needs.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr int kSkip = 77;

struct Options {
    GpuNeeds needs;
    bool plan_only = false;
    bool json = false;
    DriverTimeout timeout;
    std::vector<std::string> command;
};

Result<Options> gpu_test_options(const CommandLine& line) {
    Options o;
    Result<GpuNeeds> needs = gpu_needs(line);
    if (!needs) return needs.error();
    o.needs = *needs;
    o.plan_only = line.has("--plan");
    o.json = line.has("--json");
    if (o.json && !o.plan_only) return Error{"--json prints the decision, and a run is COMMAND's: give --plan with --json"};
    Result<DriverTimeout> timeout = driver_timeout(kGpuTestSyntax, line);
    if (!timeout) return timeout.error();
    o.timeout = *timeout;
    if (line.operands.empty()) return Error{"no command after '--'"};
    o.command.assign(line.operands.begin(), line.operands.end());
    return o;
}

// The device ordinals CTest allocated (CTEST_RESOURCE_GROUP_<i>_GPUS = "id:0,slots:1"), or an error.
Result<std::vector<int>> allocated(int groups) {
    std::vector<int> ids;
    for (int g = 0; g < groups; ++g) {
        const std::string name = "CTEST_RESOURCE_GROUP_" + std::to_string(g) + "_GPUS";
        const char* value = std::getenv(name.c_str());
        if (!value) return Error{name + " is not set; the test's RESOURCE_GROUPS must ask for gpus"};
        for (const std::string& allocation : text::split(value, ';')) {
            for (const std::string& field : text::split(allocation, ',')) {
                if (field.compare(0, 3, "id:") != 0) continue;
                const std::string id = field.substr(3);
                const Result<std::uint64_t> number = parse_count(name, id, 0, kMaxGpus - 1);
                if (!number) return Error{name + " names GPU " + text::quote(id) + "; ids must be device ordinals"};
                const int ordinal = static_cast<int>(*number);
                // With more than one slot per GPU CTest may give one GPU to two groups.
                if (std::find(ids.begin(), ids.end(), ordinal) != ids.end())
                    return Error{"CTest gave GPU " + id + " to two resource groups of this test, which needs distinct GPUs; "
                                 "give each GPU 1 slot in the resource spec when tests need several GPUs"};
                ids.push_back(ordinal);
            }
        }
    }
    return ids;
}

// What the launcher does: run COMMAND with CUDA_VISIBLE_DEVICES (unset: unchanged), or skip.
struct Decision {
    bool run = false;
    std::string reason;                  // why it skips
    std::optional<std::string> visible;  // CUDA_VISIBLE_DEVICES for COMMAND
};

Result<Decision> decide(const GpuNeeds& needs, const DriverTimeout& timeout) {
    const DriverQuery query = ask_driver(timeout);
    if (!query.ok()) return Decision{false, "needs " + wanted(needs) + "; no GPU: " + query.reason, {}};

    // The GPUs to use, as ordinals of this process's devices.
    std::vector<int> chosen;
    const char* groups = std::getenv("CTEST_RESOURCE_GROUP_COUNT");
    if (groups) {
        const Result<std::uint64_t> count = parse_count("CTEST_RESOURCE_GROUP_COUNT", groups, 1, kMaxGpus);
        if (!count) return count.error();
        const Result<std::vector<int>> ids = allocated(static_cast<int>(*count));
        if (!ids) return ids.error();
        for (const int id : *ids) {
            if (id >= static_cast<int>(query.devices.size()))
                return Error{"CTest allocated GPU " + std::to_string(id) + ", but only " +
                             std::to_string(query.devices.size()) + " are visible; regenerate the resource spec"};
            const Device& device = query.devices[static_cast<std::size_t>(id)];
            if (!fits(needs, device)) return Decision{false, "needs " + wanted(needs) + "; CTest allocated " + listed({device}), {}};
            chosen.push_back(id);
        }
    } else {
        for (const Device& device : query.devices) {
            if (fits(needs, device)) chosen.push_back(device.index);
        }
        if (static_cast<int>(chosen.size()) < needs.gpus)
            return Decision{false, "needs " + wanted(needs) + "; visible: " + listed(query.devices), {}};
    }

    // Ordinals keep their meaning through the parent's own CUDA_VISIBLE_DEVICES list.
    Decision decision{true, {}, {}};
    if (groups || chosen.size() != query.devices.size()) {
        const char* parent = std::getenv("CUDA_VISIBLE_DEVICES");
        const std::vector<std::string> entries = parent ? text::split(parent, ',') : std::vector<std::string>();
        std::vector<std::string> mapped;
        for (const int id : chosen) {
            const auto at = static_cast<std::size_t>(id);
            mapped.push_back(parent && at < entries.size() ? entries[at] : std::to_string(id));
        }
        decision.visible = text::join(mapped, ",");
    }
    return decision;
}

// The skip status: 77, or 1 when a GPU is required.
int skip_status(const Options& o) { return o.needs.require || truthy(std::getenv("CUDAARCH_REQUIRE_GPU")) ? 1 : kSkip; }

int print_plan(Output& out, const Options& o, const Decision& d) {
    const int status = d.run ? 0 : skip_status(o);
    if (o.json) {
        out << json_schema_head("gpu-test") << ", \"needs\": " << json_string(wanted(o.needs))
            << ", \"runs\": " << (d.run ? "true" : "false") << ", \"status\": " << status
            << ", \"reason\": " << (d.run ? "null" : json_string(d.reason))
            << ", \"cuda_visible_devices\": " << (d.visible ? json_string(*d.visible) : "null")
            << ", \"command\": " << json_strings(o.command) << "}\n";
    } else if (d.run) {
        out << "cudaarch gpu-test: would run" << (d.visible ? " with CUDA_VISIBLE_DEVICES=" + *d.visible : "") << ": "
            << text::join(o.command, " ") << "\n";
    } else {
        out << "cudaarch gpu-test: would " << (status == kSkip ? "skip" : "fail") << ": " << d.reason << "\n";
    }
    return status;
}

}  // namespace

namespace {

int run_gpu_test(const CommandLine& line, Output& out, Output& err) {
    const Result<Options> parsed = gpu_test_options(line);
    if (!parsed) return usage_error(kGpuTestSyntax, err, parsed.error());
    const Options& o = *parsed;
    const Result<Decision> decision = decide(o.needs, o.timeout);
    if (!decision) return fail(err, decision.error());
    if (o.plan_only) return print_plan(out, o, *decision);
    if (!decision->run) {
        if (skip_status(o) == kSkip) {
            out << "cudaarch gpu-test: skipped: " << decision->reason << "\n";
            return kSkip;
        }
        return fail(err, Error{"no suitable GPU, and one is required: " + decision->reason}, 1);
    }
    if (decision->visible) setenv("CUDA_VISIBLE_DEVICES", decision->visible->c_str(), 1);

    std::vector<char*> argv;
    for (const std::string& word : o.command) argv.push_back(const_cast<char*>(word.c_str()));
    argv.push_back(nullptr);
    out.flush();
    execvp(argv[0], argv.data());
    return fail(err, Error{"cannot run " + text::quote(o.command[0])}, 127);
}

}  // namespace

const Command kGpuTestCommand{&kGpuTestSyntax, run_gpu_test,
    "run a test command when suitable GPUs are visible, else skip (CTest launcher)"};

}  // namespace cudaarch::cli
