// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/verdict_package.hpp"

#include <algorithm>
#include <vector>

#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

// The fix for a prebuilt package's binary that does not run natively on `gpu`: the builds the
// data file knows of it that hold SASS for the GPU, and where to get them. A package it knows
// no builds of is named as such.
std::string package_fix(const PackageName& package, const Arch& gpu) {
    const std::string name(package.shown);
    const std::vector<const PackageBuildRecord*> builds = Database::package_builds(package.name);
    if (builds.empty())
        return "reinstall " + name + " from a build with code for " + gpu.dotted() + " (cudaarch knows no CUDA builds of " +
               name + "; its publisher says which cover " + gpu.dotted() + ")";
    std::vector<const PackageBuildRecord*> covering;
    for (const PackageBuildRecord* b : builds) {
        const Result<ArchList> list = parse(b->items, Dialect::torch);
        if (list && runs_on(*list, gpu).verdict == Verdict::native) covering.push_back(b);
    }
    std::vector<std::string> known;
    for (const PackageBuildRecord* b : builds) known.emplace_back(b->build);
    if (covering.empty())
        return "no " + name + " build cudaarch knows (" + text::join(known, ", ") + ") has SASS for " + gpu.dotted() +
               ": build " + name + " from source for it";
    std::vector<std::string> tags;
    for (const PackageBuildRecord* b : covering) tags.emplace_back(b->build);
    return "reinstall " + name + " from a build with SASS for " + gpu.dotted() + ": " + text::join(tags, ", ") +
           " (pip install --force-reinstall " + name + " --index-url " + std::string(covering.front()->index) + ")";
}

// The CUDA release of a package build's tag, as PyTorch's indexes name their builds: cu130 is
// 13.0, cu118 11.8 (the last digit is the minor); empty for a tag of another form.
Version build_cuda(std::string_view tag) {
    if (tag.size() < 4 || tag.substr(0, 2) != "cu" || !std::all_of(tag.begin() + 2, tag.end(), text::is_digit)) return {};
    const std::string digits(tag.substr(2));
    return {std::stoi(digits.substr(0, digits.size() - 1)), digits.back() - '0'};
}

}  // namespace

std::string package_driver_fix(const PackageName& package, const ToolkitRecord& needs, const VerdictInputs& inputs) {
    const std::string name(package.shown);
    const DriverVersion& driver = *inputs.driver;
    const ToolkitRecord* newest = newest_jit_toolkit(driver);
    const std::string update = driver_update(needs);
    const std::vector<const PackageBuildRecord*> builds = Database::package_builds(package.name);
    if (builds.empty())
        return update + (newest ? "; or reinstall " + name + " from a build for CUDA " + std::to_string(newest->release.major) +
                                      ".x or older (cudaarch knows no CUDA builds of " + name + "; its publisher says which exist)"
                                : std::string());
    std::vector<std::string> gpus;
    for (const Arch& gpu : inputs.gpus) gpus.push_back(gpu.dotted());
    const std::string wanted = "for a CUDA release " + driver_phrase(driver) + " runs, with SASS for " + text::join(gpus, " and ");
    std::vector<const PackageBuildRecord*> fitting;
    std::vector<std::string> known;
    for (const PackageBuildRecord* b : builds) {
        known.emplace_back(b->build);
        const Version cuda = build_cuda(b->build);
        const Result<ArchList> list = parse(b->items, Dialect::torch);
        if (cuda.empty() || !list || driver_runs(driver, cuda) != JitSupport::yes) continue;
        if (std::all_of(inputs.gpus.begin(), inputs.gpus.end(),
                        [&](const Arch& gpu) { return runs_on(*list, gpu).verdict == Verdict::native; }))
            fitting.push_back(b);
    }
    if (fitting.empty())
        return update + " (no " + name + " build cudaarch knows, " + text::join(known, ", ") + ", is " + wanted + ")";
    std::vector<std::string> tags;
    for (const PackageBuildRecord* b : fitting) tags.emplace_back(b->build);
    return update + "; or reinstall " + name + " from a build " + wanted + ": " + text::join(tags, ", ") +
           " (pip install --force-reinstall " + name + " --index-url " + std::string(fitting.front()->index) + ")";
}

void add_package_fixes(FileJudgement& file, const PackageName& package, const VerdictInputs& inputs) {
    for (FileVerdict& v : file.verdicts) {
        // Cubins of a CUDA major the driver does not support: the driver, or a build of the
        // package the driver runs.
        const ToolkitRecord* needs = v.worst.error == error_insufficient_driver && !v.worst_modules.empty()
                                         ? major_release(module_toolkit(file.parts[v.worst_modules.front()]))
                                         : nullptr;
        if (needs) v.worst.fix = package_driver_fix(package, *needs, inputs);
        // 222 (and 35): the driver is the fix; 223: the environment is.
        const VerdictKind kind = v.worst.kind();
        if (v.worst.run.verdict == Verdict::native || kind == VerdictKind::ptx_too_new ||
            kind == VerdictKind::driver_too_old || kind == VerdictKind::jit_disabled)
            continue;
        v.worst.fix = package_fix(package, v.worst.gpu);
        v.worst.lists = {};
    }
}

}  // namespace cudaarch
