// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/verdict.hpp"

#include <algorithm>
#include <map>

namespace cudaarch {

VerdictKind GpuVerdict::kind() const {
    switch (error) {
        case error_no_kernel_image: return VerdictKind::no_image;
        case error_symbol_not_found: return VerdictKind::symbol_not_found;
        case error_jit_disabled: return VerdictKind::jit_disabled;
        case error_unsupported_ptx: return VerdictKind::ptx_too_new;
        case error_insufficient_driver: return VerdictKind::driver_too_old;
        default: break;
    }
    switch (run.verdict) {
        case Verdict::native: return VerdictKind::native;
        case Verdict::link_sass: return VerdictKind::link_sass;
        case Verdict::ptx_jit: return VerdictKind::ptx_jit;
        case Verdict::link_ptx: return VerdictKind::link_ptx;
        case Verdict::no_image: break;
    }
    return VerdictKind::no_image;
}

std::string GpuVerdict::image() const {
    if (run.verdict == Verdict::no_image) return "";
    return uses_ptx(run.verdict) ? run.image.compute() : run.image.sm();
}

std::string driver_phrase(const DriverVersion& driver) {
    return driver.is_cuda ? "the CUDA " + driver.text + " driver" : "driver " + driver.text;
}

std::string release_driver(const ToolkitRecord& toolkit) {
    if (toolkit.min_driver.empty()) return "a CUDA " + toolkit.release.str() + " driver or newer";
    const std::string_view branch = toolkit.min_driver.substr(0, toolkit.min_driver.find('.'));
    return "driver " + std::string(toolkit.min_driver) + " or newer (r" + std::string(branch) + ", CUDA " +
           toolkit.release.str() + ")";
}

std::string driver_update(const ToolkitRecord& needs) {
    return "update the driver to " +
           (needs.min_driver.empty() ? "a CUDA " + needs.release.str() + " one" : std::string(needs.min_driver) + " or newer");
}

std::string needs_text(const GpuVerdict& v) {
    if (!v.needs) return "is newer than every CUDA release cudaarch knows";
    return "needs " + release_driver(*v.needs);
}

namespace {

// "supports CUDA 12.9 and older", what a driver runs, in a reason.
std::string supports_text(const ToolkitRecord* newest) {
    return newest ? "CUDA " + newest->release.str() + " and older" : "no CUDA release cudaarch knows";
}

std::string fix_text(const BuildFix& fix, const Arch& gpu, bool rdc) {
    std::string out = "add " + gpu.dotted() + (rdc ? " to the compile and the device link" : "") +
                      ": CMAKE_CUDA_ARCHITECTURES=" + fix.cmake + fix.cmake_note;
    if (!fix.torch.empty()) out += " or TORCH_CUDA_ARCH_LIST=\"" + fix.torch + "\"";
    // A GPU that current toolkits no longer build for needs an older one.
    const CcRecord* cc = Database::find_cc(gpu.major, gpu.minor);
    if (cc && !cc->last_cuda.empty()) out += "; CUDA " + cc->last_cuda.str() + " is the last to build " + gpu.sm();
    return out;
}

// The fix of a verdict module_verdict() left for the build to mend: the file's images with the
// GPU's added. Made for the one verdict a file shows, since it is the same for each of its
// modules and libraries such as cuFFT hold thousands of PTX-only modules.
// `built_apart`: how many modules fail where other modules of the file run natively, so the
// file's own list builds the GPU already and naming that list again fixes nothing: they were
// built apart (another translation unit's flags, a static library or object file linked in);
// 0 where no module runs natively.
void add_build_fix(GpuVerdict& v, const ArchList& base, bool rdc, const JitEnvironment& environment, std::size_t built_apart) {
    if (!v.build_fix) return;
    // Under CUDA_FORCE_PTX_JIT only PTX loads, so the fix adds the GPU's PTX too.
    const bool ptx = v.error != 0 && environment.force_ptx_jit;
    v.lists = build_fix(base, v.gpu, ptx);
    v.fix = built_apart && !ptx
                ? "rebuild the code of " + std::string(built_apart == 1 ? "the failing module" : "the failing modules") +
                      " for " + v.gpu.dotted() + " as well: the file's other modules hold code for " + v.gpu.dotted() +
                      ", so " + (built_apart == 1 ? "it was" : "they were") +
                      " built apart from them (another translation unit's flags, a static library or an object file "
                      "linked in)"
                : fix_text(v.lists, v.gpu, rdc);
    // The environment's own failures go first: unsetting the variable is the user's fix.
    if (v.error == error_jit_disabled) v.fix = "unset CUDA_DISABLE_PTX_JIT, or " + v.fix;
    else if (ptx) v.fix = "unset CUDA_FORCE_PTX_JIT, or " + v.fix;
}

bool worse(const GpuVerdict& a, const GpuVerdict& b) {
    if (a.runs() != b.runs()) return !a.runs();
    return badness(a.run.verdict) > badness(b.run.verdict);
}

// What module_verdict() reads of a module, packed: its build as the loader sees it, the toolkit
// of its cubins and the ISA of each PTX image. Modules with equal keys get equal verdicts on
// every GPU, so a file's modules are judged once per distinct key. A change to what
// module_verdict() reads changes this key. Written into `key`, which judge_groups() reuses.
void judge_key(const Module& module, std::vector<int>& key) {
    key.clear();
    const auto add_arch = [&](const Arch& arch) { key.insert(key.end(), {arch.major, arch.minor, static_cast<int>(arch.suffix)}); };
    const auto add_list = [&](const ArchList& list) {
        for (const Entry& e : list) {
            add_arch(e.arch);
            key.push_back(int{e.sass} | int{e.ptx} << 1);
        }
        key.push_back(-1);
    };
    // The lists of module.build.program(), read where they are.
    add_list(module.build.judged);
    for (const ArchList& list : module.build.relocatable) add_list(list);
    key.push_back(-2);
    add_list(module.build.device_runtime);
    const Version toolkit = module_toolkit(module);
    key.insert(key.end(), {toolkit.major, toolkit.minor});
    for (const binary::Image& image : module.listing.images) {
        if (image.kind != binary::ImageKind::ptx || !image.ptx_isa) continue;
        add_arch(image.arch);
        key.insert(key.end(), {image.ptx_isa->major, image.ptx_isa->minor});
    }
}

// For each module, the first module with its judge_key(): the one whose verdict it shares.
std::vector<std::size_t> judge_groups(const std::vector<Module>& modules) {
    std::vector<std::size_t> first(modules.size());
    std::map<std::vector<int>, std::size_t> seen;
    std::vector<int> key;
    for (std::size_t i = 0; i < modules.size(); ++i) {
        judge_key(modules[i], key);
        auto it = seen.find(key);
        if (it == seen.end()) it = seen.emplace(key, i).first;
        first[i] = it->second;
    }
    return first;
}

FileVerdict file_verdict(const std::vector<Module>& modules, const std::vector<bool>& counted,
                         const std::vector<std::size_t>& groups, const ArchList& base, const Arch& gpu,
                         const VerdictInputs& inputs) {
    FileVerdict file;
    // One verdict per group, kept at its first module; the others look it up.
    std::vector<GpuVerdict> judged(modules.size());
    const auto verdict = [&](std::size_t i) -> const GpuVerdict& { return judged[groups[i]]; };
    bool any_runs = false;
    bool any_native = false;
    for (std::size_t i = 0; i < modules.size(); ++i) {
        if (groups[i] == i) judged[i] = module_verdict(modules[i], gpu, inputs.driver, inputs.environment);
        file.errors.push_back(verdict(i).error);
        any_runs = any_runs || (counted[i] && verdict(i).runs());
        any_native = any_native || (counted[i] && verdict(i).runs() && verdict(i).run.verdict == Verdict::native);
    }
    std::vector<bool> decides = counted;  // the counted modules that decide the file's verdict
    std::size_t worst = modules.size();
    for (std::size_t i = 0; i < modules.size(); ++i) {
        if (!counted[i]) continue;
        if (!verdict(i).runs() && !decides_failure(modules[i], gpu, any_runs)) {
            file.set_aside.push_back(i);
            decides[i] = false;
            continue;
        }
        if (!verdict(i).runs()) file.failing.push_back(i);
        if (worst == modules.size() || worse(verdict(i), verdict(worst))) worst = i;
    }
    file.worst.gpu = gpu;
    if (worst < modules.size()) {
        file.worst = verdict(worst);
        add_build_fix(file.worst, base, modules[worst].build.program().rdc(), inputs.environment,
                      any_native ? file.failing.size() : 0);
    }
    for (std::size_t i = 0; i < modules.size(); ++i) {
        const GpuVerdict& v = verdict(i);
        if (decides[i] && v.runs() == file.worst.runs() && v.run.verdict == file.worst.run.verdict && v.error == file.worst.error)
            file.worst_modules.push_back(i);
    }
    return file;
}

}  // namespace

BuildFix build_fix(ArchList build, const Arch& gpu, bool ptx) {
    static_cast<void>(merge_entry(build, Entry{gpu, true, ptx, std::nullopt, {}}));
    const Result<Rendering> cmake = render(build, Format::cmake);
    const Result<Rendering> torch = render(build, Format::torch);
    const std::string cmake_text = cmake ? cmake->text : "";
    std::string note = cmake_release_note(build, cmake_text);
    return {std::move(build), cmake_text, std::move(note), torch ? torch->text : ""};
}

GpuVerdict module_verdict(const Module& module, const Arch& gpu, const std::optional<DriverVersion>& driver,
                          const JitEnvironment& environment) {
    GpuVerdict v;
    v.gpu = gpu;
    v.run = runs_on(module.build.program(), gpu, environment);
    v.every_start = environment.cache_disabled;
    // Code of a CUDA major the driver does not support fails before any kernel loads.
    const Version built = module_toolkit(module);
    const ToolkitRecord* needs = built.empty() ? nullptr : major_release(built);
    if (driver && needs && driver_runs(*driver, built) == JitSupport::no) {
        const ToolkitRecord* newest = newest_jit_toolkit(*driver);
        v.run = {Verdict::no_image, {}, error_insufficient_driver, {}};
        v.error = error_insufficient_driver;
        v.reason = "its cubins were built by CUDA " + built.str() + ", which needs " + release_driver(*needs) + "; " +
                   driver_phrase(*driver) + " supports " + supports_text(newest) +
                   ": the program stops with cudaErrorInsufficientDriver";
        v.fix = driver_update(*needs) +
                (newest ? ", or rebuild with CUDA " + std::to_string(newest->release.major) + ".x" : std::string());
        return v;
    }
    if (v.run.verdict == Verdict::native) return v;
    if (v.run.verdict == Verdict::link_sass) {
        v.fix = "give the device link (nvcc -dlink, or the link step of nvcc -rdc=true) the compile's -gencode flags, "
                "-gencode arch=compute_" + v.run.image.number() + ",code=" + v.run.image.sm() + " included";
        return v;
    }
    if (v.run.verdict == Verdict::no_image) {
        v.error = v.run.error;
        v.reason = v.run.reason;
    } else {
        v.ptx_isa = newest_ptx_isa(module.listing, v.run.image);
        const JitVerdict jit = ptx_jit_verdict(v.ptx_isa, driver);
        v.needs = jit.needs;
        v.jit = jit.jit;
    }
    if (v.jit == JitSupport::no) {
        // New SASS from the same toolkit would need the same driver, so the fix is the driver.
        v.error = error_unsupported_ptx;
        const ToolkitRecord* newest = newest_jit_toolkit(*driver);
        v.reason = "PTX ISA " + v.ptx_isa.str() + " " + needs_text(v) + "; " + driver_phrase(*driver) + " JIT-compiles " +
                   (newest ? "up to PTX ISA " + newest->ptx_isa.str() : "no PTX ISA cudaarch knows");
        // An ISA beyond the database needs a driver newer than every release it knows.
        const ToolkitRecord& last = Database::toolkits().back();
        v.fix = v.needs ? driver_update(*v.needs) : "update the driver to one newer than CUDA " + last.release.str();
        if (newest) v.fix += ", or rebuild with CUDA " + newest->release.str() + " or older";
        return v;
    }
    v.build_fix = true;
    return v;
}

FileJudgement judge_file(binary::Listing listing, const VerdictInputs& inputs) {
    FileJudgement j;
    j.listing = std::move(listing);
    j.build = file_build(j.listing);
    j.parts = modules(j.listing);
    j.counted = counted_modules(j.parts);
    j.judged = static_cast<std::size_t>(std::count(j.counted.begin(), j.counted.end(), true));
    const ArchList base = compiled(j.parts, j.counted);
    const std::vector<std::size_t> groups = j.judged ? judge_groups(j.parts) : std::vector<std::size_t>();
    for (std::size_t g = 0; j.judged && g < inputs.gpus.size(); ++g)
        j.verdicts.push_back(file_verdict(j.parts, j.counted, groups, base, inputs.gpus[g], inputs));
    // Without a module that can fail (no device code, or none with a kernel) nothing fails to
    // load; but a file of no format cudaarch reads (not ELF, not an archive) is no program at all.
    j.all_run = j.listing.format != binary::FileFormat::unknown &&
                std::all_of(j.verdicts.begin(), j.verdicts.end(), [](const FileVerdict& v) { return v.failing.empty(); });
    return j;
}

std::size_t count_newer(const std::vector<Module>& modules, const std::vector<std::size_t>& set_aside, const Arch& gpu) {
    return static_cast<std::size_t>(std::count_if(set_aside.begin(), set_aside.end(),
                                                  [&](std::size_t i) { return built_for_newer(modules[i], gpu); }));
}

bool build_runs(const ArchList& build, const Arch& gpu) { return runs_on(build, gpu).verdict != Verdict::no_image; }

JitVerdict ptx_jit_verdict(Version isa, const std::optional<DriverVersion>& driver) {
    return {driver ? driver_jits(*driver, isa) : JitSupport::unknown, toolkit_for_ptx_isa(isa)};
}

// A driver takes the PTX of the releases up to the CUDA version it reports.
bool toolkit_ptx_too_new(const Version& toolkit, const Version& driver_cuda) { return driver_cuda < toolkit; }

RuntimeVerdict runtime_verdict(const Version& runtime, const std::optional<DriverVersion>& driver, bool itself) {
    RuntimeVerdict v;
    v.needs = major_release(runtime);
    if (!driver || !v.needs) return v;
    v.runs = driver_runs(*driver, runtime);
    if (v.runs != JitSupport::no) return v;
    const ToolkitRecord* newest = newest_jit_toolkit(*driver);
    const std::string major = std::to_string(runtime.major);
    v.reason = "a CUDA " + major + ".x runtime needs " + release_driver(*v.needs) + "; " + driver_phrase(*driver) +
               " supports " + supports_text(newest) +
               ": every CUDA call fails with cudaErrorInsufficientDriver, \"CUDA driver version is insufficient for CUDA "
               "runtime version\"";
    const std::string older = newest ? std::to_string(newest->release.major) : std::string();
    v.fix = driver_update(*v.needs) +
            (!newest ? std::string()
             : itself ? "; or use CUDA " + older + ".x builds of the programs that load it, with a CUDA " + older +
                            ".x runtime (libcudart.so." + older + ") in its place"
                      : "; or rebuild the program with CUDA " + older + ".x") +
            "; or, on a data-center GPU, install the CUDA forward compatibility package cuda-compat-" + major + "-" +
            std::to_string(runtime.minor) + " and put its folder (/usr/local/cuda-" + runtime.str() +
            "/compat) first on LD_LIBRARY_PATH";
    return v;
}

}  // namespace cudaarch
