// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/compat.hpp"

#include <algorithm>

#include "cudaarch/database.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch {

namespace {

bool cc_at_most(const Arch& a, const Arch& b) { return a.major != b.major ? a.major < b.major : a.minor <= b.minor; }

// Whether the driver can JIT-compile PTX of `image` for `gpu`.
bool ptx_fits(const Arch& image, const Arch& gpu) {
    switch (image.suffix) {
        case Suffix::a: return image.major == gpu.major && image.minor == gpu.minor;
        case Suffix::f: return image.major == gpu.major && image.minor <= gpu.minor && is_tegra(image) == is_tegra(gpu);
        case Suffix::none: break;
    }
    return cc_at_most(image, gpu);
}

std::string why_nothing_runs(const ArchList& build, const Arch& gpu) {
    const std::string device = gpu.dotted();
    if (build.empty()) return "the build holds no image";
    bool any_lower = false;
    bool any_a_only = false;
    bool kind_mismatch = false;
    bool any_ptx = false;
    for (const Entry& e : build) {
        any_ptx = any_ptx || e.ptx;
        if (!cc_at_most(e.arch, gpu)) continue;
        any_lower = true;
        if (e.arch.suffix == Suffix::a) any_a_only = true;
        if (e.sass && e.arch.major == gpu.major && is_tegra(e.arch) != is_tegra(gpu)) kind_mismatch = true;
    }
    if (!any_lower) return device + " is older than every image in the build (the oldest is " + build.front().arch.dotted() + ")";
    if (kind_mismatch) return "Tegra and desktop GPUs never share cubins, and no PTX fits " + device;
    if (any_a_only) return "an 'a' image runs only on its own capability, and nothing else fits " + device;
    // Family and arch-specific PTX at or below the GPU that does not fit it: the same rule as
    // the configure report's forward-compatibility line.
    std::vector<std::string> bounded;
    for (const Entry& e : build) {
        if (!e.ptx || !cc_at_most(e.arch, gpu) || e.arch.suffix == Suffix::none) continue;
        bounded.push_back(e.arch.compute() + (e.arch.suffix == Suffix::f ? " JIT-compiles only on the " +
                                                                               std::to_string(e.arch.major) + ".x family"
                                                                         : " only on " + e.arch.base().dotted()));
    }
    const bool plain_ptx_below = std::any_of(build.begin(), build.end(), [&](const Entry& e) {
        return e.ptx && e.arch.suffix == Suffix::none && cc_at_most(e.arch, gpu);
    });
    if (!bounded.empty() && !plain_ptx_below)
        return "PTX " + text::join(bounded, ", ") + ", and no SASS image fits " + device;
    if (!any_ptx) return device + " is newer than every SASS image, and the build has no PTX to JIT-compile";
    return "no SASS image of the " + std::to_string(gpu.major) + ".x family and no PTX at or below " + device;
}

}  // namespace

bool is_tegra(const Arch& arch) {
    const CcRecord* cc = Database::find_cc(arch.major, arch.minor);
    return cc && cc->tegra;
}

bool sass_fits(const Arch& image, const Arch& gpu) {
    if (is_tegra(image) != is_tegra(gpu) || image.major != gpu.major || image.minor > gpu.minor) return false;
    if (image.suffix == Suffix::a || is_tegra(gpu)) return image.minor == gpu.minor;
    return true;
}

RunVerdict runs_on(const ArchList& build, const Arch& gpu) {
    const Arch device = gpu.base();
    RunVerdict best;
    // The list is sorted, so the last fitting entry is the closest one at or below the GPU.
    for (const Entry& e : build) {
        if (e.sass && sass_fits(e.arch, device)) best = {Verdict::native, e.arch, 0, {}};
    }
    if (best.verdict == Verdict::native) return best;
    for (const Entry& e : build) {
        if (e.ptx && ptx_fits(e.arch, device)) best = {Verdict::ptx_jit, e.arch, 0, {}};
    }
    if (best.verdict == Verdict::ptx_jit) return best;
    return {Verdict::no_image, {}, error_no_kernel_image, why_nothing_runs(build, device)};
}

RunVerdict runs_on(const ProgramBuild& build, const Arch& gpu) {
    const RunVerdict loaded = runs_on(build.images, gpu);
    if (!build.rdc() || loaded.verdict == Verdict::native) return loaded;
    // Each relocatable module links from its own best image: the program's, then the device runtime's.
    std::vector<RunVerdict> modules;
    for (const ArchList& module : build.relocatable) modules.push_back(runs_on(module, gpu));
    if (!build.device_runtime.empty()) modules.push_back(runs_on(build.device_runtime, gpu));
    const auto fails = [](const RunVerdict& m) { return m.verdict == Verdict::no_image; };
    if (std::none_of(modules.begin(), modules.end(), fails)) {
        // Name the first module that needs the JIT, else the first module.
        auto shown = std::find_if(modules.begin(), modules.end(), [](const RunVerdict& m) { return m.verdict == Verdict::ptx_jit; });
        const bool jit = shown != modules.end();
        if (!jit) shown = modules.begin();
        return {jit ? Verdict::link_ptx : Verdict::link_sass, shown->image, 0, {}};
    }
    if (loaded.verdict == Verdict::ptx_jit) return loaded;
    ArchList program;  // the device link's images, nvcc's default sm_75 when it had no flags, say nothing
    for (const ArchList& module : build.relocatable) merge_images(program, module);
    const bool some_module_fits = runs_on(program, gpu).verdict != Verdict::no_image;
    return {Verdict::no_image, {}, error_symbol_not_found,
            some_module_fits ? "a relocatable module of the program has no image for " + gpu.base().dotted()
                             : why_nothing_runs(program, gpu.base())};
}

namespace {

bool is_set(const char* value) { return value && *value && std::string_view(value) != "0"; }

// The list without the kinds the environment makes the driver ignore.
ArchList visible(ArchList list, const JitEnvironment& environment) {
    ArchList out;
    for (Entry e : list) {
        e.sass = e.sass && !environment.force_ptx_jit;
        e.ptx = e.ptx && !environment.disable_ptx_jit;
        if (e.sass || e.ptx) out.push_back(std::move(e));
    }
    return out;
}

}  // namespace

JitEnvironment jit_environment(const char* force_ptx_jit, const char* disable_ptx_jit, const char* cache_disable) {
    return {is_set(force_ptx_jit), is_set(disable_ptx_jit), is_set(cache_disable)};
}

RunVerdict runs_on(const ProgramBuild& build, const Arch& gpu, const JitEnvironment& environment) {
    if (!environment.force_ptx_jit && !environment.disable_ptx_jit) return runs_on(build, gpu);
    ProgramBuild seen{visible(build.images, environment), {}, visible(build.device_runtime, environment)};
    for (const ArchList& module : build.relocatable) seen.relocatable.push_back(visible(module, environment));
    RunVerdict verdict = runs_on(seen, gpu);
    if (verdict.verdict != Verdict::no_image) return verdict;
    if (environment.force_ptx_jit) {
        verdict.reason = "CUDA_FORCE_PTX_JIT is set, so the driver ignores every cubin, and no PTX fits " + gpu.base().dotted();
        return verdict;
    }
    const RunVerdict unset = runs_on(build, gpu);
    if (uses_ptx(unset.verdict)) {
        verdict.error = error_jit_disabled;
        // Seen on the H200 (r580): the driver still loads PTX whose compiled code its JIT cache holds.
        verdict.reason = "CUDA_DISABLE_PTX_JIT is set, and only PTX (" + unset.image.compute() + ") fits " +
                         gpu.base().dotted() + " (unless the JIT cache holds its compiled code)";
    }
    return verdict;
}

namespace {

// "575.51.03" -> {575, 51, 3}; empty on anything but dot-separated digits.
std::vector<int> dotted_numbers(std::string_view text) {
    std::vector<int> numbers;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t dot = std::min(text.find('.', start), text.size());
        const std::string_view part = text.substr(start, dot - start);
        if (part.empty() || part.size() > 6) return {};
        int value = 0;
        for (const char c : part) {
            if (!text::is_digit(c)) return {};
            value = value * 10 + (c - '0');
        }
        numbers.push_back(value);
        start = dot + 1;
    }
    return numbers;
}

// Compares dotted driver versions numerically, missing parts as 0: 575.51 < 575.51.03 < 580.65.
bool at_least(const std::vector<int>& version, const std::vector<int>& minimum) {
    for (std::size_t i = 0; i < std::max(version.size(), minimum.size()); ++i) {
        const int v = i < version.size() ? version[i] : 0;
        const int m = i < minimum.size() ? minimum[i] : 0;
        if (v != m) return v > m;
    }
    return true;
}

bool supports(const DriverVersion& driver, const ToolkitRecord& toolkit) {
    if (driver.is_cuda) return toolkit.release <= driver.cuda;
    const std::vector<int> minimum = dotted_numbers(toolkit.min_driver);
    if (minimum.empty()) return false;  // none published (13.4, 13.5): unknown, as in the CMake twin
    // A branch alone (580) stands for its releases, as in the PTX ISA manual, which names the
    // driver that a PTX ISA needs by its branch (r580 for ISA 9.0): the branch's first release
    // is the minimum driver of the toolkit it came with, so 580 takes CUDA 13.0's PTX.
    if (driver.numbers.size() == 1) return driver.numbers[0] >= minimum[0];
    return at_least(driver.numbers, minimum);
}

}  // namespace

Result<DriverVersion> parse_driver_version(std::string_view text) {
    const std::vector<int> numbers = dotted_numbers(text);
    if (numbers.empty() || (numbers[0] < 100 && numbers.size() > 2))
        return Error{::cudaarch::text::quote(text) + " is not a driver version (575.51.03) or a CUDA version (12.9)"};
    DriverVersion driver{std::string(text), numbers[0] < 100, {}, {}};
    if (!driver.is_cuda) {
        driver.numbers = numbers;
        return driver;
    }
    driver.cuda = {numbers[0], numbers.size() > 1 ? numbers[1] : 0};
    // Every driver that reports a CUDA version at all reports one the database knows or a newer one.
    const Version oldest = Database::toolkits().front().release;
    if (driver.cuda < oldest)
        return Error{::cudaarch::text::quote(text) + " is older than every CUDA version cudaarch knows; give a driver version " +
                     "(575.51.03) or a CUDA version from " + oldest.str() + " on (12.9)"};
    return driver;
}

DriverVersion driver_from_cuda_version(int version) {
    const Version cuda{version / 1000, (version % 1000) / 10};
    return {cuda.str(), true, cuda, {}};
}

const ToolkitRecord* newest_jit_toolkit(const DriverVersion& driver) {
    const ToolkitRecord* newest = nullptr;
    for (const ToolkitRecord& toolkit : Database::toolkits()) {
        if (supports(driver, toolkit)) newest = &toolkit;
    }
    return newest;
}

const ToolkitRecord* toolkit_for_ptx_isa(Version isa) {
    for (const ToolkitRecord& toolkit : Database::toolkits()) {
        if (isa <= toolkit.ptx_isa) return &toolkit;
    }
    return nullptr;
}

JitSupport driver_jits(const DriverVersion& driver, Version isa) {
    const ToolkitRecord* needed = toolkit_for_ptx_isa(isa);
    if (needed && (driver.is_cuda || !needed->min_driver.empty())) {
        return supports(driver, *needed) ? JitSupport::yes : JitSupport::no;
    }
    // An ISA newer than the database knows needs a driver newer than every release in it;
    // a release without a minimum driver (13.4 ships none) needs at least its predecessors'.
    // Either way a driver that misses an older ISA's first release cannot take this one.
    for (const ToolkitRecord& toolkit : Database::toolkits()) {
        if (needed && needed->release < toolkit.release) break;
        const bool first_of_isa = toolkit_for_ptx_isa(toolkit.ptx_isa) == &toolkit;
        const bool known = driver.is_cuda || !toolkit.min_driver.empty();
        if (first_of_isa && known && !supports(driver, toolkit)) return JitSupport::no;
    }
    // Newer than every release the database knows (a CUDA version) or can place (a driver).
    if (driver.is_cuda && !needed && driver.cuda <= Database::toolkits().back().release) return JitSupport::no;
    return JitSupport::unknown;
}

namespace {

// CUDA Compatibility guide, "Minor Version Compatibility": introduced with CUDA 11.
constexpr int kFirstMinorCompatibleMajor = 11;

}  // namespace

const ToolkitRecord* major_release(Version release) {
    for (const ToolkitRecord& record : Database::toolkits()) {
        if (record.release.major != release.major) continue;
        if (release.major >= kFirstMinorCompatibleMajor || record.release == release) return &record;
    }
    return nullptr;
}

JitSupport driver_runs(const DriverVersion& driver, Version release) {
    const ToolkitRecord* needed = major_release(release);
    if (!needed) return JitSupport::unknown;
    if (driver.is_cuda) {
        const bool runs = release.major >= kFirstMinorCompatibleMajor ? release.major <= driver.cuda.major
                                                                       : release <= driver.cuda;
        return runs ? JitSupport::yes : JitSupport::no;
    }
    const std::vector<int> minimum = dotted_numbers(needed->min_driver);
    if (minimum.empty()) return JitSupport::unknown;
    if (release.major >= kFirstMinorCompatibleMajor)
        return driver.numbers[0] >= minimum[0] ? JitSupport::yes : JitSupport::no;
    return supports(driver, *needed) ? JitSupport::yes : JitSupport::no;
}

}  // namespace cudaarch
