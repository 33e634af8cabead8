// SPDX-License-Identifier: Apache-2.0
// cudaarch check [--gpu SPEC|PRODUCT]... [--driver VERSION] [--no-deps] [--json] [--timeout SECONDS]
//                FILE|DIR... | --pid PID | --python [PYTHON]...:
// whether the code in each file, in the libraries a program loads, in a folder, in a running
// process or in a Python environment runs on each GPU, why not, and the fix. See docs/cli/check.md.
#include <algorithm>
#include <cstdlib>
#include <future>
#include <map>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <system_error>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/inspect_output.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cli/terminal_text.hpp"
#include "cli/zstd_decoder.hpp"
#include "cudaarch/compat.hpp"
#include "cudaarch/file_build.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/loaded_libraries.hpp"
#include "cudaarch/modules.hpp"
#include "cudaarch/parallel.hpp"
#include "cudaarch/alternatives.hpp"
#include "cudaarch/environment_loads.hpp"
#include "cudaarch/python_env.hpp"
#include "cudaarch/runtime_libraries.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

// Defined after its options; the option readers above it name it.
extern const CommandSyntax kCheckSyntax;

namespace {

constexpr Option kOptions[] = {
    {"--gpu", "SPEC|PRODUCT",
     "a GPU to check: 9.0, sm_86, 75, T4, \"RTX 4090\";\n"
     "default: the GPUs the NVIDIA driver reports", true},
    {"--driver", "VERSION",
     "the driver to check PTX JIT against: 575.51.03 or a CUDA version\n"
     "(12.9); default: the installed driver, if any"},
    {"--no-deps", "", "judge only the files named, not the libraries a program loads"},
    {"--pid", "PID", "judge what a running process has mapped (/proc/PID/maps)"},
    {"--python", "", "judge the distributions installed in each PYTHON's site-packages;\n"
                     "the operands are interpreters (default: python3)"},
    kJsonOption,
    {kTimeoutOption.name, kTimeoutOption.value,
     "how long the NVIDIA driver, and with --python each interpreter,\n"
     "may take to answer, 1 to 3600 (default: CUDAARCH_DRIVER_TIMEOUT, else 60)"},
};

// One GPU to judge: a compute capability and the names it was given or detected under.
struct Gpu {
    Arch cc;
    std::vector<std::string> names;

    [[nodiscard]] std::string label() const {
        return names.empty() ? cc.dotted() : cc.dotted() + " (" + text::join(names, ", ") + ")";
    }
};

void add_gpu(std::vector<Gpu>& gpus, const Arch& cc, const std::string& name) {
    auto it = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return g.cc == cc; });
    if (it == gpus.end()) it = gpus.insert(gpus.end(), Gpu{cc, {}});
    if (!name.empty() && std::find(it->names.begin(), it->names.end(), name) == it->names.end())
        it->names.push_back(name);
}

struct Driver {
    DriverVersion version;
    std::string source;  // "--driver" or "detected"
};

struct Options {
    std::vector<Gpu> gpus;
    std::optional<Driver> driver;
    bool json = false;
    JitEnvironment environment;  // CUDA_FORCE_PTX_JIT, CUDA_DISABLE_PTX_JIT of this process
    DriverTimeout timeout;  // for asking the driver, when --gpu or --driver is not given
    bool no_deps = false;
    std::optional<std::string> pid;
    bool python = false;
    std::vector<std::string> operands;  // files and folders; with --python, interpreters
};

Result<Options> check_options(const CommandLine& line) {
    Options o;
    o.json = line.has("--json");
    o.environment = jit_environment(std::getenv("CUDA_FORCE_PTX_JIT"), std::getenv("CUDA_DISABLE_PTX_JIT"),
                                    std::getenv("CUDA_CACHE_DISABLE"));
    for (const std::string_view value : line.values("--gpu")) {
        Result<ArchList> list = parse(value);
        if (!list) return Error{"--gpu " + text::quote(value) + ": " + list.error().message};
        if (list->empty()) return Error{"--gpu needs a GPU: a capability (9.0), sm_86 or a product (T4)"};
        const ProductRecord* product = Database::find_product(value);
        for (const Entry& e : *list) add_gpu(o.gpus, e.arch.base(), product ? std::string(product->name) : "");
    }
    if (const auto value = line.value("--driver")) {
        Result<DriverVersion> version = parse_driver_version(*value);
        if (!version) return Error{"--driver: " + version.error().message};
        o.driver = Driver{*version, "--driver"};
    }
    Result<DriverTimeout> timeout = driver_timeout(kCheckSyntax, line);
    if (!timeout) return timeout.error();
    o.timeout = *timeout;
    o.no_deps = line.has("--no-deps");
    o.python = line.has("--python");
    if (const auto pid = line.value("--pid")) o.pid = std::string(*pid);
    if (o.pid && o.python) return Error{text::mutually_exclusive("--pid", "--python")};
    if (o.pid && !line.operands.empty()) return Error{"--pid takes no FILE (it judges what the process has mapped)"};
    if (!o.pid && !o.python && line.operands.empty()) return Error{"no input file"};
    o.operands.assign(line.operands.begin(), line.operands.end());
    if (o.python && o.operands.empty()) o.operands.emplace_back("python3");
    return o;
}

// "575.51.03" or "CUDA 12.9".
std::string driver_name(const DriverVersion& driver) { return driver.is_cuda ? "CUDA " + driver.text : driver.text; }

// "driver 575.51.03" or "the CUDA 12.9 driver".
std::string driver_phrase(const DriverVersion& driver) {
    return driver.is_cuda ? "the CUDA " + driver.text + " driver" : "driver " + driver.text;
}

// The driver a release's PTX needs: "driver 580.65.06 or newer (r580, CUDA 13.0)".
std::string release_driver(const ToolkitRecord& toolkit) {
    if (toolkit.min_driver.empty()) return "a CUDA " + toolkit.release.str() + " driver or newer";
    const std::string_view branch = toolkit.min_driver.substr(0, toolkit.min_driver.find('.'));
    return "driver " + std::string(toolkit.min_driver) + " or newer (r" + std::string(branch) + ", CUDA " +
           toolkit.release.str() + ")";
}

// "update the driver to 580.65.06 or newer": the fix of code a driver is too old for.
std::string driver_update(const ToolkitRecord& needs) {
    return "update the driver to " +
           (needs.min_driver.empty() ? "a CUDA " + needs.release.str() + " one" : std::string(needs.min_driver) + " or newer");
}

struct Fix {
    std::string cmake;
    std::string cmake_note;  // which CMake releases take its a/f images (cmake_release_note)
    std::string torch;  // empty when TORCH_CUDA_ARCH_LIST cannot say it (PTX-only entries)
};

// The judged images plus SASS for the GPU (and its PTX, where only PTX can run), in the two
// notations users most often write.
Fix fix_for(ArchList build, const Arch& gpu, bool ptx = false) {
    static_cast<void>(merge_entry(build, Entry{gpu, true, ptx, std::nullopt, {}}));
    const Result<Rendering> cmake = render(build, Format::cmake);
    const Result<Rendering> torch = render(build, Format::torch);
    const std::string cmake_text = cmake ? cmake->text : "";
    return {cmake_text, cmake_release_note(build, cmake_text), torch ? torch->text : ""};
}

std::string fix_text(const Fix& fix, const Arch& gpu, bool rdc) {
    std::string out = "add " + gpu.dotted() + (rdc ? " to the compile and the device link" : "") +
                      ": CMAKE_CUDA_ARCHITECTURES=" + fix.cmake + fix.cmake_note;
    if (!fix.torch.empty()) out += " or TORCH_CUDA_ARCH_LIST=\"" + fix.torch + "\"";
    // A GPU that current toolkits no longer build for needs an older one.
    const CcRecord* cc = Database::find_cc(gpu.major, gpu.minor);
    if (cc && !cc->last_cuda.empty()) out += "; CUDA " + cc->last_cuda.str() + " is the last to build " + gpu.sm();
    return out;
}

// The judgement of one file on one GPU.
struct GpuVerdict {
    const Gpu* gpu = nullptr;
    RunVerdict run;
    Version ptx_isa;                       // ptx_jit: the PTX's ISA
    const ToolkitRecord* needs = nullptr;  // ptx_jit: the release whose driver that ISA needs
    JitSupport jit = JitSupport::unknown;  // ptx_jit: whether the driver takes it
    int error = 0;                         // the CUDA error it would fail with: 209 or 222
    std::string reason;                    // why it fails; empty when it runs
    std::string fix;                       // what to do; for a JIT that runs, how to skip the JIT
    Fix lists;                             // the build lists the fix names (empty for a driver fix)
    bool every_start = false;              // a JIT whose result is not cached (CUDA_CACHE_DISABLE)
    bool build_fix = false;                // `fix` and `lists` are the build's, made by add_build_fix()
};

std::string needs_text(const GpuVerdict& v) {
    if (!v.needs) return "is newer than every CUDA release cudaarch knows";
    return "needs " + release_driver(*v.needs);
}

// One module on one GPU (its fix is added once per file, add_build_fix()).
GpuVerdict judge(const Module& module, const Gpu& gpu, const std::optional<Driver>& driver,
                 const JitEnvironment& environment) {
    GpuVerdict v;
    v.gpu = &gpu;
    v.run = runs_on(module.build.program(), gpu.cc, environment);
    v.every_start = environment.cache_disabled;
    // Code of a CUDA major the driver does not support fails before any kernel loads.
    const Version built = module_toolkit(module);
    const ToolkitRecord* needs = built.empty() ? nullptr : major_release(built);
    if (driver && needs && driver_runs(driver->version, built) == JitSupport::no) {
        const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
        v.run = {Verdict::no_image, {}, error_insufficient_driver, {}};
        v.error = error_insufficient_driver;
        v.reason = "its cubins were built by CUDA " + built.str() + ", which needs " + release_driver(*needs) + "; " +
                   driver_phrase(driver->version) + " supports " +
                   (newest ? "CUDA " + newest->release.str() + " and older" : "no CUDA release cudaarch knows") +
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
        v.needs = toolkit_for_ptx_isa(v.ptx_isa);
        if (driver) v.jit = driver_jits(driver->version, v.ptx_isa);
    }
    if (v.jit == JitSupport::no) {
        // New SASS from the same toolkit would need the same driver, so the fix is the driver.
        v.error = 222;
        const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
        v.reason = "PTX ISA " + v.ptx_isa.str() + " " + needs_text(v) + "; " + driver_phrase(driver->version) +
                   " JIT-compiles " + (newest ? "up to PTX ISA " + newest->ptx_isa.str() : "no PTX ISA cudaarch knows");
        // An ISA beyond the database needs a driver newer than every release it knows.
        const ToolkitRecord& last = Database::toolkits().back();
        v.fix = v.needs ? driver_update(*v.needs) : "update the driver to one newer than CUDA " + last.release.str();
        if (newest) v.fix += ", or rebuild with CUDA " + newest->release.str() + " or older";
        return v;
    }
    v.build_fix = true;
    return v;
}

// The fix of a verdict judge() left for the build to mend: the file's images with the GPU's
// added. Made for the one verdict a file shows, since it is the same for each of its modules
// and libraries such as cuFFT hold thousands of PTX-only modules.
// `built_apart`: how many modules fail where other modules of the file run natively, so the
// file's own list builds the GPU already and naming that list again fixes nothing: they were
// built apart (another translation unit's flags, a static library or object file linked in);
// 0 where no module runs natively.
void add_build_fix(GpuVerdict& v, const ArchList& base, bool rdc, const JitEnvironment& environment, std::size_t built_apart) {
    if (!v.build_fix) return;
    // Under CUDA_FORCE_PTX_JIT only PTX loads, so the fix adds the GPU's PTX too.
    const bool ptx = v.error != 0 && environment.force_ptx_jit;
    v.lists = fix_for(base, v.gpu->cc, ptx);
    v.fix = built_apart && !ptx
                ? "rebuild the code of " + std::string(built_apart == 1 ? "the failing module" : "the failing modules") +
                      " for " + v.gpu->cc.dotted() + " as well: the file's other modules hold code for " +
                      v.gpu->cc.dotted() + ", so " + (built_apart == 1 ? "it was" : "they were") +
                      " built apart from them (another translation unit's flags, a static library or an object file "
                      "linked in)"
                : fix_text(v.lists, v.gpu->cc, rdc);
    // The environment's own failures go first: unsetting the variable is the user's fix.
    if (v.error == error_jit_disabled) v.fix = "unset CUDA_DISABLE_PTX_JIT, or " + v.fix;
    else if (ptx) v.fix = "unset CUDA_FORCE_PTX_JIT, or " + v.fix;
}

bool runs(const GpuVerdict& v) { return v.error == 0; }

// A program's CUDA runtime against the driver: every CUDA call of a runtime whose major the
// driver does not support fails, before any kernel loads.
struct RuntimeVerdict {
    ProgramRuntime runtime;
    const ToolkitRecord* needs = nullptr;  // the release whose driver it needs (major_release())
    JitSupport runs = JitSupport::unknown;  // unknown also when the driver is
    std::string reason;                     // why it fails; empty when it runs
    std::string fix;
};

// `judged` is the file being judged: when it is the runtime library itself, what is rebuilt is
// not it but the programs that load it.
RuntimeVerdict judge_runtime(ProgramRuntime runtime, const std::optional<Driver>& driver, std::string_view judged) {
    RuntimeVerdict v;
    v.runtime = std::move(runtime);
    v.needs = major_release(v.runtime.version);
    if (!driver || !v.needs) return v;
    v.runs = driver_runs(driver->version, v.runtime.version);
    if (v.runs != JitSupport::no) return v;
    const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
    const Version& release = v.runtime.version;
    const std::string major = std::to_string(release.major);
    v.reason = "a CUDA " + major + ".x runtime needs " + release_driver(*v.needs) + "; " + driver_phrase(driver->version) +
               " supports " + (newest ? "CUDA " + newest->release.str() + " and older" : "no CUDA release cudaarch knows") +
               ": every CUDA call fails with cudaErrorInsufficientDriver, \"CUDA driver version is insufficient for CUDA "
               "runtime version\"";
    const bool itself = !v.runtime.linked_in() && v.runtime.path == judged;
    const std::string older = newest ? std::to_string(newest->release.major) : std::string();
    v.fix = driver_update(*v.needs) +
            (!newest ? std::string()
             : itself ? "; or use CUDA " + older + ".x builds of the programs that load it, with a CUDA " + older +
                            ".x runtime (libcudart.so." + older + ") in its place"
                      : "; or rebuild the program with CUDA " + older + ".x") +
            "; or, on a data-center GPU, install the CUDA forward compatibility package cuda-compat-" + major + "-" +
            std::to_string(release.minor) + " and put its folder (/usr/local/cuda-" + release.str() +
            "/compat) first on LD_LIBRARY_PATH";
    return v;
}

void write_json(Output& out, const std::string& program, const RuntimeVerdict& v) {
    out << "{\"program\": " << json_string(program) << ", \"path\": " << json_optional_string(v.runtime.path)
        << ", \"loaded_as\": " << json_optional_string(v.runtime.name)
        << ", \"linked_in\": " << (v.runtime.linked_in() ? "true" : "false")
        << ", \"version\": " << json_string(v.runtime.version_text)
        << ", \"needs_driver\": " << (v.needs ? json_optional_string(v.needs->min_driver) : "null")
        << ", \"needs_cuda\": " << (v.needs ? json_string(v.needs->release.str()) : "null")
        << ", \"runs\": " << (v.runs == JitSupport::unknown ? "null" : v.runs == JitSupport::yes ? "true" : "false")
        << ", \"error\": " << (v.runs == JitSupport::no ? std::to_string(error_insufficient_driver) : "null")
        << ", \"reason\": " << json_optional_string(v.reason) << ", \"fix\": " << json_optional_string(v.fix) << "}";
}


// One GPU's line: the verdict of the file's worst module, `scope` ("1 of 2 modules: ") when
// others fare better, and `modules`, the lines that name the modules it applies to; every line
// after `indent` (a distribution's file is shown further in).
void write_text(Output& out, const GpuVerdict& v, std::string_view scope, std::string_view modules,
                std::string_view indent = "") {
    const std::string image = uses_ptx(v.run.verdict) ? v.run.image.compute() : v.run.image.sm();
    const bool relocatable = v.run.verdict == Verdict::link_ptx;
    const std::string more = std::string(indent) + "    ";
    out << indent << "  " << v.gpu->label() << ": " << scope;
    if (v.error == error_insufficient_driver) {
        out << "driver too old (error 35): " << v.reason << "\n" << modules << more << "fix: " << v.fix << "\n";
        return;
    }
    switch (v.run.verdict) {
        case Verdict::native: out << "native " << image << "\n" << modules; return;
        case Verdict::link_sass:
            out << "load-time link of relocatable " << image << ": runs, but the runtime links the device code at every "
                << "process start\n" << modules << more << "fix: " << v.fix << "\n";
            return;
        case Verdict::no_image:
            out << (v.error == error_symbol_not_found ? "no kernel image (error 500 in -rdc programs: named symbol not found): "
                    : v.error == error_jit_disabled   ? "PTX JIT disabled (error 223): "
                                                      : "no kernel image (error 209): ");
            out << v.reason << "\n" << modules << more << "fix: " << v.fix << "\n";
            return;
        case Verdict::ptx_jit:
        case Verdict::link_ptx: break;
    }
    const std::string what = relocatable ? "JIT and load-time link of relocatable " : "PTX JIT from ";
    if (v.error) {
        out << what << image << " fails (error 222): " << v.reason << "\n" << modules << more << "fix: " << v.fix << "\n";
        return;
    }
    out << what << image << " with PTX ISA " << v.ptx_isa.str() << ", which " << needs_text(v) << "\n" << modules
        << more << "note: the driver compiles " << image
        << (v.every_start ? " at every process start (CUDA_CACHE_DISABLE is set: nothing is cached)"
                          : " at the first launch and caches the result")
        << (relocatable ? ", the runtime links it at every process start" : "") << "; to skip that, " << v.fix << "\n";
}

std::string_view verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::native: return "native";
        case Verdict::ptx_jit: return "ptx_jit";
        case Verdict::link_sass: return "link_sass";
        case Verdict::link_ptx: return "link_ptx";
        case Verdict::no_image: break;
    }
    return "no_image";
}

std::string_view jit_name(JitSupport jit) {
    switch (jit) {
        case JitSupport::yes: return "yes";
        case JitSupport::no: return "no";
        case JitSupport::unknown: break;
    }
    return "unknown";
}

void write_json(Output& out, const GpuVerdict& v, const std::vector<std::size_t>& failing, const std::vector<int>& errors) {
    const bool jit = uses_ptx(v.run.verdict);
    out << "{\"gpu\": " << json_string(v.gpu->cc.dotted()) << ", \"verdict\": " << json_string(verdict_name(v.run.verdict))
        << ", \"runs\": " << (runs(v) ? "true" : "false") << ", \"image\": ";
    if (v.run.verdict == Verdict::no_image) out << "null";
    else out << json_string(jit ? v.run.image.compute() : v.run.image.sm());
    out << ", \"ptx_isa\": " << (jit ? json_string(v.ptx_isa.str()) : "null")
        << ", \"driver_jits\": " << (jit ? json_string(jit_name(v.jit)) : "null")
        << ", \"needs_driver\": " << (v.needs ? json_optional_string(v.needs->min_driver) : "null")
        << ", \"needs_cuda\": " << (v.needs ? json_string(v.needs->release.str()) : "null")
        << ", \"error\": " << (v.error ? std::to_string(v.error) : "null")
        << ", \"reason\": " << json_optional_string(v.reason) << ", \"fix\": " << json_optional_string(v.fix)
        << ", \"cmake\": " << json_optional_string(v.lists.cmake) << ", \"torch\": " << json_optional_string(v.lists.torch)
        << ", \"failing_modules\": [";
    for (std::size_t i = 0; i < failing.size(); ++i) out << (i ? ", " : "") << failing[i];
    out << "], \"module_errors\": [";
    for (std::size_t i = 0; i < errors.size(); ++i) out << (i ? ", " : "") << errors[i];
    out << "]}";
}

void write_json_header(Output& out, const std::optional<Driver>& driver, const std::vector<Gpu>& gpus) {
    out << json_schema_head("check") << ",\n  \"driver\": ";
    if (driver) {
        const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
        out << "{\"version\": " << json_string(driver->version.text)
            << ", \"kind\": " << json_string(driver->version.is_cuda ? "cuda" : "driver")
            << ", \"source\": " << json_string(driver->source)
            << ", \"ptx_isa\": " << (newest ? json_string(newest->ptx_isa.str()) : "null")
            << ", \"cuda\": " << (newest ? json_string(newest->release.str()) : "null") << "}";
    } else {
        out << "null";
    }
    out << ",\n  \"gpus\": [";
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        out << (i ? ", " : "") << "{\"gpu\": " << json_string(gpus[i].cc.dotted()) << ", \"names\": [";
        for (std::size_t n = 0; n < gpus[i].names.size(); ++n) out << (n ? ", " : "") << json_string(gpus[i].names[n]);
        out << "]}";
    }
    out << "],\n  \"files\": [\n";
}

void write_text_header(Output& out, const std::optional<Driver>& driver) {
    if (!driver) {
        out << "driver: unknown; PTX JIT verdicts do not check it (pass --driver)\n";
        return;
    }
    const ToolkitRecord* newest = newest_jit_toolkit(driver->version);
    out << "driver: " << driver_name(driver->version) << " (" << driver->source << "): JIT-compiles ";
    if (!newest) out << "no PTX ISA cudaarch knows\n";
    else if (driver->version.is_cuda) out << "PTX ISA " << newest->ptx_isa.str() << " and older\n";
    else out << "PTX ISA " << newest->ptx_isa.str() << " and older (CUDA " << newest->release.str() << ")\n";
}

// A file on one GPU: the verdict of its worst counted module, and which modules share it.
struct FileVerdict {
    GpuVerdict worst;
    std::vector<std::size_t> worst_modules;  // the counted modules with that verdict
    std::vector<std::size_t> failing;        // the counted modules that do not run
    std::vector<std::size_t> set_aside;      // those that do not run and do not decide (decides_failure)
    std::vector<int> errors;                 // every module's error (0: it loads), counted or not
};

bool worse(const GpuVerdict& a, const GpuVerdict& b) {
    if (runs(a) != runs(b)) return !runs(a);
    return badness(a.run.verdict) > badness(b.run.verdict);
}

// What judge() reads of a module, packed: its build as the loader sees it, the toolkit of its
// cubins and the ISA of each PTX image. Modules with equal keys get equal verdicts on every
// GPU, so a file's modules are judged once per distinct key (judge_modules): cuFFT's 11,000
// modules are a few dozen image sets. A change to what judge() reads changes this key.
// Written into `key`, which judge_groups() reuses.
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

FileVerdict judge_modules(const std::vector<Module>& modules, const std::vector<bool>& counted,
                          const std::vector<std::size_t>& groups, const ArchList& base, const Gpu& gpu, const Options& o) {
    FileVerdict file;
    // One verdict per group, kept at its first module; the others look it up.
    std::vector<GpuVerdict> judged(modules.size());
    const auto verdict = [&](std::size_t i) -> const GpuVerdict& { return judged[groups[i]]; };
    bool any_runs = false;
    bool any_native = false;
    for (std::size_t i = 0; i < modules.size(); ++i) {
        if (groups[i] == i) judged[i] = judge(modules[i], gpu, o.driver, o.environment);
        file.errors.push_back(verdict(i).error);
        any_runs = any_runs || (counted[i] && runs(verdict(i)));
        any_native = any_native || (counted[i] && runs(verdict(i)) && verdict(i).run.verdict == Verdict::native);
    }
    std::vector<bool> decides = counted;  // the counted modules that decide the file's verdict
    std::size_t worst = modules.size();
    for (std::size_t i = 0; i < modules.size(); ++i) {
        if (!counted[i]) continue;
        if (!runs(verdict(i)) && !decides_failure(modules[i], gpu.cc, any_runs)) {
            file.set_aside.push_back(i);
            decides[i] = false;
            continue;
        }
        if (!runs(verdict(i))) file.failing.push_back(i);
        if (worst == modules.size() || worse(verdict(i), verdict(worst))) worst = i;
    }
    if (worst < modules.size()) {
        file.worst = verdict(worst);
        add_build_fix(file.worst, base, modules[worst].build.program().rdc(), o.environment,
                      any_native ? file.failing.size() : 0);
    }
    for (std::size_t i = 0; i < modules.size(); ++i) {
        const GpuVerdict& v = verdict(i);
        if (decides[i] && runs(v) == runs(file.worst) && v.run.verdict == file.worst.run.verdict && v.error == file.worst.error)
            file.worst_modules.push_back(i);
    }
    return file;
}

// The modules check names in a verdict's lines: the first few failing ones and those that share
// the worst verdict (module_lines, distribution_verdict).
constexpr std::size_t kShownModules = 3;

// "two module 3 (SASS sm_80; PTX -): k_b(int*)", one line per module, the first few. Modules
// are numbered in file order, as `inspect` lists them.
std::string module_lines(const std::string& path, const std::vector<Module>& modules, const std::vector<std::size_t>& shown,
                         std::string_view indent = "") {
    std::string out;
    for (std::size_t k = 0; k < shown.size() && k < kShownModules; ++k) {
        const Module& m = modules[shown[k]];
        out += std::string(indent) + "    " + path + " module " + std::to_string(shown[k] + 1) + " (" + image_summary(m.listing) +
               "): " + kernel_summary(m) + "\n";
    }
    if (shown.size() > kShownModules)
        out += std::string(indent) + "    and " + std::to_string(shown.size() - kShownModules) + " more modules\n";
    return out;
}

// "; 3 modules, 1 without kernels" where the file has more than one module or a kernel-less one.
std::string module_count(const std::vector<Module>& modules) {
    const auto kernel_less = static_cast<std::size_t>(
        std::count_if(modules.begin(), modules.end(), [](const Module& m) { return m.kernel_less(); }));
    if (modules.size() < 2 && kernel_less == 0) return "";
    std::string out = "; " + std::to_string(modules.size()) + (modules.size() == 1 ? " module" : " modules");
    if (kernel_less) out += ", " + std::to_string(kernel_less) + " without kernels";
    return out;
}

bool has_device_code(const binary::Listing& listing) {
    return std::any_of(listing.images.begin(), listing.images.end(), [](const binary::Image& image) {
        return image.kind == binary::ImageKind::sass || image.kind == binary::ImageKind::ptx;
    });
}


// One file's modules and their verdicts on every GPU: what every way of naming files (FILE,
// the libraries a program loads, DIR, --pid, --python) judges a file by.
struct FileJudgement {
    binary::Listing listing;
    FileBuild build;
    std::vector<Module> parts;
    std::vector<bool> counted;
    std::size_t judged = 0;             // the counted modules
    std::vector<FileVerdict> verdicts;  // one per GPU; none when no module counts
    bool all_run = true;                // no counted module fails anywhere
};

FileJudgement judge_listing(binary::Listing listing, const Options& o) {
    FileJudgement j;
    j.listing = std::move(listing);
    j.build = file_build(j.listing);
    j.parts = modules(j.listing);
    j.counted = counted_modules(j.parts);
    j.judged = static_cast<std::size_t>(std::count(j.counted.begin(), j.counted.end(), true));
    const ArchList base = compiled(j.parts, j.counted);
    const std::vector<std::size_t> groups = j.judged ? judge_groups(j.parts) : std::vector<std::size_t>();
    for (std::size_t g = 0; j.judged && g < o.gpus.size(); ++g)
        j.verdicts.push_back(judge_modules(j.parts, j.counted, groups, base, o.gpus[g], o));
    // Without a module that can fail (no device code, or none with a kernel) nothing fails to
    // load; but a file of no format cudaarch reads (not ELF, not an archive) is no program at all.
    j.all_run = j.listing.format != binary::FileFormat::unknown &&
                std::all_of(j.verdicts.begin(), j.verdicts.end(), [](const FileVerdict& v) { return v.failing.empty(); });
    return j;
}

// judge_listing(), with the kernels of the shown failing modules of compressed code decoded
// (LZ4, and zstd where built with libzstd) from `path`: only those, since decoding costs what
// the code's size costs, and a library's modules for other GPUs are many. A module found
// kernel-less so no longer counts, and the file is judged again.
FileJudgement judge_file(const std::string& path, binary::Listing listing, const Options& o) {
    FileJudgement j = judge_listing(std::move(listing), o);
    std::vector<std::uint64_t> entries;
    const auto add = [&](const std::vector<std::size_t>& shown) {
        for (std::size_t k = 0; k < shown.size() && k < kShownModules; ++k) {
            if (j.parts[shown[k]].kernels_known) continue;
            for (const binary::Image& image : j.parts[shown[k]].listing.images)
                if (binary::can_decode(image.compression, zstd_decoder())) entries.push_back(image.entry_offset);
        }
    };
    for (const FileVerdict& v : j.verdicts) {
        add(v.failing);
        if (!v.failing.empty()) add(v.worst_modules);
    }
    if (entries.empty() || !binary::read_compressed_kernels(j.listing, path, zstd_decoder(), entries)) return j;
    return judge_listing(std::move(j.listing), o);
}

// A file of a folder, a process or an environment: its listing, then, where it has device
// code, its judgement (judge_listed()), which takes the listing; and the CUDA runtimes it
// brings (file_runtimes(): the file itself when it is a libcudart.so.*; with `needed`, each
// libcudart.so.N its DT_NEEDED names; in a file with device code, which nvcc links the static
// runtime into by default, that names none, the runtime linked in), read on the same thread.
struct ListedFile {
    Result<binary::Listing> listing;
    std::optional<FileJudgement> judgement;
    std::vector<ProgramRuntime> runtimes;
};

void judge_listed(ListedFile& file, const std::string& path, const Options& o) {
    if (file.judgement || !file.listing || !has_device_code(*file.listing)) return;
    file.judgement = judge_file(path, std::move(file.listing).value(), o);
}

// The order the threads take `paths` in: the largest files first, each of which is read and
// judged by one thread (cuFFT's 11,000 modules), so that none is left to the end while the
// other threads have nothing to do (by name, torch's libraries came after NVIDIA's).
std::vector<std::size_t> largest_first(const std::vector<std::string>& paths) {
    std::vector<std::pair<std::uint64_t, std::size_t>> sized;
    sized.reserve(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i) {
        struct stat status {};
        sized.emplace_back(::stat(paths[i].c_str(), &status) == 0 ? static_cast<std::uint64_t>(status.st_size) : 0, i);
    }
    std::stable_sort(sized.begin(), sized.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::size_t> order;
    order.reserve(sized.size());
    for (const auto& [size, i] : sized) order.push_back(i);
    return order;
}

// A file's listing and runtimes, read through one open of it into `memory`.
ListedFile read_listed(const std::string& path, bool needed, binary::ReadMemory& memory) {
    const Result<binary::FileBytes> file = binary::FileBytes::open(path, &memory);
    if (!file) return {file.error(), std::nullopt, {}};
    ListedFile listed{list_modules(*file, scan_threads_per_file), std::nullopt, {}};
    if (listed.listing) listed.runtimes = file_runtimes(*file, needed, has_device_code(*listed.listing));
    return listed;
}

// The files of `paths`, in order, each listed with its runtimes (`needed`: ListedFile), and
// with `judge` (the GPUs and the driver known before the files are read) judged, on the thread
// that listed it: judging a library of thousands of modules then overlaps reading the others.
std::vector<ListedFile> list_all(const std::vector<std::string>& paths, const Options* judge, bool needed) {
    std::vector<std::optional<ListedFile>> slots(paths.size());
    const std::vector<std::size_t> order = largest_first(paths);
    const std::size_t threads = file_threads();
    std::vector<binary::ReadMemory> memory(threads);  // one per thread, reused file after file
    for_each_parallel(paths.size(), threads, [&](std::size_t k, std::size_t thread) {
        const std::size_t i = order[k];
        slots[i] = read_listed(paths[i], needed, memory[thread]);
        if (judge) judge_listed(*slots[i], paths[i], *judge);
    });
    std::vector<ListedFile> files;
    files.reserve(paths.size());
    for (auto& slot : slots) files.push_back(std::move(*slot));
    return files;
}

// What check says of the failures decides_failure() leaves out, one note per kind: they are
// not hidden.
// How many of the set-aside modules hold code for newer GPUs only; the rest are compressed code.
std::size_t count_newer(const std::vector<Module>& modules, const std::vector<std::size_t>& set_aside, const Arch& gpu) {
    return static_cast<std::size_t>(std::count_if(set_aside.begin(), set_aside.end(),
                                                  [&](std::size_t i) { return built_for_newer(modules[i], gpu); }));
}

std::vector<std::string> set_aside_notes(const std::vector<Module>& modules, const std::vector<std::size_t>& set_aside,
                                         const Arch& gpu) {
    const std::size_t newer = count_newer(modules, set_aside, gpu);
    const std::size_t unread = set_aside.size() - newer;
    const auto modules_hold = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " module holds" : " modules hold"); };
    const auto their = [](std::size_t n) { return n == 1 ? "its" : "their"; };
    std::vector<std::string> notes;
    if (newer)
        notes.push_back("note: " + modules_hold(newer) + " only code for GPUs newer than " + gpu.dotted() +
                        ": a library launches such kernels only where they run; if it launches " + their(newer) +
                        " kernels on " + gpu.dotted() + ", they fail with error 209");
    if (unread)
        notes.push_back("note: " + modules_hold(unread) + " no image for " + gpu.dotted() + " and " + their(unread) +
                        " kernels were not read (compressed code): a library that chooses its kernels per GPU does not "
                        "launch them there; if it does, they fail with error 209");
    return notes;
}

// A file's lines after its heading: what it holds, then one verdict per GPU; `shown` is its
// path as printed, `indent` what every line starts with.
void write_file_text(Output& out, const std::string& shown, const FileJudgement& j, std::string_view indent = "") {
    if (j.listing.format == binary::FileFormat::unknown)
        out << indent << "  not an executable, library, object, archive, .fatbin, .cubin or .ptx file\n";
    else if (j.parts.empty()) out << indent << "  no device code: nothing to load\n";
    else if (j.judged == 0) out << indent << "  no kernels: its modules have nothing to launch\n";
    if (!j.build.arch_specific.empty())
        out << indent << "  note: not judged: " << image_names(j.build.arch_specific)
            << " (containers of 'a' images only, code for exactly those capabilities)\n";
    for (const FileVerdict& v : j.verdicts) {
        const std::size_t decided = j.judged - v.set_aside.size();
        const bool partial = v.worst_modules.size() < decided;
        const std::string scope =
            partial ? std::to_string(v.worst_modules.size()) + " of " + std::to_string(decided) + " modules: " : "";
        write_text(out, v.worst, scope, partial ? module_lines(shown, j.parts, v.worst_modules, indent) : "", indent);
        for (const std::string& note : set_aside_notes(j.parts, v.set_aside, v.worst.gpu->cc)) out << indent << "    " << note << "\n";
    }
}

// Where a distribution is, as the JSON says it: its place ("site-packages", "editable", "pth",
// "user", "system": the text's labels, distribution_source()) and the folders or file that
// place names (an editable install's folders, the .pth file; null for the others).
std::string json_distribution_place(const Distribution& d) {
    std::vector<std::string> from;
    std::string place = "site-packages";
    if (!d.editable.empty()) {
        place = "editable";
        for (const std::string& folder : d.editable) from.push_back(json_string(folder));
    } else if (!d.through_pth.empty()) {
        place = "pth";
        from.push_back(json_string(d.through_pth));
    } else if (d.place == kUserSitePackages) {
        place = "user";
    } else if (d.place == kVenvSystemSitePackages) {
        place = "system";
    }
    return ", \"distribution_place\": " + json_string(place) +
           ", \"distribution_from\": " + (from.empty() ? std::string("null") : "[" + text::join(from, ", ") + "]");
}

// The JSON members of a file entry that say where the file came from: the library a program
// loads (its DT_NEEDED name, the object that needs it, how the loader found it), the Python
// distribution that installed it and its place; null for what the command line names.
std::string json_origin(const LoadedLibrary* library, const Distribution* distribution) {
    const auto text = [](const std::string* value) { return value ? json_string(*value) : std::string("null"); };
    return ", \"loaded_as\": " + text(library ? &library->name : nullptr) +
           ", \"needed_by\": " + text(library ? &library->needed_by : nullptr) +
           ", \"found_by\": " + text(library ? &library->found_by : nullptr) +
           ", \"distribution\": " + text(distribution ? &distribution->name : nullptr) +
           ", \"distribution_version\": " + text(distribution ? &distribution->version : nullptr) +
           (distribution ? json_distribution_place(*distribution) : ", \"distribution_place\": null, \"distribution_from\": null");
}

// Where the judged files go: text, or the entries of one JSON document's "files".
class Report {
public:
    Report(Output& out, Output& err, const Options& o) : out_(out), err_(err), o_(o) {}

    // A file that could not be read; returns its status, 2.
    int unreadable(const std::string& path, const std::string& message) {
        if (o_.json) {
            open_entry(path);
            out_ << json_origin(nullptr, nullptr) << ", \"error\": " << json_string(message)
                 << ", \"judged\": [], \"arch_specific\": [], \"rdc\": false, \"runs\": false, \"modules\": [], \"verdicts\": []}";
        } else {
            err_ << "cudaarch: error: " << terminal_text(message) << "\n";
        }
        return 2;
    }

    // A judged file; `origin` is its JSON members that say where it came from (all null for
    // a FILE), `heading` text after the path on its line. Returns its status.
    int file(const std::string& path, const FileJudgement& j, const std::string& origin = json_origin(nullptr, nullptr),
             const std::string& heading = "") {
        if (o_.json) {
            open_entry(path);
            out_ << origin << ", \"error\": null, \"judged\": " << json_image_names(j.build.judged)
                 << ", \"arch_specific\": " << json_image_names(j.build.arch_specific)
                 << ", \"rdc\": " << (j.build.program().rdc() ? "true" : "false")
                 << ", \"runs\": " << (j.all_run ? "true" : "false");
            write_json_modules(out_, j.parts, &j.counted);
            out_ << ",\n     \"verdicts\": [";
            for (std::size_t i = 0; i < j.verdicts.size(); ++i) {
                out_ << (i ? ",\n       " : "\n       ");
                write_json(out_, j.verdicts[i].worst, j.verdicts[i].failing, j.verdicts[i].errors);
            }
            out_ << (j.verdicts.empty() ? "]}" : "\n     ]}");
        } else {
            const std::string shown = terminal_text(path);
            out_ << shown << heading << ": " << image_summary(j.listing) << module_count(j.parts) << "\n";
            write_file_text(out_, shown, j);
        }
        return j.all_run ? 0 : 1;
    }

    // A program's CUDA runtime: in text only when the driver cannot run it, each line after
    // `indent`; in JSON always (the document's "runtimes"). Returns its status.
    int runtime(const std::string& program, const RuntimeVerdict& v, std::string_view indent = "") {
        if (o_.json) {
            Output entry;
            write_json(entry, program, v);
            runtimes_.push_back(entry.text());
        } else if (v.runs == JitSupport::no) {
            out_ << indent << terminal_text(program) << ": " << terminal_text(v.runtime.label()) << ": driver too old (error 35): "
                 << v.reason << "\n" << indent << "    fix: " << v.fix << "\n";
        }
        return v.runs == JitSupport::no ? 1 : 0;
    }

    // A line of text output only: notes and summaries, which JSON does not carry.
    void line(const std::string& text) {
        if (!o_.json) out_ << text << "\n";
    }

    // Ends the "files" array.
    void finish() {
        if (!o_.json) return;
        out_ << (first_ ? "" : "\n") << "  ],\n  \"runtimes\": [";
        for (std::size_t i = 0; i < runtimes_.size(); ++i) out_ << (i ? ",\n    " : "\n    ") << runtimes_[i];
        out_ << (runtimes_.empty() ? "]\n}\n" : "\n  ]\n}\n");
    }

private:
    void open_entry(const std::string& path) {
        out_ << (first_ ? "" : ",\n") << "    {\"path\": " << json_string(path);
        first_ = false;
    }

    Output& out_;
    Output& err_;
    const Options& o_;
    bool first_ = true;
    std::vector<std::string> runtimes_;  // JSON entries, written after "files"
};

// Checks one file on every GPU, writes the result; returns the file's exit status.
int check_file(Report& report, const std::string& path, const Options& o) {
    Result<binary::Listing> listing = list_modules(path);
    if (!listing) return report.unreadable(path, listing.error().message);
    return report.file(path, judge_file(path, std::move(listing).value(), o));
}

// The libraries `program` loads that hold device code, each judged; the notes say what the
// loader would not find or search. Returns the worst status.
// The files judged so far, by device and inode: a library that several operands load (every
// PyTorch library loads libcudart and cuBLAS) is judged once.
using JudgedFiles = std::set<std::pair<dev_t, ino_t>>;

// Adds `path` to `judged`; false when it was there already.
bool first_time(JudgedFiles& judged, const std::string& path) {
    struct stat status {};
    return ::stat(path.c_str(), &status) != 0 || judged.insert({status.st_dev, status.st_ino}).second;
}

// What a library the program cannot load means: a program stops at start; a shared library
// loads only into a process that has loaded the library already (a PyTorch extension's
// libc10.so, which `import torch` loads first).
std::string not_loaded(const LoadedLibrary& library, const std::string& root, bool executable) {
    const std::string name = terminal_text(library.name);
    const std::string needer = " (needed by " + terminal_text(library.needed_by) + ")";
    if (!library.stops.empty()) {
        const std::string stops = terminal_text(library.stops);
        const std::string reason = terminal_text(library.stop_reason);
        return name + needer + " stops the loader at " + stops + " (" + reason + "): " +
               (executable ? "the program stops at start with \"error while loading shared libraries: " + stops + ": " +
                                 reason + "\""
                           : terminal_text(root) + " does not load");
    }
    return name + needer + " is not found: " +
           (executable ? "the program stops at start with \"error while loading shared libraries: " + name +
                             ": cannot open shared object file\""
                       : terminal_text(root) + " loads only into a process that has already loaded " + name);
}

// The first step of the fix of a library that LD_LIBRARY_PATH makes the loader take, on each GPU
// where it fails and the file the search takes without it (the program's own copy) runs:
// unset LD_LIBRARY_PATH, or drop the folder from it.
void add_shadow_fix(FileJudgement& j, const LoadedLibrary& library, const std::string& ld_library_path, const Options& o) {
    Result<binary::Listing> listing = list_modules(library.without_ld_library_path);
    if (!listing) return;
    const FileJudgement own = judge_file(library.without_ld_library_path, std::move(listing).value(), o);
    std::size_t entries = 1;
    for (const char c : ld_library_path) entries += c == ':' || c == ';';
    const std::string folder = library.found_in.empty() ? "its empty entry (the current folder)" : terminal_text(library.found_in);
    const std::string step = (entries == 1 ? "unset LD_LIBRARY_PATH" : "drop " + folder + " from LD_LIBRARY_PATH") +
                             ": the loader then takes " + terminal_text(library.without_ld_library_path) + " (found through " +
                             library.without_found_by + "), which runs on ";
    for (std::size_t g = 0; g < j.verdicts.size(); ++g) {
        GpuVerdict& v = j.verdicts[g].worst;
        // A copy without device code has nothing to fail.
        const bool own_runs = own.verdicts.empty() ? own.all_run : runs(own.verdicts[g].worst);
        if (!runs(v) && own_runs) v.fix = step + o.gpus[g].cc.dotted() + "; or " + v.fix;
    }
}

int check_libraries(Report& report, const LoadedProgram& loaded, const std::string& root, const std::string& ld_library_path,
                    const Options& o, JudgedFiles& judged) {
    int status = 0;
    for (const LoadedLibrary& library : loaded.libraries) {
        if (library.path.empty()) {
            report.line("  note: " + not_loaded(library, root, loaded.executable));
            continue;
        }
        if (!first_time(judged, library.path)) continue;
        Result<binary::Listing> listing = list_modules(library.path);
        if (!listing) {
            status = std::max(status, report.unreadable(library.path, listing.error().message));
            continue;
        }
        if (!has_device_code(*listing)) continue;
        const std::string heading = " (loaded as " + terminal_text(library.name) + ", needed by " +
                                    terminal_text(library.needed_by) +
                                    (library.found_by == "path" ? ", named by its path)" : ", found through " + library.found_by + ")");
        FileJudgement j = judge_file(library.path, std::move(listing).value(), o);
        if (!library.without_ld_library_path.empty()) add_shadow_fix(j, library, ld_library_path, o);
        status = std::max(status, report.file(library.path, j, json_origin(&library, nullptr), heading));
    }
    for (const std::string& note : loaded.notes) report.line("  note: " + terminal_text(note));
    return status;
}

// The CUDA runtimes a listed file brings, each judged against the driver.
std::vector<RuntimeVerdict> judge_runtimes(ListedFile& file, const std::string& path, const Options& o) {
    std::vector<RuntimeVerdict> verdicts;
    for (ProgramRuntime& runtime : file.runtimes) verdicts.push_back(judge_runtime(std::move(runtime), o.driver, path));
    return verdicts;
}

// The ELF files of a folder or a process: those with device code judged, the others counted;
// the CUDA runtimes of each judged against the driver (ListedFile: a process's own libcudart is
// mapped, so `needed` is for a folder's files only).
int check_files(Report& report, const std::vector<std::string>& files, const std::string& what, const Options& o,
                bool needed) {
    int status = 0;
    std::size_t with_code = 0;
    std::vector<ListedFile> listed = list_all(files, &o, needed);
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!listed[i].listing) {
            status = std::max(status, report.unreadable(files[i], listed[i].listing.error().message));
            continue;
        }
        const bool code = listed[i].judgement.has_value();
        if (code) {
            ++with_code;
            status = std::max(status, report.file(files[i], *listed[i].judgement));
        }
        for (const RuntimeVerdict& v : judge_runtimes(listed[i], files[i], o))
            status = std::max(status, report.runtime(files[i], v));
    }
    report.line(what + ": " + std::to_string(files.size()) + (files.size() == 1 ? " ELF file, " : " ELF files, ") +
                std::to_string(with_code) + " with device code");
    return status;  // no device code at all: nothing fails to load
}

int check_operand(Report& report, const std::string& path, const LoaderSearch* search, const Options& o,
                  JudgedFiles& judged) {
    if (is_folder(path)) {
        std::vector<SkippedFile> skipped;
        const Result<std::vector<std::string>> files = folder_elf_files(path, skipped);
        if (!files) return report.unreadable(path, files.error().message);
        int status = check_files(report, *files, terminal_text(path), o, true);
        for (const SkippedFile& file : skipped) {
            const std::string shown = terminal_text(file.path) + ": " + terminal_text(file.why);
            if (!file.unread) {
                report.line("  note: not opened: " + shown);
                continue;
            }
            // What was not read may be an ELF file: no "ok" for it.
            status = 2;
            if (o.json) report.unreadable(file.path, file.path + ": " + file.why);
            else report.line("  note: not read: " + shown);
        }
        return status;
    }
    first_time(judged, path);  // an operand is judged as named, even when a program before it loads it
    int status = check_file(report, path, o);
    if (status == 2) return status;
    LoadedProgram loaded;
    if (search) {
        // Not a dynamically linked ELF file: nothing more is loaded.
        Result<LoadedProgram> found = loaded_libraries(path, *search);
        if (found) loaded = std::move(found).value();
    }
    status = std::max(status, check_libraries(report, loaded, path, search ? search->ld_library_path : "", o, judged));
    for (ProgramRuntime& runtime : program_runtimes(path, loaded.libraries))
        status = std::max(status, report.runtime(path, judge_runtime(std::move(runtime), o.driver, path)));
    return status;
}

int check_process(Report& report, const std::string& pid, const Options& o) {
    const Result<std::vector<std::string>> mapped = process_mapped_files(pid);
    if (!mapped) return report.unreadable("/proc/" + pid + "/maps", mapped.error().message);
    std::vector<std::string> elf;
    for (const std::string& path : *mapped) {
        if (is_elf_file(path)) elf.push_back(path);
    }
    return check_files(report, elf, "process " + pid, o, false);
}


// The fix for a prebuilt package's binary that does not run natively on `gpu`: the builds the
// data file knows of it that hold SASS for the GPU, and where to get them. Never a guess: a
// package it knows no builds of is named as such.
std::string package_fix(const Distribution& d, const Gpu& gpu) {
    const std::string name = terminal_text(d.name);
    const std::vector<const PackageBuildRecord*> builds = Database::package_builds(d.name);
    if (builds.empty())
        return "reinstall " + name + " from a build with code for " + gpu.cc.dotted() + " (cudaarch knows no CUDA builds of " +
               name + "; its publisher says which cover " + gpu.cc.dotted() + ")";
    std::vector<const PackageBuildRecord*> covering;
    for (const PackageBuildRecord* b : builds) {
        const Result<ArchList> list = parse(b->items, Dialect::torch);
        if (list && runs_on(*list, gpu.cc).verdict == Verdict::native) covering.push_back(b);
    }
    std::vector<std::string> known;
    for (const PackageBuildRecord* b : builds) known.emplace_back(b->build);
    if (covering.empty())
        return "no " + name + " build cudaarch knows (" + text::join(known, ", ") + ") has SASS for " + gpu.cc.dotted() +
               ": build " + name + " from source for it";
    std::vector<std::string> tags;
    for (const PackageBuildRecord* b : covering) tags.emplace_back(b->build);
    return "reinstall " + name + " from a build with SASS for " + gpu.cc.dotted() + ": " + text::join(tags, ", ") +
           " (pip install --force-reinstall " + name + " --index-url " + std::string(covering.front()->index) + ")";
}

// The CUDA release of a package build's tag, as PyTorch's indexes name their builds: cu130 is
// 13.0, cu118 11.8 (the last digit is the minor); empty for a tag of another form.
Version build_cuda(std::string_view tag) {
    if (tag.size() < 4 || tag.substr(0, 2) != "cu" || !std::all_of(tag.begin() + 2, tag.end(), text::is_digit)) return {};
    const std::string digits(tag.substr(2));
    return {std::stoi(digits.substr(0, digits.size() - 1)), digits.back() - '0'};
}

// The fix for a prebuilt package of a CUDA major the driver does not support (its runtime, or
// its cubins; `needs` is that major's first release): a newer driver, or the package's builds
// (the data file's, never a guess) for a CUDA release the driver runs that hold SASS for every
// GPU judged.
std::string package_driver_fix(const Distribution& d, const ToolkitRecord& needs, const Options& o) {
    const std::string name = terminal_text(d.name);
    const ToolkitRecord* newest = newest_jit_toolkit(o.driver->version);
    const std::string update = driver_update(needs);
    const std::vector<const PackageBuildRecord*> builds = Database::package_builds(d.name);
    if (builds.empty())
        return update + (newest ? "; or reinstall " + name + " from a build for CUDA " + std::to_string(newest->release.major) +
                                      ".x or older (cudaarch knows no CUDA builds of " + name + "; its publisher says which exist)"
                                : std::string());
    std::vector<std::string> gpus;
    for (const Gpu& gpu : o.gpus) gpus.push_back(gpu.cc.dotted());
    const std::string wanted = "for a CUDA release " + driver_phrase(o.driver->version) + " runs, with SASS for " +
                               text::join(gpus, " and ");
    std::vector<const PackageBuildRecord*> fitting;
    std::vector<std::string> known;
    for (const PackageBuildRecord* b : builds) {
        known.emplace_back(b->build);
        const Version cuda = build_cuda(b->build);
        const Result<ArchList> list = parse(b->items, Dialect::torch);
        if (cuda.empty() || !list || driver_runs(o.driver->version, cuda) != JitSupport::yes) continue;
        if (std::all_of(o.gpus.begin(), o.gpus.end(),
                        [&](const Gpu& gpu) { return runs_on(*list, gpu.cc).verdict == Verdict::native; }))
            fitting.push_back(b);
    }
    if (fitting.empty())
        return update + " (no " + name + " build cudaarch knows, " + text::join(known, ", ") + ", is " + wanted + ")";
    std::vector<std::string> tags;
    for (const PackageBuildRecord* b : fitting) tags.emplace_back(b->build);
    return update + "; or reinstall " + name + " from a build " + wanted + ": " + text::join(tags, ", ") +
           " (pip install --force-reinstall " + name + " --index-url " + std::string(fitting.front()->index) + ")";
}

// A distribution's CUDA runtimes the driver cannot run, by major: their reason and fix are the
// same, so the text says them once per major.
using FailingRuntimes = std::vector<std::pair<std::string, RuntimeVerdict>>;  // by file

std::vector<std::vector<std::size_t>> by_major(const FailingRuntimes& failing) {
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < failing.size(); ++i) {
        const int major = failing[i].second.runtime.version.major;
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const auto& g) { return failing[g.front()].second.runtime.version.major == major; });
        if (it == groups.end()) it = groups.insert(groups.end(), std::vector<std::size_t>{});
        it->push_back(i);
    }
    return groups;
}

// "driver too old (error 35) for the CUDA 13.x runtime in 2 files, which needs driver 580.65.06
// or newer (r580, CUDA 13.0)", one per major, for the distribution's line.
std::vector<std::string> runtime_phrases(const FailingRuntimes& failing) {
    std::vector<std::string> phrases;
    for (const std::vector<std::size_t>& group : by_major(failing)) {
        const RuntimeVerdict& v = failing[group.front()].second;
        std::set<std::string> files;
        for (std::size_t i : group) files.insert(failing[i].first);
        phrases.push_back("driver too old (error 35) for the CUDA " + std::to_string(v.runtime.version.major) +
                          ".x runtime in " + std::to_string(files.size()) + (files.size() == 1 ? " file" : " files") +
                          ", which needs " + release_driver(*v.needs));
    }
    return phrases;
}

// An interpreter's environment and its distributions' ELF files, read while the driver is
// asked, and judged then where the GPUs and the driver are given (`judge`).
struct PythonListing {
    std::string python;
    Result<PythonEnvironment> env;
    std::vector<std::vector<ListedFile>> files;  // per distribution, per ELF file
};

PythonListing list_python(const std::string& python, const Options& o, const Options* judge) {
    std::vector<std::vector<ListedFile>> listings;
    // Called again, after a first guess of the site-packages, when the interpreter names others.
    const auto list_files = [&](const PythonEnvironment& env) {
        std::vector<std::string> paths;
        for (const Distribution& d : env.distributions) paths.insert(paths.end(), d.elf_files.begin(), d.elf_files.end());
        std::vector<ListedFile> all = list_all(paths, judge, true);
        listings.clear();
        std::size_t at = 0;
        for (const Distribution& d : env.distributions) {
            listings.emplace_back();
            for (std::size_t i = 0; i < d.elf_files.size(); ++i) listings.back().push_back(std::move(all[at++]));
        }
    };
    PythonListing p{python, read_python_environment(python, o.timeout.limit, list_files), {}};
    if (p.env) p.files = std::move(listings);
    return p;
}

// A distribution's files on one GPU, counted in modules: "native on 9.0", "no kernel image for
// 12.0 (error 209) in 3 of 5 modules, kernels k_a(float*), k_b(int) and 2 more" (the first
// failing module's kernels, or "kernels not read (compressed code)").
std::string distribution_verdict(const std::vector<const FileJudgement*>& files, std::size_t gpu_index, const Gpu& gpu) {
    std::size_t counted = 0, failing = 0, jit = 0, unread = 0, newer = 0;
    int error = 0;
    std::string kernels;
    for (const FileJudgement* file : files) {
        const FileJudgement& j = *file;
        counted += j.judged;
        if (j.verdicts.empty()) continue;
        const FileVerdict& v = j.verdicts[gpu_index];
        failing += v.failing.size();
        const std::size_t newer_here = count_newer(j.parts, v.set_aside, gpu.cc);
        newer += newer_here;
        unread += v.set_aside.size() - newer_here;
        if (!v.failing.empty() && !error) {
            error = v.worst.error;
            const Module& first = j.parts[v.failing.front()];
            kernels = (first.kernels_known ? "kernels " : "") + kernel_summary(first);
        } else if (v.failing.empty() && v.worst.run.verdict != Verdict::native) {
            jit += v.worst_modules.size();
        }
    }
    const std::string name = gpu.cc.dotted();
    const std::string of = " of " + std::to_string(counted) + (counted == 1 ? " module" : " modules");
    if (failing) {
        const std::string what = error == error_insufficient_driver ? "driver too old (error 35) on " + name
                                 : error == 222                  ? "PTX JIT fails (error 222) on " + name
                                 : error == error_jit_disabled ? "PTX JIT disabled (error 223) on " + name
                                                               : "no kernel image for " + name + " (error " + std::to_string(error) + ")";
        return what + " in " + std::to_string(failing) + of + (kernels.empty() ? "" : ", " + kernels);
    }
    std::vector<std::string> set_aside;
    if (newer) set_aside.push_back(std::to_string(newer) + (newer == 1 ? " module" : " modules") + " for newer GPUs only");
    if (unread)
        set_aside.push_back(std::to_string(unread) + (unread == 1 ? " module" : " modules") +
                            " for other GPUs only, kernels not read: compressed code");
    const std::string others = set_aside.empty() ? "" : " (" + text::join(set_aside, "; ") + ")";
    if (jit) return "runs on " + name + " through the PTX JIT or a load-time link in " + std::to_string(jit) + of + others;
    return "native on " + name + others;
}

// A path as the text shows it, from its site folder; raw: the caller escapes it.
std::string site_relative(const std::vector<std::string>& site_dirs, std::string path) {
    for (const std::string& site : site_dirs) {
        if (path.compare(0, site.size() + 1, site + "/") == 0) path = path.substr(site.size() + 1);
    }
    return path;
}

// Judges, on as many threads as listing used, the files not judged as they were read (the
// driver was being asked then).
void judge_unjudged(PythonListing& listed, const PythonEnvironment& env, const Options& o) {
    std::vector<std::pair<ListedFile*, const std::string*>> unjudged;
    for (std::size_t k = 0; k < env.distributions.size(); ++k) {
        for (std::size_t i = 0; i < env.distributions[k].elf_files.size(); ++i) {
            ListedFile& file = listed.files[k][i];
            if (!file.judgement && file.listing && has_device_code(*file.listing))
                unjudged.emplace_back(&file, &env.distributions[k].elf_files[i]);
        }
    }
    for_each_parallel(unjudged.size(), file_threads(),
                      [&](std::size_t i) { judge_listed(*unjudged[i].first, *unjudged[i].second, o); });
}

// One distribution's judged files with device code, and the runtimes among its files the driver
// cannot run.
struct DistributionVerdicts {
    std::vector<std::string> paths;
    std::vector<FileJudgement> files;
    std::vector<std::string> notes;  // which alternative libraries were judged (choose_alternatives())
    FailingRuntimes failing;
    int status = 0;
};

// A distribution's alternative libraries (alternatives.hpp): only the one the environment
// loads is judged, the others left out with a note; where none can be told, those that fail are
// left out when another runs on every GPU. Where the loaded one fails and another runs, its fix
// names that one and how to select it.
void choose_alternatives(DistributionVerdicts& dv, const Distribution& d, const PythonEnvironment& env, const Options& o) {
    const auto name = [&](std::size_t i) { return dv.paths[i].substr(dv.paths[i].rfind('/') + 1); };
    std::vector<std::size_t> dropped;
    for (const AlternativeGroup& group : alternative_groups(dv.paths)) {
        const char* variable = alternative_variable(d.name);
        std::string why;
        const std::string cuda = selected_cuda(env, variable, why);
        std::vector<std::size_t> running;
        for (const std::size_t m : group.members)
            if (dv.files[m].all_run) running.push_back(m);
        const auto chosen = std::find(group.cuda.begin(), group.cuda.end(), cuda);
        const std::string count = std::to_string(group.members.size());
        if (chosen != group.cuda.end()) {
            const std::size_t loaded = group.members[static_cast<std::size_t>(chosen - group.cuda.begin())];
            for (const std::size_t m : group.members)
                if (m != loaded) dropped.push_back(m);
            dv.notes.push_back("note: " + terminal_text(name(loaded)) + " is the one of " + count +
                               " alternatives the package loads (" + terminal_text(why) + "); the others are not judged");
            if (running.empty() || dv.files[loaded].all_run) continue;
            const std::string other = name(running.front());
            const std::string cuda_of = group.cuda[static_cast<std::size_t>(
                std::find(group.members.begin(), group.members.end(), running.front()) - group.members.begin())];
            for (FileVerdict& v : dv.files[loaded].verdicts) {
                if (runs(v.worst)) continue;
                v.worst.fix = "select " + terminal_text(other) + ", which runs on " + v.worst.gpu->cc.dotted() +
                              (variable ? ": set " + std::string(variable) + "=" + cuda_of : std::string()) +
                              " (the package loads the alternative of its CUDA runtime); or " + v.worst.fix;
            }
            continue;
        }
        std::vector<std::string> names;
        for (const std::size_t m : running) names.push_back(terminal_text(name(m)));
        if (running.empty()) {
            dv.notes.push_back("note: the package loads one of its " + count + " alternatives, and none of them runs on every GPU");
            continue;
        }
        for (const std::size_t m : group.members)
            if (!dv.files[m].all_run) dropped.push_back(m);
        dv.notes.push_back("note: the package loads one of its " + count + " alternatives, which the environment does not tell (" +
                           (variable ? std::string(variable) + ", " : std::string()) +
                           "torch, nvidia-cuda-runtime): " + text::join(names, ", ") + (names.size() == 1 ? " runs" : " run") +
                           " on every GPU" + (dropped.empty() ? "" : "; the others are not counted") +
                           (variable ? "; select one with " + std::string(variable) + "=<version>" : std::string()));
    }
    std::sort(dropped.rbegin(), dropped.rend());
    for (const std::size_t m : dropped) {
        dv.files.erase(dv.files.begin() + static_cast<std::ptrdiff_t>(m));
        dv.paths.erase(dv.paths.begin() + static_cast<std::ptrdiff_t>(m));
    }
}

DistributionVerdicts judge_distribution(Report& report, const Distribution& d, std::vector<ListedFile>& listed,
                                        const PythonEnvironment& env, const Options& o) {
    DistributionVerdicts dv;
    for (std::size_t i = 0; i < d.elf_files.size(); ++i) {
        ListedFile& file = listed[i];
        if (!file.listing) {
            dv.status = std::max(dv.status, report.unreadable(d.elf_files[i], file.listing.error().message));
            continue;
        }
        const bool code = file.judgement.has_value();
        for (RuntimeVerdict& v : judge_runtimes(file, d.elf_files[i], o)) {
            // A vendor's package is not rebuilt: its fix is a build the driver runs.
            if (v.runs == JitSupport::no && !d.local_build) v.fix = package_driver_fix(d, *v.needs, o);
            // The text names a failing runtime under its distribution's line (write_distribution()).
            if (o.json) report.runtime(d.elf_files[i], v);
            if (v.runs != JitSupport::no) continue;
            dv.status = std::max(dv.status, 1);
            dv.failing.emplace_back(d.elf_files[i], std::move(v));
        }
        if (!code) continue;
        dv.paths.push_back(d.elf_files[i]);
        dv.files.push_back(std::move(*file.judgement));
    }
    for (FileJudgement& j : dv.files) {
        if (d.local_build) continue;  // the user's own build: the rebuild fix stands
        for (FileVerdict& v : j.verdicts) {
            // Cubins of a CUDA major the driver does not support: the driver, or a build of
            // the package the driver runs.
            const ToolkitRecord* needs = v.worst.error == error_insufficient_driver && !v.worst_modules.empty()
                                             ? major_release(module_toolkit(j.parts[v.worst_modules.front()]))
                                             : nullptr;
            if (needs) v.worst.fix = package_driver_fix(d, *needs, o);
            // 222 (and 35): the driver is the fix; 223: the environment is.
            if (v.worst.run.verdict == Verdict::native || v.worst.error == 222 ||
                v.worst.error == error_insufficient_driver || v.worst.error == error_jit_disabled)
                continue;
            v.worst.fix = package_fix(d, *v.worst.gpu);
            v.worst.lists = {};
        }
    }
    choose_alternatives(dv, d, env, o);
    for (const FileJudgement& j : dv.files) dv.status = std::max(dv.status, j.all_run ? 0 : 1);
    return dv;
}

// A library with device code from outside the environment that its extension modules load,
// judged once, its fix that library's.
struct OutsideJudged {
    OutsideLibrary library;
    FileJudgement judgement;
    bool conda = false;  // a conda environment's own library (EnvironmentLoads::conda)
};

std::vector<OutsideJudged> judge_outside(const PythonEnvironment& env, const Options& o) {
    std::vector<OutsideJudged> judged;
    EnvironmentLoads loads = environment_loads(env, environment_loader_search());
    for (std::vector<OutsideLibrary>* list : {&loads.outside, &loads.conda}) {
        for (OutsideLibrary& library : *list) {
            Result<binary::Listing> listing = list_modules(library.path);
            if (!listing || !has_device_code(*listing)) continue;
            FileJudgement j = judge_file(library.path, std::move(listing).value(), o);
            for (std::size_t g = 0; g < j.verdicts.size(); ++g) {
                if (runs(j.verdicts[g].worst)) continue;
                // A conda environment's own library: a build of its conda package is the fix.
                j.verdicts[g].worst.fix = list == &loads.outside ? outside_library_fix(library, o.gpus[g].cc.dotted())
                                          : library.package.empty()
                                              ? "install a build of " + terminal_text(library.name) + " with code for " +
                                                    o.gpus[g].cc.dotted() + " into the conda environment"
                                              : "install a build of the conda package " + terminal_text(library.package) +
                                                    " with code for " + o.gpus[g].cc.dotted();
            }
            judged.push_back({std::move(library), std::move(j), list == &loads.conda});
        }
    }
    return judged;
}

// Where a distribution the interpreter imports from outside its site-packages is:
// " (editable: <folders>)", " (through <file>.pth)", " (user site-packages)"; empty for the others.
std::string distribution_source(const Distribution& d) {
    std::vector<std::string> folders;
    for (const std::string& folder : d.editable) folders.push_back(terminal_text(folder));
    if (!folders.empty()) return " (editable: " + text::join(folders, ", ") + ")";
    if (!d.through_pth.empty()) return " (through " + terminal_text(d.through_pth) + ")";
    return d.place.empty() ? "" : " (" + d.place + ")";
}

// The distribution's line, its failing runtimes by major, then its files that are not native
// everywhere with their verdicts, paths from the site folder.
void write_distribution(Report& report, Output& out, const Distribution& d, const DistributionVerdicts& dv,
                        const std::vector<const OutsideJudged*>& outside, const std::vector<std::string>& site_dirs,
                        const Options& o) {
    std::vector<std::string> verdicts = runtime_phrases(dv.failing);
    // The libraries it loads from outside the environment count in its verdict.
    std::vector<const FileJudgement*> files;
    for (const FileJudgement& j : dv.files) files.push_back(&j);
    for (const OutsideJudged* x : outside) files.push_back(&x->judgement);
    std::size_t counted = 0;
    for (const FileJudgement* j : files) counted += j->judged;
    if (!files.empty()) {
        for (std::size_t g = 0; g < o.gpus.size(); ++g) verdicts.push_back(distribution_verdict(files, g, o.gpus[g]));
    }
    out << terminal_text(d.name) << (d.version.empty() ? "" : " " + terminal_text(d.version)) << distribution_source(d) << ": "
        << text::join(verdicts, "; ") << " (";
    if (files.empty()) out << "no device code";
    else
        out << counted << (counted == 1 ? " module" : " modules") << " in " << files.size()
            << (files.size() == 1 ? " file" : " files");
    out << (d.local_build ? "; built from a local folder" : "") << ")\n";
    for (const std::string& note : dv.notes) out << "  " << note << "\n";
    // Per major, the first file's runtime with its reason and fix, then the other files.
    for (const std::vector<std::size_t>& group : by_major(dv.failing)) {
        report.runtime(site_relative(site_dirs, dv.failing[group.front()].first), dv.failing[group.front()].second, "  ");
        if (group.size() == 1) continue;
        std::vector<std::string> others;
        for (std::size_t n = 1; n < group.size() && n <= kShownModules; ++n)
            others.push_back(terminal_text(site_relative(site_dirs, dv.failing[group[n]].first)));
        const std::size_t more = group.size() - 1 - others.size();
        out << "      the same CUDA " << dv.failing[group.front()].second.runtime.version.major << ".x runtime in "
            << group.size() - 1 << (group.size() == 2 ? " more file: " : " more files: ") << text::join(others, ", ")
            << (more ? " and " + std::to_string(more) + " more" : "") << "\n";
    }
    for (std::size_t i = 0; i < dv.files.size(); ++i) {
        const bool native = std::all_of(dv.files[i].verdicts.begin(), dv.files[i].verdicts.end(),
                                        [](const FileVerdict& v) { return v.worst.run.verdict == Verdict::native; });
        if (native) continue;
        const std::string shown = terminal_text(site_relative(site_dirs, dv.paths[i]));
        out << "  " << shown << ": " << image_summary(dv.files[i].listing) << module_count(dv.files[i].parts) << "\n";
        write_file_text(out, shown, dv.files[i], "  ");
    }
    for (const OutsideJudged* x : outside) {
        const std::string shown = terminal_text(x->library.path);
        out << (!x->conda                  ? std::string("  loaded from outside the environment: ")
                : x->library.package.empty() ? std::string("  loaded from the conda environment's lib/: ")
                                             : "  loaded from conda package " + terminal_text(x->library.package) + ": ")
            << shown << " (found through " << x->library.found_by
            << ", needed by " << terminal_text(site_relative(site_dirs, x->library.needed_by)) << "): "
            << image_summary(x->judgement.listing) << module_count(x->judgement.parts) << "\n";
        write_file_text(out, shown, x->judgement, "  ");
    }
}

// An interpreter that could not be asked (it failed, timed out or answered too much): rc 2.
int interpreter_error(Output& err, const PythonListing& listed) {
    err << "cudaarch: error: " << terminal_text(listed.env.error().message) << "\n";
    return 2;
}

int check_python(Report& report, Output& out, Output& err, PythonListing& listed, const Options& o) {
    if (!listed.env) return interpreter_error(err, listed);
    const PythonEnvironment& env = listed.env.value();
    std::vector<std::string> sites;
    for (const std::string& site : env.site_dirs) sites.push_back(terminal_text(site));
    for (const SiteDir& site : env.more_site_dirs) sites.push_back(site.place + " " + terminal_text(site.folder));
    report.line("python: " + terminal_text(listed.python) + " (site-packages: " + text::join(sites, ", ") + ")");
    judge_unjudged(listed, env, o);
    const std::vector<OutsideJudged> outside = judge_outside(env, o);
    int status = 0;
    std::size_t with_code = 0;
    std::vector<DistributionVerdicts> judged;  // kept to the end, below
    judged.reserve(env.distributions.size());
    for (std::size_t k = 0; k < env.distributions.size(); ++k) {
        const Distribution& d = env.distributions[k];
        const DistributionVerdicts& dv = judged.emplace_back(judge_distribution(report, d, listed.files[k], env, o));
        status = std::max(status, dv.status);
        std::vector<const OutsideJudged*> loads;
        for (const OutsideJudged& x : outside) {
            if (x.library.distribution != k) continue;
            loads.push_back(&x);
            status = std::max(status, x.judgement.all_run ? 0 : 1);
        }
        // A distribution is shown when it has device code, a runtime that fails, or loads code from outside.
        if (dv.files.empty() && dv.failing.empty() && loads.empty()) continue;
        if (!dv.files.empty() || !loads.empty()) ++with_code;
        if (!o.json) {
            write_distribution(report, out, d, dv, loads, env.site_dirs, o);
            continue;
        }
        for (std::size_t i = 0; i < dv.files.size(); ++i) report.file(dv.paths[i], dv.files[i], json_origin(nullptr, &d));
        for (const OutsideJudged* x : loads) {
            const LoadedLibrary library{x->library.name, x->library.path, x->library.needed_by, x->library.found_by, "", "", "", "", ""};
            report.file(x->library.path, x->judgement, json_origin(&library, &d));
        }
    }
    report.line(std::to_string(env.distributions.size()) + " distributions, " + std::to_string(with_code) +
                " with device code");
    for (const std::string& problem : env.problems) report.line("  note: " + terminal_text(problem));
    // An environment's judgements are some 100,000 allocations (cuFFT's alone 11,000 modules).
    // Freeing them took 6-8 ms, after the answer was written, of a check that takes 60 ms on the
    // GPU machine's PyTorch environment (on more threads no faster: each frees into the arena of
    // the thread that made it), and the process ends right after: they are left to its end, as
    // compilers leave their syntax trees (clang's -disable-free).
    static_cast<void>(new std::vector<DistributionVerdicts>(std::move(judged)));
    return status;
}

}  // namespace

const CommandSyntax kCheckSyntax{
    "check", "FILE|DIR...",
    "Says for each file and GPU whether its code runs natively (SASS), through the driver's PTX\n"
    "JIT, through a load-time link of relocatable (-rdc) code, or not at all (error 209, or 500\n"
    "in -rdc programs), why, and what to add to the build. A program's libraries are found as\n"
    "the dynamic loader finds them and judged too; a folder's ELF files are judged one by one.\n",
    "Exit status: 0 every file runs on every GPU, 1 something does not, 2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_check(const CommandLine& line, Output& out, Output& err) {
    Result<Options> parsed = check_options(line);
    if (!parsed) return usage_error(kCheckSyntax, err, parsed.error());
    Options& o = parsed.value();
    // The driver is asked while the environments are read: neither waits on the other.
    const bool ask = o.gpus.empty() || !o.driver;
    std::future<DriverQuery> asked;
    try {
        if (ask) asked = std::async(std::launch::async, ask_driver, o.timeout);
    } catch (const std::system_error&) {
        // No thread to spare: asked below, after the environments.
    }
    std::vector<PythonListing> pythons;
    if (o.python) {
        // Judged as they are read when nothing waits on the driver's answer.
        for (const std::string& python : o.operands) pythons.push_back(list_python(python, o, ask ? nullptr : &o));
    }
    if (ask) {
        const DriverQuery query = asked.valid() ? asked.get() : ask_driver(o.timeout);
        if (!o.driver && query.driver_version > 0) o.driver = Driver{driver_from_cuda_version(query.driver_version), "detected"};
        if (o.gpus.empty() && !query.ok()) {
            err << "cudaarch: error: no GPU detected: " << query.reason
                << "\nhint: name the GPUs to check, e.g. --gpu 9.0 --gpu T4 --gpu \"RTX 4090\"\n";
            return 2;
        }
        if (o.gpus.empty()) {
            for (const Device& d : query.devices)
                add_gpu(o.gpus, Arch{d.major, d.minor, Suffix::none}, "device " + std::to_string(d.index) + ": " + d.name);
        }
    }
    // The check document has no place for an environment that was not read: under --json such an
    // interpreter makes the answer the error document (docs/cli/json.md), as a usage error does.
    if (o.json) {
        for (const PythonListing& listed : pythons)
            if (!listed.env) return interpreter_error(err, listed);
        write_json_header(out, o.driver, o.gpus);
    } else {
        write_text_header(out, o.driver);
    }
    Report report(out, err, o);
    int status = 0;
    if (o.pid) {
        status = check_process(report, *o.pid, o);
    } else if (o.python) {
        for (PythonListing& listed : pythons) status = std::max(status, check_python(report, out, err, listed, o));
    } else {
        std::optional<LoaderSearch> search;
        if (!o.no_deps) search = environment_loader_search();
        if (search && !search->cache_problem.empty())
            report.line("note: the loader cache is not read (" + terminal_text(search->cache_problem) +
                        "): libraries are found without it");
        JudgedFiles judged;
        for (const std::string& operand : o.operands)
            status = std::max(status, check_operand(report, operand, search ? &*search : nullptr, o, judged));
    }
    report.finish();
    return status;
}

}  // namespace

const Command kCheckCommand{&kCheckSyntax, run_check,
    "say whether binaries run on GPUs (native, PTX JIT or no kernel image), why, and the fix"};

}  // namespace cudaarch::cli
